// Subgoal-graph queries: start and goal linked by the direct-h-reachable scan, the graph searched
// by the one best-first core through the JPS driver, links turned into cells.
#include "xunlu/jps/subgoal_search.hpp"

#include <algorithm>
#include <cstdlib>
#include <span>
#include <string>

#include "jump_engine.hpp"
#include "jump_steps.hpp"
#include "xunlu/grid/path_check.hpp"

namespace xunlu::jps {

namespace {

int sign(std::int32_t v) noexcept {
    return (v > 0) - (v < 0);
}

/// Index of a move around the compass (E, SE, S, SW, W, NW, N, NE), for turn angles.
constexpr int compass[9] = {5, 6, 7, 4, -1, 0, 3, 2, 1}; // by (dy + 1) * 3 + (dx + 1)

/// Taut-path pruning: whether a path that enters subgoal (x, y) with the move (ix, iy) and
/// leaves it with (ox, oy) can be optimal. A turn of 90 degrees or more can be cut short next
/// to the subgoal (the cells it needs are free: the moves themselves and the no-corner-cutting
/// rule guarantee it), except a right-angle turn between two straight moves around a blocked
/// inside corner: the convex corner the subgoal stands at. Cutting is strictly shorter, so a
/// pruned turn is never part of an optimal path, whichever parent of equal cost was kept.
bool taut(const std::uint8_t* flags, std::uint8_t mask, std::int32_t stride, std::int32_t x,
          std::int32_t y, int ix, int iy, int ox, int oy) noexcept {
    const int a = compass[(iy + 1) * 3 + ix + 1];
    const int b = compass[(oy + 1) * 3 + ox + 1];
    const int diff = std::min((a - b + 8) % 8, (b - a + 8) % 8);
    if (diff <= 1) return true;
    if (diff > 2 || (ix != 0 && iy != 0)) return false;
    // Two straight moves at a right angle: taut only when the inside corner is blocked.
    return (flags[(y - iy + oy + 1) * stride + x - ix + ox + 1] & mask) != 0;
}

/// Successors of a graph node: the start's links, a subgoal's neighbours, and the goal for the
/// subgoals the goal reaches directly. Each link is emitted as its diagonal run and straight run
/// (the path fills them in) with its octile cost.
struct subgoal_expander {
    const subgoal_graph& graph;
    const std::vector<std::uint32_t>& start_links;
    const std::vector<std::uint32_t>& goal_mark;
    std::uint32_t mark;
    std::uint32_t start_id;
    std::uint32_t goal_id;
    std::int32_t stride;

    const std::uint8_t* flags;
    std::uint8_t mask;

    /// Emits the link to `target` unless the turn from the arrival move (ix, iy) to its first
    /// move is not taut. `straight_first`: the link runs straight moves first (goal links).
    template <class Emit>
    void link(std::int32_t x, std::int32_t y, int ix, int iy, std::uint32_t target,
              bool straight_first, Emit& emit) const {
        const std::int32_t dx = static_cast<std::int32_t>(target) % stride - 1 - x;
        const std::int32_t dy = static_cast<std::int32_t>(target) / stride - 1 - y;
        const std::int32_t ax = std::abs(dx);
        const std::int32_t ay = std::abs(dy);
        const std::int32_t diag = std::min(ax, ay);
        const std::int32_t straight = std::max(ax, ay) - diag;
        if (ix != 0 || iy != 0) {
            const bool first_straight = diag == 0 || (straight_first && straight > 0);
            const int ox = first_straight && ay > ax ? 0 : sign(dx);
            const int oy = first_straight && ax > ay ? 0 : sign(dy);
            if (!taut(flags, mask, stride, x, y, ix, iy, ox, oy)) return;
        }
        const auto t = static_cast<std::int32_t>(target);
        if (straight == 0) {
            emit(t, diag, sign(dx), sign(dy));
        } else if (ax > ay) {
            emit(t, straight, sign(dx), 0, diag);
        } else {
            emit(t, straight, 0, sign(dy), diag);
        }
    }

    template <class Emit>
    void expand(std::int32_t i, std::int32_t x, std::int32_t y, int ix, int iy, Emit&& emit) const {
        const auto id = static_cast<std::uint32_t>(i);
        const std::uint32_t k = graph.subgoal_at(id);
        if (id == start_id) {
            for (const std::uint32_t t : start_links) link(x, y, 0, 0, t, false, emit);
        } else {
            for (const std::uint32_t t : graph.neighbours(k)) link(x, y, ix, iy, t, false, emit);
        }
        if (k != subgoal_graph::none && goal_mark[k] == mark) {
            link(x, y, ix, iy, goal_id, true, emit);
        }
    }
};

} // namespace

struct subgoal_search::impl {
    detail::jump_search search;
    std::shared_ptr<const subgoal_graph> graph;
    std::vector<std::uint32_t> start_links;
    std::vector<std::uint32_t> goal_links;
    std::vector<std::uint32_t> goal_mark; ///< per subgoal: == mark when linked to the goal
    std::uint32_t mark = 0;
    std::uint32_t start_id = 0;
    std::uint32_t goal_id = 0;
    std::size_t builds = 0;
    build_progress progress;

    [[nodiscard]] std::size_t graph_bytes() const noexcept {
        return graph ? graph->memory_bytes() : 0;
    }
};

subgoal_search::subgoal_search() : impl_(std::make_unique<impl>()) {}
subgoal_search::subgoal_search(subgoal_search&&) noexcept = default;
subgoal_search& subgoal_search::operator=(subgoal_search&&) noexcept = default;
subgoal_search::~subgoal_search() = default;

void subgoal_search::set_dense_limit(std::size_t ids) noexcept {
    impl_->search.set_dense_limit(ids);
}

void subgoal_search::use_graph(const grid::grid_map& map, subgoal_graph graph) {
    const auto mask = graph.mask();
    map.derived().get_or_build<subgoal_graph>(static_cast<std::uint64_t>(mask),
                                              [&] { return std::move(graph); });
}

void subgoal_search::set_progress(build_progress progress) {
    impl_->progress = std::move(progress);
}

std::size_t subgoal_search::builds() const noexcept {
    return impl_->builds;
}

const subgoal_graph* subgoal_search::graph() const noexcept {
    return impl_->graph.get();
}

std::size_t subgoal_search::memory_bytes() const noexcept {
    return impl_->search.memory_bytes() + impl_->graph_bytes() +
           (impl_->goal_mark.capacity() + impl_->start_links.capacity() +
            impl_->goal_links.capacity()) *
               sizeof(std::uint32_t);
}

bool subgoal_search::start(const grid::grid_map& map, const search::search_request& request) {
    std::optional<std::string> unsupported;
    if (request.rules.moves != grid::connectivity::eight ||
        request.rules.corners != grid::corner_rule::no_cut) {
        unsupported = "rule " + std::string(grid::movement_rules_name(request.rules)) +
                      " is not supported (subgoal graphs are built for 8-connected moves "
                      "without corner cutting; use --algo jps)";
    }
    if (std::int64_t{map.width()} * map.height() > subgoal_graph::max_cells ||
        map.width() > subgoal_graph::max_side || map.height() > subgoal_graph::max_side) {
        unsupported = "the map is " + std::to_string(map.width()) + " x " +
                      std::to_string(map.height()) + "; subgoal graphs are built for at most " +
                      std::to_string(subgoal_graph::max_cells) + " cells and " +
                      std::to_string(subgoal_graph::max_side) + " cells per side";
    }
    impl& s = *impl_;
    if (!s.search.start(map, request, "subgoal", unsupported)) {
        return !s.search.rejected(); // started the A* fallback, or answered at once
    }
    const auto mask = request.mask();
    auto graph = map.derived().get_or_build<subgoal_graph>(static_cast<std::uint64_t>(mask), [&] {
        ++s.builds;
        return subgoal_graph::build(map, mask, s.progress);
    });
    if (graph != s.graph) {
        s.goal_mark.assign(graph->subgoal_count(), 0);
        s.mark = 0;
    }
    s.graph = std::move(graph);
    const subgoal_graph& g = *s.graph;
    s.start_id = static_cast<std::uint32_t>(map.index(request.start));
    s.goal_id = static_cast<std::uint32_t>(map.index(request.goal));
    s.start_links.clear();
    const bool direct =
        g.reachable_from(map.padded_flags(), request.start, s.goal_id, s.start_links);
    if (direct) {
        s.start_links.assign(1, s.goal_id); // octile distance: nothing is shorter
    } else if (const std::uint32_t k = g.subgoal_at(s.start_id); k != subgoal_graph::none) {
        const auto n = g.neighbours(k);
        s.start_links.assign(n.begin(), n.end());
    }
    if (++s.mark == 0) { // wrapped: clear the marks once every 2^32 queries
        std::fill(s.goal_mark.begin(), s.goal_mark.end(), 0);
        s.mark = 1;
    }
    s.goal_links.clear();
    g.reachable_from(map.padded_flags(), request.goal, subgoal_graph::none, s.goal_links);
    for (const std::uint32_t t : s.goal_links) s.goal_mark[g.subgoal_at(t)] = s.mark;
    return true;
}

bool subgoal_search::step(std::uint64_t budget) {
    impl& s = *impl_;
    if (!s.search.uses_core()) {
        return s.search.step_other(budget);
    }
    const subgoal_expander expander{*s.graph,
                                    s.start_links,
                                    s.goal_mark,
                                    s.mark,
                                    s.start_id,
                                    s.goal_id,
                                    s.search.map().stride(),
                                    s.search.map().padded_flags(),
                                    static_cast<std::uint8_t>(s.search.request().mask())};
    return s.search.step_core(expander, budget);
}

search::search_result subgoal_search::finish() {
    impl& s = *impl_;
    search::search_result out = s.search.finish(s.graph_bytes());
    if (!s.search.uses_core() || !out.found() || out.path.size() < 2) return out;
    // Links to the goal come from the goal's own scan: diagonal moves first from the goal, so
    // from the subgoal before it the straight moves come first. Refill that last leg when the
    // diagonal-first fill (which suits every other link) would cut a corner or cross a wall.
    const detail::jump_parent* last = s.search.end_record();
    if (last == nullptr || last->parent == search::no_id) return out;
    const grid::grid_map& map = s.search.map();
    const auto mask = s.search.request().mask();
    const cell from = map.cell_of(last->parent);
    const cell to = out.path.back();
    const auto n =
        static_cast<std::size_t>(std::max(std::abs(to.x - from.x), std::abs(to.y - from.y)));
    if (n + 1 > out.path.size()) return out;
    const std::size_t first = out.path.size() - 1 - n; // index of `from`
    const std::span<const cell> leg(out.path.data() + first, n + 1);
    if (!grid::check_path(map, leg, s.search.request().rules, mask)) return out;
    out.path.resize(first + 1);
    cell c = from;
    while (c != to) {
        const std::int32_t rx = to.x - c.x;
        const std::int32_t ry = to.y - c.y;
        if (std::abs(rx) > std::abs(ry)) {
            c.x += sign(rx);
        } else if (std::abs(ry) > std::abs(rx)) {
            c.y += sign(ry);
        } else {
            c.x += sign(rx);
            c.y += sign(ry);
        }
        out.path.push_back(c);
    }
    return out;
}

search::search_result subgoal_search::find_path(const grid::grid_map& map,
                                                const search::search_request& request) {
    start(map, request);
    step(0);
    return finish();
}

} // namespace xunlu::jps
