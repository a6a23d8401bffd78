// Step-by-step validation of a cell path under movement rules, and its length and cost.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::grid {

/// True when one step from `from` in direction (dx, dy) (each -1, 0 or 1, not both 0) is legal:
/// the target is free under `mask` and, for a diagonal, the corner rule holds.
[[nodiscard]] bool can_step(const grid_map& map, cell from, int dx, int dy, movement_rules rules,
                            obstacle_mask mask) noexcept;

/// Checks that every cell of `path` is free and each consecutive pair is one legal step.
/// Returns nullopt when valid, else a message naming the first bad step.
[[nodiscard]] std::optional<std::string> check_path(const grid_map& map, std::span<const cell> path,
                                                    movement_rules rules, obstacle_mask mask);

/// Geometric length of a cell path: 1 per straight step, sqrt(2) per diagonal step.
[[nodiscard]] double path_length(std::span<const cell> path) noexcept;

/// Cost of a cell path under `rules` (step cost times the terrain cost of each entered cell).
[[nodiscard]] double path_cost(const grid_map& map, std::span<const cell> path,
                               movement_rules rules) noexcept;

} // namespace xunlu::grid
