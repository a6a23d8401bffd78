// The paper's hybrid (section 3): walk the straight line towards the goal while no obstacle is
// within k cells ahead on it; when one is, run A* locally around the obstacle, then walk
// straight again. Falls back to a full A* so it never misses an existing path.
#pragma once

#include <cstdint>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hybrid/method_result.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::hybrid {

struct hybrid_options {
    /// Threshold k, in cells (Chebyshev distance along the line, >= 1): local A* starts when a
    /// blocked line cell is at most k cells ahead of the unit.
    std::int32_t k = 3;
    /// Margin, in cells, added on every side of the box spanning the unit and the rejoin
    /// point to make the local A* window (>= 1).
    std::int32_t window = 8;
    /// How many times a failed window is widened (its margin doubled) before the full-map
    /// fallback A* runs.
    std::int32_t widen_steps = 5;
    /// Upper bound on local searches (0 = automatic: 2 * (width + height) + 16); reaching it
    /// also triggers the full-map fallback.
    std::uint32_t max_local_searches = 0;
};

/// Runs the hybrid from `request.start` to `request.goal`. Uses from `request`: start, goal,
/// rules, heuristic, low_obstacles_block and record_trace (then `recorded_cells` holds every
/// cell any local A* recorded in OPEN). How the paper's step 3 is read:
/// - The distance |O - S| is measured from the unit's current cell S to the first blocked
///   cell O on the straight line from S to the goal, in cells (Chebyshev).
/// - The local A* connects S to a rejoin point: past the blocked run containing O, the
///   first free cell of the line (the goal if the line reaches it first). Up to 4 candidates
///   are kept, one past each of the next blocked runs of the line, because the first may lie
///   in a closed pocket (a courtyard, a hole in a wall). Each search runs inside a window: the
///   box spanning S and the candidate plus `window` cells on each side, clamped to the map;
///   A* in the window is the unchanged search::astar on a copy of that part of the map. It
///   runs from the candidate back to S, so a pocket fails after flooding only the pocket; a
///   candidate whose failed search never touched the window's inner edge is dropped.
/// - After reaching the rejoin point the unit walks straight again, on a new line from there
///   to the goal ("when the distance exceeds k, use single-object walking again").
/// - When every live candidate fails, all are retried with the margin doubled (`widen_steps`
///   times);
///   then a full-map A* from the unit's cell to the goal finishes the job and `fallback` is
///   set. Its result decides: no path there means no path at all (the unit's cell is
///   reachable from the start).
[[nodiscard]] method_result find_path_hybrid(const grid::grid_map& map,
                                             const search::search_request& request,
                                             const hybrid_options& options = {});

} // namespace xunlu::hybrid
