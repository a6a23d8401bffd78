// A* on grid maps: request validation, the templated expansion loop, path and trace output.
#include "xunlu/search/astar.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>

#include "xunlu/grid/path_check.hpp"

namespace xunlu::search {

namespace {

std::string cell_text(cell c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

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
    }
    return "invalid_input";
}

astar::astar() = default;
astar::astar(astar&&) noexcept = default;
astar& astar::operator=(astar&&) noexcept = default;
astar::~astar() = default;

std::size_t astar::memory_bytes() const noexcept {
    return nodes_.capacity() * sizeof(node) + parent_dir_.capacity() + open_.memory_bytes() +
           fast_.capacity() * sizeof(std::uint32_t);
}

void astar::prepare(const grid::grid_map& map) {
    map_ = &map;
    if (nodes_.size() < map.padded_cells()) {
        nodes_.assign(map.padded_cells(), node{0.0, no_slot, 0});
        parent_dir_.assign(map.padded_cells(), no_parent);
        generation_ = 0;
    }
    if (++generation_ == 0) { // wrapped: old stamps could alias the new generation
        for (auto& n : nodes_) {
            n.stamp = 0;
        }
        generation_ = 1;
    }
    open_.set_slot_of(slot_of{nodes_.data()});
    open_.clear();
    fast_.clear();
    stats_ = {};
    reason_.clear();
    goal_index_ = no_index;
}

astar::node& astar::touch(std::uint32_t index) noexcept {
    node& n = nodes_[index];
    if (n.stamp != generation_) {
        n = node{std::numeric_limits<double>::infinity(), no_slot, generation_};
        parent_dir_[index] = no_parent;
    }
    return n;
}

bool astar::start(const grid::grid_map& map, const search_request& request) {
    request_ = request;
    map_ = &map;
    phase_ = phase::invalid;
    const auto mask = request.mask();
    if (!map.in_bounds(request.start)) {
        reason_ = "start " + cell_text(request.start) + " is outside the " +
                  std::to_string(map.width()) + "x" + std::to_string(map.height()) + " map";
        return false;
    }
    if (!map.in_bounds(request.goal)) {
        reason_ = "goal " + cell_text(request.goal) + " is outside the " +
                  std::to_string(map.width()) + "x" + std::to_string(map.height()) + " map";
        return false;
    }
    if (!map.passable(request.start, mask)) {
        reason_ = "start " + cell_text(request.start) + " is blocked";
        return false;
    }
    if (request.stop_within < 0) {
        reason_ = "stop_within must be >= 0";
        return false;
    }
    if (request.stop_within == 0 && !map.passable(request.goal, mask)) {
        reason_ = "goal " + cell_text(request.goal) + " is blocked";
        return false;
    }
    prepare(map);
    start_index_ = static_cast<std::uint32_t>(map.index(request.start));
    goal_index_ = static_cast<std::uint32_t>(map.index(request.goal));
    node& s = touch(start_index_);
    s.g = 0;
    const double h0 =
        heuristic_value(request.heuristic, request.rules, request.goal.x - request.start.x,
                        request.goal.y - request.start.y);
    open_.push({h0, 0.0f}, start_index_);
    stats_.heap_pushes = 1;
    stats_.peak_open = 1;
    best_index_ = start_index_;
    best_h_ = h0;
    phase_ = phase::running;
    return true;
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
    goal_index_ = no_index; // no goal: run until OPEN is empty
    step(0);
}

std::optional<double> astar::distance(cell c) const noexcept {
    // An invalid last request searched nothing: no stale results from the one before it.
    if (map_ == nullptr || phase_ == phase::invalid || !map_->in_bounds(c)) {
        return std::nullopt;
    }
    const node& n = nodes_[map_->index(c)];
    if (n.stamp != generation_ || n.heap_slot != closed_slot) {
        return std::nullopt;
    }
    return n.g;
}

template <class Heuristic, bool HasCosts> void astar::run(Heuristic h, std::uint64_t budget) {
    const grid::grid_map& map = *map_;
    const std::uint8_t* flags = map.padded_flags();
    const float* costs = map.padded_costs();
    const auto mask = static_cast<std::uint8_t>(request_.mask());
    const std::int32_t stride = map.stride();
    const std::int32_t offsets[8] = {-stride,    1,          stride,     -1,
                                     1 - stride, stride + 1, stride - 1, -stride - 1};
    const double straight = request_.rules.straight_cost();
    const double diagonal = request_.rules.diagonal_cost();
    const auto moves = request_.rules.moves;
    const auto corners = request_.rules.corners;
    const std::int32_t gx = request_.goal.x;
    const std::int32_t gy = request_.goal.y;
    const std::int32_t radius = request_.stop_within;
    const std::uint64_t total_budget = request_.max_expansions;
    const bool has_deadline = request_.deadline.has_value();

    node* nodes = nodes_.data();
    step_dir* parent_dir = parent_dir_.data();
    // Counters live in a local copy (registers) and are written back on every exit: stores
    // through `this` would otherwise be reloaded after each node write.
    search_stats st = stats_;
    struct write_back {
        search_stats& to;
        const search_stats& from;
        ~write_back() { to = from; }
    } const keep{stats_, st};
    const std::uint64_t stop_at =
        budget == 0 ? std::numeric_limits<std::uint64_t>::max() : st.expanded + budget;

    std::vector<std::uint32_t>& fast = fast_;
    while (!fast.empty() || !open_.empty()) {
        if (st.expanded >= stop_at) {
            return; // paused: the caller steps again later
        }
        if ((total_budget != 0 && st.expanded >= total_budget) ||
            (has_deadline && (st.expanded & 255u) == 0 && st.expanded != 0 &&
             std::chrono::steady_clock::now() >= *request_.deadline)) {
            phase_ = phase::out_of_budget;
            return;
        }
        // Nodes whose f equals the f of the node that generated them are already minimal: they
        // wait on a small LIFO stack and skip the heap (with a consistent heuristic no later
        // node can have a smaller f, so taking them first is a valid A* tie-break that prefers
        // the deeper node, like the heap's larger-g rule).
        std::uint32_t cur;
        if (!fast.empty()) {
            cur = fast.back();
            fast.pop_back();
        } else {
            cur = open_.pop().id;
        }
        node& cn = nodes[cur];
        cn.heap_slot = closed_slot;
        ++st.expanded;
        const std::int32_t cx =
            static_cast<std::int32_t>(cur % static_cast<std::uint32_t>(stride)) - 1;
        const std::int32_t cy =
            static_cast<std::int32_t>(cur / static_cast<std::uint32_t>(stride)) - 1;
        const std::int32_t ddx = std::abs(gx - cx);
        const std::int32_t ddy = std::abs(gy - cy);
        if (cur == goal_index_ ||
            (radius > 0 && goal_index_ != no_index && ddx <= radius && ddy <= radius)) {
            best_index_ = cur;
            phase_ = phase::found;
            return;
        }
        const double g = cn.g;
        const double hcur = h(ddx, ddy);
        const double fcur = g + hcur;
        if (hcur < best_h_) {
            best_h_ = hcur;
            best_index_ = cur;
        }

        unsigned free = 0;
        for (unsigned d = 0; d < 8; ++d) {
            free |= static_cast<unsigned>(
                        (flags[static_cast<std::int32_t>(cur) + offsets[d]] & mask) == 0)
                    << d;
        }
        unsigned allowed = grid::allowed_moves(free, moves, corners);
        while (allowed != 0) {
            const unsigned d = static_cast<unsigned>(std::countr_zero(allowed));
            allowed &= allowed - 1;
            const auto nb = static_cast<std::uint32_t>(static_cast<std::int32_t>(cur) + offsets[d]);
            double step = d < 4 ? straight : diagonal;
            if constexpr (HasCosts) {
                step *= static_cast<double>(costs[nb]);
            }
            ++st.generated;
            node& nn = nodes[nb];
            if (nn.stamp != generation_) {
                nn.stamp = generation_;
                nn.g = g + step;
                parent_dir[nb] = static_cast<step_dir>(d);
                const std::int32_t nx = cx + grid::direction_dx[d];
                const std::int32_t ny = cy + grid::direction_dy[d];
                const double hn = h(std::abs(gx - nx), std::abs(gy - ny));
                const double fn = nn.g + hn;
                if (fn <= fcur) {
                    nn.heap_slot = fast_slot;
                    fast.push_back(nb);
                } else {
                    open_.push({fn, static_cast<float>(nn.g)}, nb);
                    ++st.heap_pushes;
                }
                continue;
            }
            if (nn.heap_slot >= fast_slot) { // closed, or waiting on the fast stack (then its
                continue;                    // f is minimal and cannot improve)
            }
            const double ng = g + step;
            if (ng < nn.g) {
                const double hn = open_.items()[nn.heap_slot].f - nn.g;
                nn.g = ng;
                parent_dir[nb] = static_cast<step_dir>(d);
                open_.decrease(nn.heap_slot, {ng + hn, static_cast<float>(ng)});
                ++st.decrease_keys;
            }
        }
        st.peak_open = std::max<std::uint64_t>(st.peak_open, open_.size() + fast.size());
    }
    phase_ = phase::exhausted_open;
}

void astar::dispatch(std::uint64_t budget) {
    const double s = request_.rules.straight_cost();
    const bool costs = map_->has_terrain_costs();
    auto go = [&](auto h) {
        if (costs) {
            run<decltype(h), true>(h, budget);
        } else {
            run<decltype(h), false>(h, budget);
        }
    };
    switch (resolve(request_.heuristic, request_.rules)) {
    case heuristic_kind::octile:
        go(octile_h{s, request_.rules.diagonal_cost() - s});
        break;
    case heuristic_kind::manhattan:
        go(manhattan_h{s});
        break;
    case heuristic_kind::euclidean:
        go(euclidean_h{euclidean_unit(request_.rules)});
        break;
    case heuristic_kind::chebyshev:
        go(chebyshev_h{s});
        break;
    case heuristic_kind::zero:
    case heuristic_kind::automatic:
        go(zero_h{});
        break;
    }
}

bool astar::step(std::uint64_t budget) {
    if (phase_ != phase::running) {
        return true;
    }
    dispatch(budget);
    return phase_ != phase::running;
}

search_result astar::finish() {
    search_result out;
    if (phase_ == phase::invalid || phase_ == phase::idle) {
        out.status = search_status::invalid_input;
        out.reason = phase_ == phase::idle ? "no search was started" : reason_;
        return out;
    }
    std::uint32_t end = best_index_;
    switch (phase_) {
    case phase::found:
        out.status = search_status::found;
        break;
    case phase::exhausted_open:
        out.status = search_status::no_path;
        out.reason = "goal " + cell_text(request_.goal) + " is unreachable from start " +
                     cell_text(request_.start);
        end = no_index;
        break;
    case phase::out_of_budget:
    case phase::running:
        out.status = search_status::budget_exhausted;
        out.reason = request_.max_expansions != 0 && stats_.expanded >= request_.max_expansions
                         ? "node budget of " + std::to_string(request_.max_expansions) +
                               " expansions exhausted"
                         : "deadline passed";
        out.partial = true;
        break;
    default:
        break;
    }
    if (end != no_index) {
        const std::int32_t stride = map_->stride();
        for (std::uint32_t i = end;;) {
            out.path.push_back(map_->cell_of(i));
            const auto d = static_cast<std::uint8_t>(parent_dir_[i]);
            if (parent_dir_[i] == no_parent) break;
            i = static_cast<std::uint32_t>(static_cast<std::int32_t>(i) - grid::direction_dx[d] -
                                           grid::direction_dy[d] * stride);
        }
        std::reverse(out.path.begin(), out.path.end());
        out.cost = nodes_[end].g;
        out.length = grid::path_length(out.path);
        if (out.status == search_status::found && request_.stop_within == 0) {
            out.partial = false;
        }
    }
    stats_.memory_bytes = memory_bytes();
    out.stats = stats_;
    if (request_.record_trace) {
        for (std::size_t i = 0; i < nodes_.size(); ++i) {
            const node& n = nodes_[i];
            if (n.stamp != generation_) {
                continue;
            }
            (n.heap_slot == closed_slot ? out.trace.expanded : out.trace.open)
                .push_back(map_->cell_of(i));
        }
    }
    phase_ = phase::idle;
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
