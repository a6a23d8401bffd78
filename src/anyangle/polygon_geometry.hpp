// Private to the anyangle module: the orientation predicates polygon scenes are checked and
// searched with.
#pragma once

#include <algorithm>
#include <utility>

#include "xunlu/core/point.hpp"

namespace xunlu::anyangle::detail {

/// Twice the signed area of triangle (o, a, b): > 0 when b lies left of o->a (y up).
[[nodiscard]] inline double cross(point o, point a, point b) noexcept {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}
[[nodiscard]] inline int sign(double v) noexcept {
    return (v > 0) - (v < 0);
}
/// Whether p lies on the closed segment a-b.
[[nodiscard]] inline bool on_segment(point a, point b, point p) noexcept {
    return sign(cross(a, b, p)) == 0 && p.x >= std::min(a.x, b.x) && p.x <= std::max(a.x, b.x) &&
           p.y >= std::min(a.y, b.y) && p.y <= std::max(a.y, b.y);
}
/// Whether the closed segments p1-p2 and q1-q2 share a point.
[[nodiscard]] inline bool segments_meet(point p1, point p2, point q1, point q2) noexcept {
    const int d1 = sign(cross(q1, q2, p1));
    const int d2 = sign(cross(q1, q2, p2));
    const int d3 = sign(cross(p1, p2, q1));
    const int d4 = sign(cross(p1, p2, q2));
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return (d1 == 0 && on_segment(q1, q2, p1)) || (d2 == 0 && on_segment(q1, q2, p2)) ||
           (d3 == 0 && on_segment(p1, p2, q1)) || (d4 == 0 && on_segment(p1, p2, q2));
}
/// Whether direction d lies strictly inside the wedge swept counter-clockwise from `from` to
/// `to` (both non-zero, not pointing the same way; a straight angle is the half-plane left of
/// `from`).
[[nodiscard]] inline bool strictly_inside(point from, point to, point d) noexcept {
    constexpr point zero{0, 0};
    const double c = cross(zero, from, to);
    if (c > 0) return cross(zero, from, d) > 0 && cross(zero, d, to) > 0;
    if (c < 0) return !(cross(zero, to, d) >= 0 && cross(zero, d, from) >= 0);
    return cross(zero, from, d) > 0;
}
/// The solid wedge at vertex `at` of a counter-clockwise polygon with neighbours `prev` and
/// `next`, as (from, to) directions swept counter-clockwise: the polygon's inside for an
/// obstacle, its outside for the boundary.
[[nodiscard]] inline std::pair<point, point> solid_wedge(point prev, point at, point next,
                                                         bool boundary) noexcept {
    const point e0{prev.x - at.x, prev.y - at.y};
    const point e1{next.x - at.x, next.y - at.y};
    return boundary ? std::pair{e0, e1} : std::pair{e1, e0};
}
/// Whether two corners meeting at one point form a **pinch**: their solid wedges (from
/// solid_wedge) lie apart, with two gaps between them, each turning less than 180 degrees.
[[nodiscard]] inline bool is_pinch(std::pair<point, point> a, std::pair<point, point> b) noexcept {
    constexpr point zero{0, 0};
    const point ends[4] = {a.first, a.second, b.first, b.second};
    for (int i = 0; i < 2; ++i) {
        for (int j = 2; j < 4; ++j) {
            const point u = ends[i];
            const point v = ends[j];
            if (sign(cross(zero, u, v)) == 0 && u.x * v.x + u.y * v.y > 0) return false;
        }
    }
    if (strictly_inside(a.first, a.second, b.first) ||
        strictly_inside(a.first, a.second, b.second) ||
        strictly_inside(b.first, b.second, a.first) ||
        strictly_inside(b.first, b.second, a.second)) {
        return false;
    }
    return cross(zero, a.second, b.first) > 0 && cross(zero, b.second, a.first) > 0;
}
/// Whether the segments cross at a single point inside both (not at an end of either).
[[nodiscard]] inline bool segments_cross(point p1, point p2, point q1, point q2) noexcept {
    return sign(cross(q1, q2, p1)) * sign(cross(q1, q2, p2)) < 0 &&
           sign(cross(p1, p2, q1)) * sign(cross(p1, p2, q2)) < 0;
}

} // namespace xunlu::anyangle::detail
