// Convex mesh of a grid map's free area: border lattice points, their Delaunay triangulation,
// the free triangles merged greedily (longest shared side first) while the union stays convex,
// straight walls inside one polygon joined, dead ends peeled.
#include "xunlu/anyangle/convex_mesh.hpp"

#include <algorithm>
#include <chrono>
#include <new>
#include <string>
#include <utility>

#include "lattice_delaunay.hpp"

namespace xunlu::anyangle {

namespace {

using detail::lattice_point;
using detail::orient;
constexpr std::uint32_t none = 0xFFFFFFFF;

/// One side of a polygon while triangles merge: a circular list per polygon. The side runs
/// from `start` to the next side's start; `twin` is the same side in the polygon across, if any.
struct side {
    std::uint32_t start;
    std::uint32_t twin;
    std::uint32_t next;
    std::uint32_t prev;
};

/// Position of (x, y) (each below 2^16) along a Hilbert curve over the 2^16 x 2^16 square.
std::uint64_t hilbert_index(std::int32_t px, std::int32_t py) noexcept {
    auto x = static_cast<std::uint32_t>(px);
    auto y = static_cast<std::uint32_t>(py);
    std::uint64_t d = 0;
    for (std::uint32_t s = 1u << 15; s > 0; s /= 2) {
        const std::uint32_t rx = (x & s) != 0 ? 1 : 0;
        const std::uint32_t ry = (y & s) != 0 ? 1 : 0;
        d += std::uint64_t{s} * s * ((3 * rx) ^ ry);
        if (ry == 0) {     // rotate the quadrant
            if (rx == 1) { // only the bits below s matter from here on
                x = 0xFFFF - x;
                y = 0xFFFF - y;
            }
            std::swap(x, y);
        }
    }
    return d;
}

/// Union-find over triangles: the polygon a triangle has been merged into.
struct polygon_sets {
    std::vector<std::uint32_t> up;
    std::uint32_t find(std::uint32_t t) noexcept {
        while (up[t] != t) {
            up[t] = up[up[t]];
            t = up[t];
        }
        return t;
    }
};

} // namespace

convex_mesh convex_mesh::build(const grid::grid_map& map, grid::obstacle_mask mask, limits caps) {
    const auto started = std::chrono::steady_clock::now();
    const auto refused = [](std::string why) {
        convex_mesh none_built;
        none_built.problem_ = std::move(why);
        return none_built;
    };
    const std::int32_t w = map.width();
    const std::int32_t h = map.height();
    const auto free_cell = [&](std::int32_t x, std::int32_t y) {
        return map.passable({x, y}, mask);
    };
    if (static_cast<std::int64_t>(w) * h > static_cast<std::int64_t>(caps.cells)) {
        return refused("the map has over " + std::to_string(caps.cells) +
                       " cells; the convex mesh is refused");
    }

    // 1. The border points: grid points whose four cells are neither all free nor all not.
    std::vector<lattice_point> points;
    for (std::int32_t y = 0; y <= h; ++y) {
        for (std::int32_t x = 0; x <= w; ++x) {
            const int free_count = (free_cell(x - 1, y - 1) ? 1 : 0) +
                                   (free_cell(x, y - 1) ? 1 : 0) + (free_cell(x - 1, y) ? 1 : 0) +
                                   (free_cell(x, y) ? 1 : 0);
            if (free_count == 0 || free_count == 4) continue;
            if (points.size() >= caps.points) {
                return refused("the map's free area has over " + std::to_string(caps.points) +
                               " corner points on its border; the convex mesh is refused");
            }
            points.push_back({x, y});
        }
    }
    // Inserted along a Hilbert curve: row order made long walls slow (each point on a wall
    // re-triangulated the fan of thin triangles its predecessors left).
    std::vector<std::pair<std::uint64_t, lattice_point>> keyed;
    keyed.reserve(points.size());
    for (const lattice_point p : points) keyed.emplace_back(hilbert_index(p.x, p.y), p);
    std::sort(keyed.begin(), keyed.end(),
              [](const auto& l, const auto& r) { return l.first < r.first; });
    for (std::size_t i = 0; i < keyed.size(); ++i) points[i] = keyed[i].second;

    // 2. Their Delaunay triangulation. Each unit step of the border joins two of the points and
    // no other point lies in its closed diametral disc, so it is an edge: every triangle is
    // wholly free or wholly not, and the cell under its centroid says which.
    std::vector<detail::delaunay_triangle> tris;
    try {
        detail::delaunay_result d = detail::delaunay_triangulate(points, 4 * caps.points + 8);
        if (!d.problem.empty()) return refused("triangulation failed: " + d.problem);
        tris = std::move(d.triangles);
    } catch (const std::bad_alloc&) {
        return refused("out of memory while triangulating the map's free area");
    }
    std::vector<std::uint8_t> is_free(tris.size());
    std::size_t free_count = 0;
    for (std::size_t t = 0; t < tris.size(); ++t) {
        const auto& v = tris[t].v;
        const std::int64_t sx = std::int64_t{points[v[0]].x} + points[v[1]].x + points[v[2]].x;
        const std::int64_t sy = std::int64_t{points[v[0]].y} + points[v[1]].y + points[v[2]].y;
        is_free[t] =
            free_cell(static_cast<std::int32_t>(sx / 3), static_cast<std::int32_t>(sy / 3)) ? 1 : 0;
        free_count += is_free[t];
    }

    // 3. Sides of the free triangles as circular lists (side 3t + i runs from v[i]), twins
    // across free neighbours.
    std::vector<side> sides(3 * tris.size());
    for (std::uint32_t t = 0; t < tris.size(); ++t) {
        for (std::uint32_t i = 0; i < 3; ++i) {
            side& s = sides[3 * t + i];
            s.start = tris[t].v[i];
            s.next = 3 * t + (i + 1) % 3;
            s.prev = 3 * t + (i + 2) % 3;
            s.twin = none;
            const std::uint32_t n = tris[t].n[i];
            if (n == detail::no_triangle || is_free[n] == 0 || is_free[t] == 0) continue;
            for (std::uint32_t j = 0; j < 3; ++j) {
                if (tris[n].v[j] == tris[t].v[(i + 1) % 3]) s.twin = 3 * n + j;
            }
        }
    }
    const auto end_of = [&](std::uint32_t s) { return sides[sides[s].next].start; };
    const auto pt = [&](std::uint32_t v) { return points[v]; };
    // Whether the corner from side `in` into side `out` turns left or goes straight on.
    const auto convex_turn = [&](std::uint32_t in, std::uint32_t out) {
        const lattice_point a = pt(sides[in].start);
        const lattice_point b = pt(sides[out].start);
        const lattice_point c = pt(end_of(out));
        const std::int64_t turn = orient(a, b, c);
        if (turn != 0) return turn > 0;
        return (std::int64_t{b.x} - a.x) * (std::int64_t{c.x} - b.x) +
                   (std::int64_t{b.y} - a.y) * (std::int64_t{c.y} - b.y) >
               0;
    };

    // 4. Merge across shared sides, longest first (ears last), where both corners of the union
    // stay convex.
    // Where two polygons share a straight run of several sides, the sides next to the one
    // removed are twins too and go with it.
    // Ears (free triangles with one free neighbour: the notches of staircase walls) go last.
    // Merged early, a notch makes its neighbour a stepped polygon that nothing else can join;
    // left alone it stays a dead end, and the street beside it one polygon.
    const auto ear = [&](std::uint32_t t) {
        int free_sides = 0;
        for (std::uint32_t i = 0; i < 3; ++i) free_sides += sides[3 * t + i].twin != none ? 1 : 0;
        return free_sides <= 1;
    };
    std::vector<std::pair<std::int64_t, std::uint32_t>> order; // (rank, side): rank descending
    for (std::uint32_t s = 0; s < sides.size(); ++s) {
        if (sides[s].twin == none || sides[s].twin < s) continue;
        const lattice_point a = pt(sides[s].start);
        const lattice_point b = pt(end_of(s));
        const std::int64_t dx = std::int64_t{b.x} - a.x;
        const std::int64_t dy = std::int64_t{b.y} - a.y;
        const bool to_ear = ear(s / 3) || ear(sides[s].twin / 3);
        order.emplace_back((to_ear ? 0 : std::int64_t{1} << 40) + dx * dx + dy * dy, s);
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& l, const auto& r) { return l.first > r.first; });
    polygon_sets sets;
    sets.up.resize(tris.size());
    for (std::uint32_t t = 0; t < tris.size(); ++t) sets.up[t] = t;
    std::vector<std::uint32_t> entry(tris.size()); // a side of each polygon (by its root)
    for (std::uint32_t t = 0; t < tris.size(); ++t) entry[t] = 3 * t;
    for (const auto& [length, e] : order) {
        const std::uint32_t f = sides[e].twin;
        const std::uint32_t p = sets.find(e / 3);
        const std::uint32_t q = sets.find(f / 3);
        if (p == q) continue; // merged away already, with a run it was part of
        // The corner at e's end (f's start): f's predecessor runs in, e's successor out.
        std::uint32_t in_v = sides[f].prev;
        std::uint32_t out_v = sides[e].next;
        while (sides[in_v].twin == out_v) {
            in_v = sides[in_v].prev;
            out_v = sides[out_v].next;
        }
        std::uint32_t in_u = sides[e].prev;
        std::uint32_t out_u = sides[f].next;
        while (sides[in_u].twin == out_u) {
            in_u = sides[in_u].prev;
            out_u = sides[out_u].next;
        }
        if (!convex_turn(in_v, out_v) || !convex_turn(in_u, out_u)) continue;
        sides[in_v].next = out_v;
        sides[out_v].prev = in_v;
        sides[in_u].next = out_u;
        sides[out_u].prev = in_u;
        sets.up[q] = p;
        entry[p] = in_u;
    }

    // 5. Straight walls: a corner between two wall sides in line belongs to this polygon
    // alone (it covers the whole free half-disc there), so the two sides become one.
    convex_mesh mesh;
    mesh.border_points_ = points.size();
    mesh.triangles_ = free_count;
    std::vector<std::uint32_t> poly_id(tris.size(), none);
    std::vector<std::uint32_t> vertex_id(points.size(), none);
    std::uint32_t polygons = 0;
    for (std::uint32_t t = 0; t < tris.size(); ++t) {
        if (is_free[t] != 0 && sets.find(t) == t) poly_id[t] = polygons++;
    }
    mesh.begin_.reserve(polygons + std::size_t{1});
    mesh.begin_.push_back(0);
    std::vector<std::uint32_t> emitted;                        // the side behind each side kept
    std::vector<std::uint32_t> emitted_at(sides.size(), none); // and back
    for (std::uint32_t t = 0; t < tris.size(); ++t) {
        if (poly_id[t] == none) continue;
        std::uint32_t first = entry[t];
        // Start the walk at a side whose start corner stays, so the loop can drop the others.
        const auto straight_wall = [&](std::uint32_t in) {
            const std::uint32_t out = sides[in].next;
            return sides[in].twin == none && sides[out].twin == none &&
                   orient(pt(sides[in].start), pt(sides[out].start), pt(end_of(out))) == 0;
        };
        while (straight_wall(sides[first].prev)) {
            first = sides[first].next; // ends: a convex polygon has corners that turn
        }
        std::uint32_t s = first;
        do {
            std::uint32_t out = sides[s].next;
            while (out != first && straight_wall(s)) {
                out = sides[out].next;
                sides[s].next = out;
            }
            const std::uint32_t v = sides[s].start;
            if (vertex_id[v] == none) {
                vertex_id[v] = static_cast<std::uint32_t>(mesh.points_.size());
                mesh.points_.push_back({points[v].x, points[v].y});
            }
            mesh.corners_.push_back(vertex_id[v]);
            const std::uint32_t twin = sides[s].twin;
            mesh.neighbours_.push_back(twin == none ? no_polygon : poly_id[sets.find(twin / 3)]);
            emitted_at[s] = static_cast<std::uint32_t>(emitted.size());
            emitted.push_back(s);
            s = out;
        } while (s != first);
        mesh.begin_.push_back(static_cast<std::uint32_t>(mesh.corners_.size()));
    }
    // Each side's twin, as its position in the neighbour's list.
    mesh.twins_.assign(emitted.size(), none);
    for (std::size_t i = 0; i < emitted.size(); ++i) {
        const std::uint32_t twin = sides[emitted[i]].twin;
        if (twin == none) continue;
        mesh.twins_[i] = emitted_at[twin] - mesh.begin_[mesh.neighbours_[i]];
    }
    // Corners where a shortest path may bend: exactly one of the four cells is not free.
    mesh.corner_.resize(mesh.points_.size());
    for (std::size_t v = 0; v < mesh.points_.size(); ++v) {
        const mesh_point c = mesh.points_[v];
        const int blocked = (free_cell(c.x - 1, c.y - 1) ? 0 : 1) +
                            (free_cell(c.x, c.y - 1) ? 0 : 1) + (free_cell(c.x - 1, c.y) ? 0 : 1) +
                            (free_cell(c.x, c.y) ? 0 : 1);
        mesh.corner_[v] = blocked == 1 ? 1 : 0;
    }
    // The polygon of each free cell: its centre inside or on the polygon's border (then the
    // first polygon found; the one across that side holds it too).
    mesh.width_ = w;
    mesh.cell_polygon_.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h),
                              no_polygon);
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        const auto c = mesh.corners(p);
        std::int32_t x0 = w;
        std::int32_t y0 = h;
        std::int32_t x1 = 0;
        std::int32_t y1 = 0;
        for (const std::uint32_t v : c) {
            x0 = std::min(x0, mesh.points_[v].x);
            y0 = std::min(y0, mesh.points_[v].y);
            x1 = std::max(x1, mesh.points_[v].x);
            y1 = std::max(y1, mesh.points_[v].y);
        }
        for (std::int32_t y = y0; y < y1; ++y) {
            for (std::int32_t x = x0; x < x1; ++x) {
                std::uint32_t& slot = mesh.cell_polygon_[static_cast<std::size_t>(y) * w + x];
                if (slot == no_polygon && mesh.holds_centre(p, {x, y})) slot = p;
            }
        }
    }
    mesh.find_dead_ends();
    mesh.blocks_ = polygon_blocks::build(mesh.begin_, mesh.neighbours_, mesh.twins_);
    mesh.pack_sides();
    mesh.build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    return mesh;
}

bool convex_mesh::holds_centre(std::uint32_t p, cell c) const noexcept {
    const auto corners_of = corners(p);
    const std::int64_t cx = 2 * std::int64_t{c.x} + 1;
    const std::int64_t cy = 2 * std::int64_t{c.y} + 1;
    for (std::size_t i = 0; i < corners_of.size(); ++i) {
        const mesh_point a = points_[corners_of[i]];
        const mesh_point b = points_[corners_of[i + 1 == corners_of.size() ? 0 : i + 1]];
        // In half-cell units: corners at twice their coordinates.
        const std::int64_t turn = (2 * std::int64_t{b.x} - 2 * a.x) * (cy - 2 * a.y) -
                                  (2 * std::int64_t{b.y} - 2 * a.y) * (cx - 2 * a.x);
        if (turn < 0) return false;
    }
    return true;
}

std::uint64_t convex_mesh::cache_key(grid::obstacle_mask mask) noexcept {
    return 0x636f6e76'6d657368ULL ^ static_cast<std::uint64_t>(mask); // "convmesh"
}

void convex_mesh::find_dead_ends() {
    const std::size_t n = polygon_count();
    dead_parent_.assign(n, live);
    std::vector<std::uint32_t> degree(n);
    std::vector<std::uint32_t> queue;
    for (std::uint32_t p = 0; p < n; ++p) {
        for (const std::uint32_t nb : neighbours(p)) degree[p] += nb != no_polygon ? 1 : 0;
        if (degree[p] <= 1) queue.push_back(p);
    }
    // Peel polygons with at most one remaining neighbour; the one left is what they hang on.
    for (std::size_t k = 0; k < queue.size(); ++k) {
        const std::uint32_t p = queue[k];
        std::uint32_t parent = dead_root;
        for (const std::uint32_t nb : neighbours(p)) {
            if (nb == no_polygon || dead_parent_[nb] != live || nb == p) continue;
            parent = nb;
            if (--degree[nb] == 1) queue.push_back(nb);
        }
        dead_parent_[p] = parent;
    }
}

void convex_mesh::pack_sides() {
    sides_.resize(corners_.size());
    for (std::uint32_t p = 0; p < polygon_count(); ++p) {
        for (std::uint32_t i = begin_[p]; i < begin_[p + 1]; ++i) {
            const mesh_point c = points_[corners_[i]];
            const std::uint32_t q = neighbours_[i];
            sides_[i] = {
                c.x, c.y, corners_[i], q, twins_[i], blocks_.side_block(i), corner_[corners_[i]]};
        }
    }
}

} // namespace xunlu::anyangle
