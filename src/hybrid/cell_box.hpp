// Internal: the inclusive cell box of a local search window (the A* run inside it takes the box
// as its search_request::window; the map is never copied).
#pragma once

#include <cstdint>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::hybrid::detail {

/// Inclusive cell box.
struct cell_box {
    cell min;
    cell max;
    [[nodiscard]] bool contains(cell c) const noexcept {
        return c.x >= min.x && c.y >= min.y && c.x <= max.x && c.y <= max.y;
    }
    [[nodiscard]] std::int32_t width() const noexcept { return max.x - min.x + 1; }
    [[nodiscard]] std::int32_t height() const noexcept { return max.y - min.y + 1; }
};

/// The box spanning `a` and `b`, grown by `margin` cells on each side, clamped to the map.
[[nodiscard]] cell_box box_around(const grid::grid_map& map, cell a, cell b,
                                  std::int32_t margin) noexcept;

} // namespace xunlu::hybrid::detail
