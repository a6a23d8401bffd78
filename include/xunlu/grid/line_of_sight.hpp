// Line of sight on a grid by supercover traversal: every cell a segment touches is tested,
// so a line can never slip between two diagonally adjacent blocked cells.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::grid {

/// Visits, in order from `a` to `b`, every cell the closed segment a-b touches. Points are in
/// cell units: cell (x,y) covers [x,x+1) x [y,y+1); a cell centre is (x+0.5, y+0.5).
/// Rule at exact corners: when the segment passes exactly through a grid corner (within 1e-9),
/// both cells beside the corner along the direction of travel are visited as well as the
/// diagonal one, so a corner shared by two blocked cells blocks the line.
/// `visit(cell)` returns false to stop early; the function returns false when stopped.
/// Visits at most |dx|+|dy|+1 cells plus one extra per exact corner: O(length).
template <class Visit> bool for_each_cell_on_segment(point a, point b, Visit&& visit) {
    std::int64_t cx = static_cast<std::int64_t>(std::floor(a.x));
    std::int64_t cy = static_cast<std::int64_t>(std::floor(a.y));
    const std::int64_t ex = static_cast<std::int64_t>(std::floor(b.x));
    const std::int64_t ey = static_cast<std::int64_t>(std::floor(b.y));
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const std::int64_t sx = ex > cx ? 1 : (ex < cx ? -1 : 0);
    const std::int64_t sy = ey > cy ? 1 : (ey < cy ? -1 : 0);
    std::int64_t nx = std::abs(ex - cx);
    std::int64_t ny = std::abs(ey - cy);
    constexpr double inf = std::numeric_limits<double>::infinity();
    const double tdx = dx != 0 ? 1.0 / std::fabs(dx) : inf;
    const double tdy = dy != 0 ? 1.0 / std::fabs(dy) : inf;
    double tx = sx > 0 ? (static_cast<double>(cx + 1) - a.x) * tdx
                       : (sx < 0 ? (a.x - static_cast<double>(cx)) * tdx : inf);
    double ty = sy > 0 ? (static_cast<double>(cy + 1) - a.y) * tdy
                       : (sy < 0 ? (a.y - static_cast<double>(cy)) * tdy : inf);
    auto at = [](std::int64_t x, std::int64_t y) {
        return cell{static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)};
    };
    if (!visit(at(cx, cy))) return false;
    while (nx > 0 || ny > 0) {
        if (nx > 0 && ny > 0 && std::fabs(tx - ty) <= 1e-9) {
            if (!visit(at(cx + sx, cy)) || !visit(at(cx, cy + sy))) return false;
            cx += sx;
            cy += sy;
            tx += tdx;
            ty += tdy;
            --nx;
            --ny;
        } else if (ny == 0 || (nx > 0 && tx < ty)) {
            cx += sx;
            tx += tdx;
            --nx;
        } else {
            cy += sy;
            ty += tdy;
            --ny;
        }
        if (!visit(at(cx, cy))) return false;
    }
    return true;
}

/// The outcome of a ray cast.
struct ray_result {
    bool clear = true;
    cell blocked_cell{-1, -1}; ///< first blocked (or off-map) cell along the ray, if not clear
};

/// Casts a ray from `a` to `b` (cell units) and reports the first cell that is blocked under
/// `mask` or lies outside the map. High obstacles block line of sight; by default low obstacles
/// (units) do not.
[[nodiscard]] inline ray_result cast_ray(const grid_map& map, point a, point b,
                                         obstacle_mask mask = obstacle_mask::high_only) {
    ray_result out;
    for_each_cell_on_segment(a, b, [&](cell c) {
        if (map.passable(c, mask)) return true;
        out.clear = false;
        out.blocked_cell = c;
        return false;
    });
    return out;
}

/// Line of sight between two cell centres.
[[nodiscard]] inline bool line_of_sight(const grid_map& map, cell a, cell b,
                                        obstacle_mask mask = obstacle_mask::high_only) {
    return cast_ray(map, {a.x + 0.5, a.y + 0.5}, {b.x + 0.5, b.y + 0.5}, mask).clear;
}

} // namespace xunlu::grid
