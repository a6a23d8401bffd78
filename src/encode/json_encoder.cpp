// JSON for every result the apps print; one place per key.
#include "xunlu/encode/json_encoder.hpp"

namespace xunlu::encode {

nlohmann::json cell_json(cell c) {
    return nlohmann::json::array({c.x, c.y});
}

nlohmann::json path_json(std::span<const cell> path) {
    auto out = nlohmann::json::array();
    for (const cell c : path) out.push_back({c.x, c.y});
    return out;
}

nlohmann::json search_json(const search::search_result& r) {
    nlohmann::json j;
    j["status"] = search::status_name(r.status);
    if (!r.reason.empty()) j["reason"] = r.reason;
    j["length"] = r.length;
    j["cost"] = r.cost;
    j["partial"] = r.partial;
    j["expanded"] = r.stats.expanded;
    j["generated"] = r.stats.generated;
    j["heap_pushes"] = r.stats.heap_pushes;
    j["decrease_keys"] = r.stats.decrease_keys;
    j["peak_open"] = r.stats.peak_open;
    j["memory_bytes"] = r.stats.memory_bytes;
    j["preprocess_us"] = r.stats.preprocess_us;
    j["path"] = path_json(r.path);
    if (!r.waypoints.empty()) {
        auto& w = j["waypoints"] = nlohmann::json::array();
        for (const point p : r.waypoints) w.push_back({p.x, p.y});
    }
    return j;
}

nlohmann::json route_json(const pipeline::route_result& r) {
    nlohmann::json j;
    j["status"] = pipeline::status_name(r.status);
    if (!r.reason.empty()) j["reason"] = r.reason;
    j["stage"] = pipeline::stage_name(r.stage);
    if (!r.algorithm.empty()) j["algorithm"] = r.algorithm;
    auto& pts = j["points"] = nlohmann::json::array();
    for (const point p : r.points) pts.push_back({p.x, p.y});
    j["length"] = r.length;
    j["grid_length"] = r.grid_length;
    j["expanded"] = r.stats.expanded;
    j["generated"] = r.stats.generated;
    j["los_checks"] = r.stats.los_checks;
    j["waypoints_settled"] = r.stats.waypoints_settled;
    j["stages_tried"] = r.stats.stages_tried;
    j["time_us"] = r.stats.time_us;
    j["map_version"] = r.map_version;
    if (r.start_cell.x >= 0) j["start_cell"] = cell_json(r.start_cell);
    if (r.goal_cell.x >= 0) j["goal_cell"] = cell_json(r.goal_cell);
    if (r.goal_moved) j["goal_moved"] = true;
    if (r.blocking_cell) j["blocking_cell"] = cell_json(*r.blocking_cell);
    if (r.nearest_free_start) j["nearest_free_start"] = cell_json(*r.nearest_free_start);
    if (r.nearest_free_goal) j["nearest_free_goal"] = cell_json(*r.nearest_free_goal);
    return j;
}

nlohmann::json graph_path_json(const graph::spatial_graph& g, const graph::path_result& r) {
    nlohmann::json j;
    j["status"] = search::status_name(r.status);
    if (!r.reason.empty()) j["reason"] = r.reason;
    j["cost"] = r.found() ? nlohmann::json(r.cost) : nlohmann::json(nullptr);
    auto& path = j["path"] = nlohmann::json::array();
    for (const std::uint32_t i : r.nodes) path.push_back(g.at(i).id);
    j["expanded"] = r.expanded;
    j["generated"] = r.generated;
    j["heuristic"] = graph::heuristic_name(r.heuristic);
    j["heuristic_scale"] = r.heuristic_scale;
    j["by_components"] = r.by_components;
    return j;
}

nlohmann::json ray_json(const grid::ray_result& r) {
    nlohmann::json j;
    j["clear"] = r.clear;
    if (!r.clear) j["blocked_cell"] = {r.blocked_cell.x, r.blocked_cell.y};
    return j;
}

nlohmann::json method_json(const hybrid::method_result& r) {
    nlohmann::json m;
    m["method"] = hybrid::method_name(r.method);
    m["status"] = search::status_name(r.status);
    if (!r.reason.empty()) m["reason"] = r.reason;
    m["length"] = r.length;
    m["recorded"] = r.recorded;
    m["expanded"] = r.expanded;
    m["steps"] = r.steps;
    m["memory_bytes"] = r.memory_bytes;
    m["time_us"] = r.time_us;
    if (r.method == hybrid::method_kind::single_object) {
        m["turn"] = hybrid::turn_name(r.turn);
        m["obstacle_hits"] = r.obstacle_hits;
    }
    if (r.method == hybrid::method_kind::hybrid) {
        m["obstacle_hits"] = r.obstacle_hits;
        m["local_searches"] = r.local_searches;
        m["widenings"] = r.widenings;
        m["fallback"] = r.fallback;
    }
    m["path"] = path_json(r.path);
    return m;
}

nlohmann::json finder_json(const registry::finder_entry& e) {
    const auto& c = e.caps;
    nlohmann::json j;
    j["name"] = e.name;
    j["description"] = e.description;
    j["optimal"] = c.optimal;
    j["complete"] = c.complete;
    j["preprocessing"] = c.preprocessing;
    j["stepping"] = c.stepping;
    j["any_angle"] = c.any_angle;
    j["budget"] = c.budget;
    j["terrain_costs"] = registry::support_name(c.terrain_costs);
    j["stop_within"] = registry::support_name(c.stop_within);
    j["turn_penalty"] = registry::support_name(c.turn_penalty);
    j["hex"] = registry::support_name(c.hex);
    j["weight"] = registry::support_name(c.weight);
    auto& rules = j["rules"] = nlohmann::json::array();
    for (const auto name : registry::rule_names(c.rules)) rules.push_back(name);
    return j;
}

nlohmann::json catalogue_json() {
    auto out = nlohmann::json::array();
    for (const auto& e : registry::finders()) out.push_back(finder_json(e));
    return out;
}

} // namespace xunlu::encode
