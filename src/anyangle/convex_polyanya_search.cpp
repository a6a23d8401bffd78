// Polyanya over the convex mesh: intervals on polygon sides, projections across convex
// polygons, bend corners as new roots, root-level pruning.
#include "xunlu/anyangle/convex_polyanya_search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include "polyanya_frontier.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"

namespace xunlu::anyangle {
namespace {

constexpr std::string_view algorithm = "polyanya-convex";
/// Tolerance on g (as in polyanya_search).
constexpr double eps = 1e-9;
/// Tolerance on the position along a side, 0 at its first corner and 1 at the other: sides
/// are at most 2^16 cells long, so this is under 1e-6 cells, and far above the rounding of the
/// projections. Path vertices are exact whatever it is: every bend is a mesh vertex or the
/// start, and every returned segment is checked exactly.
constexpr double u_eps = 1e-11;
constexpr std::uint32_t no_node = detail::no_polyanya_node;
constexpr std::uint32_t none = convex_mesh::no_polygon;

struct vec {
    double x;
    double y;
};

/// > 0 when c lies left of o -> a (the polygons' turning sense), < 0 right, 0 on the line.
double cross(vec o, vec a, vec c) noexcept {
    return (a.x - o.x) * (c.y - o.y) - (a.y - o.y) * (c.x - o.x);
}

double dist(vec a, vec b) noexcept {
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    return std::sqrt(dx * dx + dy * dy);
}

/// `p` mirrored across the line through a and b.
vec mirror(vec p, vec a, vec b) noexcept {
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double u = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy);
    return {2 * (a.x + u * dx) - p.x, 2 * (a.y + u * dy) - p.y};
}

/// The stretch [u0, u1] of a side (u from 0 at its first corner to 1 at the other) where a
/// function linear along it, fa at u = 0 and fb at u = 1, is >= 0 (sign 1) or <= 0 (sign -1).
/// Empty when u0 > u1.
struct stretch {
    double u0;
    double u1;
};
stretch where(double fa, double fb, double sign) noexcept {
    fa *= sign;
    fb *= sign;
    if (fa >= 0 && fb >= 0) return {0, 1};
    if (fa < 0 && fb < 0) return {1, 0};
    const double u = fa / (fa - fb);
    return fa < 0 ? stretch{u, 1} : stretch{0, u};
}

/// The shortest route from `root` through the interval [l, r] to `target`, which does not lie
/// on the root's side of the interval's line: its length, and where it bends (-1 at l, 1 at r,
/// 0 straight).
struct route {
    double length;
    int bend;
};
route through(vec root, vec l, vec r, vec target) noexcept {
    const double dl = cross(root, target, l);
    const double dr = cross(root, target, r);
    const double straight = dist(root, target);
    // An end within 1e-9 cells of the straight line counts as on it: a projected end there is
    // the shadow's edge, which the line grazes (lattice geometry is exact or far from it).
    if (dl * dr <= 0 || std::min(std::fabs(dl), std::fabs(dr)) <= 1e-9 * straight) {
        return {straight, 0};
    }
    // Both ends on one side of the straight line: around the end nearer to it.
    if (std::fabs(dl) <= std::fabs(dr)) return {dist(root, l) + dist(l, target), -1};
    return {dist(root, r) + dist(r, target), 1};
}

} // namespace

search::search_result convex_polyanya_search::find_path(const grid::grid_map& map,
                                                        const search::search_request& request) {
    return find_on_derived<convex_mesh>(*this, map, request, algorithm);
}

search::search_result convex_polyanya_search::find_path(const convex_mesh& mesh,
                                                        const grid::grid_map& map,
                                                        const search::search_request& request) {
    if (auto refused = any_angle_refusal(map, request, algorithm, mesh.problem())) {
        return std::move(*refused);
    }
    search::search_result out;
    const grid::obstacle_mask mask = request.mask();
    out.stats.preprocessing_bytes = mesh.memory_bytes();
    const half_point s = centre_of(request.start);
    const half_point t = centre_of(request.goal);
    const vec sv{to_point(s).x, to_point(s).y};
    const vec tv{to_point(t).x, to_point(t).y};
    const auto at = [&](std::uint32_t v) {
        const mesh_point p = mesh.vertex(v);
        return vec{static_cast<double>(p.x), static_cast<double>(p.y)};
    };
    // The polygons holding a cell's centre: the one indexed, and the one across a side the
    // centre lies on, not just in line with (exact: corners are whole, centres halves).
    const auto holders = [&](cell c) {
        std::array<std::uint32_t, 2> found{mesh.polygon_at(c), none};
        if (found[0] == none) return found;
        const auto pc = mesh.corners(found[0]);
        const auto nb = mesh.neighbours(found[0]);
        const vec p{c.x + 0.5, c.y + 0.5};
        for (std::size_t i = 0; i < pc.size(); ++i) {
            const vec a = at(pc[i]);
            const vec b = at(pc[(i + 1) % pc.size()]);
            if (nb[i] != none && cross(a, b, p) == 0 &&
                (p.x - a.x) * (p.x - b.x) + (p.y - a.y) * (p.y - b.y) < 0) {
                found[1] = nb[i];
            }
        }
        return found;
    };
    const std::array<std::uint32_t, 2> starts = holders(request.start);
    const std::array<std::uint32_t, 2> goals = holders(request.goal);
    bool shared = false;
    for (const std::uint32_t a : starts) {
        for (const std::uint32_t b : goals) shared = shared || (a != none && a == b);
    }
    if (s == t || shared) { // a polygon is convex: straight there
        out.status = search::search_status::found;
        const std::vector<half_point> direct =
            s == t ? std::vector<half_point>{s} : std::vector<half_point>{s, t};
        fill_any_angle_path(map, direct, mask, out);
        return out;
    }
    roots_.clear(mesh.vertex_count(), mesh.slot_count());
    roots_.improve(0, 0);
    // The blocks of the mesh a shortest path can cross: those on the block-cut tree's path
    // from a start polygon to a goal polygon (polygon_blocks). None when no chain of
    // neighbours joins them: then nothing is entered and the search ends at once.
    const polygon_blocks& blocks = mesh.blocks();
    if (open_block_.size() < blocks.block_count()) open_block_.resize(blocks.block_count(), 0);
    if (++generation_ == 0) {
        std::fill(open_block_.begin(), open_block_.end(), 0U);
        generation_ = 1;
    }
    for (const std::uint32_t a : starts) {
        for (const std::uint32_t b : goals) {
            if (a == none || b == none) continue;
            (void)blocks.for_blocks_between(a, b,
                                            [&](std::uint32_t k) { open_block_[k] = generation_; });
        }
    }
    // The cell just inside the polygon at the middle of the node's interval.
    const auto node_cell = [&](const node& n) {
        vec c{0, 0};
        const auto pc = mesh.corners(n.polygon);
        for (const std::uint32_t v : pc) {
            c.x += at(v).x;
            c.y += at(v).y;
        }
        c.x /= static_cast<double>(pc.size());
        c.y /= static_cast<double>(pc.size());
        const vec mid{(n.lx + n.rx) / 2, (n.ly + n.ry) / 2};
        return cell{static_cast<std::int32_t>(std::floor(mid.x + (c.x - mid.x) * 0.01)),
                    static_cast<std::int32_t>(std::floor(mid.y + (c.y - mid.y) * 0.01))};
    };
    detail::polyanya_frontier frontier(nodes_, open_, successors_, out, request, node_cell);
    const auto push = [&](const node& n, double f) { frontier.push(n, f); };
    using sides_of = std::span<const packed_side>;
    const auto xy = [](const packed_side& e) {
        return vec{static_cast<double>(e.x), static_cast<double>(e.y)};
    };
    // Whether the polygon across side e is closed: a wall, or an adjacency of a block off the
    // start's and goal's tree path (dead ends among them), never entered (checked before any
    // geometry, as most polygons are such notches).
    const auto shut = [&](const packed_side& e) {
        return e.neighbour == none || open_block_[e.block] != generation_;
    };
    // A node into polygon q through its side m, which runs from vertex ca at a (q's corner m)
    // to cb at b: the interval [l, r] (l nearer a). The goal's polygon gets a goal node
    // instead: the goal seen through the interval, or around one of its ends.
    const auto add = [&](vec root_at, std::uint32_t root, double g, vec l, vec r,
                         std::uint8_t end_l, std::uint8_t end_r, std::uint32_t q, std::uint32_t m,
                         std::uint32_t parent, std::uint32_t ca, std::uint32_t cb, vec a, vec b) {
        // The callers have checked that q is open (shut) and that the root sees through the
        // side: it is a corner at an end of the side (on its line, seeing all of q), or it
        // lies strictly on the side's far side (the sides a ray leaves p through, or any side
        // from a root inside p or at a corner not on the side's line).
        const bool on_line = root != 0 && (root == ca + 1 || root == cb + 1);
        node n{g, l.x, l.y, r.x, r.y, root_at.x, root_at.y, root, q, m, parent, end_l, end_r, 0};
        if (q == goals[0] || q == goals[1]) {
            const route rt = on_line ? route{dist(root_at, tv), 0} : through(root_at, l, r, tv);
            // Past an end that is a projection, the goal is hidden from the root: the corner
            // that cast that shadow is a root of other nodes, which reach it.
            if ((rt.bend < 0 && end_l == 0) || (rt.bend > 0 && end_r == 0)) return;
            if (rt.bend != 0) { // around the interval's end (a mesh vertex): the last bend
                std::uint32_t via = parent;
                if (parent == no_node || nodes_[parent].root != root) {
                    nodes_.push_back(n); // a record of this root, for the path
                    via = static_cast<std::uint32_t>(nodes_.size() - 1);
                }
                const vec e = rt.bend < 0 ? l : r;
                n.parent = via;
                n.root = 1 + (rt.bend < 0 ? ca : cb);
                n.root_x = e.x;
                n.root_y = e.y;
                n.g = g + dist(root_at, e);
            }
            n.goal = 1;
            push(n, g + rt.length);
            return;
        }
        __builtin_prefetch(mesh.sides(q).data()); // read when the node is expanded, often next
        double h = 0;
        if (on_line) {
            h = dist(root_at, tv);
        } else {
            // The goal mirrored across the line when it lies on the root's side.
            const vec target = cross(a, b, tv) < 0 ? mirror(tv, a, b) : tv;
            h = through(root_at, l, r, target).length;
        }
        push(n, g + h);
    };
    // The stretch [u0, u1] of side i of a polygon with sides `ps` (u from corner i to corner
    // i + 1) as a node into the polygon across it.
    const auto emit = [&](sides_of ps, std::uint32_t i, double u0, double u1, vec root_at,
                          std::uint32_t root, double g, std::uint32_t parent) {
        const packed_side& ei = ps[i];
        const packed_side& ej = ps[i + 1 == ps.size() ? 0 : i + 1];
        if (u0 < u_eps) u0 = 0;
        if (u1 > 1 - u_eps) u1 = 1;
        if (u0 > u1) {
            if (u0 - u1 > u_eps) return;
            // A single point is kept: a shortest path may graze a corner exactly there.
            if (u0 == 0) {
                u1 = 0;
            } else if (u1 == 1) {
                u0 = 1;
            } else {
                u1 = u0;
            }
        }
        const vec a = xy(ei);
        const vec b = xy(ej);
        const vec x0 = u0 == 0 ? a : vec{a.x + u0 * (b.x - a.x), a.y + u0 * (b.y - a.y)};
        const vec x1 = u1 == 1 ? b : vec{a.x + u1 * (b.x - a.x), a.y + u1 * (b.y - a.y)};
        const auto kind = [](const packed_side& e) {
            return static_cast<std::uint8_t>(e.bend != 0 ? 2 : 1);
        };
        // Seen from the polygon across, the side runs from ej to ei: x1 is its left end.
        add(root_at, root, g, x1, x0, u1 == 1 ? kind(ej) : std::uint8_t{0},
            u0 == 0 ? kind(ei) : std::uint8_t{0}, ei.neighbour, ei.twin, parent, ej.vertex,
            ei.vertex, b, a);
    };
    // A side of a polygon seen edge-on from a root (in line with it, the root not at its
    // ends): a path can run along it and bend at its nearer end into the polygon across, which
    // that end, one of its corners, then sees whole. `record`: a node whose root is `root_at`.
    // Not at the farther end: the polygon across is convex and holds the whole side, so a
    // path bending there into it is longer than one bending at the nearer end (triangle
    // inequality; on random maps 12 % of the expansions were such nodes' offspring).
    const auto edge_on = [&](sides_of ps, std::uint32_t i, vec root_at, double g,
                             std::uint32_t record) {
        const packed_side& e0 = ps[i];
        const packed_side& e1 = ps[i + 1 == ps.size() ? 0 : i + 1];
        const double d0 = dist(root_at, xy(e0));
        const double d1 = dist(root_at, xy(e1));
        const packed_side& e = d0 < d1 ? e0 : e1;
        if (e.bend == 0) return;
        const double ge = g + std::min(d0, d1);
        if (!roots_.improve(e.vertex + 1, ge)) return;
        emit(ps, i, 0, 1, xy(e), e.vertex + 1, ge, record);
    };
    // Start: every side of the start's polygons, seen whole from the start (but the side the
    // start lies on, between its two polygons, and sides in line with it, seen edge-on).
    for (const std::uint32_t p : starts) {
        if (p == none) continue;
        const sides_of ps = mesh.sides(p);
        for (std::uint32_t i = 0; i < ps.size(); ++i) {
            if (shut(ps[i])) continue;
            const vec a = xy(ps[i]);
            const vec b = xy(ps[i + 1 == ps.size() ? 0 : i + 1]);
            if (cross(a, b, sv) == 0) {
                // On the side (the polygon across holds the start too), or in line with it.
                if ((sv.x - a.x) * (sv.x - b.x) + (sv.y - a.y) * (sv.y - b.y) > 0) {
                    edge_on(ps, i, sv, 0.0, no_node);
                }
                continue;
            }
            emit(ps, i, 0, 1, sv, 0, 0.0, no_node);
        }
    }
    // Expands node `id` (a copy `n`): its successors go to the frontier.
    const auto expand = [&](const node& n, std::uint32_t id) {
        const std::uint32_t p = n.polygon;
        const sides_of ps = mesh.sides(p);
        const auto k = static_cast<std::uint32_t>(ps.size());
        const auto after = [k](std::uint32_t i) { return i + 1 == k ? 0 : i + 1; };
        const std::uint32_t j = n.side;
        const std::uint32_t cj = ps[j].vertex;
        const std::uint32_t cj1 = ps[after(j)].vertex;
        const vec root{n.root_x, n.root_y};
        if (n.root != 0 && (n.root == cj + 1 || n.root == cj1 + 1)) {
            // The root is a corner of p: it sees every side but those it lies in line with.
            const std::uint32_t at_corner = n.root == cj + 1 ? j : after(j);
            if (!roots_.admit(n.root, mesh.first_slot(p) + at_corner, n.g)) return;
            for (std::uint32_t i = 0; i < k; ++i) {
                if (i == j || shut(ps[i])) continue;
                const bool incident =
                    n.root == ps[i].vertex + 1 || n.root == ps[after(i)].vertex + 1;
                if (!incident && cross(xy(ps[i]), xy(ps[after(i)]), root) == 0) {
                    edge_on(ps, i, root, n.g, id);
                    continue;
                }
                emit(ps, i, 0, 1, root, n.root, n.g, id);
            }
            return;
        }
        // The root tables' entries of the corners whose shadows come last.
        if (n.end_r == 2) roots_.prefetch(ps[after(j)].vertex + 1, mesh.first_slot(p) + after(j));
        if (n.end_l == 2) roots_.prefetch(cj + 1, mesh.first_slot(p) + j);
        const vec left{n.lx, n.ly};
        const vec right{n.rx, n.ry};
        // Observable: the interval projected from the root across p, onto the sides it exits
        // through (the root strictly outside their lines as seen from inside p).
        // An interval that is one point, a bend corner c (the root's ray grazed c), sees only
        // the ray on past c. The non-observable part on the corner's side, made below from c,
        // holds that ray too (its points are on the line), at the same g: the root, c and each
        // point are in line. So the ray's nodes, rooted at the root, are not made (on random
        // maps, where rays graze corner after corner, 15 % of the expansions).
        const bool point = n.lx == n.rx && n.ly == n.ry;
        const bool point_at_bend = point && (n.end_r == 2 || n.end_l == 2);
        for (std::uint32_t i = 0; i < k && !point_at_bend; ++i) {
            if (i == j || shut(ps[i])) continue;
            const vec a = xy(ps[i]);
            const vec b = xy(ps[after(i)]);
            const double facing = cross(a, b, root);
            if (facing < 0) continue; // the ray enters p there: nothing leaves through it
            const stretch in_right = where(cross(root, right, a), cross(root, right, b), 1);
            const stretch in_left = where(cross(root, left, a), cross(root, left, b), -1);
            if (facing == 0) {
                // In line with the root: along a ray of the wedge's edge, or unseen.
                if (std::max(in_right.u0, in_left.u0) <= std::min(in_right.u1, in_left.u1)) {
                    edge_on(ps, i, root, n.g, id);
                }
                continue;
            }
            emit(ps, i, std::max(in_right.u0, in_left.u0), std::min(in_right.u1, in_left.u1), root,
                 n.root, n.g, id);
        }
        // Non-observable: the part of p beyond the ray past an interval end that is a bend
        // corner is seen from that corner.
        const auto hidden = [&](std::uint32_t at_corner, bool on_right) {
            const std::uint32_t corner = ps[at_corner].vertex;
            const vec c = xy(ps[at_corner]);
            const double gc = n.g + dist(root, c);
            if (!roots_.admit(corner + 1, mesh.first_slot(p) + at_corner, gc)) return;
            std::uint32_t record = no_node; // a node rooted at the corner, for edge-on sides
            for (std::uint32_t i = 0; i < k; ++i) {
                if (i == j || shut(ps[i])) continue;
                const vec a = xy(ps[i]);
                const vec b = xy(ps[after(i)]);
                const stretch beyond =
                    where(cross(root, c, a), cross(root, c, b), on_right ? -1.0 : 1.0);
                const bool incident = i == at_corner || after(i) == at_corner;
                // Only c itself of a side from c, whose other end turns back from the ray: the
                // observable part above made a node across that side with c at its end, which
                // goes round c in the polygon across. (Not for a one-point interval: there the
                // observable part made nothing.)
                if (incident && beyond.u0 == beyond.u1 && !point) continue;
                if (!incident && cross(a, b, c) == 0) {
                    if (beyond.u0 > beyond.u1) continue;
                    if (record == no_node) {
                        node r = n;
                        r.parent = id;
                        r.root = corner + 1;
                        r.root_x = c.x;
                        r.root_y = c.y;
                        r.g = gc;
                        nodes_.push_back(r);
                        record = static_cast<std::uint32_t>(nodes_.size() - 1);
                    }
                    edge_on(ps, i, c, gc, record);
                    continue;
                }
                emit(ps, i, beyond.u0, beyond.u1, c, corner + 1, gc, id);
            }
        };
        // A shortest path bends only at bend corners (docs/any-angle.md, "Why visgraph is
        // optimal"): only there does a shadow start.
        if (n.end_r == 2) hidden(after(j), true);
        if (n.end_l == 2) hidden(j, false);
    };
    const auto root_of = [](const node& n) { return point{n.root_x, n.root_y}; };
    frontier.run(
        point{tv.x, tv.y}, dist(sv, tv),
        [&](const node& n) { return n.g > roots_.best(n.root) + eps; }, root_of, expand);
    frontier.finish(map, algorithm, s, t,
                    roots_.memory_bytes() + open_block_.capacity() * sizeof(std::uint32_t),
                    root_of);
    return out;
}

} // namespace xunlu::anyangle
