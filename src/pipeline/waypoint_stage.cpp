// Stage 4: the designer waypoint graph; legs join start and goal by straight lines or short
// searches, blocked links are bridged, and the polyline is string-pulled.
#include <string>
#include <vector>

#include "route_geometry.hpp"
#include "route_stages.hpp"
#include "xunlu/grid/line_of_sight.hpp"

namespace xunlu::pipeline::detail {

namespace {

struct join {
    std::uint32_t node;
    double cost;
    std::vector<point> leg; ///< cell units, from the start to the waypoint (or waypoint to goal)
};

} // namespace

void waypoint_stage(stage_context& ctx, route_query& q) {
    const waypoint::waypoint_graph* g = q.s.waypoints();
    if (g == nullptr || g->size() == 0) return;
    const auto& o = q.s.options();
    std::vector<join> starts, goals;
    // Join by straight line to the nearest visible waypoints.
    for (const std::uint32_t i : g->nearest(q.sp, o.join_visible_candidates)) {
        const point c = g->at(i).centre();
        if (!q.map.passable(g->at(i).at, q.mask)) continue;
        ++q.out.stats.los_checks;
        if (grid::cast_ray(q.map, q.sp, c, q.mask).clear) {
            starts.push_back({i, distance(q.sp, c), {q.sp, c}});
        }
    }
    for (const std::uint32_t i : g->nearest(q.gp, o.join_visible_candidates)) {
        const point c = g->at(i).centre();
        if (!q.map.passable(g->at(i).at, q.mask)) continue;
        ++q.out.stats.los_checks;
        if (grid::cast_ray(q.map, c, q.gp, q.mask).clear) {
            goals.push_back({i, distance(c, q.gp), {c, q.gp}});
        }
    }
    // Else a short bounded search to the nearest few (the seed's improvement).
    if (starts.empty()) {
        for (const std::uint32_t i : g->nearest(q.sp, o.join_search_candidates)) {
            const cell wc = g->at(i).at;
            if (!q.map.passable(wc, q.mask)) continue;
            auto a = ctx.grid_search(q, q.sc, wc, 0, o.join_expansions, true);
            if (!a.result.found()) continue;
            std::vector<point> leg{q.sp};
            for (const cell c : a.result.path) leg.push_back(centre(c));
            starts.push_back({i, a.result.length, std::move(leg)});
        }
    }
    if (goals.empty()) {
        for (const std::uint32_t i : g->nearest(q.gp, o.join_search_candidates)) {
            const cell wc = g->at(i).at;
            if (!q.map.passable(wc, q.mask)) continue;
            auto a = ctx.grid_search(q, wc, q.gc, q.req.stop_short, o.join_expansions, true);
            if (!a.result.found()) continue;
            std::vector<point> leg;
            for (const cell c : a.result.path) leg.push_back(centre(c));
            if (a.result.path.back() == q.gc) leg.push_back(q.gp);
            goals.push_back({i, a.result.length, std::move(leg)});
        }
    }
    if (starts.empty() || goals.empty()) {
        q.out.reason = std::string("waypoint graph: no waypoint joins the ") +
                       (starts.empty() ? "start" : "goal");
        return;
    }
    std::vector<waypoint::graph_endpoint> entries, exits;
    for (const join& j : starts) entries.push_back({j.node, j.cost});
    for (const join& j : goals) exits.push_back({j.node, j.cost});
    const auto route = ctx.graph.find(*g, entries, exits, q.gp);
    q.out.stats.waypoints_settled += route.settled;
    if (!route.found) {
        q.out.reason = "waypoint graph: the joining waypoints are not connected";
        return;
    }
    auto leg_of = [](const std::vector<join>& js, std::uint32_t node) -> const join& {
        const join* best = nullptr;
        for (const join& j : js) {
            if (j.node == node && (best == nullptr || j.cost < best->cost)) best = &j;
        }
        return *best;
    };
    std::vector<point> poly = leg_of(starts, route.nodes.front()).leg;
    for (std::size_t k = 1; k < route.nodes.size(); ++k) {
        const cell a = g->at(route.nodes[k - 1]).at, b = g->at(route.nodes[k]).at;
        ++q.out.stats.los_checks;
        if (grid::cast_ray(q.map, centre(a), centre(b), q.mask).clear) {
            poly.push_back(centre(b));
            continue;
        }
        // The link is blocked now (a unit, or a changed cell): bridge it with a short search.
        auto bridge = ctx.grid_search(q, a, b, 0, o.join_expansions, true);
        if (!bridge.result.found()) {
            q.out.reason = "waypoint graph: link " + std::to_string(g->at(route.nodes[k - 1]).id) +
                           " -> " + std::to_string(g->at(route.nodes[k]).id) + " is blocked";
            return;
        }
        for (std::size_t i = 1; i < bridge.result.path.size(); ++i) {
            poly.push_back(centre(bridge.result.path[i]));
        }
    }
    const join& exit_leg = leg_of(goals, route.nodes.back());
    poly.insert(poly.end(), exit_leg.leg.begin() + 1, exit_leg.leg.end());
    q.out.grid_length = polyline_length(poly);
    const bool at_goal = poly.back() == q.gp;
    stage_context::answer(q, route_status::found, route_stage::waypoint_graph, poly, at_goal);
}

} // namespace xunlu::pipeline::detail
