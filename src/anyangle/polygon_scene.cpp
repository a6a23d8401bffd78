// Polygon scenes: parsing, validation (a sweep over edges for crossings) and point location.
#include "xunlu/anyangle/polygon_scene.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>

#include "polygon_geometry.hpp"

namespace xunlu::anyangle {

namespace {

using detail::cross;
using detail::on_segment;
using detail::segments_meet;
using detail::sign;

double signed_area(const polygon& p) {
    double a = 0;
    const std::size_t n = p.vertices.size();
    for (std::size_t i = 0; i < n; ++i) {
        const point u = p.vertices[i];
        const point v = p.vertices[(i + 1) % n];
        a += u.x * v.y - v.x * u.y;
    }
    return a / 2;
}

/// Where a problem is: a polygon and vertex, with its line when parsed from text.
struct locator {
    std::string_view file;
    const std::vector<std::vector<std::size_t>>* lines = nullptr; ///< [polygon][vertex]
    const std::vector<bool>* reversed = nullptr; ///< vertex order was reversed on load

    [[nodiscard]] std::string polygon_name(std::size_t poly) const {
        return "polygon " + std::to_string(poly) +
               (poly == 0 ? " (boundary)" : " (obstacle " + std::to_string(poly) + ")");
    }
    [[nodiscard]] std::string at(std::size_t poly, std::size_t vertex, std::size_t count) const {
        std::size_t original = vertex;
        if (reversed != nullptr && (*reversed)[poly]) original = count - 1 - vertex;
        std::string where;
        if (lines != nullptr && poly < lines->size() && original < (*lines)[poly].size()) {
            where = std::string(file) + ":" + std::to_string((*lines)[poly][original]) + ": ";
        }
        return where + polygon_name(poly) + " vertex " + std::to_string(original + 1);
    }
    /// A second place in the same message: "polygon 2 (obstacle 2) vertex 4, line 17".
    [[nodiscard]] std::string also(std::size_t poly, std::size_t vertex, std::size_t count) const {
        std::size_t original = vertex;
        if (reversed != nullptr && (*reversed)[poly]) original = count - 1 - vertex;
        std::string out = polygon_name(poly) + " vertex " + std::to_string(original + 1);
        if (lines != nullptr && poly < lines->size() && original < (*lines)[poly].size()) {
            out += ", line " + std::to_string((*lines)[poly][original]);
        }
        return out;
    }
};

struct edge_ref {
    double min_x, max_x, min_y, max_y;
    std::uint32_t poly;
    std::uint32_t index; // edge from vertex index to index + 1
};

std::optional<std::string> validate(std::vector<polygon*> polys, const locator& where) {
    std::size_t total = 0;
    for (std::size_t k = 0; k < polys.size(); ++k) {
        const polygon& p = *polys[k];
        const std::size_t n = p.vertices.size();
        total += n;
        if (n < 3) {
            return where.polygon_name(k) + ": " + std::to_string(n) +
                   " vertices, a polygon needs at least 3";
        }
        for (std::size_t i = 0; i < n; ++i) {
            const point v = p.vertices[i];
            if (!std::isfinite(v.x) || !std::isfinite(v.y) ||
                std::fabs(v.x) > polygon_scene::max_coordinate ||
                std::fabs(v.y) > polygon_scene::max_coordinate) {
                return where.at(k, i, n) + ": coordinate not finite or beyond +-1e7";
            }
        }
    }
    if (total > polygon_scene::max_vertices) {
        return "the scene has " + std::to_string(total) + " vertices, over the limit of " +
               std::to_string(polygon_scene::max_vertices);
    }
    for (std::size_t k = 0; k < polys.size(); ++k) {
        polygon& p = *polys[k];
        const std::size_t n = p.vertices.size();
        for (std::size_t i = 0; i < n; ++i) {
            if (p.vertices[i] == p.vertices[(i + 1) % n]) {
                if (i + 1 == n) { // the last vertex closes the ring by hand
                    return where.at(k, i, n) +
                           ": repeats the first vertex (a polygon closes itself: leave the "
                           "closing vertex out)";
                }
                return where.at(k, i + 1, n) + ": repeats the vertex before it";
            }
        }
        if (signed_area(p) == 0) {
            return where.polygon_name(k) +
                   ": zero signed area (its vertices are on one line, or it crosses itself so "
                   "that its parts cancel, like a bowtie)";
        }
    }
    // Corners at one point: two may form a pinch (docs/formats.md#polygon-scene), never more.
    struct corner_ref {
        point at;
        std::uint32_t poly;
        std::uint32_t index;
    };
    std::vector<corner_ref> corners;
    corners.reserve(total);
    for (std::size_t k = 0; k < polys.size(); ++k) {
        for (std::size_t i = 0; i < polys[k]->vertices.size(); ++i) {
            corners.push_back({polys[k]->vertices[i], static_cast<std::uint32_t>(k),
                               static_cast<std::uint32_t>(i)});
        }
    }
    const auto by_place = [](point a, point b) { return a.x < b.x || (a.x == b.x && a.y < b.y); };
    std::sort(corners.begin(), corners.end(),
              [&](const corner_ref& a, const corner_ref& b) { return by_place(a.at, b.at); });
    std::vector<point> pinches; // sorted by place
    const auto wedge = [&](const corner_ref& c) {
        const auto& v = polys[c.poly]->vertices;
        const std::size_t n = v.size();
        return detail::solid_wedge(v[(c.index + n - 1) % n], c.at, v[(c.index + 1) % n],
                                   c.poly == 0);
    };
    for (std::size_t i = 0; i < corners.size();) {
        std::size_t j = i + 1;
        while (j < corners.size() && corners[j].at == corners[i].at) ++j;
        const corner_ref& a = corners[i];
        const std::size_t na = polys[a.poly]->vertices.size();
        if (j - i > 2) {
            return where.at(a.poly, a.index, na) + ": " + std::to_string(j - i) +
                   " polygon corners meet at this point (a pinch joins two)";
        }
        if (j - i == 2) {
            const corner_ref& b = corners[i + 1];
            if (!detail::is_pinch(wedge(a), wedge(b))) {
                return where.at(a.poly, a.index, na) + ": meets " +
                       where.also(b.poly, b.index, polys[b.poly]->vertices.size()) +
                       " at a shared vertex that is not a pinch (corners touching, with both "
                       "gaps between them under 180 degrees)";
            }
            pinches.push_back(a.at);
        }
        i = j;
    }
    const auto is_pinch_at = [&](point p) {
        return std::binary_search(pinches.begin(), pinches.end(), p, by_place);
    };
    // Every pair of edges that meet, other than neighbours sharing their vertex or edges ending
    // at one pinch, is an error.
    std::vector<edge_ref> edges;
    edges.reserve(total);
    for (std::size_t k = 0; k < polys.size(); ++k) {
        const auto& v = polys[k]->vertices;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const point a = v[i];
            const point b = v[(i + 1) % v.size()];
            edges.push_back({std::min(a.x, b.x), std::max(a.x, b.x), std::min(a.y, b.y),
                             std::max(a.y, b.y), static_cast<std::uint32_t>(k),
                             static_cast<std::uint32_t>(i)});
        }
    }
    std::sort(edges.begin(), edges.end(),
              [](const edge_ref& a, const edge_ref& b) { return a.min_x < b.min_x; });
    const auto ends = [&](const edge_ref& e) {
        const auto& v = polys[e.poly]->vertices;
        return std::pair{v[e.index], v[(e.index + 1) % v.size()]};
    };
    std::vector<const edge_ref*> active;
    for (const edge_ref& e : edges) {
        std::erase_if(active, [&](const edge_ref* a) { return a->max_x < e.min_x; });
        const auto [p1, p2] = ends(e);
        for (const edge_ref* a : active) {
            if (a->max_y < e.min_y || e.max_y < a->min_y) continue;
            const auto [q1, q2] = ends(*a);
            const std::size_t n = polys[e.poly]->vertices.size();
            if (a->poly == e.poly &&
                ((a->index + 1) % n == e.index || (e.index + 1) % n == a->index)) {
                // Neighbours share one vertex; they may not fold back over each other.
                const bool e_first = (e.index + 1) % n == a->index;
                const point shared = e_first ? p2 : p1;
                const point e_far = e_first ? p1 : p2;
                const point a_far = e_first ? q2 : q1;
                if (sign(cross(shared, e_far, a_far)) == 0 &&
                    ((e_far.x - shared.x) * (a_far.x - shared.x) +
                         (e_far.y - shared.y) * (a_far.y - shared.y) >
                     0)) {
                    return where.at(e.poly, e_first ? a->index : e.index, n) +
                           ": the edges on either side fold back over each other";
                }
                continue;
            }
            if (!pinches.empty()) {
                const bool shares_pinch = ((p1 == q1 || p1 == q2) && is_pinch_at(p1)) ||
                                          ((p2 == q1 || p2 == q2) && is_pinch_at(p2));
                if (shares_pinch) continue; // is_pinch: no other common point
            }
            if (segments_meet(p1, p2, q1, q2)) {
                const std::size_t na = polys[a->poly]->vertices.size();
                return where.at(e.poly, e.index, n) + ": its edge to the next vertex meets " +
                       (a->poly == e.poly ? "another edge of the same polygon, from "
                                          : "the edge from ") +
                       where.also(a->poly, a->index, na);
            }
        }
        active.push_back(&e);
    }
    // No edges meet (but at pinches), so each obstacle is wholly inside or outside any other
    // polygon; the middle of its first edge (never on another polygon) tells which.
    const auto probe = [&](std::size_t k) {
        const auto& v = polys[k]->vertices;
        return point{(v[0].x + v[1].x) / 2, (v[0].y + v[1].y) / 2};
    };
    const polygon& boundary = *polys[0];
    for (std::size_t k = 1; k < polys.size(); ++k) {
        const polygon& p = *polys[k];
        if (locate(boundary, probe(k)) < 0) {
            return where.at(k, 0, p.vertices.size()) + ": the obstacle lies outside the boundary";
        }
    }
    std::vector<std::array<double, 4>> boxes; // min x, min y, max x, max y
    for (std::size_t k = 1; k < polys.size(); ++k) {
        std::array<double, 4> b{1e300, 1e300, -1e300, -1e300};
        for (const point v : polys[k]->vertices) {
            b = {std::min(b[0], v.x), std::min(b[1], v.y), std::max(b[2], v.x),
                 std::max(b[3], v.y)};
        }
        boxes.push_back(b);
    }
    // A sweep in x over the probes: only the boxes spanning a probe's x are tried, so a scene
    // of many small obstacles (a traced grid map) costs about n log n, not n^2. The error names
    // the first obstacle (then the first container) in order, as a plain double loop would.
    const std::size_t n = polys.size();
    std::vector<point> probes(n);
    std::vector<std::size_t> by_probe;
    std::vector<std::size_t> by_box;
    for (std::size_t k = 1; k < n; ++k) {
        probes[k] = probe(k);
        by_probe.push_back(k);
        by_box.push_back(k);
    }
    std::sort(by_probe.begin(), by_probe.end(),
              [&](std::size_t a, std::size_t b) { return probes[a].x < probes[b].x; });
    std::sort(by_box.begin(), by_box.end(),
              [&](std::size_t a, std::size_t b) { return boxes[a - 1][0] < boxes[b - 1][0]; });
    std::vector<std::size_t> spanning;
    std::size_t next = 0;
    std::pair<std::size_t, std::size_t> inside{n, n}; // (obstacle, container), least first
    for (const std::size_t k : by_probe) {
        const point v = probes[k];
        while (next < by_box.size() && boxes[by_box[next] - 1][0] <= v.x) {
            spanning.push_back(by_box[next++]);
        }
        std::erase_if(spanning, [&](std::size_t o) { return boxes[o - 1][2] < v.x; });
        for (const std::size_t o : spanning) {
            const auto& b = boxes[o - 1];
            if (o == k || v.y < b[1] || v.y > b[3]) continue;
            if (std::pair{k, o} < inside && locate(*polys[o], v) > 0) inside = {k, o};
        }
    }
    if (inside.first < n) {
        return where.at(inside.first, 0, polys[inside.first]->vertices.size()) +
               ": the obstacle lies inside " + where.polygon_name(inside.second);
    }
    return std::nullopt;
}

/// Turns every polygon counter-clockwise, then validates; the problem (with file and line when
/// `lines` is given) or nothing.
std::optional<std::string> orient_and_validate(polygon& boundary, std::vector<polygon>& obstacles,
                                               std::string_view file,
                                               const std::vector<std::vector<std::size_t>>* lines) {
    std::vector<polygon*> polys{&boundary};
    for (polygon& o : obstacles) polys.push_back(&o);
    std::vector<bool> reversed(polys.size(), false);
    for (std::size_t k = 0; k < polys.size(); ++k) {
        if (polys[k]->vertices.size() >= 3 && signed_area(*polys[k]) < 0) {
            std::reverse(polys[k]->vertices.begin(), polys[k]->vertices.end());
            reversed[k] = true;
        }
    }
    const locator where{file, lines, &reversed};
    auto problem = validate(polys, where);
    if (problem && lines != nullptr && !problem->starts_with(std::string(file) + ":")) {
        return std::string(file) + ": " + *problem;
    }
    return problem;
}

} // namespace

int locate(const polygon& poly, point p) noexcept {
    bool inside = false;
    const auto& v = poly.vertices;
    for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
        const point a = v[j];
        const point b = v[i];
        if (on_segment(a, b, p)) return 0;
        if ((a.y > p.y) != (b.y > p.y)) {
            const double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (p.x < x) inside = !inside;
        }
    }
    return inside ? 1 : -1;
}

result<polygon_scene> polygon_scene::create(polygon boundary, std::vector<polygon> obstacles) {
    if (auto problem = orient_and_validate(boundary, obstacles, {}, nullptr)) {
        return error{*problem};
    }
    polygon_scene s;
    s.boundary_ = std::move(boundary);
    s.obstacles_ = std::move(obstacles);
    return s;
}

result<polygon_scene> polygon_scene::parse(std::string_view text, std::string_view file) {
    const auto fail = [&](std::size_t line, const std::string& what) {
        return error{std::string(file) + ":" + std::to_string(line) + ": " + what};
    };
    polygon boundary;
    bool have_boundary = false;
    std::vector<polygon> obstacles;
    std::vector<std::vector<std::size_t>> lines;
    polygon* open = nullptr;
    std::size_t open_line = 0;
    std::size_t line_no = 0;
    std::size_t vertices = 0;
    bool header = false;
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        ++line_no;
        if (const auto hash = line.find('#'); hash != std::string_view::npos) {
            line = line.substr(0, hash);
        }
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) {
            line.remove_suffix(1);
        }
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) {
            line.remove_prefix(1);
        }
        if (line.empty()) continue;
        if (!header) {
            if (line != "xunlu-polygons 1") {
                return fail(line_no, "expected the header 'xunlu-polygons 1'");
            }
            header = true;
            continue;
        }
        if (open == nullptr) {
            if (line == "boundary") {
                if (have_boundary) return fail(line_no, "a second boundary (one is allowed)");
                have_boundary = true;
                open = &boundary;
                lines.insert(lines.begin(), std::vector<std::size_t>{});
            } else if (line == "obstacle") {
                obstacles.emplace_back();
                open = &obstacles.back();
                lines.emplace_back();
            } else {
                return fail(line_no, "expected 'boundary' or 'obstacle', got '" +
                                         std::string(line.substr(0, 40)) + "'");
            }
            open_line = line_no;
            continue;
        }
        std::vector<std::size_t>& where = open == &boundary ? lines.front() : lines.back();
        if (line == "end") {
            open = nullptr;
            continue;
        }
        // "X Y"
        const auto space = line.find_first_of(" \t");
        if (space == std::string_view::npos) {
            return fail(line_no,
                        "expected 'X Y' or 'end', got '" + std::string(line.substr(0, 40)) + "'");
        }
        std::string_view xs = line.substr(0, space);
        std::string_view ys = line.substr(space);
        while (!ys.empty() && std::isspace(static_cast<unsigned char>(ys.front()))) {
            ys.remove_prefix(1);
        }
        double x = 0;
        double y = 0;
        const auto rx = std::from_chars(xs.data(), xs.data() + xs.size(), x);
        const auto ry = std::from_chars(ys.data(), ys.data() + ys.size(), y);
        if (rx.ec != std::errc{} || rx.ptr != xs.data() + xs.size() || ry.ec != std::errc{} ||
            ry.ptr != ys.data() + ys.size()) {
            return fail(line_no, "expected two numbers 'X Y', got '" +
                                     std::string(line.substr(0, 40)) + "'");
        }
        if (++vertices > max_vertices) {
            return fail(line_no, "more than " + std::to_string(max_vertices) + " vertices");
        }
        open->vertices.push_back({x, y});
        where.push_back(line_no);
    }
    if (!header) return error{std::string(file) + ": empty: expected 'xunlu-polygons 1'"};
    if (open != nullptr) return fail(open_line, "polygon not closed by 'end'");
    if (!have_boundary) return error{std::string(file) + ": no boundary polygon"};
    if (auto problem = orient_and_validate(boundary, obstacles, file, &lines)) {
        return error{*problem};
    }
    polygon_scene s;
    s.boundary_ = std::move(boundary);
    s.obstacles_ = std::move(obstacles);
    return s;
}

std::size_t polygon_scene::vertex_count() const noexcept {
    std::size_t n = boundary_.vertices.size();
    for (const polygon& o : obstacles_) n += o.vertices.size();
    return n;
}

bool polygon_scene::walkable(point p) const noexcept {
    if (locate(boundary_, p) < 0) return false;
    for (const polygon& o : obstacles_) {
        if (locate(o, p) > 0) return false;
    }
    return true;
}

std::string polygon_scene::to_text() const {
    std::ostringstream out;
    out.precision(17);
    out << "xunlu-polygons 1\n";
    const auto emit = [&](const char* kind, const polygon& p) {
        out << kind << '\n';
        for (const point v : p.vertices) out << v.x << ' ' << v.y << '\n';
        out << "end\n";
    };
    emit("boundary", boundary_);
    for (const polygon& o : obstacles_) emit("obstacle", o);
    return out.str();
}

} // namespace xunlu::anyangle
