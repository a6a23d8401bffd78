// Private to the anyangle module: the orientation predicates polygon scenes are checked and
// searched with.
#pragma once

#include <algorithm>

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
/// Whether the segments cross at a single point inside both (not at an end of either).
[[nodiscard]] inline bool segments_cross(point p1, point p2, point q1, point q2) noexcept {
    return sign(cross(q1, q2, p1)) * sign(cross(q1, q2, p2)) < 0 &&
           sign(cross(p1, p2, q1)) * sign(cross(p1, p2, q2)) < 0;
}

} // namespace xunlu::anyangle::detail
