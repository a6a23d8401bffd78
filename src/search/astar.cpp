// A* on grid maps: the best-first template driven by the grid neighbour expander, with the
// heuristic and terrain costs chosen once per query.
#include "xunlu/search/astar.hpp"

#include <type_traits>

#include "xunlu/search/heading_expander.hpp"
#include "xunlu/search/hex_expander.hpp"
#include "xunlu/search/landmark_table.hpp"
#include "xunlu/search/request_check.hpp"
#include "xunlu/search/result_builder.hpp"

namespace xunlu::search {

namespace {

/// A heuristic chosen at run time (search::heuristic_value): the same values as the functors,
/// for the search variants that are not on the hot path.
struct runtime_h {
    heuristic_kind kind;
    grid::movement_rules rules;
    double weight = 1.0; ///< weighted A* (search_request::weight)
    double operator()(std::int32_t dx, std::int32_t dy) const noexcept {
        return weight * heuristic_value(kind, rules, dx, dy);
    }
};

} // namespace

std::string_view status_name(search_status s) noexcept {
    switch (s) {
    case search_status::found:
        return "found";
    case search_status::no_path:
        return "no_path";
    case search_status::budget_exhausted:
        return "budget_exhausted";
    case search_status::invalid_input:
        return "invalid_input";
    case search_status::resource_exhausted:
        return "resource_exhausted";
    }
    return "invalid_input";
}

namespace {

/// Calls `run(observer)` with the trace recorder when the request records a trace, else with
/// an observer that records nothing (compiled away).
template <class Run> void with_observer(bool traced, trace_observer& trace, Run&& run) {
    if (traced) {
        run(trace);
    } else {
        null_observer none;
        run(none);
    }
}

/// The hex-distance heuristic of a hex request (zero for Dijkstra).
hex_heuristic hex_h(const search_request& r) noexcept {
    return {*r.hex, grid::to_axial(*r.hex, r.goal),
            r.heuristic == heuristic_kind::zero ? 0.0 : r.rules.straight_cost()};
}

} // namespace

astar::astar() = default;
astar::astar(astar&&) noexcept = default;
astar& astar::operator=(astar&&) noexcept = default;
astar::~astar() = default;

std::size_t astar::memory_bytes() const noexcept {
    return core_.memory_bytes();
}

bool astar::start(const grid::grid_map& map, const search_request& request) {
    request_ = request;
    map_ = &map;
    goal_index_ = no_id;
    trace_.clear();
    if (auto problem = request_problem(map, request)) {
        reason_ = std::move(*problem);
        core_.reject();
        return false;
    }
    reason_.clear();
    const auto start_index = static_cast<std::uint32_t>(map.index(request.start));
    goal_index_ = static_cast<std::uint32_t>(map.index(request.goal));
    const double h0 = request.landmarks != nullptr ? make_landmark_heuristic(request)(request.start)
                      : request.hex
                          ? hex_h(request)(request.start)
                          : request.weight * heuristic_value(request.heuristic, request.rules,
                                                             request.goal.x - request.start.x,
                                                             request.goal.y - request.start.y);
    search_limits limits{.max_expansions = request.max_expansions,
                         .deadline = request.deadline,
                         .cancel = request.cancel,
                         .max_memory_bytes = request.max_memory_bytes,
                         .dense_limit = dense_limit_,
                         .row_ids = static_cast<std::size_t>(map.stride())};
    // A window much smaller than the map keeps its node memory on touched pages only.
    if (request.window &&
        request.window->area() * 4 < static_cast<std::int64_t>(map.padded_cells())) {
        limits.dense_limit = 0;
    }
    if (request.turn_penalty) {
        const std::size_t states = map.padded_cells() * heading_count;
        const std::uint32_t start_state = start_index * heading_count + no_heading;
        limits.row_ids *= heading_count;
        if (request.record_trace) {
            heading_trace cells{&trace_};
            return core_.start(states, start_state, no_parent_dir, h0, limits, cells);
        }
        return core_.start(states, start_state, no_parent_dir, h0, limits);
    }
    if (request.record_trace) {
        return core_.start(map.padded_cells(), start_index, no_parent_dir, h0, limits, trace_);
    }
    return core_.start(map.padded_cells(), start_index, no_parent_dir, h0, limits);
}

void astar::explore_all(const grid::grid_map& map, cell source, grid::movement_rules rules,
                        grid::obstacle_mask mask) {
    search_request request{.start = source,
                           .goal = source,
                           .rules = rules,
                           .heuristic = heuristic_kind::zero,
                           .low_obstacles_block = mask == grid::obstacle_mask::high_and_low};
    if (!start(map, request)) {
        return;
    }
    goal_index_ = no_id; // no goal: run until OPEN is empty
    step(0);
}

std::optional<double> astar::distance(cell c) const noexcept {
    // An invalid last request searched nothing: no stale results from the one before it.
    if (map_ == nullptr || core_.phase() == search_phase::invalid ||
        core_.phase() == search_phase::idle || !map_->in_bounds(c)) {
        return std::nullopt;
    }
    const auto index = static_cast<std::uint32_t>(map_->index(c));
    if (request_.turn_penalty) {
        std::optional<double> best;
        for (std::uint32_t h = 0; h < heading_count; ++h) {
            const search_node* n = core_.node(index * heading_count + h);
            if (n != nullptr && n->heap_slot == closed_slot && (!best || n->g < *best)) {
                best = n->g;
            }
        }
        return best;
    }
    const search_node* n = core_.node(index);
    if (n == nullptr || n->heap_slot != closed_slot) {
        return std::nullopt;
    }
    return n->g;
}

template <class Heuristic, bool HasCosts, class Observer, bool FastStack>
void astar::run(Heuristic h, Observer& observer, std::uint64_t budget) {
    // A heuristic over cell positions (landmarks) is used as it is; one over (dx, dy) is aimed
    // at the goal.
    const auto heuristic = [&] {
        if constexpr (std::is_invocable_r_v<double, const Heuristic&, cell>) {
            return h;
        } else {
            return goal_heuristic<Heuristic>{h, request_.goal.x, request_.goal.y};
        }
    }();
    const grid_goal goal{goal_index_, request_.goal.x, request_.goal.y, request_.stop_within};
    // Canonical pruning needs uniform costs and a consistent heuristic (FastStack: weight 1).
    // A window is no obstacle to it: the cells outside are masked out of the free-neighbour
    // mask the table is read with, as if they were blocked.
    const std::uint8_t* canonical = nullptr;
    if constexpr (!HasCosts && FastStack) {
        if (canonical_pruning_applies(request_.rules) && request_.canonical_pruning &&
            (request_.landmarks != nullptr ||
             resolve(request_.heuristic, request_.rules) != heuristic_kind::manhattan)) {
            canonical = canonical_move_table.data();
        }
    }
    if (request_.window) {
        grid_neighbours<HasCosts, true> expander(*map_, request_.rules, request_.mask());
        expander.window_min = request_.window->min;
        expander.window_max = request_.window->max;
        expander.canonical = canonical;
        core_.step<FastStack>(expander, heuristic, goal, observer, budget);
        return;
    }
    grid_neighbours<HasCosts> expander(*map_, request_.rules, request_.mask());
    expander.canonical = canonical;
    core_.step<FastStack>(expander, heuristic, goal, observer, budget);
}

template <class Heuristic, bool HasCosts, class Observer>
void astar::run_turns(Heuristic h, Observer& observer, std::uint64_t budget) {
    const goal_heuristic<Heuristic> heuristic{h, request_.goal.x, request_.goal.y};
    const heading_goal goal{request_.goal.x, request_.goal.y, request_.stop_within};
    const double penalty = *request_.turn_penalty;
    if (request_.window) {
        heading_neighbours<HasCosts, true> expander{
            grid_neighbours<HasCosts, true>(*map_, request_.rules, request_.mask()), penalty,
            &core_};
        expander.cells.window_min = request_.window->min;
        expander.cells.window_max = request_.window->max;
        core_.step<true>(expander, heuristic, goal, observer, budget);
        return;
    }
    const heading_neighbours<HasCosts> expander{
        grid_neighbours<HasCosts>(*map_, request_.rules, request_.mask()), penalty, &core_};
    core_.step<true>(expander, heuristic, goal, observer, budget);
}

template <bool HasCosts, class Observer>
void astar::run_hex(Observer& observer, std::uint64_t budget) {
    const grid::hex_layout layout = *request_.hex;
    const hex_goal goal{goal_index_, layout, grid::to_axial(layout, request_.goal),
                        request_.stop_within};
    const hex_neighbours<HasCosts> expander(*map_, layout, request_.rules.straight_cost(),
                                            request_.mask());
    core_.step<true>(expander, hex_h(request_), goal, observer, budget);
}

void astar::dispatch_weighted(std::uint64_t budget) {
    // Weighted A*: f = g + w h may fall along a path, so the fast stack (which takes a child
    // whose f is not above its parent's as the minimum of OPEN) is off and the heap alone orders
    // the search; with a consistent h and no reopening the cost stays <= w * optimal.
    const bool costs = map_->has_terrain_costs();
    const double w = request_.weight;
    auto go = [&](auto h, auto& observer) {
        using H = decltype(h);
        using O = std::remove_reference_t<decltype(observer)>;
        if (costs) {
            run<H, true, O, false>(h, observer, budget);
        } else {
            run<H, false, O, false>(h, observer, budget);
        }
    };
    const heuristic_kind kind = resolve(request_.heuristic, request_.rules);
    const runtime_h any{kind, request_.rules, w};
    if (request_.record_trace) {
        go(any, trace_);
        return;
    }
    null_observer none;
    if (kind == heuristic_kind::octile) {
        const double s = request_.rules.straight_cost();
        go(octile_h{w * s, w * (request_.rules.diagonal_cost() - s)}, none);
    } else {
        go(any, none);
    }
}

void astar::dispatch(std::uint64_t budget) {
    const double s = request_.rules.straight_cost();
    const bool costs = map_->has_terrain_costs();
    if (request_.hex) {
        with_observer(request_.record_trace, trace_, [&](auto& observer) {
            if (costs) {
                run_hex<true>(observer, budget);
            } else {
                run_hex<false>(observer, budget);
            }
        });
        return;
    }
    if (request_.landmarks != nullptr) {
        const landmark_heuristic h = make_landmark_heuristic(request_);
        with_observer(request_.record_trace, trace_, [&](auto& observer) {
            if (costs) {
                run<landmark_heuristic, true>(h, observer, budget);
            } else {
                run<landmark_heuristic, false>(h, observer, budget);
            }
        });
        return;
    }
    if (request_.weight != 1.0) {
        dispatch_weighted(budget);
        return;
    }
    // Every combination for a heuristic: turn penalties or not, traced or not.
    auto go = [&](auto h) {
        auto with = [&](auto& observer) {
            if (request_.turn_penalty) {
                if (costs) {
                    run_turns<decltype(h), true>(h, observer, budget);
                } else {
                    run_turns<decltype(h), false>(h, observer, budget);
                }
            } else if (costs) {
                run<decltype(h), true>(h, observer, budget);
            } else {
                run<decltype(h), false>(h, observer, budget);
            }
        };
        if (request_.record_trace && request_.turn_penalty) {
            heading_trace cells{&trace_};
            with(cells);
        } else if (request_.record_trace) {
            with(trace_);
        } else {
            null_observer none;
            with(none);
        }
    };
    // Plain untraced searches only: the hot path of every heuristic.
    auto go_plain = [&](auto h) {
        null_observer none;
        if (costs) {
            run<decltype(h), true>(h, none, budget);
        } else {
            run<decltype(h), false>(h, none, budget);
        }
    };
    const heuristic_kind kind = resolve(request_.heuristic, request_.rules);
    if (kind == heuristic_kind::octile) { // the default: compiled for every combination
        go(octile_h{s, request_.rules.diagonal_cost() - s});
        return;
    }
    if (request_.record_trace || request_.turn_penalty) {
        // Traced runs (pictures) and turn penalties with another heuristic: the heuristic is
        // chosen per call, so these combinations are compiled once rather than per heuristic.
        go(runtime_h{kind, request_.rules});
        return;
    }
    switch (kind) {
    case heuristic_kind::manhattan:
        go_plain(manhattan_h{s});
        break;
    case heuristic_kind::euclidean:
        go_plain(euclidean_h{euclidean_unit(request_.rules)});
        break;
    case heuristic_kind::chebyshev:
        go_plain(chebyshev_h{s});
        break;
    case heuristic_kind::octile:
    case heuristic_kind::zero:
    case heuristic_kind::automatic:
        go_plain(zero_h{});
        break;
    }
}

bool astar::step(std::uint64_t budget) {
    if (core_.phase() != search_phase::running) {
        return true;
    }
    dispatch(budget);
    return core_.phase() != search_phase::running;
}

search_result astar::finish() {
    if (core_.phase() == search_phase::invalid) {
        search_result out;
        out.status = search_status::invalid_input;
        out.reason = reason_;
        return out;
    }
    if (map_ != nullptr && request_.turn_penalty) {
        return finish_turns();
    }
    if (map_ != nullptr && request_.hex) {
        const hex_neighbours<false> hex(*map_, *request_.hex, 1.0, request_.mask());
        search_result out = build_result(
            core_, *map_, request_,
            [&hex](std::uint32_t id, step_dir how) { return hex.parent_id(id, how); }, &trace_);
        // fill_path measured the storage cells as a square grid; on hexes a step is one hex.
        out.length = out.path.empty() ? 0.0 : static_cast<double>(out.path.size() - 1);
        return out;
    }
    const std::int32_t stride = map_ == nullptr ? 0 : map_->stride();
    search_result out = map_ == nullptr
                            ? search_result{.status = search_status::invalid_input,
                                            .reason = "no search was started"}
                            : build_result(
                                  core_, *map_, request_,
                                  [stride](std::uint32_t id, step_dir how) {
                                      return grid_neighbours<false>::parent_id(id, how, stride);
                                  },
                                  &trace_);
    return out;
}

/// The result of a search over (cell, heading) states: the chain of states becomes a chain of
/// cells; the trace was recorded as cells already.
search_result astar::finish_turns() {
    search_result out;
    const search_phase phase = core_.phase();
    describe_outcome(out, phase, request_, core_.stats(), core_.failure());
    out.stats = core_.stats();
    out.stats.memory_bytes = core_.memory_bytes();
    if (phase == search_phase::idle) {
        out.stats = {};
        return out;
    }
    const std::int32_t stride = map_->stride();
    const bool has_path = phase == search_phase::found || phase == search_phase::out_of_budget ||
                          phase == search_phase::running;
    if (has_path && core_.end_id() != no_id && core_.node(core_.end_id()) != nullptr) {
        std::vector<std::uint32_t> cells;
        for (std::uint32_t i = core_.end_id(); i != no_id;
             i = heading_neighbours<false>::parent_id(i, core_.parent(i), stride)) {
            cells.push_back(i / heading_count);
        }
        fill_path(out, *map_, cells);
        out.cost = core_.node(core_.end_id())->g;
    }
    if (request_.record_trace) {
        fill_trace(out, *map_, trace_, [&](std::uint32_t cell_id) {
            for (std::uint32_t h = 0; h < heading_count; ++h) {
                if (core_.closed(cell_id * heading_count + h)) return true;
            }
            return false;
        });
    }
    return out;
}

search_result astar::find_path(const grid::grid_map& map, const search_request& request) {
    if (start(map, request)) {
        step(0);
    }
    return finish();
}

search_result find_path_astar(const grid::grid_map& map, const search_request& request) {
    astar engine;
    return engine.find_path(map, request);
}

} // namespace xunlu::search
