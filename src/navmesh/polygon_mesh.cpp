#include "xunlu/navmesh/polygon_mesh.hpp"

#include <cmath>
#include <string>

namespace xunlu::navmesh {

namespace {

std::string where(std::uint32_t p, std::size_t edge) {
    return "polygon " + std::to_string(p) + ", edge " + std::to_string(edge);
}

// Twice the signed area of triangle (a, b, c) in the (x, z) plane: positive when c lies left
// of a -> b, i.e. the three turn counter-clockwise seen from above.
double cross_xz(const vec3& a, const vec3& b, const vec3& c) {
    return (static_cast<double>(b.x) - a.x) * (static_cast<double>(c.z) - a.z) -
           (static_cast<double>(b.z) - a.z) * (static_cast<double>(c.x) - a.x);
}

} // namespace

result<bool> check_polygon_mesh(const polygon_mesh& mesh, float tolerance) {
    if (mesh.offsets.empty() || mesh.offsets.front() != 0)
        return error{"polygon mesh: offsets must start with 0"};
    const std::uint32_t polygons = mesh.polygon_count();
    if (mesh.offsets.back() != mesh.corners.size())
        return error{"polygon mesh: the last offset (" + std::to_string(mesh.offsets.back()) +
                     ") is not the number of corners (" + std::to_string(mesh.corners.size()) +
                     ")"};
    if (mesh.neighbours.size() != mesh.corners.size())
        return error{"polygon mesh: " + std::to_string(mesh.neighbours.size()) +
                     " neighbours for " + std::to_string(mesh.corners.size()) + " corners"};
    if (mesh.areas.size() != polygons || mesh.flags.size() != polygons)
        return error{"polygon mesh: areas and flags need one entry per polygon (" +
                     std::to_string(polygons) + ")"};
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
        const vec3& q = mesh.vertices[v];
        if (!std::isfinite(q.x) || !std::isfinite(q.y) || !std::isfinite(q.z))
            return error{"polygon mesh: vertex " + std::to_string(v) + " is not finite"};
    }
    const auto vertex_count = mesh.vertices.size();
    for (std::uint32_t p = 0; p < polygons; ++p) {
        if (mesh.offsets[p + 1] < mesh.offsets[p] || mesh.offsets[p + 1] > mesh.corners.size())
            return error{"polygon mesh: offsets of polygon " + std::to_string(p) +
                         " are out of order"};
        const auto cs = mesh.polygon_corners(p);
        if (cs.size() < 3)
            return error{"polygon mesh: polygon " + std::to_string(p) + " has " +
                         std::to_string(cs.size()) + " corners (at least 3)"};
        for (std::size_t k = 0; k < cs.size(); ++k)
            if (cs[k] >= vertex_count)
                return error{"polygon mesh: " + where(p, k) + ": vertex " + std::to_string(cs[k]) +
                             " out of range"};
        double area2 = 0;
        for (std::size_t k = 0; k < cs.size(); ++k) {
            const vec3& a = mesh.vertices[cs[k]];
            const vec3& b = mesh.vertices[cs[(k + 1) % cs.size()]];
            const vec3& c = mesh.vertices[cs[(k + 2) % cs.size()]];
            area2 += static_cast<double>(a.x) * b.z - static_cast<double>(b.x) * a.z;
            // Convex: no right turn beyond the tolerance (as a distance from the edge line).
            const double len =
                std::hypot(static_cast<double>(b.x) - a.x, static_cast<double>(b.z) - a.z);
            if (len == 0) return error{"polygon mesh: " + where(p, k) + " has length 0 in (x, z)"};
            if (cross_xz(a, b, c) / len < -tolerance)
                return error{"polygon mesh: " + where(p, (k + 1) % cs.size()) +
                             ": the polygon is not convex and counter-clockwise from above"};
        }
        if (area2 <= 0)
            return error{"polygon mesh: polygon " + std::to_string(p) +
                         " is clockwise or flat seen from above"};
        const auto ns = mesh.polygon_neighbours(p);
        for (std::size_t k = 0; k < ns.size(); ++k) {
            const std::uint32_t q = ns[k];
            if (q == no_polygon) continue;
            if (q >= polygons || q == p)
                return error{"polygon mesh: " + where(p, k) + ": neighbour " + std::to_string(q) +
                             " is not another polygon"};
            const vec3& a = mesh.vertices[cs[k]];
            const vec3& b = mesh.vertices[cs[(k + 1) % cs.size()]];
            const auto qc = mesh.polygon_corners(q);
            const auto qn = mesh.polygon_neighbours(q);
            bool matched = false;
            for (std::size_t j = 0; j < qc.size() && !matched; ++j)
                matched = qn[j] == p && mesh.vertices[qc[j]] == b &&
                          mesh.vertices[qc[(j + 1) % qc.size()]] == a;
            if (!matched)
                return error{"polygon mesh: " + where(p, k) + ": polygon " + std::to_string(q) +
                             " has no edge back to it between the same two points"};
        }
    }
    return true;
}

} // namespace xunlu::navmesh
