// The walkable surface of a 3D scene as plain arrays: convex polygons in 3D with, for each
// edge, the polygon on the other side. Navmesh queries (the exact shortest path, nearest
// point, ray casts along the surface) work on this value; a Recast/Detour navmesh is
// converted into it once per version (tiles joined, border edges split where neighbours
// meet, so that every edge has one neighbour or none).
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::navmesh {

/// A point in the scene, in the level's units (metres), y up as in Recast and most engines.
struct vec3 {
    float x = 0;
    float y = 0;
    float z = 0;
    friend bool operator==(const vec3&, const vec3&) = default;
};

/// Marks an edge on the mesh boundary (a wall): no polygon lies beyond it.
inline constexpr std::uint32_t no_polygon = std::numeric_limits<std::uint32_t>::max();

/// Convex polygons over shared vertices. Polygon p's corners are
/// corners[offsets[p] .. offsets[p+1]), at least 3, in counter-clockwise order seen from above:
/// in the (x, z) plane their signed area sum(x_i * z_{i+1} - x_{i+1} * z_i) / 2 is positive.
/// neighbours[k] (parallel to corners) is the polygon across the edge from corner k to the
/// next corner of the same polygon, or no_polygon; a neighbour's matching edge runs between
/// the same two points in the opposite direction. Corners may be collinear (where an edge was
/// split at a neighbour's end). Areas and flags are Detour's per polygon: the area type (0-63)
/// that a query filter prices, and the flags it includes or excludes.
struct polygon_mesh {
    std::vector<vec3> vertices;
    std::vector<std::uint32_t> offsets{0};
    std::vector<std::uint32_t> corners;
    std::vector<std::uint32_t> neighbours;
    std::vector<std::uint8_t> areas;
    std::vector<std::uint16_t> flags;

    [[nodiscard]] std::uint32_t polygon_count() const {
        return static_cast<std::uint32_t>(offsets.size() - 1);
    }
    [[nodiscard]] std::span<const std::uint32_t> polygon_corners(std::uint32_t p) const {
        return {corners.data() + offsets[p], offsets[p + 1] - offsets[p]};
    }
    [[nodiscard]] std::span<const std::uint32_t> polygon_neighbours(std::uint32_t p) const {
        return {neighbours.data() + offsets[p], offsets[p + 1] - offsets[p]};
    }
};

/// Checks the invariants above (array sizes, indices in range, at least 3 corners, convex and
/// counter-clockwise in (x, z) up to a tolerance of `tolerance` level units, finite
/// coordinates, neighbour edges that match in reverse). The error names the first polygon and
/// edge at fault.
XUNLU_API result<bool> check_polygon_mesh(const polygon_mesh& mesh, float tolerance = 1e-3f);

} // namespace xunlu::navmesh
