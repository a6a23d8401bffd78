// The route pipeline: endpoint checks, then the scene's stages in order, then turning points.
#include "xunlu/pipeline/route_finder.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/postprocess/turning_points.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/waypoint/graph_search.hpp"

namespace xunlu::pipeline {

namespace {

using clock_type = std::chrono::steady_clock;

std::string cell_text(cell c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

std::string pixel_text(point p) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%g,%g)", p.x, p.y);
    return buf;
}

bool finite(point p) {
    return std::isfinite(p.x) && std::isfinite(p.y);
}

double distance(point a, point b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

point centre(cell c) {
    return {c.x + 0.5, c.y + 0.5};
}

double polyline_length(const std::vector<point>& pts) {
    double len = 0;
    for (std::size_t i = 1; i < pts.size(); ++i) len += distance(pts[i - 1], pts[i]);
    return len;
}

/// The cell satisfying `pred` whose centre is nearest to `target` (cell units), searching
/// square rings outwards; nullopt when no cell of the map qualifies.
template <class Pred>
std::optional<cell> nearest_cell(const grid::grid_map& map, point target, Pred&& pred) {
    const cell c0{static_cast<std::int32_t>(std::floor(target.x)),
                  static_cast<std::int32_t>(std::floor(target.y))};
    std::optional<cell> best;
    double best_d2 = 0;
    auto consider = [&](cell c) {
        if (!map.in_bounds(c) || !pred(c)) return;
        const double dx = c.x + 0.5 - target.x, dy = c.y + 0.5 - target.y;
        const double d2 = dx * dx + dy * dy;
        if (!best || d2 < best_d2) {
            best = c;
            best_d2 = d2;
        }
    };
    const std::int32_t max_r = std::max(map.width(), map.height());
    for (std::int32_t r = 0; r <= max_r; ++r) {
        if (r == 0) {
            consider(c0);
        } else {
            const std::int32_t x_lo = std::max(c0.x - r, 0),
                               x_hi = std::min(c0.x + r, map.width() - 1);
            for (std::int32_t x = x_lo; x <= x_hi; ++x) {
                consider({x, c0.y - r});
                consider({x, c0.y + r});
            }
            const std::int32_t y_lo = std::max(c0.y - r + 1, 0),
                               y_hi = std::min(c0.y + r - 1, map.height() - 1);
            for (std::int32_t y = y_lo; y <= y_hi; ++y) {
                consider({c0.x - r, y});
                consider({c0.x + r, y});
            }
        }
        // Cells on later rings are at least r + 0.5 away from the target along one axis.
        const double reach = r + 0.5;
        if (best && best_d2 <= reach * reach) break;
    }
    return best;
}

} // namespace

std::string_view stage_name(route_stage s) noexcept {
    switch (s) {
    case route_stage::none:
        return "none";
    case route_stage::straight_line:
        return "straight_line";
    case route_stage::reachability:
        return "reachability";
    case route_stage::bounded_search:
        return "bounded_search";
    case route_stage::waypoint_graph:
        return "waypoint_graph";
    case route_stage::full_search:
        return "full_search";
    }
    return "none";
}

std::optional<route_stage> parse_stage(std::string_view name) noexcept {
    for (const auto s :
         {route_stage::straight_line, route_stage::reachability, route_stage::bounded_search,
          route_stage::waypoint_graph, route_stage::full_search}) {
        if (stage_name(s) == name) return s;
    }
    return std::nullopt;
}

std::string_view status_name(route_status s) noexcept {
    switch (s) {
    case route_status::straight_line:
        return "straight_line";
    case route_status::found:
        return "found";
    case route_status::partial:
        return "partial";
    case route_status::no_path:
        return "no_path";
    case route_status::invalid:
        return "invalid";
    }
    return "invalid";
}

struct route_finder::impl {
    search::astar astar;
    std::unique_ptr<search::finder> jps;
    waypoint::graph_search graph;

    /// The state of one query.
    struct query {
        const scene& s;
        const grid::grid_map& map;
        const route_request& req;
        grid::obstacle_mask mask;
        double scale; ///< pixels per cell
        point sp, gp; ///< start and goal in cell units
        point sp_px, gp_px;
        cell sc, gc;
        route_result out;
        bool answered = false;
        std::optional<search::search_result> partial; ///< best budget-exhausted search so far
        std::string partial_algo;
        route_stage partial_stage = route_stage::none;
        std::uint64_t bounded_budget = 0; ///< budget the bounded stage ran with (0 = not run)
    };

    struct grid_answer {
        search::search_result result;
        std::string_view algorithm;
    };

    /// `short_leg`: a joining or bridging search with a small node budget. It always runs A*,
    /// whose cost per expansion is bounded (a JPS expansion may scan a long line of cells).
    grid_answer grid_search(query& q, cell from, cell to, std::int32_t stop_within,
                            std::uint64_t budget, bool short_leg = false) {
        search::search_request r{.start = from, .goal = to, .rules = q.req.rules};
        r.low_obstacles_block = q.req.low_obstacles_block;
        r.stop_within = stop_within;
        r.max_expansions = budget;
        r.deadline = q.req.deadline;
        const bool use_jps = !short_leg && jps && q.s.options().use_jps &&
                             !q.map.has_terrain_costs() && stop_within == 0;
        grid_answer a{use_jps ? jps->find(q.map, r) : astar.find_path(q.map, r),
                      use_jps ? "jps" : "astar"};
        q.out.stats.expanded += a.result.stats.expanded;
        q.out.stats.generated += a.result.stats.generated;
        return a;
    }

    /// Sets the answer from a polyline in cell units whose consecutive points see each other.
    void answer(query& q, route_status status, route_stage stage, const std::vector<point>& poly,
                bool ends_at_goal) {
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

    /// Polyline of a grid path from the exact start: start, cell centres, exact goal if reached.
    std::vector<point> path_polyline(const query& q, const std::vector<cell>& path) const {
        std::vector<point> poly;
        poly.reserve(path.size() + 2);
        poly.push_back(q.sp);
        for (const cell c : path) poly.push_back(centre(c));
        if (!path.empty() && path.back() == q.gc) poly.push_back(q.gp);
        return poly;
    }

    void answer_search(query& q, route_stage stage, grid_answer& a) {
        q.out.algorithm = std::string(a.algorithm);
        q.out.grid_length = a.result.length;
        const bool reached_goal = !a.result.path.empty() && a.result.path.back() == q.gc;
        const auto status = a.result.status == search::search_status::found ? route_status::found
                                                                            : route_status::partial;
        answer(q, status, stage, path_polyline(q, a.result.path), reached_goal);
        if (status == route_status::partial) q.out.reason = a.result.reason;
    }

    /// Handles a grid search outcome for the bounded and full stages.
    void take_search(query& q, route_stage stage, grid_answer& a, bool last_resort) {
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
        case search::search_status::resource_exhausted:
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

    void straight_line(query& q) {
        ++q.out.stats.los_checks;
        const auto ray = grid::cast_ray(q.map, q.sp, q.gp, q.mask);
        if (!ray.clear) {
            q.out.blocking_cell = ray.blocked_cell;
            return;
        }
        answer(q, route_status::straight_line, route_stage::straight_line, {q.sp, q.gp}, true);
    }

    void reachability(query& q) {
        const auto& labels = q.s.components(adjacency_for(q.req.rules), q.mask);
        const std::uint32_t ls = labels.component(q.sc);
        bool reachable = labels.component(q.gc) == ls;
        const std::int32_t r = q.req.stop_short;
        if (!reachable && r > 0) {
            const std::int32_t x_lo = std::max(q.gc.x - r, 0),
                               x_hi = std::min(q.gc.x + r, q.map.width() - 1);
            const std::int32_t y_lo = std::max(q.gc.y - r, 0),
                               y_hi = std::min(q.gc.y + r, q.map.height() - 1);
            for (std::int32_t y = y_lo; y <= y_hi && !reachable; ++y) {
                for (std::int32_t x = x_lo; x <= x_hi && !reachable; ++x) {
                    reachable = labels.component({x, y}) == ls;
                }
            }
        }
        if (reachable) return;
        if (q.req.when_unreachable == unreachable_goal::nearest_reachable) {
            const auto nr =
                nearest_cell(q.map, q.gp, [&](cell c) { return labels.component(c) == ls; });
            if (nr) {
                q.gc = *nr;
                q.gp = centre(*nr);
                q.gp_px = {q.gp.x * q.scale, q.gp.y * q.scale};
                q.out.goal_cell = q.gc;
                q.out.goal_moved = true;
                return;
            }
        }
        q.out.status = route_status::no_path;
        q.out.stage = route_stage::reachability;
        q.out.reason = (r > 0 ? "no cell within " + std::to_string(r) + " cells of goal cell "
                              : "goal cell ") +
                       cell_text(q.gc) + (r > 0 ? " is" : " lies") +
                       " on another island than start cell " + cell_text(q.sc) +
                       ": unreachable (component lookup)";
        q.answered = true;
    }

    void bounded_search(query& q) {
        if (const std::int32_t far = q.s.options().bounded_max_distance; far > 0) {
            const std::int32_t dx = std::abs(q.gc.x - q.sc.x), dy = std::abs(q.gc.y - q.sc.y);
            const double octile = std::max(dx, dy) + 0.41421356237309515 * std::min(dx, dy);
            if (octile > far) return; // long query: leave it to the later stages
        }
        std::uint64_t budget = q.s.options().step_limit;
        if (q.req.max_expansions != 0 && (budget == 0 || q.req.max_expansions < budget)) {
            budget = q.req.max_expansions;
        }
        q.bounded_budget = budget == 0 ? ~std::uint64_t{0} : budget;
        auto a = grid_search(q, q.sc, q.gc, q.req.stop_short, budget);
        take_search(q, route_stage::bounded_search, a, false);
    }

    void full_search(query& q) {
        const std::uint64_t budget = q.req.max_expansions;
        const std::uint64_t effective = budget == 0 ? ~std::uint64_t{0} : budget;
        if (q.partial && q.partial_stage == route_stage::bounded_search &&
            q.bounded_budget >= effective) {
            // The bounded stage already spent this whole budget: the same search again
            // would end the same way.
            grid_answer a{std::move(*q.partial), q.partial_algo};
            q.partial.reset();
            answer_search(q, route_stage::full_search, a);
            return;
        }
        auto a = grid_search(q, q.sc, q.gc, q.req.stop_short, budget);
        take_search(q, route_stage::full_search, a, true);
    }

    struct join {
        std::uint32_t node;
        double cost;
        std::vector<point>
            leg; ///< cell units, from the start to the waypoint (or waypoint to goal)
    };

    void waypoint_graph(query& q) {
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
                auto a = grid_search(q, q.sc, wc, 0, o.join_expansions, true);
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
                auto a = grid_search(q, wc, q.gc, q.req.stop_short, o.join_expansions, true);
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
        const auto route = graph.find(*g, entries, exits, q.gp);
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
            auto bridge = grid_search(q, a, b, 0, o.join_expansions, true);
            if (!bridge.result.found()) {
                q.out.reason = "waypoint graph: link " +
                               std::to_string(g->at(route.nodes[k - 1]).id) + " -> " +
                               std::to_string(g->at(route.nodes[k]).id) + " is blocked";
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
        answer(q, route_status::found, route_stage::waypoint_graph, poly, at_goal);
    }
};

route_finder::route_finder() : impl_(std::make_unique<impl>()) {
    if (const auto* entry = registry::find_finder("jps"); entry != nullptr && entry->make) {
        impl_->jps = entry->make();
    }
}
route_finder::route_finder(route_finder&&) noexcept = default;
route_finder& route_finder::operator=(route_finder&&) noexcept = default;
route_finder::~route_finder() = default;

bool route_finder::has_jps() const noexcept {
    return impl_->jps != nullptr;
}

route_result route_finder::find(const scene& s, const route_request& req) {
    const auto t0 = clock_type::now();
    const grid::grid_map& map = s.map();
    const double scale = s.cell_size();
    impl::query q{s,
                  map,
                  req,
                  req.low_obstacles_block ? grid::obstacle_mask::high_and_low
                                          : grid::obstacle_mask::high_only,
                  scale,
                  {},
                  {},
                  req.start,
                  req.goal,
                  {},
                  {},
                  {}};
    auto finish = [&]() {
        q.out.stats.time_us =
            std::chrono::duration<double, std::micro>(clock_type::now() - t0).count();
        return std::move(q.out);
    };
    auto invalid = [&](std::string reason) {
        q.out.status = route_status::invalid;
        q.out.reason = std::move(reason);
        return finish();
    };
    const double w_px = map.width() * scale, h_px = map.height() * scale;
    char bounds[128];
    std::snprintf(bounds, sizeof bounds, "0 <= x < %g, 0 <= y < %g: %d x %d cells of %g pixels",
                  w_px, h_px, map.width(), map.height(), scale);
    for (const auto& [p, name] : {std::pair{req.start, "start"}, std::pair{req.goal, "goal"}}) {
        if (!finite(p)) return invalid(std::string(name) + " pixel is not a finite number");
        if (p.x < 0 || p.y < 0 || p.x >= w_px || p.y >= h_px) {
            return invalid(std::string(name) + " pixel " + pixel_text(p) + " is outside the map (" +
                           bounds + ")");
        }
    }
    if (req.stop_short < 0) return invalid("stop_short must be >= 0 cells");

    auto to_cell = [&](point p) {
        return cell{std::min(static_cast<std::int32_t>(std::floor(p.x)), map.width() - 1),
                    std::min(static_cast<std::int32_t>(std::floor(p.y)), map.height() - 1)};
    };
    q.sp = {req.start.x / scale, req.start.y / scale};
    q.gp = {req.goal.x / scale, req.goal.y / scale};
    q.sc = to_cell(q.sp);
    q.gc = to_cell(q.gp);

    auto blocked_text = [&](cell c) {
        return map.is_high_obstacle(c) ? "a high obstacle" : "a low obstacle (unit)";
    };
    auto endpoint = [&](bool is_start, point& p, point& p_px, cell& c,
                        std::optional<cell>& offer) -> bool {
        if (map.passable(c, q.mask)) return true;
        offer = nearest_cell(map, p, [&](cell x) { return map.passable(x, q.mask); });
        const char* name = is_start ? "start" : "goal";
        if (req.when_blocked == blocked_endpoint::nearest_free && offer) {
            c = *offer;
            p = centre(c);
            p_px = {p.x * scale, p.y * scale};
            if (!is_start) q.out.goal_moved = true;
            return true;
        }
        q.out.reason = std::string(name) + " pixel " + pixel_text(is_start ? req.start : req.goal) +
                       " lies in cell " + cell_text(c) + ", blocked by " + blocked_text(c) +
                       (offer ? "; nearest free cell: " + cell_text(*offer) : "; no free cell");
        return false;
    };
    if (!endpoint(true, q.sp, q.sp_px, q.sc, q.out.nearest_free_start)) {
        q.out.status = route_status::invalid;
        return finish();
    }
    if (req.stop_short == 0 && !endpoint(false, q.gp, q.gp_px, q.gc, q.out.nearest_free_goal)) {
        q.out.status = route_status::invalid;
        return finish();
    }
    q.out.start_cell = q.sc;
    q.out.goal_cell = q.gc;

    for (const route_stage stage : s.options().stages) {
        if (req.deadline && clock_type::now() >= *req.deadline) {
            q.out.reason = "deadline passed";
            break;
        }
        ++q.out.stats.stages_tried;
        switch (stage) {
        case route_stage::straight_line:
            impl_->straight_line(q);
            break;
        case route_stage::reachability:
            impl_->reachability(q);
            break;
        case route_stage::bounded_search:
            impl_->bounded_search(q);
            break;
        case route_stage::waypoint_graph:
            impl_->waypoint_graph(q);
            break;
        case route_stage::full_search:
            impl_->full_search(q);
            break;
        case route_stage::none:
            break;
        }
        if (q.answered) return finish();
    }
    if (q.partial) {
        impl::grid_answer a{std::move(*q.partial), q.partial_algo};
        const std::string earlier = q.out.reason;
        impl_->answer_search(q, q.partial_stage, a);
        if (!earlier.empty()) q.out.reason += "; " + earlier;
        return finish();
    }
    q.out.status = route_status::no_path;
    if (q.out.reason.empty()) q.out.reason = "no enabled stage found a route";
    return finish();
}

route_result find_route(const scene& s, const route_request& request) {
    thread_local route_finder finder;
    return finder.find(s, request);
}

} // namespace xunlu::pipeline
