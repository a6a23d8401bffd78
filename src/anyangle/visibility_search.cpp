// A* over the convex-corner visibility graph.
#include "xunlu/anyangle/visibility_search.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <utility>

#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/segment_check.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/result_builder.hpp"

#include "monotone_sweep.hpp"

namespace xunlu::anyangle {

namespace {
constexpr std::string_view algorithm = "visgraph";
/// Cells a linking sweep may visit per convex corner of the map before giving way to lazy links.
/// Measured on the shared set (budgets 1, 2, 4, 8, 32 and lazy links only): where the sweep
/// finishes within one cell per corner (mazes, rooms, random maps) it beats lazy links by up to
/// 2x; where it does not (open game maps) lazy links win by up to 5x.
constexpr std::size_t sweep_cells_per_corner = 1;
} // namespace

template <class Visit>
bool visibility_search::link_by_sweep(const corner_graph& graph, const grid::grid_map& map,
                                      grid::obstacle_mask mask, cell from, Visit&& visit) {
    if (mode_ == link_mode::lazy) return false;
    const half_point p = centre_of(from);
    const auto corners = graph.corners();
    // Sweep the four quadrants from the cell (a segment from a centre to a corner is never
    // along a grid line) and check the corner at the far side of each cell reached: work follows
    // what the point sees. Where it sees far across open ground the sweep can cost more than
    // checking candidates lazily, so (in automatic mode) it gets a budget of cells in proportion
    // to the corner count and gives way when that runs out.
    std::size_t budget = sweep_cells_per_corner * corners.size() + 64;
    std::vector<std::uint32_t>& found = linked_;
    found.clear();
    detail::shadow_set shadows;
    const detail::sweep_rows rows{sweep_previous_, sweep_current_, shadows};
    bool complete = true;
    for (const std::int32_t sx : {1, -1}) {
        for (const std::int32_t sy : {1, -1}) {
            if (!complete) break;
            complete = detail::sweep_quadrant(
                map, mask, p, from, sx, sy, rows,
                [&](cell c) {
                    const std::int64_t j = graph.corner_id(
                        {2 * (c.x + (sx > 0 ? 1 : 0)), 2 * (c.y + (sy > 0 ? 1 : 0))});
                    if (j < 0) return;
                    const convex_corner& k = corners[static_cast<std::size_t>(j)];
                    if (tangent_at(k, std::int64_t{k.at.x} - p.x, std::int64_t{k.at.y} - p.y) &&
                        segment_is_free(map, p, k.at, mask)) {
                        found.push_back(static_cast<std::uint32_t>(j));
                    }
                },
                mode_ == link_mode::automatic ? &budget : nullptr);
        }
    }
    if (!complete) return false;
    for (const std::uint32_t j : found) visit(j);
    return true;
}

void visibility_search::prepare(std::size_t nodes) {
    if (g_.size() < nodes) {
        g_.resize(nodes);
        to_goal_.resize(nodes);
        parent_.resize(nodes);
        slot_.resize(nodes);
        stamp_.assign(nodes, 0);
        closed_.resize(nodes);
        generation_ = 0;
    }
    if (++generation_ == 0) {
        std::fill(stamp_.begin(), stamp_.end(), 0);
        generation_ = 1;
    }
    open_.clear();
    open_.set_slot_of(slot_of{slot_.data()});
}

search::search_result visibility_search::find_path(const grid::grid_map& map,
                                                   const search::search_request& request) {
    return find_on_derived<corner_graph>(*this, map, request, algorithm);
}

search::search_result visibility_search::find_path(const corner_graph& graph,
                                                   const grid::grid_map& map,
                                                   const search::search_request& request) {
    if (auto refused = any_angle_refusal(map, request, algorithm, graph.problem())) {
        return std::move(*refused);
    }
    search::search_result out;
    const grid::obstacle_mask mask = request.mask();
    const half_point s = centre_of(request.start);
    const half_point t = centre_of(request.goal);
    out.stats.preprocessing_bytes = graph.memory_bytes();
    const std::vector<half_point> direct =
        s == t ? std::vector<half_point>{s} : std::vector<half_point>{s, t};
    if (s == t || segment_is_free(map, s, t, mask)) {
        out.status = search::search_status::found;
        fill_any_angle_path(map, direct, mask, out);
        return out;
    }
    const auto corners = graph.corners();
    const std::size_t n = corners.size();
    const auto start = static_cast<std::uint32_t>(n);
    const auto goal = static_cast<std::uint32_t>(n + 1);
    const std::size_t nodes = n + 2;
    const std::size_t bytes_per_node = 2 * sizeof(double) + 3 * sizeof(std::uint32_t) + 1;
    if (request.max_memory_bytes != 0 && nodes * bytes_per_node > request.max_memory_bytes) {
        out.status = search::search_status::resource_exhausted;
        out.reason = std::string(algorithm) + " needs " + std::to_string(nodes * bytes_per_node) +
                     " bytes of node memory for this map, over the cap of " +
                     std::to_string(request.max_memory_bytes);
        return out;
    }
    prepare(nodes);
    const auto at = [&](std::uint32_t id) {
        return id == start ? s : (id == goal ? t : corners[id].at);
    };
    const auto h = [&](std::uint32_t id) { return distance(at(id), t); };
    search::search_stats& stats = out.stats;
    const bool trace = request.record_trace;
    const auto record = [&](std::uint32_t id, search::node_event kind) {
        const half_point p = at(id);
        // Corners are recorded as the cell down-right of them (clamped to the map).
        const cell c{std::min(p.x / 2, map.width() - 1), std::min(p.y / 2, map.height() - 1)};
        out.trace.events.push_back({c, kind});
        if (kind == search::node_event::closed) out.trace.expanded.push_back(c);
    };
    // Puts a node in OPEN for the first time (its stamp and goal link already set).
    const auto push_new = [&](std::uint32_t id, double g, std::uint32_t from) {
        closed_[id] = 0;
        g_[id] = g;
        parent_[id] = from;
        open_.push({g + h(id), static_cast<float>(g)}, id);
        ++stats.heap_pushes;
        ++stats.generated;
        if (trace) record(id, search::node_event::opened);
    };
    const auto open_node = [&](std::uint32_t id, double g, std::uint32_t from) {
        if (stamp_[id] != generation_) {
            stamp_[id] = generation_;
            to_goal_[id] = -1;
            push_new(id, g, from);
        } else if (closed_[id] == 0 && g < g_[id]) {
            g_[id] = g;
            parent_[id] = from;
            open_.decrease(slot_[id], {g + h(id), static_cast<float>(g)});
            ++stats.decrease_keys;
        }
    };
    // Goal links: the corners that see the goal centre along a tangent. Stamped here so that
    // open_node keeps their link; corners stamped this way start unopened (g = infinity). When
    // the sweep gives way, goal links are candidates checked lazily (below).
    const bool lazy_goal = !link_by_sweep(graph, map, mask, request.goal, [&](std::uint32_t i) {
        stamp_[i] = generation_;
        closed_[i] = 2; // "linked to the goal, not yet opened"
        to_goal_[i] = distance(corners[i].at, t);
    });
    // Lazy links: (f, corner) candidates whose segment is checked only when one is the cheapest
    // thing left to do, so far corners that the search never reaches are never checked. f is
    // exact when the segment is free, so the answer stays optimal.
    link_queue& start_links = start_links_;
    link_queue& goal_links = goal_links_;
    start_links.clear();
    goal_links.clear();
    const auto reach = [&](std::uint32_t id, double g, std::uint32_t from) {
        if (stamp_[id] == generation_ && closed_[id] == 2) { // first reach of a goal-linked one
            push_new(id, g, from);
            return;
        }
        open_node(id, g, from);
    };
    stamp_[start] = generation_;
    closed_[start] = 1;
    g_[start] = 0;
    parent_[start] = start;
    ++stats.expanded;
    if (trace) record(start, search::node_event::closed);
    if (!link_by_sweep(graph, map, mask, request.start,
                       [&](std::uint32_t i) { reach(i, distance(s, corners[i].at), start); })) {
        for (std::uint32_t i = 0; i < n; ++i) {
            const convex_corner& c = corners[i];
            if (tangent_at(c, std::int64_t{c.at.x} - s.x, std::int64_t{c.at.y} - s.y)) {
                start_links.push(distance(s, c.at) + h(i), i);
            }
        }
    }
    search::search_phase phase = search::search_phase::exhausted_open;
    std::uint32_t best = start;
    double best_h = h(start);
    constexpr double none = std::numeric_limits<double>::infinity();
    any_angle_budget budget(request);
    while (!open_.empty() || !start_links.empty() || !goal_links.empty()) {
        const double f_open = open_.empty() ? none : open_.top().f;
        const double f_start = start_links.empty() ? none : start_links.top_f();
        const double f_goal = goal_links.empty() ? none : goal_links.top_f();
        if (f_goal <= f_open && f_goal <= f_start) { // a goal link is the cheapest: check it
            const std::uint32_t u = goal_links.top_id();
            goal_links.pop();
            if (segment_is_free(map, corners[u].at, t, mask)) {
                open_node(goal, f_goal, u);
            }
            continue;
        }
        if (f_start < f_open) { // a start link is
            const std::uint32_t c = start_links.top_id();
            start_links.pop();
            if (segment_is_free(map, s, corners[c].at, mask)) {
                reach(c, distance(s, corners[c].at), start);
            }
            continue;
        }
        if (budget.spent(stats.expanded)) {
            phase = search::search_phase::out_of_budget;
            break;
        }
        const std::uint32_t u = open_.pop().id;
        closed_[u] = 1;
        ++stats.expanded;
        if (trace) record(u, search::node_event::closed);
        if (u == goal) {
            phase = search::search_phase::found;
            break;
        }
        if (const double hu = h(u); hu < best_h) {
            best_h = hu;
            best = u;
        }
        const double gu = g_[u];
        const convex_corner& cu = corners[u];
        const half_point pu = cu.at;
        // Only bends that wrap u's blocked cell can lie on a shortest path (u's g is final, so
        // its parent is the one a shortest path comes from; a tie parent gives the same length,
        // so a bend not wrapping the cell could be shortened either way).
        const half_point from = at(parent_[u]);
        const std::int64_t back_x = std::int64_t{from.x} - pu.x;
        const std::int64_t back_y = std::int64_t{from.y} - pu.y;
        const auto wraps = [&](half_point next) {
            return wraps_at(cu, back_x, back_y, std::int64_t{next.x} - pu.x,
                            std::int64_t{next.y} - pu.y);
        };
        if (to_goal_[u] >= 0 && wraps(t)) open_node(goal, gu + to_goal_[u], u);
        if (lazy_goal && tangent_at(cu, std::int64_t{t.x} - pu.x, std::int64_t{t.y} - pu.y) &&
            wraps(t)) {
            goal_links.push(gu + distance(pu, t), u);
        }
        for (const std::uint32_t v : graph.neighbours(u)) {
            if (stamp_[v] == generation_ && closed_[v] == 1) continue;
            if (!wraps(corners[v].at)) continue;
            reach(v, gu + distance(pu, corners[v].at), u);
        }
        stats.peak_open = std::max<std::uint64_t>(stats.peak_open, open_.size());
    }
    stats.memory_bytes =
        (g_.capacity() + to_goal_.capacity()) * sizeof(double) +
        (parent_.capacity() + slot_.capacity() + stamp_.capacity()) * sizeof(std::uint32_t) +
        closed_.capacity() + open_.memory_bytes();
    if (trace) {
        for (const auto& e : open_.items()) {
            const half_point p = at(e.id);
            out.trace.open.push_back(
                {std::min(p.x / 2, map.width() - 1), std::min(p.y / 2, map.height() - 1)});
        }
    }
    search::describe_outcome(out, phase, request, stats, {});
    if (phase == search::search_phase::exhausted_open) return out;
    if (phase != search::search_phase::found && best == start) return out;
    std::vector<half_point> polyline;
    for (std::uint32_t id = phase == search::search_phase::found ? goal : best;; id = parent_[id]) {
        polyline.push_back(at(id));
        if (id == start) break;
    }
    std::reverse(polyline.begin(), polyline.end());
    fill_any_angle_answer(map, polyline, mask, algorithm, out);
    return out;
}

} // namespace xunlu::anyangle
