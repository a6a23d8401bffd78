// The route pipeline's orchestrator: endpoint checks, then the scene's stages in order (one
// file per stage), then the answer with its statistics.
#include "xunlu/pipeline/route_finder.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "route_geometry.hpp"
#include "route_stages.hpp"

namespace xunlu::pipeline {

namespace {
using clock_type = std::chrono::steady_clock;
using detail::cell_text;
using detail::centre;
using detail::finite;
using detail::nearest_cell;
using detail::pixel_text;
} // namespace

struct route_finder::impl {
    detail::stage_context ctx;
};

route_finder::route_finder() : impl_(std::make_unique<impl>()) {}

route_finder::route_finder(grid_search_choice grid) : impl_(std::make_unique<impl>()) {
    if (grid.make) impl_->ctx.grid = grid.make();
    if (impl_->ctx.grid) impl_->ctx.grid_choice = std::move(grid);
}
route_finder::route_finder(route_finder&&) noexcept = default;
route_finder& route_finder::operator=(route_finder&&) noexcept = default;
route_finder::~route_finder() = default;

bool route_finder::has_grid_search() const noexcept {
    return impl_->ctx.grid != nullptr;
}

const std::string& route_finder::grid_search_name() const noexcept {
    return impl_->ctx.grid_choice.name;
}

route_result route_finder::find(const scene& s, const route_request& req) {
    const auto t0 = clock_type::now();
    const std::shared_ptr<const scene_state> state = s.state(); // held until the answer
    const grid::obstacle_mask mask = req.low_obstacles_block ? grid::obstacle_mask::high_and_low
                                                             : grid::obstacle_mask::high_only;
    // The grid this query searches: the scene's map, or what the unit's layers make of it
    // (held until the answer; the scene's map itself when there are no layers).
    auto layered = overlays::layered_map(state->map(), req.layers, mask);
    const std::shared_ptr<const grid::grid_map> searched =
        layered ? std::move(layered).value() : std::shared_ptr<const grid::grid_map>{};
    const grid::grid_map& map = searched ? *searched : state->map();
    const double scale = s.cell_size();
    detail::route_query q{s,  *state,    map,      req, mask, scale, {},
                          {}, req.start, req.goal, {},  {},   {}};
    q.out.map_version = state->version();
    const bool walls_changed = req.layers.changes_walls();
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
    if (!layered) return invalid(layered.err().message);
    if (req.stop_short < 0) return invalid("stop_short must be >= 0 cells");
    if (req.turn_penalty && !(std::isfinite(*req.turn_penalty) && *req.turn_penalty >= 0)) {
        return invalid("turn_penalty must be a finite number >= 0");
    }

    auto to_cell = [&](point p) {
        return cell{std::min(static_cast<std::int32_t>(std::floor(p.x)), map.width() - 1),
                    std::min(static_cast<std::int32_t>(std::floor(p.y)), map.height() - 1)};
    };
    q.sp = {req.start.x / scale, req.start.y / scale};
    q.gp = {req.goal.x / scale, req.goal.y / scale};
    q.sc = to_cell(q.sp);
    q.gc = to_cell(q.gp);

    auto blocked_text = [&](cell c) -> std::string {
        const grid::grid_map& shared = state->map();
        if (!shared.passable(c, mask)) {
            return shared.is_high_obstacle(c) ? "blocked by a high obstacle"
                                              : "blocked by a low obstacle (unit)";
        }
        if (req.layers.fog != nullptr && !req.layers.fog->explored(c) &&
            req.layers.unknown == overlays::unknown_cells::blocked) {
            return "unexplored and assumed blocked (fog)";
        }
        const std::string n = std::to_string(req.layers.unit_size);
        return "where a " + n + " x " + n + " unit does not fit (its footprint's top-left cell)";
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
                       " lies in cell " + cell_text(c) + ", " + blocked_text(c) +
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
        if (req.cancel != nullptr && req.cancel->load(std::memory_order_relaxed)) {
            q.out.reason = "cancelled";
            break;
        }
        // The scene's island labels and waypoint links describe 1 x 1 units on the whole map;
        // a unit that weighs influences wants the cheapest route, not the straight one.
        if (walls_changed &&
            (stage == route_stage::reachability || stage == route_stage::waypoint_graph ||
             stage == route_stage::hierarchical)) {
            continue;
        }
        if (!req.layers.influences.empty() && stage == route_stage::straight_line) continue;
        ++q.out.stats.stages_tried;
        switch (stage) {
        case route_stage::straight_line:
            detail::straight_line_stage(impl_->ctx, q);
            break;
        case route_stage::reachability:
            detail::reachability_stage(impl_->ctx, q);
            break;
        case route_stage::bounded_search:
            detail::bounded_search_stage(impl_->ctx, q);
            break;
        case route_stage::waypoint_graph:
            detail::waypoint_stage(impl_->ctx, q);
            break;
        case route_stage::hierarchical:
            detail::hierarchical_stage(impl_->ctx, q);
            break;
        case route_stage::full_search:
            detail::full_search_stage(impl_->ctx, q);
            break;
        case route_stage::none:
            break;
        }
        if (q.answered) return finish();
    }
    if (q.partial) {
        detail::grid_answer a{std::move(*q.partial), q.partial_algo};
        const std::string earlier = q.out.reason;
        detail::stage_context::answer_search(q, q.partial_stage, a);
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
