// Path post-processing usable on its own: collinear point removal and string pulling by
// supercover line of sight, producing "turning points" (each pair visible, none droppable).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::postprocess {

/// Counters of one post-processing run.
struct pull_stats {
    std::uint64_t los_checks = 0; ///< line-of-sight tests made
};

/// Removes every interior point that lies on the straight segment between its neighbours and
/// keeps the direction of travel (exact test on the cross product, relative tolerance 1e-12).
/// Also drops consecutive duplicates. Points in any unit.
[[nodiscard]] std::vector<point> remove_collinear(std::span<const point> polyline);

/// Cell centres (cell units: cell (x,y) covers [x,x+1) x [y,y+1)) of a cell path.
[[nodiscard]] std::vector<point> cell_centres(std::span<const cell> path);

/// String pulling by line of sight. `polyline` is in cell units and each consecutive pair must
/// already see each other under `mask` (a grid path's cell centres do under the no-corner-cutting
/// rule). Greedily jumps from each anchor to the furthest later vertex it sees, then removes
/// every point whose two neighbours see each other until none is left, so the result has:
///  - the same first and last point as the input;
///  - line of sight (grid::cast_ray under `mask`) between each consecutive pair;
///  - no interior point whose neighbours see each other (no point can be dropped).
/// A consecutive input pair without line of sight (a corner-cutting diagonal step) is kept as
/// it is. O(n * segment length) cell tests.
[[nodiscard]] std::vector<point> string_pull(const grid::grid_map& map,
                                             std::span<const point> polyline,
                                             grid::obstacle_mask mask, pull_stats* stats = nullptr);

/// True when every consecutive pair of `points` (cell units) has line of sight under `mask`.
[[nodiscard]] bool consecutive_visible(const grid::grid_map& map, std::span<const point> points,
                                       grid::obstacle_mask mask);

/// Index of the first interior point whose neighbours see each other (it could be dropped), or
/// -1 when the turning points are minimal in that sense.
[[nodiscard]] std::int64_t first_droppable(const grid::grid_map& map, std::span<const point> points,
                                           grid::obstacle_mask mask);

} // namespace xunlu::postprocess
