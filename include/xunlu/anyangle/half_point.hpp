// Points on the half-cell lattice: the cell centres and cell corners any-angle paths join.
#pragma once

#include <cmath>
#include <cstdint>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"

namespace xunlu::anyangle {

/// A point in half-cell units: (x / 2, y / 2) in cell units, where cell (x, y) covers
/// [x, x+1) x [y, y+1). Cell centres have odd coordinates, cell corners even ones; every
/// vertex of an any-angle path (start and goal centres, bends at obstacle corners) is one, so
/// segment checks stay in exact integer arithmetic.
struct half_point {
    std::int32_t x = 0;
    std::int32_t y = 0;
    friend constexpr bool operator==(half_point, half_point) = default;
};

/// The centre of cell `c`.
[[nodiscard]] constexpr half_point centre_of(cell c) noexcept {
    return {2 * c.x + 1, 2 * c.y + 1};
}
/// The top-left corner of cell `c` (the corner shared by cells c, c-x, c-y and c-x-y).
[[nodiscard]] constexpr half_point corner_of(cell c) noexcept {
    return {2 * c.x, 2 * c.y};
}
/// The point in cell units.
[[nodiscard]] constexpr point to_point(half_point p) noexcept {
    return {p.x * 0.5, p.y * 0.5};
}
/// Euclidean distance in cell units.
[[nodiscard]] inline double distance(half_point a, half_point b) noexcept {
    const double dx = static_cast<double>(b.x) - a.x;
    const double dy = static_cast<double>(b.y) - a.y;
    return 0.5 * std::sqrt(dx * dx + dy * dy);
}

} // namespace xunlu::anyangle
