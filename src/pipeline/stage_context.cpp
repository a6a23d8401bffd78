// The grid search shared by the route stages and the turning of its outcome into an answer.
#include "stage_context.hpp"

#include "route_geometry.hpp"
#include "xunlu/postprocess/turning_points.hpp"

namespace xunlu::pipeline::detail {

grid_answer stage_context::grid_search(route_query& q, cell from, cell to, std::int32_t stop_within,
                                       std::uint64_t budget, bool short_leg) {
    search::search_request r{.start = from, .goal = to, .rules = q.req.rules};
    r.low_obstacles_block = q.req.low_obstacles_block;
    r.stop_within = stop_within;
    r.max_expansions = budget;
    r.deadline = q.req.deadline;
    r.cancel = q.req.cancel;
    r.turn_penalty = q.req.turn_penalty;
    const bool use_grid =
        !short_leg && grid && q.s.options().use_jps &&
        (grid_choice.terrain_costs || !q.map.has_terrain_costs()) &&
        (grid_choice.stop_within || stop_within == 0) &&
        (grid_choice.turn_penalty || !q.req.turn_penalty) &&
        (!grid_choice.any_angle || (r.rules.moves == grid::connectivity::eight &&
                                    r.rules.corners == grid::corner_rule::no_cut));
    grid_answer a{use_grid ? grid->find(q.map, r) : astar.find_path(q.map, r),
                  use_grid ? std::string_view(grid_choice.name) : std::string_view("astar")};
    q.out.stats.expanded += a.result.stats.expanded;
    q.out.stats.generated += a.result.stats.generated;
    return a;
}

void stage_context::answer(route_query& q, route_status status, route_stage stage,
                           const std::vector<point>& poly, bool ends_at_goal) {
    postprocess::pull_stats ps;
    std::vector<point> pts = postprocess::string_pull(q.map, poly, q.mask, &ps);
    q.out.stats.los_checks += ps.los_checks;
    q.out.points.clear();
    q.out.points.reserve(pts.size());
    for (const point p : pts) q.out.points.push_back({p.x * q.scale, p.y * q.scale});
    if (!q.out.points.empty()) {
        q.out.points.front() = q.sp_px;
        if (ends_at_goal && q.out.points.size() >= 2) q.out.points.back() = q.gp_px;
    }
    q.out.length = polyline_length(q.out.points);
    q.out.status = status;
    q.out.stage = stage;
    q.answered = true;
}

std::vector<point> stage_context::path_polyline(const route_query& q,
                                                const std::vector<cell>& path) {
    std::vector<point> poly;
    poly.reserve(path.size() + 2);
    poly.push_back(q.sp);
    for (const cell c : path) poly.push_back(centre(c));
    if (!path.empty() && path.back() == q.gc) poly.push_back(q.gp);
    return poly;
}

void stage_context::answer_search(route_query& q, route_stage stage, grid_answer& a) {
    q.out.algorithm = std::string(a.algorithm);
    q.out.grid_length = a.result.length;
    const bool reached_goal = !a.result.path.empty() && a.result.path.back() == q.gc;
    const auto status = a.result.status == search::search_status::found ? route_status::found
                                                                        : route_status::partial;
    if (a.result.waypoints.empty()) {
        answer(q, status, stage, path_polyline(q, a.result.path), reached_goal);
    } else { // an any-angle search: its polyline already bends only at obstacle corners
        std::vector<point> poly;
        poly.reserve(a.result.waypoints.size() + 2);
        poly.push_back(q.sp);
        poly.insert(poly.end(), a.result.waypoints.begin(), a.result.waypoints.end());
        if (reached_goal) poly.push_back(q.gp);
        answer(q, status, stage, poly, reached_goal);
    }
    if (status == route_status::partial) q.out.reason = a.result.reason;
}

void stage_context::take_search(route_query& q, route_stage stage, grid_answer& a,
                                bool last_resort) {
    switch (a.result.status) {
    case search::search_status::found:
        answer_search(q, stage, a);
        return;
    case search::search_status::no_path:
        q.out.status = route_status::no_path;
        q.out.reason = a.result.reason;
        q.out.stage = stage;
        q.out.algorithm = std::string(a.algorithm);
        q.answered = true;
        return;
    case search::search_status::invalid_input:
    default: // a search that could not run (e.g. over its memory cap): the request is refused
        q.out.status = route_status::invalid;
        q.out.reason = a.result.reason;
        q.out.stage = stage;
        q.answered = true;
        return;
    case search::search_status::budget_exhausted:
        if (last_resort) {
            answer_search(q, stage, a);
        } else {
            q.partial = std::move(a.result);
            q.partial_algo = std::string(a.algorithm);
            q.partial_stage = stage;
        }
        return;
    }
}

} // namespace xunlu::pipeline::detail
