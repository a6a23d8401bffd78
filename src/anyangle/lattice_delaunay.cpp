// Bowyer-Watson over integer points: each point is located by walking from the last triangle
// made, the triangles whose circumcircle holds it strictly are removed, and their cavity is
// re-triangulated as a fan around it. Exact predicates (64- and 128-bit integers), so the
// cocircular lattice points of grid maps need no special cases.
#include "lattice_delaunay.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace xunlu::anyangle::detail {

namespace {

__extension__ typedef __int128 wide;

/// True when `d` lies strictly inside the circumcircle of the counter-clockwise triangle
/// (a, b, c). The determinant's terms stay below 2^100 for coordinates below 2^23.
bool in_circle(lattice_point a, lattice_point b, lattice_point c, lattice_point d) noexcept {
    const std::int64_t adx = std::int64_t{a.x} - d.x;
    const std::int64_t ady = std::int64_t{a.y} - d.y;
    const std::int64_t bdx = std::int64_t{b.x} - d.x;
    const std::int64_t bdy = std::int64_t{b.y} - d.y;
    const std::int64_t cdx = std::int64_t{c.x} - d.x;
    const std::int64_t cdy = std::int64_t{c.y} - d.y;
    const std::int64_t alift = adx * adx + ady * ady;
    const std::int64_t blift = bdx * bdx + bdy * bdy;
    const std::int64_t clift = cdx * cdx + cdy * cdy;
    const wide det = wide{alift} * (bdx * cdy - cdx * bdy) + wide{blift} * (cdx * ady - adx * cdy) +
                     wide{clift} * (adx * bdy - bdx * ady);
    return det > 0;
}

class triangulator {
  public:
    triangulator(std::span<const lattice_point> input, std::size_t max_triangles)
        : max_triangles_(max_triangles) {
        points_.assign(input.begin(), input.end());
        std::int32_t x0 = 0;
        std::int32_t y0 = 0;
        std::int32_t x1 = 0;
        std::int32_t y1 = 0;
        if (!input.empty()) {
            x0 = x1 = input[0].x;
            y0 = y1 = input[0].y;
        }
        for (const lattice_point p : input) {
            x0 = std::min(x0, p.x);
            x1 = std::max(x1, p.x);
            y0 = std::min(y0, p.y);
            y1 = std::max(y1, p.y);
        }
        // A triangle around every point, far enough that its corners never lie inside the
        // diametral disc of two points at most one unit apart.
        const std::int32_t span = std::max(x1 - x0, y1 - y0) + 2;
        const std::int32_t cx = x0 + (x1 - x0) / 2;
        const std::int32_t cy = y0 + (y1 - y0) / 2;
        super_ = static_cast<std::uint32_t>(points_.size());
        points_.push_back({cx - 20 * span, cy - 10 * span});
        points_.push_back({cx + 20 * span, cy - 10 * span});
        points_.push_back({cx, cy + 20 * span});
        tris_.reserve(2 * points_.size() + 1);
        tris_.push_back(
            {{super_, super_ + 1, super_ + 2}, {no_triangle, no_triangle, no_triangle}});
        mark_.push_back(0);
    }

    std::string run() {
        for (std::uint32_t i = 0; i < super_; ++i) {
            if (std::string why = insert(i); !why.empty()) return why;
        }
        return {};
    }

    std::vector<delaunay_triangle> result() const {
        std::vector<std::uint32_t> id(tris_.size(), no_triangle);
        std::uint32_t count = 0;
        for (std::size_t t = 0; t < tris_.size(); ++t) {
            if (alive(t) && !touches_super(tris_[t])) id[t] = count++;
        }
        std::vector<delaunay_triangle> out;
        out.reserve(count);
        for (std::size_t t = 0; t < tris_.size(); ++t) {
            if (id[t] == no_triangle) continue;
            delaunay_triangle d = tris_[t];
            for (std::uint32_t& nb : d.n) nb = nb == no_triangle ? no_triangle : id[nb];
            out.push_back(d);
        }
        return out;
    }

  private:
    [[nodiscard]] bool alive(std::size_t t) const noexcept { return tris_[t].v[0] != no_triangle; }
    [[nodiscard]] bool touches_super(const delaunay_triangle& t) const noexcept {
        return t.v[0] >= super_ || t.v[1] >= super_ || t.v[2] >= super_;
    }

    /// A triangle holding `p` (inside or on its boundary): a walk from the last one made,
    /// crossing an edge that has `p` strictly on its far side. The edge tried first rotates,
    /// which keeps the walk from cycling; a linear scan stands by should it run long anyway.
    std::uint32_t locate(lattice_point p) {
        std::uint32_t t = last_;
        const std::size_t step_cap = 64 + 4 * tris_.size();
        for (std::size_t steps = 0; steps < step_cap; ++steps) {
            const delaunay_triangle& tri = tris_[t];
            bool inside = true;
            for (std::uint32_t k = 0; k < 3; ++k) {
                const std::uint32_t e = (k + rotate_) % 3;
                if (orient(points_[tri.v[e]], points_[tri.v[(e + 1) % 3]], p) < 0) {
                    t = tri.n[e];
                    inside = false;
                    break;
                }
            }
            rotate_ = rotate_ == 2 ? 0 : rotate_ + 1;
            if (inside) return t;
        }
        for (std::uint32_t s = 0; s < tris_.size(); ++s) {
            if (!alive(s)) continue;
            const delaunay_triangle& tri = tris_[s];
            if (orient(points_[tri.v[0]], points_[tri.v[1]], p) >= 0 &&
                orient(points_[tri.v[1]], points_[tri.v[2]], p) >= 0 &&
                orient(points_[tri.v[2]], points_[tri.v[0]], p) >= 0) {
                return s;
            }
        }
        return no_triangle;
    }

    std::string insert(std::uint32_t i) {
        const lattice_point p = points_[i];
        const std::uint32_t first = locate(p);
        if (first == no_triangle) return "point " + std::to_string(i) + " lies outside";
        for (const std::uint32_t v : tris_[first].v) {
            if (points_[v] == p) {
                return "duplicate point (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
            }
        }
        ++stamp_;
        cavity_.clear();
        boundary_.clear();
        cavity_.push_back(first);
        mark_[first] = stamp_;
        // Grow the cavity over every triangle whose circumcircle holds p strictly; the edges
        // towards the others (or the outside) are its boundary, met counter-clockwise.
        for (std::size_t k = 0; k < cavity_.size(); ++k) {
            const std::uint32_t c = cavity_[k];
            for (std::uint32_t e = 0; e < 3; ++e) {
                const std::uint32_t nb = tris_[c].n[e];
                if (nb != no_triangle) {
                    if (mark_[nb] == stamp_) continue;
                    const delaunay_triangle& o = tris_[nb];
                    if (in_circle(points_[o.v[0]], points_[o.v[1]], points_[o.v[2]], p)) {
                        mark_[nb] = stamp_;
                        cavity_.push_back(nb);
                        continue;
                    }
                }
                boundary_.push_back({tris_[c].v[e], tris_[c].v[(e + 1) % 3], nb});
            }
        }
        // (A far triangle rejected once stays rejected: the test does not depend on the order.)
        const std::size_t needed = boundary_.size();
        if (tris_.size() - cavity_.size() + needed > max_triangles_) {
            return "over " + std::to_string(max_triangles_) + " triangles";
        }
        // The fan: one triangle (a, b, p) per boundary edge, in the cavity's slots first.
        made_.clear();
        for (std::size_t k = 0; k < needed; ++k) {
            std::uint32_t slot = 0;
            if (k < cavity_.size()) {
                slot = cavity_[k];
            } else {
                slot = static_cast<std::uint32_t>(tris_.size());
                tris_.push_back({});
                mark_.push_back(0);
            }
            made_.push_back(slot);
        }
        for (std::size_t k = needed; k < cavity_.size(); ++k) {
            // Dead. (A fan has two triangles more than the disc it fills, so this is spare.)
            tris_[cavity_[k]].v = {no_triangle, no_triangle, no_triangle};
        }
        for (std::size_t k = 0; k < needed; ++k) {
            const edge& b = boundary_[k];
            delaunay_triangle& t = tris_[made_[k]];
            t.v = {b.a, b.b, i};
            t.n = {b.outside, no_triangle, no_triangle};
            if (b.outside != no_triangle) {
                delaunay_triangle& o = tris_[b.outside];
                for (std::uint32_t e = 0; e < 3; ++e) {
                    if (o.v[e] == b.b && o.v[(e + 1) % 3] == b.a) o.n[e] = made_[k];
                }
            }
        }
        // Link the fan: (a, b, p)'s edge b -> p meets the triangle of the boundary edge that
        // starts at b; its edge p -> a the one that ends at a.
        for (std::size_t k = 0; k < needed; ++k) {
            delaunay_triangle& t = tris_[made_[k]];
            for (std::size_t j = 0; j < needed; ++j) {
                if (boundary_[j].a == t.v[1]) t.n[1] = made_[j];
                if (boundary_[j].b == t.v[0]) t.n[2] = made_[j];
            }
        }
        last_ = made_[0];
        return {};
    }

    struct edge {
        std::uint32_t a;
        std::uint32_t b;
        std::uint32_t outside;
    };

    std::vector<lattice_point> points_;
    std::vector<delaunay_triangle> tris_;
    std::vector<std::uint32_t> mark_;
    std::vector<std::uint32_t> cavity_;
    std::vector<edge> boundary_;
    std::vector<std::uint32_t> made_;
    std::size_t max_triangles_;
    std::uint32_t super_ = 0;
    std::uint32_t last_ = 0;
    std::uint32_t stamp_ = 0;
    std::uint32_t rotate_ = 0;
};

} // namespace

delaunay_result delaunay_triangulate(std::span<const lattice_point> points,
                                     std::size_t max_triangles) {
    delaunay_result out;
    if (points.size() >= std::numeric_limits<std::uint32_t>::max() / 4) {
        out.problem = "too many points";
        return out;
    }
    triangulator t(points, max_triangles);
    out.problem = t.run();
    if (out.problem.empty()) out.triangles = t.result();
    return out;
}

} // namespace xunlu::anyangle::detail
