// The grid expander of A* and Dijkstra: 8- or 4-neighbour moves filtered by the corner rule
// (grid::allowed_moves), with optional terrain costs; plus the grid goal rule and heuristic.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/search/canonical_moves.hpp"
#include "xunlu/search/node_store.hpp"

namespace xunlu::search {

/// Direction 0..7 (grid::direction_dx order) of the step from the parent into a cell. An
/// enum, not a char type, so writes to it do not alias everything else in the hot loop.
enum class step_dir : std::uint8_t {};
inline constexpr step_dir no_parent_dir = step_dir{0xff};

/// Node ids are padded map indices; positions are unpadded cells. With `Windowed`, moves that
/// leave `window` are dropped (the window is an expander limit, not a map copy).
template <bool HasCosts, bool Windowed = false> struct grid_neighbours {
    using position = cell;

    const std::uint8_t* flags;
    const float* costs;
    std::int32_t offsets[8];
    std::uint32_t stride;
    double straight;
    double diagonal;
    std::uint8_t mask;
    grid::connectivity moves;
    grid::corner_rule corners;
    cell window_min{};
    cell window_max{};
    /// canonical_move_table when canonical pruning is on (uniform costs, 8-connected, no corner
    /// cutting, a consistent heuristic), else nullptr: every allowed move. It is read with the
    /// free-neighbour mask after the window's cut, so cells outside a window count as blocked.
    const std::uint8_t* canonical = nullptr;

    grid_neighbours(const grid::grid_map& map, grid::movement_rules rules,
                    grid::obstacle_mask obstacle_mask) noexcept
        : flags(map.padded_flags()),
          costs(map.padded_costs()), offsets{-map.stride(),    1,
                                             map.stride(),     -1,
                                             1 - map.stride(), map.stride() + 1,
                                             map.stride() - 1, -map.stride() - 1},
          stride(static_cast<std::uint32_t>(map.stride())), straight(rules.straight_cost()),
          diagonal(rules.diagonal_cost()), mask(static_cast<std::uint8_t>(obstacle_mask)),
          moves(rules.moves), corners(rules.corners) {}

    [[nodiscard]] cell position_of(std::uint32_t id) const noexcept {
        return {static_cast<std::int32_t>(id % stride) - 1,
                static_cast<std::int32_t>(id / stride) - 1};
    }

    template <class Emit>
    void expand(std::uint32_t cur, cell at, step_dir how, Emit&& emit) const noexcept {
        unsigned free = 0;
        for (unsigned d = 0; d < 8; ++d) {
            free |= static_cast<unsigned>(
                        (flags[static_cast<std::int32_t>(cur) + offsets[d]] & mask) == 0)
                    << d;
        }
        if constexpr (Windowed) {
            // Direction bits: 0 up, 1 right, 2 down, 3 left, 4 up-right, 5 down-right,
            // 6 down-left, 7 up-left (the offsets above).
            const bool up = at.y > window_min.y;
            const bool right = at.x < window_max.x;
            const bool down = at.y < window_max.y;
            const bool left = at.x > window_min.x;
            const unsigned inside =
                static_cast<unsigned>(up) | static_cast<unsigned>(right) << 1 |
                static_cast<unsigned>(down) << 2 | static_cast<unsigned>(left) << 3 |
                static_cast<unsigned>(up && right) << 4 |
                static_cast<unsigned>(down && right) << 5 |
                static_cast<unsigned>(down && left) << 6 | static_cast<unsigned>(up && left) << 7;
            free &= inside;
        }
        unsigned allowed = grid::allowed_moves(free, moves, corners);
        if (canonical != nullptr) {
            const unsigned row = std::min(static_cast<unsigned>(how), canonical_start_row);
            allowed &= canonical[row * 256 + free];
        }
        while (allowed != 0) {
            const unsigned d = static_cast<unsigned>(std::countr_zero(allowed));
            allowed &= allowed - 1;
            const auto nb = static_cast<std::uint32_t>(static_cast<std::int32_t>(cur) + offsets[d]);
            double step = d < 4 ? straight : diagonal;
            if constexpr (HasCosts) {
                step *= static_cast<double>(costs[nb]);
            }
            emit(nb, step, static_cast<step_dir>(d), [at, d]() noexcept {
                return cell{at.x + grid::direction_dx[d], at.y + grid::direction_dy[d]};
            });
        }
    }

    /// The cell a node was reached from, or no_id for the start.
    [[nodiscard]] static std::uint32_t parent_id(std::uint32_t id, step_dir how,
                                                 std::int32_t map_stride) noexcept {
        if (how == no_parent_dir) return no_id;
        const auto d = static_cast<std::uint8_t>(how);
        return static_cast<std::uint32_t>(static_cast<std::int32_t>(id) - grid::direction_dx[d] -
                                          grid::direction_dy[d] * map_stride);
    }
};

/// A distance functor h(dx, dy) seen as a heuristic of grid positions towards `goal`.
template <class H> struct goal_heuristic {
    H h;
    std::int32_t gx;
    std::int32_t gy;
    double operator()(cell p) const noexcept { return h(std::abs(gx - p.x), std::abs(gy - p.y)); }
};

/// Stops at the goal cell, or at any cell within `radius` (Chebyshev, cells) of it.
struct grid_goal {
    std::uint32_t goal_id; ///< no_id: never (explore everything)
    std::int32_t gx;
    std::int32_t gy;
    std::int32_t radius;
    bool operator()(std::uint32_t id, cell p) const noexcept {
        return id == goal_id || (radius > 0 && goal_id != no_id && std::abs(gx - p.x) <= radius &&
                                 std::abs(gy - p.y) <= radius);
    }
};

} // namespace xunlu::search
