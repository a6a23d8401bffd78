// A polygon_mesh made from a grid map's convex mesh (anyangle::convex_mesh): the free area of
// the map as a flat walkable surface at y = 0, x to the right and z down the rows, one level
// unit per cell. The meshes the exact path tests and benchmarks compare with the any-angle
// searches, whose optimal lengths are the same Euclidean shortest paths among the walls.
#pragma once

#include "xunlu/anyangle/convex_mesh.hpp"
#include "xunlu/navmesh/polygon_mesh.hpp"

namespace xunlu::testing {

inline navmesh::polygon_mesh polygon_mesh_of(const anyangle::convex_mesh& cm) {
    navmesh::polygon_mesh m;
    m.vertices.reserve(cm.vertex_count());
    for (std::uint32_t v = 0; v < cm.vertex_count(); ++v) {
        const anyangle::mesh_point p = cm.vertex(v);
        m.vertices.push_back({static_cast<float>(p.x), 0.0f, static_cast<float>(p.y)});
    }
    const auto polygons = static_cast<std::uint32_t>(cm.polygon_count());
    for (std::uint32_t p = 0; p < polygons; ++p) {
        // The convex mesh turns the same way as the navmesh seen from above with z = y.
        for (const std::uint32_t c : cm.corners(p)) m.corners.push_back(c);
        for (const std::uint32_t n : cm.neighbours(p))
            m.neighbours.push_back(n == anyangle::convex_mesh::no_polygon ? navmesh::no_polygon
                                                                          : n);
        m.offsets.push_back(static_cast<std::uint32_t>(m.corners.size()));
    }
    m.areas.assign(polygons, 0);
    m.flags.assign(polygons, 1);
    return m;
}

} // namespace xunlu::testing
