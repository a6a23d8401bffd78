// One path query by algorithm name (path_query in, path_result out) and the per-thread search
// object that answers it, reusing its finder between queries.
#pragma once

#include <memory>
#include <string>

#include "xunlu/facade/map.hpp"
#include "xunlu/overlays/query_layers.hpp"
#include "xunlu/search/finder.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::facade {

/// One query: which registered algorithm (see `xunlu algorithms`: "astar", "dijkstra", "jps",
/// "jps-block", "jps+", ...) and the search request (start and goal in cells, movement rule,
/// stop_within in cells, expansion budget, deadline, memory cap). Meant for designated
/// initialisers: `{.algorithm = "jps", .search = {.start = {0, 0}, .goal = {9, 4}}}`.
struct path_query {
    std::string algorithm = "astar";
    search::search_request search{};
    /// What the unit knows and prefers (borrowed for the call): a player's fog, influence
    /// layers weighted into the terrain, a unit size N (start, goal and path then name the
    /// N x N footprint's top-left cell). See overlays::layered_map; a size alone costs one sized
    /// map per (map version, size), kept with the map.
    overlays::query_layers layers{};
};

/// The answer: status (found, no_path, budget_exhausted, invalid_input, resource_exhausted) with
/// a reason, the path in cells from start to goal, its cost in cost units and its length in
/// cells (1 per straight step, sqrt 2 per diagonal one), and statistics.
using path_result = search::search_result;

/// Answers path queries. Holds the finder of the last algorithm asked for, with its scratch
/// memory, so repeated queries allocate little.
///
/// Thread safety: not thread-safe; keep one path_finder per thread. The maps it searches may be
/// shared by all threads.
class XUNLU_API path_finder {
  public:
    /// Never throws. An unknown algorithm name, a start or goal outside the map give
    /// `invalid_input` with a reason; nothing is searched. Running out of memory gives
    /// `resource_exhausted`.
    [[nodiscard]] path_result find(const map& m, const path_query& query);

  private:
    path_result find_unguarded(const map& m, const path_query& query);

    std::string algorithm_;
    std::unique_ptr<search::finder> finder_;
};

/// One query with a fresh path_finder (convenient; a loop of queries should keep a path_finder).
/// Thread-safe for distinct calls.
[[nodiscard]] XUNLU_API path_result find_path(const map& m, const path_query& query);

} // namespace xunlu::facade
