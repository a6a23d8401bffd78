// Private to the jps module: online JPS's cell-by-cell jump functions over the map's padded
// byte flags, one expander per movement rule (4-connected, and 8-connected under each corner
// rule). online_jps.cpp drives them; online_jps_*_steps.cpp instantiate the search loops.
#pragma once

#include <cstdint>

#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::jps::detail {

/// Padded byte flags seen through an obstacle mask; indices are padded map indices.
struct flag_view {
    const std::uint8_t* flags;
    std::uint8_t mask;
    std::int32_t stride;
    std::int32_t goal;
    [[nodiscard]] bool fr(std::int32_t i) const noexcept { return (flags[i] & mask) == 0; }
};

/// 8-connected JPS under corner rule C. no_cut uses the Moving AI forced-neighbour rule: a
/// straight jump stops where a side cell is free but the side cell behind it is blocked; the
/// corner-cutting rules use the original rule (side blocked, side ahead free).
template <grid::corner_rule C> struct online8 : flag_view {
    /// Jumps from i along d (+-1 or +-stride); p is the perpendicular offset (stride or 1).
    /// Returns the jump point index (and its distance in `steps`) or -1.
    std::int32_t straight(std::int32_t i, std::int32_t d, std::int32_t p,
                          std::int32_t& steps) const noexcept {
        std::int32_t n = 0;
        for (;;) {
            i += d;
            ++n;
            if (!fr(i)) return -1;
            if (i == goal) break;
            if constexpr (C == grid::corner_rule::no_cut) {
                if ((fr(i + p) && !fr(i - d + p)) || (fr(i - p) && !fr(i - d - p))) break;
            } else {
                if ((fr(i + d + p) && !fr(i + p)) || (fr(i + d - p) && !fr(i - p))) break;
            }
        }
        steps = n;
        return i;
    }

    [[nodiscard]] bool can_diagonal(std::int32_t i, std::int32_t dx,
                                    std::int32_t dy) const noexcept {
        if (!fr(i + dx + dy)) return false;
        if constexpr (C == grid::corner_rule::no_cut) {
            return fr(i + dx) && fr(i + dy);
        } else if constexpr (C == grid::corner_rule::cut_if_one_free) {
            return fr(i + dx) || fr(i + dy);
        } else {
            return true;
        }
    }

    /// Diagonal jump: dx = +-1, dy = +-stride.
    std::int32_t diagonal(std::int32_t i, std::int32_t dx, std::int32_t dy,
                          std::int32_t& steps) const noexcept {
        std::int32_t n = 0;
        std::int32_t unused = 0;
        const std::int32_t px = stride; // perpendicular of a horizontal scan
        for (;;) {
            if (!can_diagonal(i, dx, dy)) return -1;
            i += dx + dy;
            ++n;
            if (i == goal) break;
            if constexpr (C != grid::corner_rule::no_cut) {
                if ((fr(i - dx + dy) && !fr(i - dx)) || (fr(i + dx - dy) && !fr(i - dy))) break;
            }
            if (straight(i, dx, px, unused) >= 0 || straight(i, dy, 1, unused) >= 0) break;
        }
        steps = n;
        return i;
    }

    template <class Emit> void go(std::int32_t i, int dx, int dy, Emit& emit) const {
        std::int32_t steps = 0;
        std::int32_t t = -1;
        if (dx == 0) {
            t = straight(i, dy * stride, 1, steps);
        } else if (dy == 0) {
            t = straight(i, dx, stride, steps);
        } else {
            t = diagonal(i, dx, dy * stride, steps);
        }
        if (t >= 0) emit(t, steps, dx, dy);
    }

    template <class Emit>
    void expand(std::int32_t i, std::int32_t, std::int32_t, int dx, int dy, Emit&& emit) const {
        const std::int32_t s = stride;
        if (dx == 0 && dy == 0) {
            for (int d = 0; d < 8; ++d) go(i, grid::direction_dx[d], grid::direction_dy[d], emit);
            return;
        }
        if (dx != 0 && dy != 0) {
            go(i, dx, 0, emit);
            go(i, 0, dy, emit);
            go(i, dx, dy, emit);
            if constexpr (C != grid::corner_rule::no_cut) {
                if (!fr(i - dx)) go(i, -dx, dy, emit);
                if (!fr(i - dy * s)) go(i, dx, -dy, emit);
            }
            return;
        }
        if (dy == 0) { // horizontal
            go(i, dx, 0, emit);
            for (int side = -1; side <= 1; side += 2) {
                if constexpr (C == grid::corner_rule::no_cut) {
                    if (fr(i + side * s) && !fr(i - dx + side * s)) {
                        go(i, 0, side, emit);
                        go(i, dx, side, emit);
                    }
                } else {
                    if (!fr(i + side * s)) go(i, dx, side, emit);
                }
            }
            return;
        }
        go(i, 0, dy, emit); // vertical
        for (int side = -1; side <= 1; side += 2) {
            if constexpr (C == grid::corner_rule::no_cut) {
                if (fr(i + side) && !fr(i + side - dy * s)) {
                    go(i, side, 0, emit);
                    go(i, side, dy, emit);
                }
            } else {
                if (!fr(i + side)) go(i, side, dy, emit);
            }
        }
    }
};

/// 4-connected JPS: horizontal jumps stop at forced points (a side cell free, the side cell
/// behind it blocked); vertical jumps also stop where a horizontal scan finds a jump point.
struct online4 : flag_view {
    std::int32_t horizontal(std::int32_t i, std::int32_t d) const noexcept {
        const std::int32_t s = stride;
        for (;;) {
            i += d;
            if (!fr(i)) return -1;
            if (i == goal) return i;
            if ((fr(i + s) && !fr(i - d + s)) || (fr(i - s) && !fr(i - d - s))) return i;
        }
    }
    std::int32_t vertical(std::int32_t i, std::int32_t d) const noexcept {
        for (;;) {
            i += d;
            if (!fr(i)) return -1;
            if (i == goal) return i;
            if ((fr(i + 1) && !fr(i - d + 1)) || (fr(i - 1) && !fr(i - d - 1))) return i;
            if (horizontal(i, 1) >= 0 || horizontal(i, -1) >= 0) return i;
        }
    }
    template <class Emit> void go(std::int32_t i, int dx, int dy, Emit& emit) const {
        const std::int32_t t = dy == 0 ? horizontal(i, dx) : vertical(i, dy * stride);
        if (t < 0) return;
        const std::int32_t diff = t - i;
        const std::int32_t steps = dy == 0 ? diff * dx : diff * dy / stride;
        emit(t, steps, dx, dy);
    }
    template <class Emit>
    void expand(std::int32_t i, std::int32_t, std::int32_t, int dx, int dy, Emit&& emit) const {
        if (dx == 0 && dy == 0) {
            for (int d = 0; d < 4; ++d) go(i, grid::direction_dx[d], grid::direction_dy[d], emit);
        } else if (dy == 0) {
            go(i, dx, 0, emit);
            if (fr(i - stride)) go(i, 0, -1, emit);
            if (fr(i + stride)) go(i, 0, 1, emit);
        } else {
            go(i, 0, dy, emit);
            if (fr(i - 1)) go(i, -1, 0, emit);
            if (fr(i + 1)) go(i, 1, 0, emit);
        }
    }
};

} // namespace xunlu::jps::detail
