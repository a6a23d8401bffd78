// Hard limits of the library: the biggest map any loader or generator accepts.
#pragma once

#include <cstdint>

namespace xunlu::limits {

/// Largest width or height of a grid map, in cells.
inline constexpr std::int32_t max_map_side = 32768;
/// Largest number of cells in one grid map (2^30: 1 GiB of cell bytes at most).
inline constexpr std::int64_t max_map_cells = std::int64_t{1} << 30;

} // namespace xunlu::limits
