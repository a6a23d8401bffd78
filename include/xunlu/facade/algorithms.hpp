// The catalogue of path algorithms as the façade shows it: every name path_query::algorithm
// takes, with what the algorithm can do (the registry's capability flags, as plain values).
#pragma once

#include <string>
#include <vector>

#include "xunlu/xunlu_export.h"

namespace xunlu::facade {

/// One registered algorithm. The support fields say how it treats a request feature:
/// "native", "astar_fallback" (it runs A* instead and says so in the result's reason),
/// "ignored" or "unsupported" (invalid_input); the same values as `xunlu algorithms --json`.
struct algorithm_info {
    std::string name;           ///< what path_query::algorithm takes, e.g. "jps"
    std::string description;    ///< one line
    bool optimal = false;       ///< shortest paths (any-angle: the shortest polyline)
    bool complete = false;      ///< finds a path whenever one exists (within its budget)
    bool preprocessing = false; ///< builds per-map data on the first query of a map version
    bool stepping = false;      ///< path_finder::start / step(budget) / finish pause inside it
    bool any_angle = false;     ///< paths are polylines (path_result::waypoints)
    bool budget = false;        ///< honours max_expansions, the deadline and cancellation
    std::string terrain_costs;
    std::string stop_within;
    std::string turn_penalty;
    std::string hex;
    std::string weight;
    std::vector<std::string> rules; ///< movement rules searched: "4", "8", "8-cut1", "8-always"
};

/// Every algorithm path_query::algorithm names, in the registry's stable order. Thread-safe.
[[nodiscard]] XUNLU_API std::vector<algorithm_info> algorithms();

} // namespace xunlu::facade
