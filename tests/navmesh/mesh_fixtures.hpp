// Test meshes: a polygon_mesh made from convex polygons given as 3D corner lists (shared
// positions become shared vertices, edges between the same two positions become neighbours),
// and the hand-made scenes the exact path tests use.
#pragma once

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "xunlu/navmesh/polygon_mesh.hpp"

namespace xunlu::navmesh::testing {

/// Corners counter-clockwise seen from above (x right, z up on paper).
inline polygon_mesh make_mesh(const std::vector<std::vector<vec3>>& polygons,
                              const std::vector<std::uint16_t>& flags = {}) {
    polygon_mesh m;
    std::map<std::tuple<float, float, float>, std::uint32_t> ids;
    for (const auto& poly : polygons) {
        for (const vec3& v : poly) {
            const auto [it, added] =
                ids.try_emplace({v.x, v.y, v.z}, static_cast<std::uint32_t>(m.vertices.size()));
            if (added) m.vertices.push_back(v);
            m.corners.push_back(it->second);
        }
        m.offsets.push_back(static_cast<std::uint32_t>(m.corners.size()));
    }
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> edge_owner;
    for (std::uint32_t p = 0; p < m.polygon_count(); ++p) {
        const auto cs = m.polygon_corners(p);
        for (std::size_t k = 0; k < cs.size(); ++k)
            edge_owner[{cs[k], cs[(k + 1) % cs.size()]}] = p;
    }
    m.neighbours.assign(m.corners.size(), no_polygon);
    for (std::uint32_t p = 0; p < m.polygon_count(); ++p) {
        const auto cs = m.polygon_corners(p);
        for (std::size_t k = 0; k < cs.size(); ++k) {
            const auto it = edge_owner.find({cs[(k + 1) % cs.size()], cs[k]});
            if (it != edge_owner.end()) m.neighbours[m.offsets[p] + k] = it->second;
        }
    }
    m.areas.assign(m.polygon_count(), 0);
    m.flags = flags.empty() ? std::vector<std::uint16_t>(m.polygon_count(), 1) : flags;
    return m;
}

/// An axis-aligned rectangle at height y, counter-clockwise from above, with extra corners
/// on its sides where neighbours end (`split`: points on the border, in any order).
inline std::vector<vec3> rect(float x0, float z0, float x1, float z1, float y = 0,
                              std::vector<std::pair<float, float>> split = {}) {
    std::vector<vec3> out;
    const auto side = [&](float ax, float az, float bx, float bz) {
        out.push_back({ax, y, az});
        std::vector<std::pair<float, float>> on;
        for (const auto& [x, z] : split) {
            const bool between = (ax == bx && x == ax && (z - az) * (z - bz) < 0) ||
                                 (az == bz && z == az && (x - ax) * (x - bx) < 0);
            if (between) on.emplace_back(x, z);
        }
        std::sort(on.begin(), on.end(), [&](const auto& a, const auto& b) {
            return std::abs(a.first - ax) + std::abs(a.second - az) <
                   std::abs(b.first - ax) + std::abs(b.second - az);
        });
        for (const auto& [x, z] : on) out.push_back({x, y, z});
    };
    side(x0, z0, x1, z0);
    side(x1, z0, x1, z1);
    side(x1, z1, x0, z1);
    side(x0, z1, x0, z0);
    return out;
}

/// A 10 x 10 square with a 2 x 2 hole in the middle: four rectangles around the hole.
/// Polygon 2 is the strip left of the hole, 3 the one right of it.
inline polygon_mesh square_with_hole(std::vector<std::uint16_t> flags = {}) {
    return make_mesh({rect(0, 0, 10, 4, 0, {{4, 4}, {6, 4}}),
                      rect(0, 6, 10, 10, 0, {{4, 6}, {6, 6}}), rect(0, 4, 4, 6), rect(6, 4, 10, 6)},
                     flags);
}

/// A U: a 6 x 2 base and two 2 x 4 arms.
inline polygon_mesh u_shape() {
    return make_mesh({rect(0, 0, 6, 2, 0, {{2, 2}, {4, 2}}), rect(0, 2, 2, 6), rect(4, 2, 6, 6)});
}

/// An L-shaped corridor 2 wide: six 2 x 2 squares along x (their shared sides split the long
/// walls at collinear corners) and three going up from the last one.
inline polygon_mesh l_corridor() {
    std::vector<std::vector<vec3>> polys;
    for (float x = 0; x < 12; x += 2) polys.push_back(rect(x, 0, x + 2, 2));
    for (float z = 2; z < 8; z += 2) polys.push_back(rect(10, z, 12, z + 2));
    return make_mesh(polys);
}

/// Two floors: a road at y = 0 running north (x 4..6, z 0..10) under a bridge at y = 5 (z 4..6,
/// x 0..10); from the road's north end a ramp climbs to a platform at y = 5 (z 14..16), from
/// which a walkway (x 0..2) runs south to the bridge's west end. Seen from above the road and
/// the bridge overlap at x 4..6, z 4..6, but they are not neighbours.
inline polygon_mesh bridge_over_road() {
    return make_mesh({
        rect(4, 0, 6, 10, 0),                             // 0 road
        {{4, 0, 10}, {6, 0, 10}, {6, 5, 14}, {4, 5, 14}}, // 1 ramp
        rect(0, 14, 2, 16, 5),
        rect(2, 14, 4, 16, 5),
        rect(4, 14, 6, 16, 5), // 2-4 platform
        rect(0, 6, 2, 14, 5),  // 5 walkway
        rect(0, 4, 2, 6, 5),
        rect(2, 4, 4, 6, 5),
        rect(4, 4, 6, 6, 5),
        rect(6, 4, 10, 6, 5), // 6-9 bridge
    });
}

} // namespace xunlu::navmesh::testing
