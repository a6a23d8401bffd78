// The one rule for a straight piece of an any-angle path on a grid, in exact integer arithmetic.
#pragma once

#include <vector>

#include "xunlu/anyangle/half_point.hpp"
#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// Whether the closed segment a-b may be walked on `map` under `mask`:
///  - it never enters the interior of a blocked or off-map cell;
///  - where it runs along a grid line, a free cell lies beside every piece of it, on one side
///    throughout each corner it passes (so it cannot switch sides through a pinch);
///  - it never passes through the corner shared by two diagonally touching blocked cells
///    (no squeezing between them).
/// Touching a blocked cell's edge or corner is allowed: a path may hug a wall and round a
/// corner. A single point (a == b) is free when a free cell touches it. O(length of a-b).
[[nodiscard]] XUNLU_API bool segment_is_free(const grid::grid_map& map, half_point a, half_point b,
                                             grid::obstacle_mask mask);

/// The same check, appending to `cells` the free cells the segment crosses, in order from a to
/// b (a segment along a grid line lists a free cell beside each piece; where it passes a grid
/// corner diagonally the free cell beside the corner comes between). Consecutive cells share an
/// edge or a corner. Returns false (cells partly appended) when the segment is not free.
XUNLU_API bool segment_cells(const grid::grid_map& map, half_point a, half_point b,
                             grid::obstacle_mask mask, std::vector<cell>& cells);

} // namespace xunlu::anyangle
