// The one JSON encoder of results (search, route, ray, comparison methods) and of the algorithm
// catalogue. Key names and values are contracts documented in docs/formats.md.
#pragma once

#include <nlohmann/json.hpp>

#include <span>

#include "xunlu/core/cell.hpp"
#include "xunlu/graph/graph_search.hpp"
#include "xunlu/graph/spatial_graph.hpp"
#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/hybrid/method_result.hpp"
#include "xunlu/pipeline/route_request.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::encode {

/// [x, y]
[[nodiscard]] nlohmann::json cell_json(cell c);
/// [[x, y], ...]
[[nodiscard]] nlohmann::json path_json(std::span<const cell> path);

/// status, reason (when set), length, cost, partial, expanded, generated, heap_pushes,
/// decrease_keys, peak_open, memory_bytes, path. (`find` adds algo and time_us.)
[[nodiscard]] nlohmann::json search_json(const search::search_result& r);

/// status, reason (when set), stage, algorithm (when set), points ([[px, py], ...]), length,
/// grid_length, expanded, generated, los_checks, waypoints_settled, stages_tried, time_us,
/// map_version (the scene's map snapshot version the query ran on), start_cell and goal_cell (when
/// known), goal_moved (when true), blocking_cell, nearest_free_start, nearest_free_goal (when set).
/// (`route` adds cell_size and warnings.)
[[nodiscard]] nlohmann::json route_json(const pipeline::route_result& r);

/// One graph query: status, reason (when set), cost (null when no path), path (node ids, from
/// first; empty when no path), expanded, generated, heuristic ("euclidean",
/// "scaled_euclidean", "none"), heuristic_scale, by_components. (`graph` adds time_us, nodes,
/// edges, directed and load_ms.)
[[nodiscard]] nlohmann::json graph_path_json(const graph::spatial_graph& g,
                                             const graph::path_result& r);

/// clear, and blocked_cell when not clear. (`ray` adds cells.)
[[nodiscard]] nlohmann::json ray_json(const grid::ray_result& r);

/// method, status, reason (when set), length, recorded, expanded, steps, memory_bytes, time_us,
/// path; single_object adds turn and obstacle_hits; hybrid adds obstacle_hits,
/// local_searches, widenings and fallback. (`compare` adds the ratios to A*.)
[[nodiscard]] nlohmann::json method_json(const hybrid::method_result& r);

/// One catalogue entry: name, description, optimal, complete, preprocessing, stepping,
/// terrain_costs, stop_within, turn_penalty, hex, weight ("native", "astar_fallback",
/// "ignored", "unsupported") and rules (["4", "8", "8-cut1", "8-always"], those the finder
/// supports).
[[nodiscard]] nlohmann::json finder_json(const registry::finder_entry& e);
/// Every registered finder, in registry order.
[[nodiscard]] nlohmann::json catalogue_json();

} // namespace xunlu::encode
