// Polygon scenes prepared for queries: the edge grid, sight checks with the vertex cone rule,
// the bend-vertex visibility graph and A* over it.
#include "xunlu/anyangle/polygon_graph.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <queue>
#include <tuple>

#include "polygon_geometry.hpp"

namespace xunlu::anyangle {

namespace {

using detail::cross;
using detail::on_segment;
using detail::segments_cross;
using detail::strictly_inside;

constexpr point zero{0, 0};
constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();

point minus(point a, point b) noexcept {
    return {a.x - b.x, a.y - b.y};
}
double length(point d) noexcept {
    return std::hypot(d.x, d.y);
}
} // namespace

bool polygon_graph::blocked_direction(std::uint32_t v, point d) const noexcept {
    const vertex& x = vertices_[v];
    const point e0 = minus(vertices_[x.prev].at, x.at);
    const point e1 = minus(vertices_[x.next].at, x.at);
    // Counter-clockwise polygons: the interior lies from e1 counter-clockwise to e0.
    return x.boundary ? strictly_inside(e0, e1, d) : strictly_inside(e1, e0, d);
}

bool polygon_graph::tangent(std::uint32_t v, point d) const noexcept {
    return !blocked_direction(v, d) && !blocked_direction(v, {-d.x, -d.y});
}

template <class Visit> bool polygon_graph::for_each_cell(point a, point b, Visit&& visit) const {
    // Every cell whose box, grown by `eps` grid units, meets the segment, row by row from a's end
    // (each cell once). Two segments that share a point both visit the cell holding it, whatever
    // the rounding of either walk, so an edge filed by this walk is met by every segment that
    // touches it.
    constexpr double eps = 1e-6;
    const double ax = (a.x - origin_.x) / cell_size_;
    const double ay = (a.y - origin_.y) / cell_size_;
    const double bx = (b.x - origin_.x) / cell_size_;
    const double by = (b.y - origin_.y) / cell_size_;
    const auto clamp_to = [](double v, std::int32_t count) {
        if (!(v > 0)) return std::int32_t{0};
        return static_cast<std::int32_t>(std::min(v, static_cast<double>(count - 1)));
    };
    const double dx = bx - ax;
    const double dy = by - ay;
    const std::int32_t low = clamp_to(std::floor(std::min(ay, by) - eps), rows_);
    const std::int32_t high = clamp_to(std::floor(std::max(ay, by) + eps), rows_);
    const bool up = ay <= by;
    for (std::int32_t k = 0; k <= high - low; ++k) {
        const std::int32_t row = up ? low + k : high - k;
        double t0 = 0;
        double t1 = 1;
        if (std::fabs(dy) > 1e-12) {
            t0 = std::clamp((row - eps - ay) / dy, 0.0, 1.0);
            t1 = std::clamp((row + 1 + eps - ay) / dy, 0.0, 1.0);
        }
        const double xa = ax + dx * t0;
        const double xb = ax + dx * t1;
        const std::int32_t left = clamp_to(std::floor(std::min(xa, xb) - eps), columns_);
        const std::int32_t right = clamp_to(std::floor(std::max(xa, xb) + eps), columns_);
        const std::size_t base = static_cast<std::size_t>(row) * static_cast<std::size_t>(columns_);
        for (std::int32_t j = 0; j <= right - left; ++j) {
            const std::int32_t column = dx >= 0 ? left + j : right - j;
            if (!visit(base + static_cast<std::size_t>(column))) return false;
        }
    }
    return true;
}

double polygon_graph::first_hit(point a, point b, bool any) const {
    const point d = minus(b, a);
    const double dd = d.x * d.x + d.y * d.y;
    double best = 2.0;
    const auto param = [&](point p) {
        return dd == 0 ? 0.0 : ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / dd;
    };
    const auto touch = [&](std::uint32_t v) {
        const point p = vertices_[v].at;
        if (!on_segment(a, b, p)) return;
        const double t = param(p);
        if (t >= best) return;
        if (vertices_[v].pinch && !(p == a) && !(p == b)) {
            best = t; // passing a pinch squeezes between its two corners
            return;
        }
        if ((!(p == b) && blocked_direction(v, minus(b, p))) ||
            (!(p == a) && blocked_direction(v, minus(a, p)))) {
            best = t;
        }
    };
    for_each_cell(a, b, [&](std::size_t c) {
        for (std::uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
            if (any && best <= 1) return false; // blocked: where first does not matter
            const std::uint32_t u = cell_edges_[k];
            const std::uint32_t w = vertices_[u].next;
            const point p = vertices_[u].at;
            const point q = vertices_[w].at;
            if (segments_cross(a, b, p, q)) {
                const double sa = cross(p, q, a);
                const double sb = cross(p, q, b);
                best = std::min(best, sa / (sa - sb));
                continue;
            }
            touch(u);
            touch(w);
            // Starting on the inside of an edge, heading into the polygon's solid side.
            if (!(a == b) && on_segment(p, q, a) && !(a == p) && !(a == q)) {
                const double side = cross(zero, minus(q, p), d);
                if (vertices_[u].boundary ? side < 0 : side > 0) best = 0;
            }
        }
        return !(any && best <= 1);
    });
    return best;
}

bool polygon_graph::sees(point a, point b) const {
    return first_hit(a, b, true) > 1;
}

std::optional<point> polygon_graph::raycast(point a, point b) const {
    const double t = first_hit(a, b, false);
    if (t > 1) return std::nullopt;
    return point{a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

polygon_graph polygon_graph::build(polygon_scene scene, const polygon_graph_progress& progress) {
    const auto began = std::chrono::steady_clock::now();
    polygon_graph g;
    g.scene_ = std::move(scene);
    // Vertices, polygon by polygon (all counter-clockwise); edge e runs from vertex e to next.
    for (std::size_t k = 0; k < g.scene_.polygon_count(); ++k) {
        const auto& v = g.scene_.polygon_at(k).vertices;
        const auto first = static_cast<std::uint32_t>(g.vertices_.size());
        const auto n = static_cast<std::uint32_t>(v.size());
        for (std::uint32_t i = 0; i < n; ++i) {
            g.vertices_.push_back({v[i], first + (i + n - 1) % n, first + (i + 1) % n, k == 0});
        }
    }
    // Pinches: two corners at one point (the scene allows no more).
    {
        std::vector<std::uint32_t> order(g.vertices_.size());
        for (std::uint32_t v = 0; v < order.size(); ++v) order[v] = v;
        const auto place = [&](std::uint32_t v) {
            return std::pair{g.vertices_[v].at.x, g.vertices_[v].at.y};
        };
        std::sort(order.begin(), order.end(),
                  [&](std::uint32_t u, std::uint32_t v) { return place(u) < place(v); });
        for (std::size_t i = 1; i < order.size(); ++i) {
            if (g.vertices_[order[i]].at == g.vertices_[order[i - 1]].at) {
                g.vertices_[order[i]].pinch = true;
                g.vertices_[order[i - 1]].pinch = true;
            }
        }
    }
    // The edge grid over the boundary's box, about one cell per edge.
    double min_x = std::numeric_limits<double>::max();
    double min_y = min_x;
    double max_x = -min_x;
    double max_y = -min_x;
    for (const point p : g.scene_.boundary().vertices) {
        min_x = std::min(min_x, p.x);
        min_y = std::min(min_y, p.y);
        max_x = std::max(max_x, p.x);
        max_y = std::max(max_y, p.y);
    }
    const double extent = std::max(max_x - min_x, max_y - min_y);
    const double side = std::ceil(std::sqrt(static_cast<double>(g.vertices_.size())));
    g.origin_ = {min_x, min_y};
    g.cell_size_ = std::max(extent / std::max(1.0, side), 1e-9);
    // Long edges pass many cells: coarsen the grid until the filed entries stay bounded.
    constexpr std::size_t max_entries = std::size_t{1} << 26;
    for (;;) {
        g.columns_ = static_cast<std::int32_t>((max_x - min_x) / g.cell_size_) + 1;
        g.rows_ = static_cast<std::int32_t>((max_y - min_y) / g.cell_size_) + 1;
        std::size_t entries = 0;
        for (std::uint32_t e = 0; e < g.vertices_.size() && entries <= max_entries; ++e) {
            g.for_each_cell(g.vertices_[e].at, g.vertices_[g.vertices_[e].next].at,
                            [&](std::size_t) { return ++entries <= max_entries; });
        }
        if (entries <= max_entries || g.columns_ * g.rows_ <= 1) break;
        g.cell_size_ *= 2;
    }
    const std::size_t cells = static_cast<std::size_t>(g.columns_) * g.rows_;
    std::vector<std::vector<std::uint32_t>> lists(cells);
    for (std::uint32_t e = 0; e < g.vertices_.size(); ++e) {
        g.for_each_cell(g.vertices_[e].at, g.vertices_[g.vertices_[e].next].at, [&](std::size_t c) {
            lists[c].push_back(e);
            return true;
        });
    }
    g.cell_start_.reserve(cells + 1);
    g.cell_start_.push_back(0);
    for (auto& l : lists) {
        std::sort(l.begin(), l.end());
        l.erase(std::unique(l.begin(), l.end()), l.end());
        g.cell_edges_.insert(g.cell_edges_.end(), l.begin(), l.end());
        g.cell_start_.push_back(static_cast<std::uint32_t>(g.cell_edges_.size()));
    }
    // Bend vertices: convex obstacle vertices and reflex boundary vertices.
    for (std::uint32_t v = 0; v < g.vertices_.size(); ++v) {
        const vertex& x = g.vertices_[v];
        const double turn = cross(x.at, g.vertices_[x.next].at, g.vertices_[x.prev].at);
        if (!x.pinch && (x.boundary ? turn < 0 : turn > 0)) g.bends_.push_back(v);
    }
    const auto finish = [&] {
        g.build_ms_ =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
                .count();
    };
    const std::size_t n = g.bends_.size();
    if (n > max_bends) {
        g.problem_ = "the scene has " + std::to_string(n) + " bend vertices, over the limit of " +
                     std::to_string(max_bends) + " for a visibility graph";
        g.bends_.clear();
        g.offsets_.assign(1, 0);
        finish();
        return g;
    }
    std::vector<std::vector<std::uint32_t>> adjacent(n);
    std::size_t edges = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const point a = g.vertices_[g.bends_[i]].at;
        for (std::size_t j = i + 1; j < n; ++j) {
            const point b = g.vertices_[g.bends_[j]].at;
            const point d = minus(b, a);
            if (!g.tangent(g.bends_[i], d) || !g.tangent(g.bends_[j], d)) continue;
            if (!g.sees(a, b)) continue;
            adjacent[i].push_back(static_cast<std::uint32_t>(j));
            adjacent[j].push_back(static_cast<std::uint32_t>(i));
            edges += 2;
        }
        if (edges > max_edges) {
            g.problem_ =
                "the visibility graph passed the limit of " + std::to_string(max_edges) + " edges";
            g.bends_.clear();
            g.offsets_.assign(1, 0);
            finish();
            return g;
        }
        if (progress && (i % 64 == 63 || i + 1 == n)) progress(i + 1, n);
    }
    g.offsets_.push_back(0);
    for (auto& l : adjacent) {
        g.targets_.insert(g.targets_.end(), l.begin(), l.end());
        g.offsets_.push_back(static_cast<std::uint32_t>(g.targets_.size()));
    }
    finish();
    return g;
}

search::search_result polygon_graph::find_path(point from, point to) const {
    search::search_result out;
    const auto text = [](point p) {
        return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
    };
    if (!scene_.walkable(from)) {
        out.reason = "start " + text(from) + " is not in the walkable region";
        return out;
    }
    if (!scene_.walkable(to)) {
        out.reason = "goal " + text(to) + " is not in the walkable region";
        return out;
    }
    if (!problem_.empty()) {
        out.status = search::search_status::resource_exhausted;
        out.reason = problem_;
        return out;
    }
    const auto done = [&](std::vector<point> points) {
        out.status = search::search_status::found;
        out.length = 0;
        for (std::size_t i = 1; i < points.size(); ++i) {
            out.length += length(minus(points[i], points[i - 1]));
        }
        out.cost = out.length;
        out.waypoints = std::move(points);
    };
    if (sees(from, to)) {
        done({from, to});
        return out;
    }
    const std::size_t n = bends_.size();
    const auto start = static_cast<std::uint32_t>(n);
    const auto goal = static_cast<std::uint32_t>(n + 1);
    const auto at = [&](std::uint32_t id) {
        return id == start ? from : (id == goal ? to : vertices_[bends_[id]].at);
    };
    std::vector<double> g(n + 2, std::numeric_limits<double>::infinity());
    std::vector<double> to_goal(n, -1);
    std::vector<std::uint32_t> parent(n + 2, none);
    std::vector<char> closed(n + 2, 0);
    for (std::uint32_t i = 0; i < n; ++i) {
        const point p = at(i);
        if (tangent(bends_[i], minus(to, p)) && sees(p, to)) to_goal[i] = length(minus(to, p));
    }
    using entry = std::tuple<double, double, std::uint32_t>; // f, -g, id
    std::priority_queue<entry, std::vector<entry>, std::greater<>> open;
    const auto relax = [&](std::uint32_t id, double cost, std::uint32_t from_id) {
        if (closed[id] != 0 || cost >= g[id]) return;
        g[id] = cost;
        parent[id] = from_id;
        open.emplace(cost + length(minus(to, at(id))), -cost, id);
        ++out.stats.heap_pushes;
    };
    g[start] = 0;
    closed[start] = 1;
    ++out.stats.expanded;
    for (std::uint32_t i = 0; i < n; ++i) {
        const point p = at(i);
        if (tangent(bends_[i], minus(p, from)) && sees(from, p)) {
            relax(i, length(minus(p, from)), start);
        }
    }
    bool found = false;
    while (!open.empty()) {
        const std::uint32_t u = std::get<2>(open.top());
        open.pop();
        if (closed[u] != 0) continue;
        closed[u] = 1;
        ++out.stats.expanded;
        if (u == goal) {
            found = true;
            break;
        }
        if (to_goal[u] >= 0) relax(goal, g[u] + to_goal[u], u);
        const point pu = at(u);
        for (std::uint32_t k = offsets_[u]; k < offsets_[u + 1]; ++k) {
            const std::uint32_t v = targets_[k];
            relax(v, g[u] + length(minus(at(v), pu)), u);
        }
    }
    if (!found) {
        out.status = search::search_status::no_path;
        out.reason = "goal " + text(to) + " is unreachable from start " + text(from);
        return out;
    }
    std::vector<point> points;
    for (std::uint32_t id = goal; id != none; id = parent[id]) {
        points.push_back(at(id));
        if (id == start) break;
    }
    std::reverse(points.begin(), points.end());
    done(std::move(points));
    return out;
}

} // namespace xunlu::anyangle
