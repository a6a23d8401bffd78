// Detour's tiles as one polygon_mesh: ground polygons numbered tile by tile, vertices welded
// across tile borders, border edges split where the neighbours' portal edges end, every polygon
// counter-clockwise seen from above.
#include <DetourNavMesh.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "navmesh_impl.hpp"

namespace xunlu::navmesh {

namespace {

struct raw_vertex {
    vec3 p;
    std::uint32_t tile = 0;
    float weld = 0; ///< how far apart in x and z two border vertices may be and still weld
    float climb = 0;
};

/// Maps every vertex to a representative: itself, or a vertex of another tile at the same
/// (x, z) within the tolerance and at most a climb above or below (the closest such).
std::vector<std::uint32_t> weld(const std::vector<raw_vertex>& vs) {
    std::vector<std::uint32_t> rep(vs.size());
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> grid;
    const auto key = [](std::int64_t x, std::int64_t z) {
        return (static_cast<std::uint64_t>(x) << 32) ^ static_cast<std::uint64_t>(z & 0xffffffff);
    };
    for (std::uint32_t i = 0; i < vs.size(); ++i) {
        const raw_vertex& v = vs[i];
        const float h = 4 * v.weld;
        // Clamped: a loaded tile's vertices are finite but may be far out.
        const auto cell = [h](float c) {
            return static_cast<std::int64_t>(std::clamp(std::floor(c / h), -1e15f, 1e15f));
        };
        const std::int64_t cx = cell(v.p.x);
        const std::int64_t cz = cell(v.p.z);
        std::uint32_t best = i;
        float best_dy = 0;
        for (std::int64_t dx = -1; dx <= 1; ++dx)
            for (std::int64_t dz = -1; dz <= 1; ++dz) {
                const auto it = grid.find(key(cx + dx, cz + dz));
                if (it == grid.end()) continue;
                for (const std::uint32_t r : it->second) {
                    const raw_vertex& w = vs[r];
                    if (w.tile == v.tile || std::abs(w.p.x - v.p.x) > v.weld ||
                        std::abs(w.p.z - v.p.z) > v.weld)
                        continue;
                    const float dy = std::abs(w.p.y - v.p.y);
                    if (dy > std::max(v.climb, w.climb) + 1e-3f) continue;
                    if (best == i || dy < best_dy) {
                        best = r;
                        best_dy = dy;
                    }
                }
            }
        rep[i] = best;
        if (best == i) grid[key(cx, cz)].push_back(i);
    }
    return rep;
}

struct tile_info {
    const dtMeshTile* tile = nullptr;
    std::uint32_t first_vertex = 0;
    std::uint32_t first_polygon = 0;
};

} // namespace

result<bool> convert_to_polygons(navmesh::impl& impl) {
    const dtNavMesh& mesh = *impl.mesh;
    std::vector<tile_info> tiles;
    std::vector<raw_vertex> raw;
    std::uint32_t polygons = 0;
    for (const dtTileRef ref : impl.tile_refs) {
        const dtMeshTile* t = mesh.getTileByRef(ref);
        tile_info ti{t, static_cast<std::uint32_t>(raw.size()), polygons};
        const dtMeshHeader& h = *t->header;
        const float cell = h.bvQuantFactor > 0 ? 1.f / h.bvQuantFactor : 0.1f;
        for (int v = 0; v < h.vertCount; ++v)
            raw.push_back({{t->verts[v * 3], t->verts[v * 3 + 1], t->verts[v * 3 + 2]},
                           static_cast<std::uint32_t>(tiles.size()),
                           std::max(1e-3f, 0.05f * cell),
                           h.walkableClimb});
        for (int p = 0; p < h.polyCount; ++p) {
            if (t->polys[p].getType() != DT_POLYTYPE_GROUND) continue;
            impl.refs.push_back(mesh.getPolyRefBase(t) | static_cast<dtPolyRef>(p));
            ++polygons;
        }
        tiles.push_back(ti);
    }
    impl.ref_to_index.clear();
    for (std::uint32_t i = 0; i < impl.refs.size(); ++i)
        impl.ref_to_index.push_back({impl.refs[i], i});
    std::sort(impl.ref_to_index.begin(), impl.ref_to_index.end());
    const auto index_of = [&](dtPolyRef ref) {
        const auto& m = impl.ref_to_index;
        const auto it = std::lower_bound(m.begin(), m.end(), std::pair{ref, std::uint32_t{0}});
        return it != m.end() && it->first == ref ? it->second : no_polygon;
    };
    const std::vector<std::uint32_t> rep = weld(raw);
    // The global (welded) vertex of corner k of polygon `p` in tile `ti`.
    const auto corner = [&](const tile_info& ti, const dtPoly& p, int k) {
        return rep[ti.first_vertex + p.verts[k]];
    };
    // Detour's tile index -> position in `tiles`.
    std::vector<std::uint32_t> slot(static_cast<std::size_t>(mesh.getMaxTiles()), no_polygon);
    for (std::uint32_t i = 0; i < tiles.size(); ++i)
        slot[mesh.decodePolyIdTile(mesh.getPolyRefBase(tiles[i].tile))] = i;
    const auto tile_of = [&](dtPolyRef ref) -> const tile_info* {
        const unsigned it = mesh.decodePolyIdTile(ref);
        return it < slot.size() && slot[it] != no_polygon ? &tiles[slot[it]] : nullptr;
    };

    polygon_mesh out;
    std::vector<std::uint32_t> loop_v;
    std::vector<std::uint32_t> loop_n;
    struct cut {
        double t;
        std::uint32_t v;
    };
    struct span_of {
        double lo, hi;
        std::uint32_t polygon;
    };
    std::vector<cut> cuts;
    std::vector<span_of> spans;
    for (const tile_info& ti : tiles) {
        const dtMeshTile& t = *ti.tile;
        const dtPolyRef base = mesh.getPolyRefBase(&t);
        for (int ip = 0; ip < t.header->polyCount; ++ip) {
            const dtPoly& poly = t.polys[ip];
            if (poly.getType() != DT_POLYTYPE_GROUND) continue;
            const dtPolyRef self = base | static_cast<dtPolyRef>(ip);
            loop_v.clear();
            loop_n.clear();
            const int n = poly.vertCount;
            for (int k = 0; k < n; ++k) {
                const std::uint32_t a = corner(ti, poly, k);
                const std::uint32_t b = corner(ti, poly, (k + 1) % n);
                const std::uint16_t nei = poly.neis[k];
                if (nei == 0 || (nei & DT_EXT_LINK) == 0) {
                    loop_v.push_back(a);
                    loop_n.push_back(nei == 0 ? no_polygon
                                              : index_of(base | static_cast<dtPolyRef>(nei - 1)));
                    continue;
                }
                // A tile border: the polygons Detour linked across this edge, and where their
                // edges begin and end along it.
                const vec3 pa = raw[a].p, pb = raw[b].p;
                const double ex = double{pb.x} - pa.x, ez = double{pb.z} - pa.z;
                const double len2 = ex * ex + ez * ez;
                const auto along = [&](std::uint32_t v) {
                    if (len2 == 0) return 0.0;
                    return ((double{raw[v].p.x} - pa.x) * ex + (double{raw[v].p.z} - pa.z) * ez) /
                           len2;
                };
                const double tol = len2 > 0 ? raw[a].weld / std::sqrt(len2) : 0;
                cuts.clear();
                spans.clear();
                for (unsigned l = poly.firstLink; l != DT_NULL_LINK; l = t.links[l].next) {
                    const dtLink& link = t.links[l];
                    if (link.edge != k || link.side == 0xff) continue;
                    const std::uint32_t q = index_of(link.ref);
                    const tile_info* qt = tile_of(link.ref);
                    if (q == no_polygon || qt == nullptr) continue;
                    const dtPoly& qp = qt->tile->polys[mesh.decodePolyIdPoly(link.ref)];
                    for (unsigned m = qp.firstLink; m != DT_NULL_LINK;
                         m = qt->tile->links[m].next) {
                        const dtLink& back = qt->tile->links[m];
                        if (back.ref != self || back.side == 0xff) continue;
                        const std::uint32_t c = corner(*qt, qp, back.edge);
                        const std::uint32_t d = corner(*qt, qp, (back.edge + 1) % qp.vertCount);
                        const double tc = along(c), td = along(d);
                        spans.push_back({std::min(tc, td), std::max(tc, td), q});
                        for (const auto& [tv, v] : {std::pair{tc, c}, std::pair{td, d}})
                            if (v != a && v != b && tv > tol && tv < 1 - tol)
                                cuts.push_back({tv, v});
                        break;
                    }
                }
                std::sort(cuts.begin(), cuts.end(), [](const cut& x, const cut& y) {
                    return x.t < y.t || (x.t == y.t && x.v < y.v);
                });
                double prev_t = 0;
                std::uint32_t prev_v = a;
                const auto emit = [&](double t_end, std::uint32_t v_end) {
                    const double mid = (prev_t + t_end) / 2;
                    std::uint32_t nb = no_polygon;
                    for (const span_of& s : spans)
                        if (s.lo - tol <= mid && mid <= s.hi + tol) {
                            nb = s.polygon;
                            break;
                        }
                    loop_v.push_back(prev_v);
                    loop_n.push_back(nb);
                    prev_t = t_end;
                    prev_v = v_end;
                };
                for (const cut& c : cuts) {
                    if (c.v == prev_v || c.t - prev_t <= tol) continue;
                    emit(c.t, c.v);
                }
                emit(1.0, b);
            }
            // Counter-clockwise from above as polygon_mesh defines it (reversed if Detour's
            // order is the other way): corner i's edge was the edge of corner n-2-i.
            double area2 = 0;
            const std::size_t m = loop_v.size();
            for (std::size_t k = 0; k < m; ++k) {
                const vec3& u = raw[loop_v[k]].p;
                const vec3& w = raw[loop_v[(k + 1) % m]].p;
                area2 += double{u.x} * w.z - double{w.x} * u.z;
            }
            if (area2 < 0) {
                std::vector<std::uint32_t> rv(m), rn(m);
                for (std::size_t i = 0; i < m; ++i) {
                    rv[i] = loop_v[m - 1 - i];
                    rn[i] = loop_n[(2 * m - 2 - i) % m];
                }
                loop_v.swap(rv);
                loop_n.swap(rn);
            }
            out.corners.insert(out.corners.end(), loop_v.begin(), loop_v.end());
            out.neighbours.insert(out.neighbours.end(), loop_n.begin(), loop_n.end());
            out.offsets.push_back(static_cast<std::uint32_t>(out.corners.size()));
            out.areas.push_back(poly.getArea());
            out.flags.push_back(poly.flags);
        }
    }
    // Off-mesh connections, with the ground polygons their ends attach to.
    impl.links.clear();
    for (const tile_info& ti : tiles) {
        const dtMeshTile& t = *ti.tile;
        for (int i = 0; i < t.header->offMeshConCount; ++i) {
            const dtOffMeshConnection& con = t.offMeshCons[i];
            const dtPoly& poly = t.polys[con.poly];
            off_mesh_link l;
            l.start = {con.pos[0], con.pos[1], con.pos[2]};
            l.end = {con.pos[3], con.pos[4], con.pos[5]};
            l.radius = con.rad;
            l.bidirectional = (con.flags & DT_OFFMESH_CON_BIDIR) != 0;
            l.area = poly.getArea();
            l.flags = poly.flags;
            l.user_id = con.userId;
            for (unsigned k = poly.firstLink; k != DT_NULL_LINK; k = t.links[k].next) {
                const dtLink& link = t.links[k];
                (link.edge == 0 ? l.start_polygon : l.end_polygon) = index_of(link.ref);
            }
            impl.links.push_back(l);
        }
    }
    // Only the vertices polygons use, renumbered in first-use order.
    std::vector<std::uint32_t> renumber(raw.size(), no_polygon);
    for (std::uint32_t& c : out.corners) {
        if (renumber[c] == no_polygon) {
            renumber[c] = static_cast<std::uint32_t>(out.vertices.size());
            out.vertices.push_back(raw[c].p);
        }
        c = renumber[c];
    }
    impl.polygons = std::move(out);
    return true;
}

} // namespace xunlu::navmesh
