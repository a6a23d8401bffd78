// Polyanya over the rectangle mesh: interval search nodes, projections across rectangles,
// corners as new roots, root-level pruning.
#include "xunlu/anyangle/polyanya_search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>

#include "polyanya_frontier.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"

namespace xunlu::anyangle {
namespace {

constexpr std::string_view algorithm = "polyanya";
/// Tolerance on x along a grid line (coordinates are at most 2^16 cells, so rounding in the
/// projections stays far below it). Path vertices are exact: roots are grid corners or the
/// start and goal centres, and every returned segment is checked exactly.
constexpr double eps = 1e-9;
constexpr std::uint32_t no_node = detail::no_polyanya_node;

double dist(double ax, double ay, double bx, double by) noexcept {
    const double dx = bx - ax;
    const double dy = by - ay;
    return std::sqrt(dx * dx + dy * dy); // coordinates are small: no need for hypot's care
}

/// The shortest route from root (rx, ry) through [xl, xr] on line y to (gx, gy), where the
/// target is not on the root's side of the line (or the root lies on the line, at an end of
/// the interval, and sees the whole rectangle): its length, and where it bends (-1 at xl, 1 at
/// xr, 0 straight).
struct route {
    double length;
    int bend;
};
route through(double rx, double ry, double xl, double xr, double y, double gx, double gy) noexcept {
    if (ry == y) return {dist(rx, ry, gx, gy), 0};
    const double xc = gy == y ? gx : rx + (gx - rx) * (y - ry) / (gy - ry);
    if (xc < xl - eps) return {dist(rx, ry, xl, y) + dist(xl, y, gx, gy), -1};
    if (xc > xr + eps) return {dist(rx, ry, xr, y) + dist(xr, y, gx, gy), 1};
    return {dist(rx, ry, gx, gy), 0};
}

/// Makes a point-sized interval whose ends crossed by rounding exact, keeping the end that is
/// a mesh vertex.
void snap(double& lo, double& hi, bool vertex_l, bool vertex_r) noexcept {
    if (hi >= lo) return;
    if (vertex_r && !vertex_l) {
        lo = hi;
    } else {
        hi = lo;
    }
}

} // namespace

void polyanya_search::rect_marks::clear(std::size_t rects) {
    if (stamp.size() < rects) stamp.resize(rects, 0);
    if (++generation == 0) {
        std::fill(stamp.begin(), stamp.end(), 0U);
        generation = 1;
    }
}

search::search_result polyanya_search::find_path(const grid::grid_map& map,
                                                 const search::search_request& request) {
    return find_on_derived<rect_mesh>(*this, map, request, algorithm);
}

search::search_result polyanya_search::find_path(const rect_mesh& mesh, const grid::grid_map& map,
                                                 const search::search_request& request) {
    if (auto refused = any_angle_refusal(map, request, algorithm, mesh.problem())) {
        return std::move(*refused);
    }
    search::search_result out;
    const grid::obstacle_mask mask = request.mask();
    out.stats.preprocessing_bytes = mesh.memory_bytes();
    const half_point s = centre_of(request.start);
    const half_point t = centre_of(request.goal);
    const std::int64_t start_rect = mesh.rect_at(request.start);
    const std::int64_t goal_rect = mesh.rect_at(request.goal);
    if (s == t || start_rect == goal_rect) { // a rectangle is convex: straight there
        out.status = search::search_status::found;
        const std::vector<half_point> direct =
            s == t ? std::vector<half_point>{s} : std::vector<half_point>{s, t};
        fill_any_angle_path(map, direct, mask, out);
        return out;
    }
    const double sx = to_point(s).x;
    const double sy = to_point(s).y;
    const double gx = to_point(t).x;
    const double gy = to_point(t).y;
    const std::uint64_t stride = static_cast<std::uint64_t>(map.width()) + 1;
    // Roots: the start (key 0) and grid corners (key 1 + y * stride + x).
    const auto corner_key = [&](double x, double y) {
        return 1 + static_cast<std::uint64_t>(y) * stride + static_cast<std::uint64_t>(x);
    };
    roots_.clear();
    // The goal's rectangle and the dead ends it hangs in: the only dead ends worth entering.
    goal_branch_.clear(mesh.rect_count());
    for (auto r = static_cast<std::uint32_t>(goal_rect);;) {
        goal_branch_.stamp[r] = goal_branch_.generation;
        const std::uint32_t up = mesh.dead_parent(r);
        if (up == rect_mesh::live || up == rect_mesh::dead_root) break;
        r = up;
    }
    roots_.improve(0, 0);
    const auto node_cell = [&](const node& n) {
        const mesh_rect& r = mesh.rect(n.rect);
        const auto x = static_cast<std::int32_t>(std::floor((n.xl + n.xr) / 2));
        return cell{std::clamp(x, r.x0, r.x1 - 1), r.y0 == n.y ? n.y : n.y - 1};
    };
    detail::polyanya_frontier frontier(nodes_, open_, successors_, out, request, node_cell);
    const auto push = [&](const node& n, double f) { frontier.push(n, f); };
    // A node through [xl, xr] on line y into rectangle `rect`; the goal's rectangle gets a goal
    // node instead (the goal seen through the interval, or around one of its ends).
    // vertex_l / vertex_r: the interval's end is the link's end (not a projection).
    const auto add = [&](double rx, double ry, double g, double xl, double xr, std::int32_t y,
                         const mesh_link& link, bool vertex_l, bool vertex_r, std::uint32_t parent,
                         std::uint32_t from) {
        const std::uint32_t rect = link.rect;
        // Into a dead end from what it hangs on: only towards the goal.
        if (mesh.dead_parent(rect) == from && goal_branch_.stamp[rect] != goal_branch_.generation) {
            return;
        }
        // 0: a projection; 1: the link's end; 2: the link's end and a convex corner.
        const auto end_kind = [&](bool vertex, std::uint8_t convex_bit) {
            return static_cast<std::uint8_t>(!vertex ? 0 : (link.convex & convex_bit) != 0 ? 2 : 1);
        };
        node n{g, xl, xr, y, rect, parent, rx, ry, end_kind(vertex_l, 1), end_kind(vertex_r, 2), 0};
        if (rect == goal_rect) {
            const route r = through(rx, ry, xl, xr, y, gx, gy);
            // Past an end that is a projection, not a mesh vertex, the goal is hidden from the
            // root: the corner that cast that shadow is a root of other nodes, which reach it.
            if ((r.bend < 0 && !vertex_l) || (r.bend > 0 && !vertex_r)) return;
            if (r.bend != 0) { // the goal is reached around the interval's end: that is a bend
                nodes_.push_back(n);
                n.parent = static_cast<std::uint32_t>(nodes_.size() - 1);
                n.rx = r.bend < 0 ? xl : xr;
                n.ry = y;
                n.g = g + dist(rx, ry, n.rx, n.ry);
            }
            n.goal = 1;
            push(n, g + r.length);
            return;
        }
        // h: the goal mirrored across the line when it lies on the root's side.
        const double yd = y;
        const double ty = ry != yd && (gy - yd) * (ry - yd) > 0 ? 2 * yd - gy : gy;
        push(n, g + through(rx, ry, xl, xr, yd, gx, ty).length);
    };
    // Along line y from (px, y) to the nearer end of `link` (on that line), then into its
    // rectangle: the end becomes the root, which sees the whole rectangle.
    const auto along = [&](double px, double g, std::int32_t y, const mesh_link& link,
                           std::uint32_t parent, std::uint32_t from) {
        const double e = link.x1 <= px ? link.x1 : link.x0;
        const double ge = g + std::fabs(px - e);
        if (!roots_.admit(corner_key(e, y), link.rect, ge)) return;
        add(e, y, ge, link.x0, link.x1, y, link, true, true, parent, from);
    };
    // Start: every link of the start's rectangle, seen whole from the start.
    {
        const auto sr = static_cast<std::uint32_t>(start_rect);
        const mesh_rect& r = mesh.rect(sr);
        for (const mesh_link& l : mesh.low_links(sr)) {
            add(sx, sy, 0, l.x0, l.x1, r.y0, l, true, true, no_node, sr);
        }
        for (const mesh_link& l : mesh.high_links(sr)) {
            add(sx, sy, 0, l.x0, l.x1, r.y1, l, true, true, no_node, sr);
        }
    }
    // Expands node `id` (a copy `n`): its successors go to the frontier.
    const auto expand = [&](const node& n, std::uint32_t id) {
        const mesh_rect& r = mesh.rect(n.rect);
        const bool up = r.y0 == n.y; // the rectangle lies on the larger-y side of the line
        const std::int32_t y_far = up ? r.y1 : r.y0;
        const auto far = up ? mesh.high_links(n.rect) : mesh.low_links(n.rect);
        const auto entry = up ? mesh.low_links(n.rect) : mesh.high_links(n.rect);
        const auto is_own = [&](const mesh_link& l) {
            return l.x0 <= n.xl + eps && l.x1 >= n.xr - eps;
        };
        if (n.ry == n.y) { // the root is on the entry line: it sees the whole rectangle
            for (const mesh_link& l : far) {
                add(n.rx, n.ry, n.g, l.x0, l.x1, y_far, l, true, true, id, n.rect);
            }
            for (const mesh_link& l : entry) {
                if (!is_own(l)) along(n.rx, n.g, n.y, l, id, n.rect);
            }
            return;
        }
        // Observable: the interval projected from the root onto the far line.
        const double ratio = (y_far - n.ry) / (n.y - n.ry);
        const double pl = n.rx + (n.xl - n.rx) * ratio;
        const double pr = n.rx + (n.xr - n.rx) * ratio;
        for (const mesh_link& l : far) {
            double lo = std::max<double>(l.x0, pl);
            double hi = std::min<double>(l.x1, pr);
            // A single point is kept: a shortest path may graze a corner exactly there.
            if (hi < lo - eps) continue;
            snap(lo, hi, l.x0 >= pl, l.x1 <= pr);
            add(n.rx, n.ry, n.g, lo, hi, y_far, l, l.x0 >= pl, l.x1 <= pr, id, n.rect);
        }
        // Non-observable: what the root cannot see past an interval end that is an obstacle
        // corner is seen from that corner: the far line beyond the projection, and the entry
        // line beyond the end (reached along it).
        const auto hidden = [&](double corner_x, bool left) {
            const double gc = n.g + dist(n.rx, n.ry, corner_x, n.y);
            if (!roots_.admit(corner_key(corner_x, n.y), n.rect, gc)) return;
            // The corner as a bend record (never expanded) for the paths along the entry line.
            nodes_.push_back({gc, corner_x, corner_x, n.y, n.rect, id, corner_x,
                              static_cast<double>(n.y), 1, 1, 0});
            const auto bend = static_cast<std::uint32_t>(nodes_.size() - 1);
            const double p = left ? pl : pr;
            for (const mesh_link& l : far) {
                double lo = left ? l.x0 : std::max<double>(l.x0, p);
                double hi = left ? std::min<double>(l.x1, p) : l.x1;
                if (hi < lo - eps) continue;
                const bool vertex_l = left || l.x0 >= p;
                const bool vertex_r = !left || l.x1 <= p;
                snap(lo, hi, vertex_l, vertex_r);
                add(corner_x, n.y, gc, lo, hi, y_far, l, vertex_l, vertex_r, bend, n.rect);
            }
            for (const mesh_link& l : entry) {
                if (is_own(l)) continue;
                if (left ? l.x1 <= corner_x : l.x0 >= corner_x)
                    along(corner_x, gc, n.y, l, bend, n.rect);
            }
        };
        // A shortest path bends only at convex corners (docs/any-angle.md, "Why visgraph is
        // optimal"): only there does a shadow start.
        if (n.vertex_l == 2) hidden(n.xl, true);
        if (n.vertex_r == 2) hidden(n.xr, false);
    };
    const auto root_of = [](const node& n) { return point{n.rx, n.ry}; };
    frontier.run(
        point{gx, gy}, dist(sx, sy, gx, gy),
        [&](const node& n) {
            const std::uint64_t root_key = n.rx == sx && n.ry == sy ? 0 : corner_key(n.rx, n.ry);
            return n.g > roots_.best(root_key) + eps; // its root was reached cheaper since
        },
        root_of, expand);
    frontier.finish(map, algorithm, s, t, roots_.memory_bytes(), root_of);
    return out;
}

} // namespace xunlu::anyangle
