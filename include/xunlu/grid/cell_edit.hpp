// One change to one cell of a map (an obstacle on or off, or a terrain cost): the unit of a
// map snapshot's edit list and of pipeline::scene::update_cells.
#pragma once

#include <cstdint>

#include "xunlu/core/cell.hpp"

namespace xunlu::grid {

/// What a cell_edit changes.
enum class edit_kind : std::uint8_t {
    high_obstacle, ///< sets or clears the high obstacle flag (`blocked`)
    low_obstacle,  ///< sets or clears the low obstacle flag (`blocked`)
    terrain_cost,  ///< sets the terrain cost multiplier (`cost`, clamped to >= 1)
};

/// A change to cell `at` (unpadded cell coordinates).
struct cell_edit {
    cell at;
    edit_kind kind = edit_kind::high_obstacle;
    bool blocked = true; ///< for the obstacle kinds
    float cost = 1.0f;   ///< for terrain_cost: a finite multiplier

    [[nodiscard]] static constexpr cell_edit high(cell c, bool on) noexcept {
        return {c, edit_kind::high_obstacle, on, 1.0f};
    }
    [[nodiscard]] static constexpr cell_edit low(cell c, bool on) noexcept {
        return {c, edit_kind::low_obstacle, on, 1.0f};
    }
    [[nodiscard]] static constexpr cell_edit terrain(cell c, float multiplier) noexcept {
        return {c, edit_kind::terrain_cost, false, multiplier};
    }
    /// True when the edit can change which cells are passable (obstacle edits).
    [[nodiscard]] constexpr bool changes_walkability() const noexcept {
        return kind != edit_kind::terrain_cost;
    }
};

} // namespace xunlu::grid
