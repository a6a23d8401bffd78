// Plane vectors and the shapes crowds collide with: segments (walls), circles (bodies, posts),
// axis-aligned boxes and oriented boxes (crates, carts, doors). Units are metres.
#pragma once

#include <cmath>

namespace xunlu::crowd {

struct vec2 {
    double x = 0;
    double y = 0;
    friend constexpr bool operator==(vec2, vec2) = default;
};

[[nodiscard]] constexpr vec2 operator+(vec2 a, vec2 b) noexcept {
    return {a.x + b.x, a.y + b.y};
}
[[nodiscard]] constexpr vec2 operator-(vec2 a, vec2 b) noexcept {
    return {a.x - b.x, a.y - b.y};
}
[[nodiscard]] constexpr vec2 operator-(vec2 a) noexcept {
    return {-a.x, -a.y};
}
[[nodiscard]] constexpr vec2 operator*(vec2 a, double s) noexcept {
    return {a.x * s, a.y * s};
}
[[nodiscard]] constexpr vec2 operator*(double s, vec2 a) noexcept {
    return {a.x * s, a.y * s};
}
[[nodiscard]] constexpr double dot(vec2 a, vec2 b) noexcept {
    return a.x * b.x + a.y * b.y;
}
/// The 2D cross product (z of a x b): > 0 when b is counter-clockwise of a (y up).
[[nodiscard]] constexpr double det(vec2 a, vec2 b) noexcept {
    return a.x * b.y - a.y * b.x;
}
[[nodiscard]] constexpr double length_sq(vec2 a) noexcept {
    return dot(a, a);
}
[[nodiscard]] inline double length(vec2 a) noexcept {
    return std::sqrt(dot(a, a));
}
/// `a` scaled to length 1; (0, 0) stays (0, 0).
[[nodiscard]] inline vec2 normalized(vec2 a) noexcept {
    const double l = length(a);
    return l > 0 ? a * (1.0 / l) : vec2{};
}
[[nodiscard]] inline bool is_finite(vec2 a) noexcept {
    return std::isfinite(a.x) && std::isfinite(a.y);
}

/// A wall piece from `a` to `b`.
struct segment {
    vec2 a;
    vec2 b;
};

struct circle_shape {
    vec2 centre;
    double radius = 0;
};

/// An axis-aligned box [min.x, max.x] x [min.y, max.y].
struct aabb {
    vec2 min;
    vec2 max;
};

/// An oriented box: `half_extents` along its own axes, which are the x and y axes turned by
/// `angle` radians counter-clockwise.
struct obb {
    vec2 centre;
    vec2 half_extents;
    double angle = 0;
    [[nodiscard]] vec2 axis_x() const noexcept { return {std::cos(angle), std::sin(angle)}; }
    [[nodiscard]] vec2 axis_y() const noexcept { return {-std::sin(angle), std::cos(angle)}; }
};

} // namespace xunlu::crowd
