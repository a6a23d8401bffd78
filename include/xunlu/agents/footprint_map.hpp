// Maps for units larger than one cell: a cell is free for a unit of size N when the N x N
// footprint anchored at it (its top-left cell) lies in the map and holds no blocked cell. A
// search for a 1 x 1 unit on this map is then a search for the N x N unit on the original
// one, with the same corner rule: a diagonal step needs both orthogonal intermediate
// footprints free.
#pragma once

#include <cstdint>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::agents {

/// Largest unit side supported (cells).
inline constexpr std::int32_t max_unit_size = 8;

/// The map of anchors of an N x N footprint (size 1: a copy of the cells). A cell is a high
/// obstacle when the footprint anchored there holds a cell blocked under `mask` or leaves the
/// map; terrain costs are the footprint's largest. O(cells) from the clearance layer. Fails for
/// sizes outside 1..max_unit_size.
[[nodiscard]] result<grid::grid_map> footprint_map(const grid::grid_map& map, std::int32_t size,
                                                   grid::obstacle_mask mask);

/// True when the N x N footprint anchored at `at` lies in the map and is free under `mask`.
[[nodiscard]] bool footprint_free(const grid::grid_map& map, cell at, std::int32_t size,
                                  grid::obstacle_mask mask) noexcept;

} // namespace xunlu::agents
