// Polyanya over a polygon_mesh: intervals on polygon edges, projections across convex polygons
// in the (x, z) plane, corner vertices as new roots, root-level pruning.
#include "xunlu/navmesh/mesh_path.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace xunlu::navmesh {
namespace {

/// Tolerance on g, in level units.
constexpr double eps = 1e-9;
/// Tolerance on the place along an edge (0 at its first corner, 1 at the other).
constexpr double u_eps = 1e-11;
constexpr std::uint32_t no_node = std::numeric_limits<std::uint32_t>::max();
/// How far (level units) a given point may lie outside the polygon it is said to be in.
constexpr double location_tolerance = 1e-3;

struct vec {
    double x;
    double z;
};

/// > 0 when c lies left of o -> a (counter-clockwise seen from above), < 0 right, 0 on the line.
double cross(vec o, vec a, vec c) noexcept {
    return (a.x - o.x) * (c.z - o.z) - (a.z - o.z) * (c.x - o.x);
}

double dist(vec a, vec b) noexcept {
    return std::hypot(b.x - a.x, b.z - a.z);
}

/// `p` mirrored across the line through a and b.
vec mirror(vec p, vec a, vec b) noexcept {
    const double dx = b.x - a.x;
    const double dz = b.z - a.z;
    const double u = ((p.x - a.x) * dx + (p.z - a.z) * dz) / (dx * dx + dz * dz);
    return {2 * (a.x + u * dx) - p.x, 2 * (a.z + u * dz) - p.z};
}

/// The stretch [u0, u1] of an edge where a function linear along it, fa at u = 0 and fb at
/// u = 1, is >= 0 (sign 1) or <= 0 (sign -1). Empty when u0 > u1.
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
    if (dl * dr <= 0 || std::min(std::fabs(dl), std::fabs(dr)) <= 1e-9 * straight) {
        return {straight, 0};
    }
    if (std::fabs(dl) <= std::fabs(dr)) return {dist(root, l) + dist(l, target), -1};
    return {dist(root, r) + dist(r, target), 1};
}

/// How far (level units, seen from above) an endpoint may lie off an edge and still count as on
/// it: a few float roundings of its coordinates. Snapped points (Detour's nearest point on an
/// edge) land up to about 1e-6 m on either side of the edge at coordinates of tens of metres;
/// one just behind the edge of the polygon it names would otherwise see that edge from behind.
double endpoint_tolerance(vec c) noexcept {
    return 4e-7 * (1 + std::fabs(c.x) + std::fabs(c.z));
}

/// Whether c lies on the segment [a, b] within `tol` level units (seen from above).
bool on_segment(vec a, vec b, vec c, double tol) noexcept {
    const double dx = b.x - a.x;
    const double dz = b.z - a.z;
    const double len2 = dx * dx + dz * dz;
    double u = len2 > 0 ? ((c.x - a.x) * dx + (c.z - a.z) * dz) / len2 : 0;
    u = std::clamp(u, 0.0, 1.0);
    return std::hypot(a.x + u * dx - c.x, a.z + u * dz - c.z) <= tol;
}

} // namespace

// --- per-query tables -----------------------------------------------------------------------

double& mesh_path_search::at(root_entry& e) noexcept {
    if (e.stamp != generation_) e = {std::numeric_limits<double>::infinity(), generation_};
    return e.g;
}

bool mesh_path_search::improve(std::uint32_t key, double g) noexcept {
    double& best = at(roots_[key]);
    if (g > best + eps) return false;
    if (g < best) best = g;
    return true;
}

bool mesh_path_search::admit(std::uint32_t key, std::uint32_t slot, double g) noexcept {
    if (!improve(key, g)) return false;
    double& best = at(corners_[slot]);
    if (g > best - eps) return false;
    best = g;
    return true;
}

bool mesh_path_search::shut(std::uint32_t p, std::uint32_t i) const noexcept {
    const polygon_mesh& mesh = index_->mesh();
    const std::uint32_t q = mesh.neighbours[mesh.offsets[p] + i];
    return q == no_polygon || !request_.filter.passes(mesh.flags[q]) ||
           (index_->dead_parent(q) != mesh_index::live && enter_[q] != generation_);
}

std::uint8_t mesh_path_search::end_kind(std::uint32_t v) const noexcept {
    if (index_->corner(v)) return 2;
    if (!request_.filter.all()) {
        // A polygon the filter shuts is a wall: a path may turn where one touches.
        const polygon_mesh& mesh = index_->mesh();
        for (const polygon_corner c : index_->around(v))
            if (!request_.filter.passes(mesh.flags[c.polygon])) return 2;
    }
    return 1;
}

bool mesh_path_search::is_goal_polygon(std::uint32_t p) const noexcept {
    return std::find(goals_.begin(), goals_.end(), p) != goals_.end();
}

void mesh_path_search::push(const node& n, double f) {
    const auto id = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(n);
    open_.push_back({f, n.g, id});
    std::push_heap(open_.begin(), open_.end(), [](const open_entry& a, const open_entry& b) {
        return a.f > b.f || (a.f == b.f && a.g < b.g);
    });
    ++generated_;
}

// --- successors -----------------------------------------------------------------------------

// A node into polygon q through its edge m (from q's corner m to corner m + 1): the interval
// [l, r], l nearer corner m. The goal's polygons get a goal node instead: the goal seen through
// the interval, or around one of its ends.
void mesh_path_search::add(double rx, double rz, std::uint32_t root, double g, double lx, double lz,
                           double qx, double qz, std::uint8_t end_l, std::uint8_t end_r,
                           std::uint32_t q, std::uint32_t m, std::uint32_t parent) {
    const polygon_mesh& mesh = index_->mesh();
    const auto size = mesh.offsets[q + 1] - mesh.offsets[q];
    const std::uint32_t m1 = m + 1 == size ? 0 : m + 1;
    const std::uint32_t ca = index_->corner_vertex(q, m);
    const std::uint32_t cb = index_->corner_vertex(q, m1);
    const vec root_at{rx, rz};
    const vec l{lx, lz};
    const vec r{qx, qz};
    const vec t{tx_, tz_};
    const bool on_line = root != 0 && (root == ca + 1 || root == cb + 1);
    node n{g, lx, lz, qx, qz, rx, rz, root, q, m, parent, end_l, end_r, 0};
    if (is_goal_polygon(q)) {
        const route rt = on_line ? route{dist(root_at, t), 0} : through(root_at, l, r, t);
        // Past an end that is a projection the goal is hidden: the corner that cast that
        // shadow roots other nodes, which reach it.
        if ((rt.bend < 0 && end_l == 0) || (rt.bend > 0 && end_r == 0)) return;
        if (rt.bend != 0) { // around the interval's end (a mesh vertex): the last turn
            std::uint32_t via = parent;
            if (parent == no_node || nodes_[parent].root != root) {
                nodes_.push_back(n); // a record of this root, for the path
                via = static_cast<std::uint32_t>(nodes_.size() - 1);
            }
            const vec e = rt.bend < 0 ? l : r;
            n.parent = via;
            n.root = 1 + (rt.bend < 0 ? ca : cb);
            n.root_x = e.x;
            n.root_z = e.z;
            n.g = g + dist(root_at, e);
        }
        n.goal = 1;
        push(n, g + rt.length);
        return;
    }
    double h = 0;
    if (on_line) {
        h = dist(root_at, t);
    } else {
        const vec3& va = mesh.vertices[mesh.corners[mesh.offsets[q] + m]];
        const vec3& vb = mesh.vertices[mesh.corners[mesh.offsets[q] + m1]];
        const vec a{va.x, va.z};
        const vec b{vb.x, vb.z};
        const vec target = cross(a, b, t) < 0 ? mirror(t, a, b) : t;
        h = through(root_at, l, r, target).length;
    }
    push(n, g + h);
}

// The stretch [u0, u1] of edge i of polygon p (u from corner i to corner i + 1) as a node into
// the polygon across it.
void mesh_path_search::emit(std::uint32_t p, std::uint32_t i, double u0, double u1, double rx,
                            double rz, std::uint32_t root, double g, std::uint32_t parent) {
    const polygon_mesh& mesh = index_->mesh();
    const std::uint32_t base = mesh.offsets[p];
    const std::uint32_t size = mesh.offsets[p + 1] - base;
    const std::uint32_t i1 = i + 1 == size ? 0 : i + 1;
    const vec3& va = mesh.vertices[mesh.corners[base + i]];
    const vec3& vb = mesh.vertices[mesh.corners[base + i1]];
    const vec a{va.x, va.z};
    const vec b{vb.x, vb.z};
    // Ends within line_tol_ of a corner are that corner: a ray along a straight wall of split
    // edges meets its far corners only up to rounding in a float mesh.
    const double snap = std::max(u_eps, line_tol_ / std::max(dist(a, b), 1e-300));
    if (u0 < snap) u0 = 0;
    if (u1 > 1 - snap) u1 = 1;
    if (u0 > u1) {
        if (u0 - u1 > snap) return;
        // A single point is kept: a shortest path may graze a corner exactly there.
        if (u0 == 0) {
            u1 = 0;
        } else if (u1 == 1) {
            u0 = 1;
        } else {
            u1 = u0;
        }
    }
    const vec x0 = u0 == 0 ? a : vec{a.x + u0 * (b.x - a.x), a.z + u0 * (b.z - a.z)};
    const vec x1 = u1 == 1 ? b : vec{a.x + u1 * (b.x - a.x), a.z + u1 * (b.z - a.z)};
    // Seen from the polygon across, the edge runs from b to a: x1 is its left end.
    add(rx, rz, root, g, x1.x, x1.z, x0.x, x0.z,
        u1 == 1 ? end_kind(index_->corner_vertex(p, i1)) : std::uint8_t{0},
        u0 == 0 ? end_kind(index_->corner_vertex(p, i)) : std::uint8_t{0},
        mesh.neighbours[base + i], index_->twin(p, i), parent);
}

// An edge seen edge-on from a root (in line with it, the root not at its ends): a path can run
// along it and turn at its nearer end into the polygon across, which that end then sees whole.
// Not at the farther end: the polygon across is convex and holds the whole edge, so turning
// there is longer (triangle inequality). `record`: a node whose root is the given root.
void mesh_path_search::edge_on(std::uint32_t p, std::uint32_t i, double rx, double rz, double g,
                               std::uint32_t record) {
    const polygon_mesh& mesh = index_->mesh();
    const std::uint32_t base = mesh.offsets[p];
    const std::uint32_t size = mesh.offsets[p + 1] - base;
    const std::uint32_t i1 = i + 1 == size ? 0 : i + 1;
    const vec3& v0 = mesh.vertices[mesh.corners[base + i]];
    const vec3& v1 = mesh.vertices[mesh.corners[base + i1]];
    const vec root{rx, rz};
    const double d0 = dist(root, {v0.x, v0.z});
    const double d1 = dist(root, {v1.x, v1.z});
    const bool first = d0 < d1;
    const std::uint32_t v = index_->corner_vertex(p, first ? i : i1);
    if (end_kind(v) != 2) return;
    const double ge = g + std::min(d0, d1);
    if (!improve(v + 1, ge)) return;
    const vec3& e = first ? v0 : v1;
    emit(p, i, 0, 1, e.x, e.z, v + 1, ge, record);
}

// Every open edge of polygon p seen from a root inside it or on its border (the start): whole,
// but the edges through the root (the polygon across holds it too) and edges in line with it
// (seen edge-on).
void mesh_path_search::open_root(double x, double z, std::uint32_t root, double g, std::uint32_t p,
                                 std::uint32_t parent) {
    const polygon_mesh& mesh = index_->mesh();
    const std::uint32_t base = mesh.offsets[p];
    const std::uint32_t size = mesh.offsets[p + 1] - base;
    const vec s{x, z};
    const double tol = endpoint_tolerance(s);
    for (std::uint32_t i = 0; i < size; ++i) {
        if (shut(p, i)) continue;
        const vec3& va = mesh.vertices[mesh.corners[base + i]];
        const vec3& vb = mesh.vertices[mesh.corners[base + (i + 1 == size ? 0 : i + 1)]];
        const vec a{va.x, va.z};
        const vec b{vb.x, vb.z};
        // In line with the edge up to rounding (on either side of it): edge-on; the polygon
        // across, when open, holds the root too and is opened from it (start()).
        if (std::fabs(cross(a, b, s)) <= tol * dist(a, b)) {
            if ((s.x - a.x) * (s.x - b.x) + (s.z - a.z) * (s.z - b.z) > 0)
                edge_on(p, i, x, z, g, parent);
            continue;
        }
        emit(p, i, 0, 1, x, z, root, g, parent);
    }
}

void mesh_path_search::expand(const node& n, std::uint32_t id) {
    const polygon_mesh& mesh = index_->mesh();
    const std::uint32_t p = n.polygon;
    const std::uint32_t base = mesh.offsets[p];
    const std::uint32_t k = mesh.offsets[p + 1] - base;
    const auto after = [k](std::uint32_t i) { return i + 1 == k ? 0 : i + 1; };
    const auto xz = [&](std::uint32_t i) {
        const vec3& v = mesh.vertices[mesh.corners[base + i]];
        return vec{v.x, v.z};
    };
    const std::uint32_t j = n.side;
    const std::uint32_t cj = index_->corner_vertex(p, j);
    const std::uint32_t cj1 = index_->corner_vertex(p, after(j));
    const vec root{n.root_x, n.root_z};
    if (n.root != 0 && (n.root == cj + 1 || n.root == cj1 + 1)) {
        // The root is a corner of p: it sees every edge but those it lies in line with.
        const std::uint32_t at_corner = n.root == cj + 1 ? j : after(j);
        if (!admit(n.root, base + at_corner, n.g)) return;
        for (std::uint32_t i = 0; i < k; ++i) {
            if (i == j || shut(p, i)) continue;
            const bool incident = n.root == index_->corner_vertex(p, i) + 1 ||
                                  n.root == index_->corner_vertex(p, after(i)) + 1;
            if (!incident && cross(xz(i), xz(after(i)), root) == 0) {
                edge_on(p, i, root.x, root.z, n.g, id);
                continue;
            }
            emit(p, i, 0, 1, root.x, root.z, n.root, n.g, id);
        }
        return;
    }
    const vec left{n.lx, n.lz};
    const vec right{n.rx, n.rz};
    // Observable: the interval projected from the root across p onto the edges it leaves
    // through. A one-point interval at a corner (the root's ray grazed it) sees only the ray
    // on past it, which the corner's hidden part below holds at the same g: skipped.
    const bool point = n.lx == n.rx && n.lz == n.rz;
    const bool point_at_corner = point && (n.end_r == 2 || n.end_l == 2);
    for (std::uint32_t i = 0; i < k && !point_at_corner; ++i) {
        if (i == j || shut(p, i)) continue;
        const vec a = xz(i);
        const vec b = xz(after(i));
        const double facing = cross(a, b, root);
        if (facing < 0) continue; // the ray enters p there: nothing leaves through it
        const stretch in_right = where(cross(root, right, a), cross(root, right, b), 1);
        const stretch in_left = where(cross(root, left, a), cross(root, left, b), -1);
        if (facing == 0) {
            // In line with the root: along a ray of the wedge's edge, or unseen.
            if (std::max(in_right.u0, in_left.u0) <= std::min(in_right.u1, in_left.u1))
                edge_on(p, i, root.x, root.z, n.g, id);
            continue;
        }
        emit(p, i, std::max(in_right.u0, in_left.u0), std::min(in_right.u1, in_left.u1), root.x,
             root.z, n.root, n.g, id);
    }
    // Non-observable: the part of p beyond the ray past an interval end that is a corner is
    // seen from that corner.
    const auto hidden = [&](std::uint32_t at_corner, bool on_right) {
        const std::uint32_t corner = index_->corner_vertex(p, at_corner);
        const vec c = xz(at_corner);
        const double gc = n.g + dist(root, c);
        if (!admit(corner + 1, base + at_corner, gc)) return;
        std::uint32_t record = no_node; // a node rooted at the corner, for edge-on edges
        for (std::uint32_t i = 0; i < k; ++i) {
            if (i == j || shut(p, i)) continue;
            const vec a = xz(i);
            const vec b = xz(after(i));
            const stretch beyond =
                where(cross(root, c, a), cross(root, c, b), on_right ? -1.0 : 1.0);
            const bool incident = i == at_corner || after(i) == at_corner;
            // Only c itself of an edge from c whose other end turns back from the ray: the
            // observable part made a node across that edge with c at its end.
            if (incident && beyond.u0 == beyond.u1 && !point) continue;
            if (!incident && cross(a, b, c) == 0) {
                if (beyond.u0 > beyond.u1) continue;
                if (record == no_node) {
                    node r = n;
                    r.parent = id;
                    r.root = corner + 1;
                    r.root_x = c.x;
                    r.root_z = c.z;
                    r.g = gc;
                    nodes_.push_back(r);
                    record = static_cast<std::uint32_t>(nodes_.size() - 1);
                }
                edge_on(p, i, c.x, c.z, gc, record);
                continue;
            }
            emit(p, i, beyond.u0, beyond.u1, c.x, c.z, corner + 1, gc, id);
        }
    };
    if (n.end_r == 2) hidden(after(j), true);
    if (n.end_l == 2) hidden(j, false);
}

// --- the search -----------------------------------------------------------------------------

mesh_path_status mesh_path_search::done(mesh_path_status s, std::string message) {
    status_ = s;
    message_ = std::move(message);
    return s;
}

mesh_path_status mesh_path_search::start(const mesh_index& index,
                                         const mesh_path_request& request) {
    index_ = &index;
    request_ = request;
    nodes_.clear();
    open_.clear();
    starts_.clear();
    goals_.clear();
    found_ = no_node;
    expanded_ = 0;
    generated_ = 0;
    const polygon_mesh& mesh = index.mesh();
    const std::uint32_t polygons = mesh.polygon_count();
    if (polygons == 0) return done(mesh_path_status::invalid_input, "the mesh has no polygons");
    // The polygon of an endpoint, and every passing polygon whose border holds it too.
    const auto resolve = [&](const mesh_location& at, const char* what,
                             std::vector<std::uint32_t>& holders) -> std::string {
        const vec3& q = at.point;
        const std::string name(what);
        if (!std::isfinite(q.x) || !std::isfinite(q.y) || !std::isfinite(q.z))
            return name + " point is not finite";
        std::uint32_t p = at.polygon;
        if (p == no_polygon) {
            p = index.locate(q);
            if (p == no_polygon)
                return name + " point (" + std::to_string(q.x) + ", " + std::to_string(q.y) + ", " +
                       std::to_string(q.z) + ") is not on the mesh: no polygon under or over it";
        } else if (p >= polygons) {
            return name + " polygon " + std::to_string(p) + " is out of range (the mesh has " +
                   std::to_string(polygons) + ")";
        } else if (!index.contains_xz(p, q.x, q.z, location_tolerance)) {
            return name + " point (" + std::to_string(q.x) + ", " + std::to_string(q.z) +
                   ") lies outside its polygon " + std::to_string(p) + " seen from above";
        }
        if (!request.filter.passes(mesh.flags[p]))
            return name + " polygon " + std::to_string(p) + " is excluded by the query filter";
        const vec c{q.x, q.z};
        const double tol = endpoint_tolerance(c);
        holders.push_back(p);
        for (std::size_t h = 0; h < holders.size(); ++h) {
            const std::uint32_t r = holders[h];
            const auto cs = mesh.polygon_corners(r);
            const auto ns = mesh.polygon_neighbours(r);
            for (std::size_t i = 0; i < cs.size(); ++i) {
                const std::uint32_t s = ns[i];
                if (s == no_polygon || !request.filter.passes(mesh.flags[s]) ||
                    std::find(holders.begin(), holders.end(), s) != holders.end())
                    continue;
                const vec3& a = mesh.vertices[cs[i]];
                const vec3& b = mesh.vertices[cs[(i + 1) % cs.size()]];
                if (on_segment({a.x, a.z}, {b.x, b.z}, c, tol)) holders.push_back(s);
            }
        }
        return {};
    };
    if (auto why = resolve(request.start, "start", starts_); !why.empty())
        return done(mesh_path_status::invalid_input, std::move(why));
    if (auto why = resolve(request.goal, "goal", goals_); !why.empty())
        return done(mesh_path_status::invalid_input, std::move(why));
    sx_ = request.start.point.x;
    sz_ = request.start.point.z;
    tx_ = request.goal.point.x;
    tz_ = request.goal.point.z;
    for (const std::uint32_t p : starts_) {
        if (is_goal_polygon(p)) return done(mesh_path_status::found); // straight: convex
    }
    if (++generation_ == 0) {
        for (root_entry& e : roots_) e.stamp = 0;
        for (root_entry& e : corners_) e.stamp = 0;
        std::fill(enter_.begin(), enter_.end(), 0U);
        generation_ = 1;
    }
    if (roots_.size() < mesh.vertices.size() + 1) roots_.resize(mesh.vertices.size() + 1, {0, 0});
    if (corners_.size() < mesh.corners.size()) corners_.resize(mesh.corners.size(), {0, 0});
    // Dead ends are entered only on the way out of the start's or into the goal's.
    if (enter_.size() < polygons) enter_.resize(polygons, 0);
    for (const auto* holders : {&starts_, &goals_}) {
        for (std::uint32_t p : *holders) {
            for (std::uint32_t hops = 0; hops < polygons && p != mesh_index::dead_root &&
                                         index.dead_parent(p) != mesh_index::live;
                 ++hops) {
                enter_[p] = generation_;
                p = index.dead_parent(p);
            }
        }
    }
    line_tol_ = 1e-7 * index.extent();
    improve(0, 0);
    for (const std::uint32_t p : starts_) open_root(sx_, sz_, 0, 0, p, no_node);
    return done(mesh_path_status::in_progress);
}

mesh_path_status mesh_path_search::step(std::uint64_t max_steps) {
    if (status_ != mesh_path_status::in_progress) return status_;
    const auto later = [](const open_entry& a, const open_entry& b) {
        return a.f > b.f || (a.f == b.f && a.g < b.g);
    };
    for (std::uint64_t steps = 0; steps < max_steps;) {
        if (open_.empty()) return done(mesh_path_status::unreachable);
        std::pop_heap(open_.begin(), open_.end(), later);
        const std::uint32_t id = open_.back().id;
        open_.pop_back();
        const node n = nodes_[id]; // a copy: pushes below may move the pool
        if (n.goal != 0) {
            found_ = id;
            return done(mesh_path_status::found);
        }
        if (n.g > at(roots_[n.root]) + eps) continue; // the root was reached cheaper since
        if (request_.max_expansions != 0 && expanded_ >= request_.max_expansions)
            return done(mesh_path_status::budget_reached,
                        "stopped after " + std::to_string(expanded_) +
                            " expansions (max_expansions); no path is given");
        ++expanded_;
        ++steps;
        expand(n, id);
    }
    return status_;
}

mesh_path_result mesh_path_search::finish() {
    mesh_path_result out;
    out.status = status_;
    out.message = message_;
    out.expanded = expanded_;
    out.generated = generated_;
    if (status_ == mesh_path_status::unreachable && out.message.empty())
        out.message = "no path: no chain of passing polygons joins the start to the goal";
    if (status_ != mesh_path_status::found) return out;
    const polygon_mesh& mesh = index_->mesh();
    const vec3 s = request_.start.point;
    const vec3 t = request_.goal.point;
    if (found_ == no_node) { // in one polygon
        out.points.push_back(s);
        if (s.x != t.x || s.z != t.z || s.y != t.y) out.points.push_back(t);
    } else {
        out.points.push_back(t);
        std::uint32_t last_root = no_node;
        for (std::uint32_t id = found_; id != no_node; id = nodes_[id].parent) {
            const std::uint32_t r = nodes_[id].root;
            if (r == last_root || r == 0) continue;
            last_root = r;
            out.points.push_back(mesh.vertices[r - 1]);
        }
        out.points.push_back(s);
        std::reverse(out.points.begin(), out.points.end());
        // A start or goal on a turning vertex: one point there (the endpoint's own).
        std::vector<vec3> kept{out.points.front()};
        for (std::size_t i = 1; i < out.points.size(); ++i) {
            const vec3& q = out.points[i];
            if (q.x != kept.back().x || q.z != kept.back().z) {
                kept.push_back(q);
            } else if (i + 1 == out.points.size() && kept.size() > 1) {
                kept.back() = q;
            }
        }
        out.points = std::move(kept);
    }
    for (std::size_t i = 1; i < out.points.size(); ++i) {
        const vec3& a = out.points[i - 1];
        const vec3& b = out.points[i];
        const double dx = static_cast<double>(b.x) - a.x;
        const double dy = static_cast<double>(b.y) - a.y;
        const double dz = static_cast<double>(b.z) - a.z;
        out.length += std::hypot(dx, dz);
        out.length_3d += std::sqrt(dx * dx + dy * dy + dz * dz);
    }
    return out;
}

mesh_path_result mesh_path_search::find_path(const mesh_index& index,
                                             const mesh_path_request& request) {
    if (start(index, request) == mesh_path_status::in_progress)
        (void)step(std::numeric_limits<std::uint64_t>::max());
    return finish();
}

std::size_t mesh_path_search::memory_bytes() const noexcept {
    return nodes_.capacity() * sizeof(node) + open_.capacity() * sizeof(open_entry) +
           (roots_.capacity() + corners_.capacity()) * sizeof(root_entry) +
           (starts_.capacity() + goals_.capacity() + enter_.capacity()) * sizeof(std::uint32_t);
}

} // namespace xunlu::navmesh
