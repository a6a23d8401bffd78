// Grid cell coordinates: x is the column, y the row, (0,0) the top-left cell.
#pragma once

#include <compare>
#include <cstdint>

namespace xunlu {

/// A cell of a grid map, in cell units. x grows to the right, y grows downwards.
struct cell {
    std::int32_t x = 0;
    std::int32_t y = 0;
    friend constexpr bool operator==(cell, cell) = default;
    friend constexpr auto operator<=>(cell, cell) = default;
};

} // namespace xunlu
