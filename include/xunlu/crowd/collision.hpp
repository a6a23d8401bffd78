// The narrow phase: exact tests of a circle body against another circle, a wall segment, an
// axis-aligned box and an oriented box (separating axes), and the swept test that stops a fast
// body at the wall it would otherwise cross within one tick.
#pragma once

#include <optional>

#include "xunlu/crowd/shapes.hpp"

namespace xunlu::crowd {

/// How a circle touches a shape: `normal` (unit length) is the direction that moves the circle
/// out, `depth` how far it must go (> 0 overlap, 0 touching). `hit` is false when apart.
struct contact {
    bool hit = false;
    vec2 normal;
    double depth = 0;
};

/// The point of `s` closest to `p`.
[[nodiscard]] vec2 closest_point(vec2 p, const segment& s) noexcept;
/// The distance between the closed segments `s` and `t` (0 when they cross).
[[nodiscard]] double segment_distance(const segment& s, const segment& t) noexcept;

/// Circle (c, r) against circle (other, other_r): the normal points from `other` to `c`; two
/// equal centres get the normal (1, 0).
[[nodiscard]] contact circle_circle(vec2 c, double r, vec2 other, double other_r) noexcept;
/// Circle against a segment (both of its sides): the normal points from the closest point of
/// the segment to the centre; a centre on the segment gets its left normal.
[[nodiscard]] contact circle_segment(vec2 c, double r, const segment& s) noexcept;
/// Circle against a solid box: a centre inside leaves by the nearest face.
[[nodiscard]] contact circle_aabb(vec2 c, double r, const aabb& b) noexcept;
/// Circle against a solid oriented box (the box's frame, then as circle_aabb).
[[nodiscard]] contact circle_obb(vec2 c, double r, const obb& b) noexcept;
/// The separating-axis test of a circle and an oriented box: true when one of the box's two
/// axes or the axis from the box corner nearest the centre to the centre separates them.
/// (Agrees with !circle_obb(...).hit but for touching, which counts as not separated.)
[[nodiscard]] bool circle_obb_separated(vec2 c, double r, const obb& b) noexcept;
/// The separating-axis test of two oriented boxes (four axes).
[[nodiscard]] bool obb_obb_separated(const obb& a, const obb& b) noexcept;

/// A circle of radius `r` moving from `from` to `to`: the first fraction t in [0, 1] of the
/// move at which it touches `s`, or nullopt when it does not, or when it already overlaps or
/// touches `s` at `from` (the response step handles those).
[[nodiscard]] std::optional<double> swept_circle_segment(vec2 from, vec2 to, double r,
                                                         const segment& s) noexcept;

} // namespace xunlu::crowd
