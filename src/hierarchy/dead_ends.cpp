// Dead-end areas by one iterative depth-first search with low links, and the A* that skips
// the areas a query does not need (the search core with a filtering expander).
#include "xunlu/hierarchy/dead_ends.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <string>

#include "xunlu/search/astar.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/grid_expander.hpp"
#include "xunlu/search/heuristic.hpp"
#include "xunlu/search/request_check.hpp"
#include "xunlu/search/result_builder.hpp"
#include "xunlu/search/search_observer.hpp"

namespace xunlu::hierarchy {

namespace {

constexpr std::uint32_t unseen = 0xffffffffu;

/// The legal moves out of cell `c` under the rules, as direction bits (grid::direction_dx).
unsigned moves_from(const grid::grid_map& map, cell c, grid::movement_rules rules,
                    std::uint8_t mask) {
    unsigned free = 0;
    const std::uint8_t* flags = map.padded_flags();
    const std::size_t at = map.index(c);
    const std::int32_t stride = map.stride();
    for (unsigned d = 0; d < 8; ++d) {
        const std::int64_t nb = static_cast<std::int64_t>(at) + grid::direction_dx[d] +
                                static_cast<std::int64_t>(grid::direction_dy[d]) * stride;
        free |= static_cast<unsigned>((flags[nb] & mask) == 0) << d;
    }
    return grid::allowed_moves(free, rules.moves, rules.corners);
}

} // namespace

std::uint64_t dead_end_map::cache_key(grid::movement_rules rules,
                                      grid::obstacle_mask mask) noexcept {
    return static_cast<std::uint64_t>(rules.moves) |
           (static_cast<std::uint64_t>(rules.corners) << 8) |
           (static_cast<std::uint64_t>(mask) << 16);
}

std::size_t dead_end_map::memory_bytes() const noexcept {
    return sizeof(dead_end_map) + area_.capacity() * sizeof(std::uint32_t) +
           parent_.capacity() * sizeof(std::uint32_t);
}

dead_end_map dead_end_map::build(const grid::grid_map& map, grid::movement_rules rules,
                                 grid::obstacle_mask mask) {
    dead_end_map out;
    const std::int32_t w = map.width();
    const std::int32_t h = map.height();
    const auto n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    out.width_ = w;
    out.area_.assign(n, none);
    out.parent_.assign(1, none);
    const auto m = static_cast<std::uint8_t>(mask);
    auto id_of = [w](cell c) {
        return static_cast<std::uint32_t>(c.y) * static_cast<std::uint32_t>(w) +
               static_cast<std::uint32_t>(c.x);
    };
    auto cell_at = [w](std::uint32_t id) {
        return cell{static_cast<std::int32_t>(id % static_cast<std::uint32_t>(w)),
                    static_cast<std::int32_t>(id / static_cast<std::uint32_t>(w))};
    };
    // Discovery times, low links, DFS parents, and the preorder. The move graph is undirected
    // for every rule (a move and its reverse are allowed together), so every non-tree edge
    // leads to an ancestor.
    std::vector<std::uint32_t> disc(n, unseen);
    std::vector<std::uint32_t> low(n, 0);
    std::vector<std::uint32_t> dfs_parent(n, unseen);
    std::vector<std::uint8_t> root_of_area(n, 0);
    std::vector<std::uint32_t> order;
    struct frame {
        std::uint32_t id;
        unsigned moves; ///< directions still to try
    };
    std::vector<frame> stack;
    std::uint32_t time = 0;
    for (std::uint32_t r = 0; r < n; ++r) {
        if (disc[r] != unseen || (map.flags(cell_at(r)) & m) != 0) continue;
        disc[r] = low[r] = time++;
        order.push_back(r);
        stack.push_back({r, moves_from(map, cell_at(r), rules, m)});
        while (!stack.empty()) {
            frame& f = stack.back();
            if (f.moves != 0) {
                const unsigned d = static_cast<unsigned>(std::countr_zero(f.moves));
                f.moves &= f.moves - 1;
                const cell c = cell_at(f.id);
                const std::uint32_t v =
                    id_of({c.x + grid::direction_dx[d], c.y + grid::direction_dy[d]});
                if (disc[v] == unseen) {
                    disc[v] = low[v] = time++;
                    dfs_parent[v] = f.id;
                    order.push_back(v);
                    stack.push_back({v, moves_from(map, cell_at(v), rules, m)});
                } else if (v != dfs_parent[f.id]) {
                    low[f.id] = std::min(low[f.id], disc[v]);
                }
                continue;
            }
            const std::uint32_t v = f.id;
            stack.pop_back();
            if (stack.empty()) break;
            const std::uint32_t u = stack.back().id;
            low[u] = std::min(low[u], low[v]);
            // v's subtree reaches nothing above u: it connects to the rest through u alone.
            if (low[v] >= disc[u]) root_of_area[v] = 1;
        }
    }
    // Areas in preorder: a cell is in its own new area when it roots one, else in its DFS
    // parent's; an area's parent area is the one its gap cell lies in.
    for (const std::uint32_t v : order) {
        const std::uint32_t p = dfs_parent[v];
        const std::uint32_t outer = p == unseen ? none : out.area_[p];
        if (root_of_area[v] != 0) {
            out.area_[v] = static_cast<std::uint32_t>(out.parent_.size());
            out.parent_.push_back(outer);
        } else {
            out.area_[v] = outer;
        }
    }
    out.area_.shrink_to_fit();
    out.parent_.shrink_to_fit();
    return out;
}

namespace {

/// The grid expander with the dead ends a query does not need left out.
template <class Inner> struct pruned_neighbours {
    using position = cell;
    Inner inner;
    const dead_end_map* ends;
    const std::uint32_t* keep; ///< per area: == mark when the query needs it
    std::uint32_t mark;

    [[nodiscard]] cell position_of(std::uint32_t id) const noexcept {
        return inner.position_of(id);
    }
    template <class Emit>
    void expand(std::uint32_t cur, cell at, search::step_dir dir, Emit&& emit) const noexcept {
        inner.expand(cur, at, dir,
                     [&](std::uint32_t nb, double step, search::step_dir how, const auto& nb_at) {
                         const std::uint32_t a = ends->area_of(nb_at());
                         if (a == dead_end_map::none || keep[a] == mark) emit(nb, step, how, nb_at);
                     });
    }
};

} // namespace

struct dead_end_astar::impl {
    search::best_first<search::step_dir> core;
    search::trace_observer trace;
    search::astar fallback;
    std::vector<std::uint32_t> keep;
    std::uint32_t mark = 0;
};

dead_end_astar::dead_end_astar() : impl_(std::make_unique<impl>()) {}
dead_end_astar::dead_end_astar(dead_end_astar&&) noexcept = default;
dead_end_astar& dead_end_astar::operator=(dead_end_astar&&) noexcept = default;
dead_end_astar::~dead_end_astar() = default;

search::search_result dead_end_astar::find_path(const grid::grid_map& map,
                                                const search::search_request& request) {
    constexpr std::string_view algo = "astar-deadend";
    if (auto bad = search::request_problem(map, request)) {
        search::search_result out;
        out.reason = std::move(*bad);
        return out;
    }
    const char* why = nullptr;
    if (request.stop_within > 0) {
        why = "stop_within > 0 (any cell near the goal may end the search)";
    } else if (request.turn_penalty) {
        why = "turn penalties are searched over (cell, heading) states";
    } else if (request.hex) {
        why = "hex maps are not supported";
    } else if (request.window) {
        why = "search windows are not supported";
    } else if (request.weight != 1.0) {
        why = "weighted A* keeps its bound in plain A*";
    } else if (search::resolve(request.heuristic, request.rules) ==
               search::heuristic_kind::euclidean) {
        why = "the Euclidean heuristic is searched by plain A*";
    } else if (std::int64_t{map.width()} * map.height() > dead_end_map::max_cells) {
        why = "the map is over the dead-end map's limit of 2^24 cells";
    }
    if (why != nullptr) {
        auto r = impl_->fallback.find_path(map, request);
        const std::string note = std::string(algo) + " fell back to A*: " + why;
        r.reason = r.reason.empty() ? note : note + "; " + r.reason;
        return r;
    }
    const auto ends = map.derived().get_or_build<dead_end_map>(
        dead_end_map::cache_key(request.rules, request.mask()),
        [&] { return dead_end_map::build(map, request.rules, request.mask()); });
    impl& s = *impl_;
    // Keep the areas holding the start or the goal, and every area around them.
    if (s.keep.size() < ends->area_slots()) s.keep.resize(ends->area_slots(), 0);
    if (++s.mark == 0) {
        std::fill(s.keep.begin(), s.keep.end(), 0);
        s.mark = 1;
    }
    for (const cell c : {request.start, request.goal}) {
        for (std::uint32_t a = ends->area_of(c); a != dead_end_map::none; a = ends->parent(a)) {
            if (s.keep[a] == s.mark) break; // the rest of the chain is marked already
            s.keep[a] = s.mark;
        }
    }
    const auto start = static_cast<std::uint32_t>(map.index(request.start));
    const auto goal_id = static_cast<std::uint32_t>(map.index(request.goal));
    const double straight = request.rules.straight_cost();
    // Every heuristic but the Euclidean one is straight * max + extra * min of (dx, dy).
    search::octile_h form{0, 0}; // zero
    switch (search::resolve(request.heuristic, request.rules)) {
    case search::heuristic_kind::octile:
        form = {straight, request.rules.diagonal_cost() - straight};
        break;
    case search::heuristic_kind::manhattan:
        form = {straight, straight};
        break;
    case search::heuristic_kind::chebyshev:
        form = {straight, 0};
        break;
    default:
        break;
    }
    const auto heuristic =
        search::goal_heuristic<search::octile_h>{form, request.goal.x, request.goal.y};
    const search::search_limits limits{.max_expansions = request.max_expansions,
                                       .deadline = request.deadline,
                                       .cancel = request.cancel,
                                       .max_memory_bytes = request.max_memory_bytes};
    s.trace.clear();
    const double h0 = heuristic(request.start);
    if (request.record_trace) {
        s.core.start(map.padded_cells(), start, search::no_parent_dir, h0, limits, s.trace);
    } else {
        s.core.start(map.padded_cells(), start, search::no_parent_dir, h0, limits);
    }
    const search::grid_goal goal{goal_id, request.goal.x, request.goal.y, 0};
    auto run = [&](const auto& expander) {
        if (request.record_trace) {
            s.core.template step<true>(expander, heuristic, goal, s.trace, 0);
        } else {
            search::null_observer none;
            s.core.template step<true>(expander, heuristic, goal, none, 0);
        }
    };
    if (map.has_terrain_costs()) {
        run(pruned_neighbours<search::grid_neighbours<true>>{
            {map, request.rules, request.mask()}, ends.get(), s.keep.data(), s.mark});
    } else {
        run(pruned_neighbours<search::grid_neighbours<false>>{
            {map, request.rules, request.mask()}, ends.get(), s.keep.data(), s.mark});
    }
    const std::int32_t stride = map.stride();
    search::search_result out = search::build_result(
        s.core, map, request,
        [stride](std::uint32_t id, search::step_dir how) {
            return search::grid_neighbours<false>::parent_id(id, how, stride);
        },
        &s.trace);
    out.stats.preprocessing_bytes = ends->memory_bytes();
    return out;
}

} // namespace xunlu::hierarchy
