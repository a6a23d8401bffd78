// Optimal queries over a contraction hierarchy of the subgoal graph (registry `subgoal-ch`):
// start and goal linked to the subgoals they reach directly, a bidirectional search that only
// climbs the hierarchy, shortcuts unpacked into subgoals and the subgoal links into cells.
#pragma once

#include <cstddef>
#include <memory>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/jps/jump_table.hpp"
#include "xunlu/jps/subgoal_hierarchy.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::jps {

/// Reusable engine (one per thread; scratch grows with the subgoals of the maps it searched).
/// 8-connected moves without corner cutting (exact and 10/14 costs); other rules get
/// invalid_input; terrain costs, stop_within > 0, turn penalties, hex maps, windows and weights
/// run A* (said in `reason`), as for the other subgoal and JPS searches.
///
/// The subgoal graph and its hierarchy live in the map's derived cache (per obstacle mask; the
/// hierarchy also per cost model): built on the first query of any engine on the map, shared
/// by every thread, built anew for an edited map version on its first query.
///
/// Each direction is an A* towards the other end (the octile distance is consistent: a link is
/// never shorter than its octile length), and a subgoal whose label plus that distance passes
/// the best meeting is not labelled: no way through it is shorter.
///
/// `stats.expanded` counts subgoals settled by both directions; a node budget, deadline or
/// cancellation stops the search with the path to the forward subgoal nearest the goal.
class subgoal_ch_search {
  public:
    subgoal_ch_search();
    subgoal_ch_search(subgoal_ch_search&&) noexcept;
    subgoal_ch_search& operator=(subgoal_ch_search&&) noexcept;
    ~subgoal_ch_search();

    search::search_result find_path(const grid::grid_map& map,
                                    const search::search_request& request);
    /// Called with progress while a query builds the graph (pass 0 and 1 of the subgoal graph)
    /// and then the hierarchy (pass 2).
    void set_progress(build_progress progress);
    /// Installs a hierarchy (e.g. one loaded from a file, checked against the map) in `map`'s
    /// derived cache, unless the map already has one for its mask and step costs; queries with
    /// those then use it instead of building one.
    void use_hierarchy(const grid::grid_map& map, subgoal_hierarchy hierarchy);
    /// The hierarchy of the last query, or null before the first.
    [[nodiscard]] const subgoal_hierarchy* hierarchy() const noexcept;
    /// Bytes of this engine's scratch.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::jps
