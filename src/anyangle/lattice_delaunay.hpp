// Delaunay triangulation of points with integer coordinates (Bowyer-Watson, exact predicates):
// the first step of the convex mesh, which triangulates the lattice points on the boundary of a
// grid map's free area.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace xunlu::anyangle::detail {

struct lattice_point {
    std::int32_t x = 0;
    std::int32_t y = 0;
    friend bool operator==(const lattice_point&, const lattice_point&) = default;
};

/// Twice the signed area of (a, b, c): > 0 when c lies left of a -> b (counter-clockwise).
[[nodiscard]] inline std::int64_t orient(lattice_point a, lattice_point b,
                                         lattice_point c) noexcept {
    return (static_cast<std::int64_t>(b.x) - a.x) * (static_cast<std::int64_t>(c.y) - a.y) -
           (static_cast<std::int64_t>(b.y) - a.y) * (static_cast<std::int64_t>(c.x) - a.x);
}

/// A triangle of the result: vertices counter-clockwise (indices into the input points), and
/// for each edge (v[i], v[i + 1 mod 3]) the triangle on its other side, or `no_triangle`.
struct delaunay_triangle {
    std::array<std::uint32_t, 3> v{};
    std::array<std::uint32_t, 3> n{};
};
inline constexpr std::uint32_t no_triangle = 0xFFFFFFFF;

struct delaunay_result {
    std::vector<delaunay_triangle> triangles; ///< covering the convex hull of the points
    std::string problem;                      ///< empty on success
};

/// Triangulates `points` (distinct; |coordinates| below 2^20). Every triangle's circumcircle
/// holds no input point strictly inside it (ties among cocircular points broken by insertion
/// order), so every segment between two points whose closed diametral disc holds no other
/// point is an edge of the result. Points are inserted in the order given (give them in rows
/// or another spatially coherent order: each point is located by walking from the last
/// triangle made). `max_triangles` bounds the memory; over it, `problem` says so.
[[nodiscard]] delaunay_result delaunay_triangulate(std::span<const lattice_point> points,
                                                   std::size_t max_triangles);

} // namespace xunlu::anyangle::detail
