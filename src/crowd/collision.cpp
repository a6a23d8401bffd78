// The narrow-phase tests of collision.hpp.
#include "xunlu/crowd/collision.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace xunlu::crowd {

vec2 closest_point(vec2 p, const segment& s) noexcept {
    const vec2 d = s.b - s.a;
    const double len_sq = length_sq(d);
    if (len_sq <= 0) return s.a;
    const double t = std::clamp(dot(p - s.a, d) / len_sq, 0.0, 1.0);
    return s.a + d * t;
}

namespace {

bool segments_cross(const segment& s, const segment& t) noexcept {
    const double d1 = det(s.b - s.a, t.a - s.a);
    const double d2 = det(s.b - s.a, t.b - s.a);
    const double d3 = det(t.b - t.a, s.a - t.a);
    const double d4 = det(t.b - t.a, s.b - t.a);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

contact from_offset(vec2 offset, double dist, double r, vec2 fallback) noexcept {
    contact c;
    if (dist > r) return c;
    c.hit = true;
    c.normal = dist > 0 ? offset * (1.0 / dist) : fallback;
    c.depth = r - dist;
    return c;
}

/// The earliest t in [0, 1] at which `from + t * d` is at distance r of `c`, entering.
std::optional<double> ray_circle(vec2 from, vec2 d, vec2 c, double r) noexcept {
    const vec2 m = from - c;
    const double a = length_sq(d);
    if (a <= 0) return std::nullopt;
    const double b = dot(m, d);
    const double cc = length_sq(m) - r * r;
    if (cc <= 0 || b >= 0) return std::nullopt; // inside/touching, or moving away
    const double disc = b * b - a * cc;
    if (disc < 0) return std::nullopt;
    const double t = (-b - std::sqrt(disc)) / a;
    if (t < 0 || t > 1) return std::nullopt;
    return t;
}

} // namespace

double segment_distance(const segment& s, const segment& t) noexcept {
    if (segments_cross(s, t)) return 0;
    const double d =
        std::min({length(s.a - closest_point(s.a, t)), length(s.b - closest_point(s.b, t)),
                  length(t.a - closest_point(t.a, s)), length(t.b - closest_point(t.b, s))});
    return d;
}

contact circle_circle(vec2 c, double r, vec2 other, double other_r) noexcept {
    const vec2 off = c - other;
    return from_offset(off, length(off), r + other_r, {1, 0});
}

contact circle_segment(vec2 c, double r, const segment& s) noexcept {
    const vec2 q = closest_point(c, s);
    const vec2 off = c - q;
    const vec2 dir = normalized(s.b - s.a);
    return from_offset(off, length(off), r, {-dir.y, dir.x});
}

contact circle_aabb(vec2 c, double r, const aabb& b) noexcept {
    const bool inside = c.x > b.min.x && c.x < b.max.x && c.y > b.min.y && c.y < b.max.y;
    if (!inside) {
        const vec2 q{std::clamp(c.x, b.min.x, b.max.x), std::clamp(c.y, b.min.y, b.max.y)};
        const vec2 off = c - q;
        return from_offset(off, length(off), r, {1, 0});
    }
    // Inside: leave by the nearest face (ties in the order -x, +x, -y, +y).
    const std::array<double, 4> gaps{c.x - b.min.x, b.max.x - c.x, c.y - b.min.y, b.max.y - c.y};
    const std::array<vec2, 4> normals{vec2{-1, 0}, vec2{1, 0}, vec2{0, -1}, vec2{0, 1}};
    std::size_t best = 0;
    for (std::size_t i = 1; i < 4; ++i) {
        if (gaps[i] < gaps[best]) best = i;
    }
    return contact{.hit = true, .normal = normals[best], .depth = r + gaps[best]};
}

contact circle_obb(vec2 c, double r, const obb& b) noexcept {
    const vec2 u = b.axis_x();
    const vec2 v = b.axis_y();
    const vec2 rel = c - b.centre;
    const vec2 local{dot(rel, u), dot(rel, v)};
    contact k = circle_aabb(local, r, aabb{-b.half_extents, b.half_extents});
    if (k.hit) k.normal = u * k.normal.x + v * k.normal.y;
    return k;
}

bool circle_obb_separated(vec2 c, double r, const obb& b) noexcept {
    const vec2 u = b.axis_x();
    const vec2 v = b.axis_y();
    const vec2 rel = c - b.centre;
    // The box's own axes: the box projects to [-h, h], the circle to [p - r, p + r].
    if (std::abs(dot(rel, u)) > b.half_extents.x + r) return true;
    if (std::abs(dot(rel, v)) > b.half_extents.y + r) return true;
    // The axis from the nearest corner to the centre.
    const double sx = dot(rel, u) >= 0 ? 1.0 : -1.0;
    const double sy = dot(rel, v) >= 0 ? 1.0 : -1.0;
    const vec2 corner = u * (sx * b.half_extents.x) + v * (sy * b.half_extents.y);
    const vec2 axis = normalized(rel - corner);
    if (length_sq(axis) == 0) return false;
    const double centre = dot(rel, axis);
    double box_max = -1e300;
    for (const double cx : {-1.0, 1.0}) {
        for (const double cy : {-1.0, 1.0}) {
            const vec2 k = u * (cx * b.half_extents.x) + v * (cy * b.half_extents.y);
            box_max = std::max(box_max, dot(k, axis));
        }
    }
    // The corner is the box's extreme point along the axis only when the centre is beyond both
    // faces; otherwise one of the face axes above already decided.
    return centre - r > box_max;
}

bool obb_obb_separated(const obb& a, const obb& b) noexcept {
    const std::array<vec2, 4> axes{a.axis_x(), a.axis_y(), b.axis_x(), b.axis_y()};
    const vec2 d = b.centre - a.centre;
    for (const vec2 axis : axes) {
        const double ra = a.half_extents.x * std::abs(dot(a.axis_x(), axis)) +
                          a.half_extents.y * std::abs(dot(a.axis_y(), axis));
        const double rb = b.half_extents.x * std::abs(dot(b.axis_x(), axis)) +
                          b.half_extents.y * std::abs(dot(b.axis_y(), axis));
        if (std::abs(dot(d, axis)) > ra + rb) return true;
    }
    return false;
}

std::optional<double> swept_circle_segment(vec2 from, vec2 to, double r,
                                           const segment& s) noexcept {
    if (length(from - closest_point(from, s)) <= r) return std::nullopt;
    const vec2 d = to - from;
    std::optional<double> best;
    auto take = [&](std::optional<double> t) {
        if (t && (!best || *t < *best)) best = t;
    };
    take(ray_circle(from, d, s.a, r));
    take(ray_circle(from, d, s.b, r));
    const vec2 along = s.b - s.a;
    const double len = length(along);
    if (len > 0) {
        const vec2 u = along * (1.0 / len);
        const vec2 n{-u.y, u.x};
        const double h0 = dot(from - s.a, n);
        const double dh = dot(d, n);
        const double side = h0 >= 0 ? r : -r;
        // Moving towards the side line at offset `side` from the segment's line.
        if (dh != 0 && std::abs(h0) > r && (side - h0) / dh >= 0) {
            const double t = (side - h0) / dh;
            if (t <= 1) {
                const double along_at = dot(from + d * t - s.a, u);
                if (along_at >= 0 && along_at <= len) take(t);
            }
        }
    }
    return best;
}

} // namespace xunlu::crowd
