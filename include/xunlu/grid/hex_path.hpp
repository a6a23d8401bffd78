// Checks and measures of paths on hex maps (the hex counterpart of grid/path_check.hpp).
#pragma once

#include <optional>
#include <span>
#include <string>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/hex_layout.hpp"

namespace xunlu::grid {

/// Why `path` is not a valid hex path (a hex outside the map or blocked under `mask`, or two
/// consecutive hexes that are not neighbours), or nullopt when it is one.
[[nodiscard]] std::optional<std::string>
check_hex_path(const grid_map& map, hex_layout layout, std::span<const cell> path,
               obstacle_mask mask = obstacle_mask::high_and_low);

/// Cost of a hex path: per step `straight_cost` times the entered hex's terrain cost.
[[nodiscard]] double hex_path_cost(const grid_map& map, std::span<const cell> path,
                                   double straight_cost = 1.0);

} // namespace xunlu::grid
