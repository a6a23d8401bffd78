// Optimal search over a simple subgoal graph: start and goal linked to the subgoals they reach
// directly, A* over the graph with the octile heuristic, links refined into grid cells.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/jps/jump_table.hpp"
#include "xunlu/jps/subgoal_graph.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::jps {

/// Reusable subgoal-graph engine (one per thread). 8-connected moves without corner cutting
/// (exact and 10/14 costs); other rules get invalid_input; terrain costs, stop_within > 0, turn
/// penalties, hex maps and windows run A* (said in `reason`), as for JPS.
///
/// The graph lives in the map's derived cache, one per obstacle mask: built on the first query
/// of any engine on that map, shared by every thread, dropped when the map is mutated; a new
/// map_snapshot builds its own on its first query.
class subgoal_search {
  public:
    subgoal_search();
    subgoal_search(subgoal_search&&) noexcept;
    subgoal_search& operator=(subgoal_search&&) noexcept;
    ~subgoal_search();

    search::search_result find_path(const grid::grid_map& map,
                                    const search::search_request& request);
    /// Stepwise use, as jps_plus: `start`, `step(budget)` until true, `finish`.
    bool start(const grid::grid_map& map, const search::search_request& request);
    bool step(std::uint64_t budget = 0);
    search::search_result finish();
    /// Maps with more padded cells than this use the paged node store (for tests).
    void set_dense_limit(std::size_t ids) noexcept;
    /// Installs a graph (e.g. one loaded from a file) in `map`'s derived cache, unless the map
    /// already has one for that mask. It must have been built or checked for this map
    /// (subgoal_graph::load checks it).
    void use_graph(const grid::grid_map& map, subgoal_graph graph);
    /// Called with progress while a query builds a graph (for big maps).
    void set_progress(build_progress progress);
    /// How many graphs this engine's queries built: for tests of the cache.
    [[nodiscard]] std::size_t builds() const noexcept;
    /// The graph of the last query, or null before the first.
    [[nodiscard]] const subgoal_graph* graph() const noexcept;
    /// Bytes held by the node table, OPEN and the graph.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::jps
