#include "proto_conversion.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace xunlu::server::api {

namespace {

outcome<point> pixel_of(bool has, const v1::Point& p, std::string_view field) {
    if (!has) return bad_field(field, "is missing");
    if (!std::isfinite(p.x()) || !std::isfinite(p.y())) {
        return bad_field(field, "coordinates must be finite numbers");
    }
    return point{p.x(), p.y()};
}

outcome<cell> cell_of(bool has, const v1::Cell& c, std::string_view field) {
    if (!has) return bad_field(field, "is missing");
    return cell{c.x(), c.y()};
}

void set_cell(cell c, v1::Cell& out) {
    out.set_x(c.x);
    out.set_y(c.y);
}

v1::RouteStatus status_of(pipeline::route_status s) {
    switch (s) {
    case pipeline::route_status::straight_line:
        return v1::ROUTE_STATUS_STRAIGHT_LINE;
    case pipeline::route_status::found:
        return v1::ROUTE_STATUS_FOUND;
    case pipeline::route_status::partial:
        return v1::ROUTE_STATUS_PARTIAL;
    case pipeline::route_status::no_path:
        return v1::ROUTE_STATUS_NO_PATH;
    case pipeline::route_status::invalid:
        return v1::ROUTE_STATUS_INVALID;
    }
    return v1::ROUTE_STATUS_UNSPECIFIED;
}

/// The scene and the two endpoints every query message has (pixels or cells).
template <class Input, class Request, class Convert>
std::optional<service_error> endpoints(const Request& r, Input& in, Convert convert) {
    in.scene = r.scene();
    auto from = convert(r.has_from(), r.from(), "from");
    if (!from) return from.error();
    auto to = convert(r.has_to(), r.to(), "to");
    if (!to) return to.error();
    in.from = from.value();
    in.to = to.value();
    return std::nullopt;
}

unit_knowledge knowledge_of(const v1::UnitKnowledge& u) {
    unit_knowledge out;
    // Sorted by name: a protobuf map has no order, answers must not depend on it.
    for (const auto& [name, weight] : u.influence()) out.influence.emplace_back(name, weight);
    std::sort(out.influence.begin(), out.influence.end());
    out.player = u.player();
    out.unexplored_blocked = u.unexplored_blocked();
    return out;
}

} // namespace

outcome<influence_input> to_input(const v1::SetInfluenceRequest& r) {
    influence_input in;
    in.scene = r.scene();
    in.layer = r.layer();
    in.byte_step = r.byte_step();
    for (int i = 0; i < r.sources_size(); ++i) {
        const auto& s = r.sources(i);
        auto at = cell_of(s.has_at(), s.at(), "sources[" + std::to_string(i) + "].at");
        if (!at) return at.error();
        in.sources.push_back({at.value(), s.strength(), s.radius()});
    }
    return in;
}

outcome<explore_input> to_input(const v1::ExploreRequest& r) {
    explore_input in;
    in.scene = r.scene();
    in.player = r.player();
    for (int i = 0; i < r.discs_size(); ++i) {
        const auto& d = r.discs(i);
        auto at = cell_of(d.has_at(), d.at(), "discs[" + std::to_string(i) + "].at");
        if (!at) return at.error();
        in.discs.push_back({at.value(), d.radius()});
    }
    return in;
}

outcome<load_scene_input> to_input(const v1::LoadSceneRequest& r) {
    load_scene_input in;
    in.id = r.id();
    switch (r.source_case()) {
    case v1::LoadSceneRequest::kPath:
        in.path = r.path();
        break;
    case v1::LoadSceneRequest::kMapBytes:
        in.map_bytes = r.map_bytes();
        break;
    case v1::LoadSceneRequest::SOURCE_NOT_SET:
        return bad_field("source", "give path or map_bytes");
    }
    in.waypoints_dir = r.waypoints_dir();
    in.road_points_csv = r.road_points_csv();
    in.path_links_csv = r.path_links_csv();
    const auto& o = r.options();
    in.cell_size = o.cell_size() == 0 ? 1.0 : o.cell_size();
    in.stages.assign(o.stages().begin(), o.stages().end());
    in.step_limit = o.step_limit();
    in.bounded_max_distance = o.bounded_max_distance();
    in.algorithm = o.algorithm();
    in.replace = r.replace();
    return in;
}

outcome<route_input> to_input(const v1::FindRouteRequest& r) {
    route_input in;
    if (auto bad = endpoints(r, in, pixel_of)) return *bad;
    in.stop_short = r.stop_short();
    in.max_expansions = r.max_expansions();
    in.four_way = r.four_way();
    in.ignore_low = r.ignore_low();
    in.nearest_free = r.nearest_free();
    in.nearest_reachable = r.nearest_reachable();
    in.unit_size = r.unit_size() == 0 ? 1 : r.unit_size();
    in.unit = knowledge_of(r.unit());
    return in;
}

outcome<path_input> to_input(const v1::FindPathRequest& r) {
    path_input in;
    if (auto bad = endpoints(r, in, cell_of)) return *bad;
    in.algorithm = r.algorithm();
    in.four_way = r.four_way();
    in.ignore_low = r.ignore_low();
    in.max_expansions = r.max_expansions();
    in.stop_within = r.stop_within();
    in.unit_size = r.unit_size() == 0 ? 1 : r.unit_size();
    in.unit = knowledge_of(r.unit());
    return in;
}

outcome<ray_input> to_input(const v1::RaycastRequest& r) {
    ray_input in;
    if (auto bad = endpoints(r, in, pixel_of)) return *bad;
    in.low_blocks = r.low_blocks();
    return in;
}

outcome<nearest_input> to_input(const v1::NearestRequest& r) {
    nearest_input in;
    in.scene = r.scene();
    auto at = pixel_of(r.has_at(), r.at(), "at");
    if (!at) return at.error();
    in.at = at.value();
    in.radius = r.radius();
    in.ignore_low = r.ignore_low();
    return in;
}

void to_proto(const nearest_output& in, v1::NearestResponse& out) {
    out.set_found(in.found);
    if (in.found) {
        out.mutable_cell()->set_x(in.at_cell.x);
        out.mutable_cell()->set_y(in.at_cell.y);
        out.mutable_point()->set_x(in.centre.x);
        out.mutable_point()->set_y(in.centre.y);
        out.set_distance(in.distance);
    }
    out.set_version(in.version);
}

outcome<update_input> to_input(const v1::UpdateCellsRequest& r) {
    update_input in;
    in.scene = r.scene();
    in.edits.reserve(static_cast<std::size_t>(r.edits_size()));
    for (int i = 0; i < r.edits_size(); ++i) {
        const auto& e = r.edits(i);
        const std::string field = "edits[" + std::to_string(i) + "]";
        auto c = cell_of(e.has_cell(), e.cell(), field + ".cell");
        if (!c) return c.error();
        switch (e.kind()) {
        case v1::CellEdit::HIGH_OBSTACLE:
            in.edits.push_back(grid::cell_edit::high(c.value(), e.blocked()));
            break;
        case v1::CellEdit::LOW_OBSTACLE:
            in.edits.push_back(grid::cell_edit::low(c.value(), e.blocked()));
            break;
        case v1::CellEdit::TERRAIN_COST:
            if (!std::isfinite(e.cost()) || e.cost() < 1.0f) {
                return bad_field(field + ".cost", "must be a finite number >= 1");
            }
            in.edits.push_back(grid::cell_edit::terrain(c.value(), e.cost()));
            break;
        default:
            return bad_field(field + ".kind",
                             "must be HIGH_OBSTACLE, LOW_OBSTACLE or TERRAIN_COST");
        }
    }
    if (r.has_expected_version()) in.expected_version = r.expected_version();
    return in;
}

void to_proto(const scene_info& in, v1::SceneInfo& out) {
    out.set_id(in.id);
    out.set_width(in.width);
    out.set_height(in.height);
    out.set_version(in.version);
    out.set_memory_bytes(in.memory_bytes);
    out.set_cell_size(in.cell_size);
    out.set_waypoints(in.waypoints);
    out.set_algorithm(in.algorithm);
    out.set_source(in.source);
}

void to_proto(const route_output& in, v1::FindRouteResponse& out) {
    const auto& r = in.result;
    out.set_status(status_of(r.status));
    out.set_reason(r.reason);
    for (const point p : r.points) {
        auto* q = out.add_points();
        q->set_x(p.x);
        q->set_y(p.y);
    }
    out.set_length(r.length);
    out.set_grid_length(r.grid_length);
    out.set_stage(std::string(pipeline::stage_name(r.stage)));
    out.set_algorithm(r.algorithm);
    set_cell(r.start_cell, *out.mutable_start_cell());
    set_cell(r.goal_cell, *out.mutable_goal_cell());
    if (r.blocking_cell) set_cell(*r.blocking_cell, *out.mutable_blocking_cell());
    out.set_goal_moved(r.goal_moved);
    out.set_version(r.map_version);
    auto* s = out.mutable_stats();
    s->set_expanded(r.stats.expanded);
    s->set_generated(r.stats.generated);
    s->set_los_checks(r.stats.los_checks);
    s->set_waypoints_settled(r.stats.waypoints_settled);
    s->set_stages_tried(r.stats.stages_tried);
    s->set_time_us(r.stats.time_us);
}

void to_proto(const path_output& in, v1::FindPathResponse& out) {
    const auto& r = in.result;
    out.set_status(std::string(search::status_name(r.status)));
    out.set_reason(r.reason);
    for (const cell c : r.path) set_cell(c, *out.add_path());
    for (const point p : r.waypoints) {
        auto* w = out.add_waypoints();
        w->set_x(p.x);
        w->set_y(p.y);
    }
    out.set_length(r.length);
    out.set_expanded(r.stats.expanded);
    out.set_generated(r.stats.generated);
    out.set_time_us(in.time_us);
    out.set_algorithm(in.algorithm);
    out.set_version(in.version);
}

void to_proto(const ray_output& in, v1::RaycastResponse& out) {
    out.set_clear(in.ray.clear);
    if (!in.ray.clear) set_cell(in.ray.blocked_cell, *out.mutable_blocked_cell());
    out.set_cells(in.cells);
    out.set_version(in.version);
}

} // namespace xunlu::server::api
