// Hex line drawing and line of sight on hex maps: the hexes a straight line from one hex
// centre to another passes through, as in Red Blob Games' "hex line drawing" (cube
// interpolation and rounding), with a fixed nudge so that a line along a hex edge takes the
// same side every time.
#pragma once

#include <cstdint>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/hex_layout.hpp"

namespace xunlu::grid {

/// The hex nearest to fractional axial coordinates (q, r) (cube rounding).
[[nodiscard]] hex_axial hex_round(double q, double r) noexcept;

/// The storage cells of the hexes on the line from hex `a` to hex `b`, both included:
/// hex_distance(a, b) + 1 hexes, each a neighbour of the one before. A line exactly along the
/// border of two hexes takes the same side for every call (a nudge of 1e-6 towards +q, +r).
[[nodiscard]] std::vector<cell> hex_line(hex_layout layout, cell a, cell b);

/// True when every hex of hex_line(a, b) is in the map and free under `mask` (high obstacles
/// always block; low ones under high_and_low). O(distance); no allocation.
[[nodiscard]] bool hex_line_of_sight(const grid_map& map, hex_layout layout, cell a, cell b,
                                     obstacle_mask mask = obstacle_mask::high_only);

} // namespace xunlu::grid
