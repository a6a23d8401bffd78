// A* on grid maps: the best-first template driven by the grid neighbour expander, with the
// heuristic and terrain costs chosen once per query. The search loops (astar_runs.hpp) are
// instantiated in the astar_*_runs.cpp files, a few per file, so they compile in parallel.
#include "xunlu/search/astar.hpp"

#include <type_traits>

#include "astar_heuristics.hpp"
#include "xunlu/search/heading_expander.hpp"
#include "xunlu/search/hex_expander.hpp"
#include "xunlu/search/landmark_table.hpp"
#include "xunlu/search/request_check.hpp"
#include "xunlu/search/result_builder.hpp"

namespace xunlu::search {

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
                          ? detail::hex_h(request)(request.start)
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
    const detail::runtime_h any{kind, request_.rules, w};
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
    // Turn penalties (traced or not) and traced searches: compiled for the default heuristic
    // and for one chosen per call (runtime_h), not per heuristic.
    auto go_special = [&](auto h) {
        using H = decltype(h);
        if (request_.turn_penalty) {
            if (request_.record_trace) {
                heading_trace cells{&trace_};
                costs ? run_turns<H, true>(h, cells, budget)
                      : run_turns<H, false>(h, cells, budget);
            } else {
                null_observer none;
                costs ? run_turns<H, true>(h, none, budget) : run_turns<H, false>(h, none, budget);
            }
            return;
        }
        costs ? run<H, true>(h, trace_, budget) : run<H, false>(h, trace_, budget);
    };
    // Plain untraced searches: the hot path of every heuristic.
    auto go_plain = [&](auto h) {
        null_observer none;
        if (costs) {
            run<decltype(h), true>(h, none, budget);
        } else {
            run<decltype(h), false>(h, none, budget);
        }
    };
    const heuristic_kind kind = resolve(request_.heuristic, request_.rules);
    const bool special = request_.record_trace || request_.turn_penalty;
    if (kind == heuristic_kind::octile) { // the default
        const octile_h h{s, request_.rules.diagonal_cost() - s};
        special ? go_special(h) : go_plain(h);
        return;
    }
    if (special) {
        go_special(detail::runtime_h{kind, request_.rules});
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
