// Canonical successors on 8-connected uniform-cost grids without corner cutting: the moves a
// node needs to expand given the direction it was reached by (Sturtevant & Rabin, "Canonical
// Orderings on Grids", IJCAI 2016; the same pruning rules as Jump Point Search, one step at a
// time instead of jumps).
#pragma once

#include <array>
#include <cstdint>

#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::search {

/// The row of canonical_move_table used for the start node (reached by no move: every move).
inline constexpr unsigned canonical_start_row = 8;

namespace detail {

[[nodiscard]] constexpr unsigned direction_bit(int dx, int dy) noexcept {
    for (unsigned d = 0; d < 8; ++d) {
        if (grid::direction_dx[d] == dx && grid::direction_dy[d] == dy) return 1u << d;
    }
    return 0; // (0, 0): not a move
}

/// The moves kept after arriving by direction `dir` (0..7, or canonical_start_row), given the
/// mask of free neighbours (bit d = the neighbour in direction d is free). Diagonal arrivals
/// keep their diagonal and its two straight components; straight arrivals keep straight on,
/// plus the side and the forward diagonal on a side whose cell behind is blocked (the Moving AI
/// forced-neighbour rule: only then is the side cell not reached as cheaply through the parent).
[[nodiscard]] constexpr std::uint8_t canonical_moves(unsigned dir, unsigned free) noexcept {
    if (dir >= 8) return 0xff;
    const int dx = grid::direction_dx[dir];
    const int dy = grid::direction_dy[dir];
    auto is_free = [free](int x, int y) { return (free & direction_bit(x, y)) != 0; };
    unsigned keep = direction_bit(dx, dy);
    if (dx != 0 && dy != 0) {
        keep |= direction_bit(dx, 0) | direction_bit(0, dy);
    } else if (dy == 0) {
        for (int side = -1; side <= 1; side += 2) {
            if (is_free(0, side) && !is_free(-dx, side)) {
                keep |= direction_bit(0, side) | direction_bit(dx, side);
            }
        }
    } else {
        for (int side = -1; side <= 1; side += 2) {
            if (is_free(side, 0) && !is_free(side, -dy)) {
                keep |= direction_bit(side, 0) | direction_bit(side, dy);
            }
        }
    }
    return static_cast<std::uint8_t>(keep);
}

[[nodiscard]] constexpr std::array<std::uint8_t, 9 * 256> make_canonical_move_table() noexcept {
    std::array<std::uint8_t, 9 * 256> table{};
    for (unsigned dir = 0; dir < 9; ++dir) {
        for (unsigned free = 0; free < 256; ++free) {
            table[dir * 256 + free] = canonical_moves(dir, free);
        }
    }
    return table;
}

} // namespace detail

/// canonical_moves for every arrival (9 rows: the eight directions, then the start) and every
/// free-neighbour mask (256 columns): 2,304 bytes, looked up once per expansion.
inline constexpr std::array<std::uint8_t, 9 * 256> canonical_move_table =
    detail::make_canonical_move_table();

/// Whether canonical pruning keeps A* and Dijkstra optimal under these rules: 8-connected, no
/// corner cutting (any straight and diagonal cost with straight <= diagonal <= 2 straight, which
/// both step_costs settings are). Terrain costs break the symmetry it relies on: not for them.
[[nodiscard]] constexpr bool canonical_pruning_applies(grid::movement_rules rules) noexcept {
    return rules.moves == grid::connectivity::eight && rules.corners == grid::corner_rule::no_cut;
}

} // namespace xunlu::search
