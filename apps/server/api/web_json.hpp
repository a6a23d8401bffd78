// JSON of the web visualizer's endpoints (transport/web_endpoints.cpp): request bodies to the
// service's inputs (errors name the field, unknown keys refused) and answers to JSON. Key names
// are documented in docs/server.md, "Web visualizer endpoints".
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "service/pathfinding_service.hpp"
#include "service/scratch_store.hpp"
#include "service/traced_search.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/waypoint/waypoint_graph.hpp"

namespace xunlu::server::api {

/// Where a web query runs: a shared scene (read only) or a scratch copy.
struct web_target {
    std::string scene;   ///< set, or
    std::string scratch; ///< set (exactly one of the two)
};

/// {"scene":ID | "scratch":ID, "from":[x,y], "to":[x,y]} (cells) and algo, rule ("4", "8",
/// "8-cut1", "8-always"), heuristic, weight, ignore_low, max_expansions, trace_limit, and for
/// algo "hybrid" hybrid_k and hybrid_window (1..1000).
outcome<std::pair<web_target, traced_input>> trace_from_json(const nlohmann::json& j);
/// {"edits":[{"cell":[x,y],"set":"wall"|"free"|"low"|"clear_low"|"cost","cost":c},...]}.
outcome<std::vector<grid::cell_edit>> edits_from_json(const nlohmann::json& j);
/// {"scene":ID}: the scene a scratch copy starts from.
outcome<std::string> scratch_request_from_json(const nlohmann::json& j);

/// The list entry of a scene for the page: id, width, height, version, cell_size, waypoints,
/// algorithm, layers {low_obstacles, terrain_costs}.
[[nodiscard]] nlohmann::json web_scene_json(const scene_info& info, bool low_obstacles,
                                            bool terrain_costs);
/// True when any cell of `map` holds a low obstacle (a scan: callers cache it per version).
[[nodiscard]] bool has_low_obstacles(const grid::grid_map& map);
/// A map's cells as JSON text, run-length encoded row by row from (0,0): width, height, version,
/// encoding ("rle"), codes {"0":"free","1":"wall","2":"low"}, runs [code, count, code, count,
/// ...] over width x height cells, and costs (only when the map has terrain costs) [cost, count,
/// ...]. Written as text, not built as a JSON tree: a 16 Mi-cell map's runs would take hundreds
/// of megabytes as tree nodes.
[[nodiscard]] std::string cells_json_text(const grid::grid_map& map, std::uint64_t version);
/// A traced search as JSON text: the search JSON of `xunlu find --json` (status, length, cost,
/// expanded, ..., path), algorithm, time_us, waypoints ([[x,y],...] in cell units, any-angle
/// finders), trace {events: [x, y, kind, x, y, kind, ...] with kind 0 = opened, 1 = closed,
/// truncated, expansions}, trace_truncated. The events are written as text (see above).
[[nodiscard]] std::string traced_json_text(const traced_output& t);
/// A scratch copy: scratch, base, version, width, height.
[[nodiscard]] nlohmann::json scratch_json(const scratch_snapshot& s);
/// A waypoint graph: points [[x,y], ...] (cell centres, cell units), ids, links [[a,b], ...]
/// (indices into points).
[[nodiscard]] nlohmann::json waypoints_json(const waypoint::waypoint_graph* g);

/// A scene's Moving AI scenarios: file (the .scen file's name, or null when the scene has none),
/// count, skipped (queries outside the map), scenarios [[bucket, sx, sy, gx, gy, optimal], ...]
/// in file order (at most `max` of them; truncated says when more were left out).
[[nodiscard]] nlohmann::json scenarios_json(const std::string& file,
                                            const std::vector<io::scenario>& list,
                                            const grid::grid_map& map, std::size_t max);

} // namespace xunlu::server::api
