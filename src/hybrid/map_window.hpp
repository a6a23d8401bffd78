// Internal: a rectangular part of a grid map copied into its own map, so that an unchanged
// A* searches only inside it (the copy's padding walls in the search).
#pragma once

#include <cstdint>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
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

struct map_window {
    grid::grid_map map; ///< the copy; its cell (0,0) is `box.min` of the original
    cell_box box;
    [[nodiscard]] cell to_window(cell c) const noexcept {
        return {c.x - box.min.x, c.y - box.min.y};
    }
    [[nodiscard]] cell to_map(cell c) const noexcept { return {c.x + box.min.x, c.y + box.min.y}; }
};

/// Copies the cells of `box` (flags and terrain costs) into a new map.
[[nodiscard]] result<map_window> copy_window(const grid::grid_map& map, cell_box box);

} // namespace xunlu::hybrid::detail
