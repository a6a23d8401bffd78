// Single-object pathfinding (the paper's section 2; a Bug2-style method from robotics): walk
// the straight line start->goal, follow an obstacle's boundary until the line is met again
// closer to the goal, repeat. Always terminates.
#pragma once

#include <cstdint>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hybrid/method_result.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::hybrid {

struct single_object_options {
    turn_direction turn = turn_direction::both;
    /// Upper bound on cells walked (0 = automatic: 8 * width * height + 64). Reaching it gives
    /// `budget_exhausted`. Loops are normally caught long before by cycle detection.
    std::uint64_t max_steps = 0;
};

/// Walks from `request.start` to `request.goal`. Uses from `request`: start, goal, rules,
/// low_obstacles_block and record_trace (then `recorded_cells` holds the hit/leave points).
///
/// The walk, in cells:
/// - Straight: the supercover line between the two cell centres
///   (grid::for_each_cell_on_segment) is followed one legal step at a time; where two
///   consecutive line steps form a legal diagonal, the diagonal is taken.
/// - Hit: when the next line cell (or either side of an exact corner the line passes) is
///   blocked, the unit follows the boundary with 4-connected steps, keeping the obstacle on
///   its right (clockwise) or left (counter-clockwise) hand; two orthogonal steps around a
///   free corner are merged into one diagonal step when legal.
/// - Leave: at a line cell further along the line than the hit point (Bug2's rule), or on
///   reaching the goal. A blocked cell right after it is a new hit point.
/// - Stop: `no_path` when the boundary walk comes back to an earlier state (Brent's cycle
///   detection on (cell, heading), O(1) memory): the goal is unreachable or the walk is
///   trapped; `budget_exhausted` at max_steps; `invalid_input` for a start or goal outside
///   the map or blocked.
/// With the no-corner-cutting rule (and 4-connected moves), 8-connected reachability equals
/// 4-connected reachability, so the 4-connected boundary walk loses no passage. With corner
/// cutting allowed the walk does not squeeze through diagonal gaps and may report no_path.
[[nodiscard]] method_result find_path_single_object(const grid::grid_map& map,
                                                    const search::search_request& request,
                                                    const single_object_options& options = {});

} // namespace xunlu::hybrid
