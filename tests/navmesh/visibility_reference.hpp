// An independent exact check for single-floor meshes: the shortest path length by Dijkstra on
// the visibility graph of the start, the goal and the wall vertices, a segment counting as
// walkable when every piece of it between two crossings of polygon edges has its midpoint in
// some polygon. Written apart from the search (no intervals, no roots); slow, for small meshes.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <vector>

#include "xunlu/navmesh/polygon_mesh.hpp"

namespace xunlu::navmesh::testing {

class visibility_reference {
  public:
    explicit visibility_reference(const polygon_mesh& mesh) : mesh_(mesh) {
        std::vector<std::uint8_t> on_wall(mesh.vertices.size(), 0);
        for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
            const auto cs = mesh.polygon_corners(p);
            const auto ns = mesh.polygon_neighbours(p);
            for (std::size_t k = 0; k < cs.size(); ++k) {
                edges_.push_back({pt(cs[k]), pt(cs[(k + 1) % cs.size()])});
                if (ns[k] == no_polygon) on_wall[cs[k]] = on_wall[cs[(k + 1) % cs.size()]] = 1;
            }
        }
        for (std::size_t v = 0; v < on_wall.size(); ++v) {
            if (!on_wall[v]) continue;
            const xz q = pt(static_cast<std::uint32_t>(v));
            if (std::none_of(walls_.begin(), walls_.end(),
                             [&](const xz& w) { return w.x == q.x && w.z == q.z; }))
                walls_.push_back(q);
        }
    }

    /// The shortest length from (sx, sz) to (tx, tz) seen from above, or infinity.
    [[nodiscard]] double shortest(double sx, double sz, double tx, double tz) const {
        std::vector<xz> pts{{sx, sz}, {tx, tz}};
        pts.insert(pts.end(), walls_.begin(), walls_.end());
        const std::size_t n = pts.size();
        std::vector<double> d(n, std::numeric_limits<double>::infinity());
        std::vector<std::uint8_t> closed(n, 0);
        using item = std::pair<double, std::size_t>;
        std::priority_queue<item, std::vector<item>, std::greater<>> open;
        d[0] = 0;
        open.push({0, 0});
        while (!open.empty()) {
            const auto [g, u] = open.top();
            open.pop();
            if (closed[u]) continue;
            closed[u] = 1;
            if (u == 1) return g;
            for (std::size_t v = 1; v < n; ++v) {
                if (closed[v]) continue;
                const double w = std::hypot(pts[v].x - pts[u].x, pts[v].z - pts[u].z);
                if (g + w >= d[v] || !walkable(pts[u], pts[v])) continue;
                d[v] = g + w;
                open.push({d[v], v});
            }
        }
        return std::numeric_limits<double>::infinity();
    }

    struct xz {
        double x;
        double z;
    };

    /// Whether the segment a-b lies in the union of the polygons seen from above.
    [[nodiscard]] bool walkable(xz a, xz b) const {
        std::vector<double> ts{0, 1};
        const double dx = b.x - a.x;
        const double dz = b.z - a.z;
        for (const auto& [p, q] : edges_) {
            const double ex = q.x - p.x;
            const double ez = q.z - p.z;
            const double den = dx * ez - dz * ex;
            if (den == 0) { // parallel: where the edge's ends project onto a-b, if in line
                if ((p.x - a.x) * dz - (p.z - a.z) * dx != 0) continue;
                const double len2 = dx * dx + dz * dz;
                if (len2 == 0) continue;
                for (const xz& e : {p, q}) {
                    const double t = ((e.x - a.x) * dx + (e.z - a.z) * dz) / len2;
                    if (t > 0 && t < 1) ts.push_back(t);
                }
                continue;
            }
            const double t = ((p.x - a.x) * ez - (p.z - a.z) * ex) / den;
            const double u = ((p.x - a.x) * dz - (p.z - a.z) * dx) / den;
            if (t > 0 && t < 1 && u >= -1e-12 && u <= 1 + 1e-12) ts.push_back(t);
        }
        std::sort(ts.begin(), ts.end());
        for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
            if (ts[i + 1] - ts[i] < 1e-12) continue;
            const double t = (ts[i] + ts[i + 1]) / 2;
            if (!inside({a.x + t * dx, a.z + t * dz})) return false;
        }
        return true;
    }

  private:
    [[nodiscard]] xz pt(std::uint32_t v) const {
        return {mesh_.vertices[v].x, mesh_.vertices[v].z};
    }
    [[nodiscard]] bool inside(xz c) const {
        for (std::uint32_t p = 0; p < mesh_.polygon_count(); ++p) {
            const auto cs = mesh_.polygon_corners(p);
            bool in = true;
            for (std::size_t k = 0; k < cs.size() && in; ++k) {
                const xz a = pt(cs[k]);
                const xz b = pt(cs[(k + 1) % cs.size()]);
                const double len = std::hypot(b.x - a.x, b.z - a.z);
                in = (b.x - a.x) * (c.z - a.z) - (b.z - a.z) * (c.x - a.x) >= -1e-9 * len;
            }
            if (in) return true;
        }
        return false;
    }

    const polygon_mesh& mesh_;
    std::vector<std::pair<xz, xz>> edges_;
    std::vector<xz> walls_;
};

} // namespace xunlu::navmesh::testing
