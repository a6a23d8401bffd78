// Private to the jps module: JPS+'s expander (the online no-corner-cutting pruning picks
// directions, the jump table gives each jump's length, goal-aware targets stop straight and
// diagonal runs at the goal). jps_plus.cpp drives it; jps_plus_*_steps.cpp instantiate the
// search loops over it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "xunlu/jps/jump_table.hpp"

namespace xunlu::jps::detail {

/// Direction number (grid::direction_dx order) of a step (dx, dy).
constexpr int direction_of(int dx, int dy) noexcept {
    // N E S W NE SE SW NW
    if (dx == 0) return dy < 0 ? 0 : 2;
    if (dy == 0) return dx > 0 ? 1 : 3;
    if (dx > 0) return dy < 0 ? 4 : 5;
    return dy > 0 ? 6 : 7;
}

/// With `Prune`, a diagonal run hops from one diagonal jump point to the next through the table
/// and emits the straight jump points seen from each as successors of the expanded node
/// (jump_pruning::intermediate); without, the first diagonal jump point is the successor.
template <bool Prune> struct plus_expander {
    /// The pruned variant serves jps+-dh: its heuristic gets a flat loop.
    static constexpr bool flat_landmarks = Prune;

    const jump_table& table;
    const std::uint8_t* flags;
    std::uint8_t mask;
    std::int32_t stride;
    std::int32_t gx;
    std::int32_t gy;

    [[nodiscard]] bool fr(std::int32_t i) const noexcept { return (flags[i] & mask) == 0; }

    template <class Emit>
    void go(std::int32_t x, std::int32_t y, const std::int16_t* e, int dx, int dy,
            Emit& emit) const {
        if constexpr (Prune) {
            if (dx != 0 && dy != 0) {
                diagonal_run(x, y, e, dx, dy, emit);
                return;
            }
        }
        const std::int32_t dist = e[direction_of(dx, dy)];
        const std::int32_t reach = dist < 0 ? -dist : dist;
        const std::int32_t ex = gx - x;
        const std::int32_t ey = gy - y;
        std::int32_t steps = dist;
        if (dx == 0 || dy == 0) {
            // Goal on this line, ahead and within reach: stop there.
            const std::int32_t along = dx != 0 ? ex * dx : ey * dy;
            const std::int32_t across = dx != 0 ? ey : ex;
            if (across == 0 && along > 0 && along <= reach) steps = along;
        } else if (ex * dx > 0 && ey * dy > 0) {
            // Goal in this quadrant: stop where the run lines up with the goal's row or column.
            const std::int32_t k = std::min(ex * dx, ey * dy);
            if (k <= reach) steps = k;
        }
        if (steps <= 0) return;
        const std::int32_t tx = x + dx * steps;
        const std::int32_t ty = y + dy * steps;
        emit((ty + 1) * stride + tx + 1, steps, dx, dy);
    }

    /// A straight jump from (x, y), reached by `before` diagonal steps from the expanded node.
    template <class Emit>
    void straight_after(std::int32_t x, std::int32_t y, const std::int16_t* e, int dx, int dy,
                        std::int32_t before, Emit& emit) const {
        const std::int32_t dist = e[direction_of(dx, dy)];
        const std::int32_t reach = dist < 0 ? -dist : dist;
        const std::int32_t along = dx != 0 ? (gx - x) * dx : (gy - y) * dy;
        const std::int32_t across = dx != 0 ? gy - y : gx - x;
        std::int32_t steps = dist;
        if (across == 0 && along > 0 && along <= reach) steps = along;
        if (steps <= 0) return;
        emit((y + dy * steps + 1) * stride + x + dx * steps + 1, steps, dx, dy, before);
    }

    /// The pruned diagonal: from diagonal jump point to diagonal jump point, the straight jump
    /// points of each; a run that lines up with the goal's row or column stops there with that
    /// cell as a node (the unpruned rule, which is as optimal), and one that ends at a wall ends.
    template <class Emit>
    void diagonal_run(std::int32_t x, std::int32_t y, const std::int16_t* e, int dx, int dy,
                      Emit& emit) const {
        const int dir = direction_of(dx, dy);
        std::int32_t before = 0;
        for (;;) {
            const std::int32_t dist = e[dir];
            const std::int32_t reach = dist < 0 ? -dist : dist;
            const std::int32_t ex = (gx - x) * dx;
            const std::int32_t ey = (gy - y) * dy;
            if (ex > 0 && ey > 0) {
                const std::int32_t k = std::min(ex, ey);
                if (k <= reach) {
                    emit((y + dy * k + 1) * stride + x + dx * k + 1, before + k, dx, dy);
                    return;
                }
            }
            if (dist <= 0) return;
            x += dx * dist;
            y += dy * dist;
            before += dist;
            e = table.entries(x, y);
            straight_after(x, y, e, dx, 0, before, emit);
            straight_after(x, y, e, 0, dy, before, emit);
        }
    }

    template <class Emit>
    void expand(std::int32_t i, std::int32_t x, std::int32_t y, int dx, int dy, Emit&& emit) const {
        const std::int16_t* e = table.entries(x, y);
        const std::int32_t s = stride;
        if (dx == 0 && dy == 0) {
            for (int d = 0; d < 8; ++d)
                go(x, y, e, grid::direction_dx[d], grid::direction_dy[d], emit);
            return;
        }
        if (dx != 0 && dy != 0) {
            go(x, y, e, dx, 0, emit);
            go(x, y, e, 0, dy, emit);
            go(x, y, e, dx, dy, emit);
            return;
        }
        if (dy == 0) {
            go(x, y, e, dx, 0, emit);
            for (int side = -1; side <= 1; side += 2) {
                if (fr(i + side * s) && !fr(i - dx + side * s)) {
                    go(x, y, e, 0, side, emit);
                    go(x, y, e, dx, side, emit);
                }
            }
            return;
        }
        go(x, y, e, 0, dy, emit);
        for (int side = -1; side <= 1; side += 2) {
            if (fr(i + side) && !fr(i + side - dy * s)) {
                go(x, y, e, side, 0, emit);
                go(x, y, e, side, dy, emit);
            }
        }
    }
};

} // namespace xunlu::jps::detail
