// Internal: the straight line from one cell centre to another as a walkable cell sequence
// (built on grid::for_each_cell_on_segment), and the next legal step along it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::hybrid::detail {

/// The supercover cells of the segment between two cell centres, in order. Consecutive cells
/// are 4-adjacent except at an exact grid corner, where the two cells beside the corner
/// ("corner sides") follow each other diagonally; a unit never stands on the first of those.
class straight_line {
  public:
    straight_line(cell from, cell to);

    [[nodiscard]] const std::vector<cell>& cells() const noexcept { return cells_; }
    [[nodiscard]] std::size_t last() const noexcept { return cells_.size() - 1; }
    /// Position of `c` on the line, if it is one of its cells. O(log length), no extra memory.
    [[nodiscard]] std::optional<std::size_t> index_of(cell c) const noexcept;
    /// False for the first cell of a corner-side pair (the unit may not stop there).
    [[nodiscard]] bool standable(std::size_t i) const noexcept;
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return cells_.capacity() * sizeof(cell);
    }

  private:
    [[nodiscard]] std::int64_t key_major(cell c) const noexcept { return c.x * sx_ + c.y * sy_; }
    std::vector<cell> cells_;
    std::int32_t sx_ = 0;
    std::int32_t sy_ = 0;
};

enum class line_move_kind : std::uint8_t { arrived, advanced, blocked };

struct line_move {
    line_move_kind kind = line_move_kind::arrived;
    std::size_t next = 0;     ///< advanced: index of the cell to step to
    cell blocked{-1, -1};     ///< blocked: the blocked line cell, 4-adjacent to the unit
    unsigned blocked_dir = 0; ///< blocked: direction 0..3 (N, E, S, W) from the unit to it
};

/// The next move of a unit standing on line cell `i` (standable): the furthest of the next
/// line cells it can reach in one legal step (so a staircase becomes diagonals when the
/// rules allow), or the blocked cell that stops it.
[[nodiscard]] line_move next_line_move(const grid::grid_map& map, const straight_line& line,
                                       std::size_t i, grid::movement_rules rules,
                                       grid::obstacle_mask mask) noexcept;

/// Direction index 0..3 (N, E, S, W) of an orthogonal unit step, or 4 if not orthogonal.
[[nodiscard]] unsigned orthogonal_direction(int dx, int dy) noexcept;

/// Appends `next` to a walked path; when the last two steps turn around a free corner and
/// the direct diagonal is legal, the middle cell is dropped (the unit cuts the free corner).
void append_step(std::vector<cell>& path, cell next, const grid::grid_map& map,
                 grid::movement_rules rules, grid::obstacle_mask mask);

} // namespace xunlu::hybrid::detail
