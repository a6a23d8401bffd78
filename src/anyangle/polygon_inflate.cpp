// Agent-radius inflation: Clipper 6 (Debian's libpolyclipping) offsets the obstacles out and
// the boundary in on an integer grid, subtracts one from the other, and each outer contour of
// the difference with its holes becomes a scene.
#include "xunlu/anyangle/polygon_inflate.hpp"

#include <polyclipping/clipper.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

namespace xunlu::anyangle {

namespace {

namespace cl = ClipperLib;

/// A number as written in messages: shortest form ("0.001", "2.5e-05"), not six fixed decimals
/// (which printed a small arc tolerance as 0.000000).
std::string number_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

constexpr double rounding_margin = 3; ///< integer units: input, offset and clipping roundings

cl::Path to_path(const polygon& p) {
    cl::Path out;
    out.reserve(p.vertices.size());
    for (const point v : p.vertices) {
        out.push_back({static_cast<cl::cInt>(std::llround(v.x * inflate_options::scale)),
                       static_cast<cl::cInt>(std::llround(v.y * inflate_options::scale))});
    }
    if (!cl::Orientation(out)) std::reverse(out.begin(), out.end());
    return out;
}

polygon to_polygon(const cl::Path& path) {
    polygon out;
    out.vertices.reserve(path.size());
    for (const cl::IntPoint& v : path) {
        out.vertices.push_back({static_cast<double>(v.X) / inflate_options::scale,
                                static_cast<double>(v.Y) / inflate_options::scale});
    }
    return out;
}

} // namespace

result<inflate_result> inflate(const polygon_scene& scene, const inflate_options& options) {
    const double r = options.radius;
    if (!std::isfinite(r) || r < 0) {
        return error{"the agent radius must be a finite number >= 0, got " + number_text(r)};
    }
    if (r > inflate_options::max_radius) {
        return error{"the agent radius " + number_text(r) + " is over the limit of " +
                     std::to_string(inflate_options::max_radius) + " scene units"};
    }
    const double tolerance = options.arc_tolerance == 0 ? r / 100 : options.arc_tolerance;
    if (!std::isfinite(options.arc_tolerance) || options.arc_tolerance < 0) {
        return error{"the arc tolerance must be a finite number >= 0, got " +
                     number_text(options.arc_tolerance)};
    }
    inflate_result out;
    if (r == 0) {
        out.scenes.push_back(scene);
        return out;
    }
    if (tolerance > r) { // also keeps the offset within max_radius, Clipper's range
        return error{"the arc tolerance " + number_text(tolerance) + " is over the radius " +
                     number_text(r) + " (chords would stray further than the agent is wide)"};
    }
    if (tolerance < r * 1e-4) {
        return error{"the arc tolerance " + number_text(tolerance) +
                     " is below radius / 10000 (over 200 chords per circle)"};
    }
    const double delta = (r + tolerance) * inflate_options::scale + rounding_margin;
    const double arc = std::max(tolerance * inflate_options::scale, 1.0);
    // About how many vertices round joins add: at most half a circle of chords per vertex.
    const double per_circle = std::numbers::pi / std::acos(1 - std::min(arc / delta, 1.0));
    const double estimate = static_cast<double>(scene.vertex_count()) * (per_circle / 2 + 2);
    if (estimate > 4.0 * static_cast<double>(polygon_scene::max_vertices)) {
        return error{"inflating would make about " + std::to_string(std::llround(estimate)) +
                     " vertices, over the limit of " +
                     std::to_string(4 * polygon_scene::max_vertices) +
                     " (raise the arc tolerance)"};
    }
    out.grown_by = r + tolerance + rounding_margin / inflate_options::scale;
    cl::PolyTree tree;
    try {
        cl::Paths obstacles;
        for (const polygon& o : scene.obstacles()) obstacles.push_back(to_path(o));
        cl::Paths grown;
        cl::ClipperOffset grow(2.0, arc);
        grow.AddPaths(obstacles, cl::jtRound, cl::etClosedPolygon);
        grow.Execute(grown, delta);
        cl::Paths shrunk;
        cl::ClipperOffset shrink(2.0, arc);
        shrink.AddPath(to_path(scene.boundary()), cl::jtRound, cl::etClosedPolygon);
        shrink.Execute(shrunk, -delta);
        cl::Clipper clip;
        clip.StrictlySimple(true);
        clip.AddPaths(shrunk, cl::ptSubject, true);
        clip.AddPaths(grown, cl::ptClip, true);
        clip.Execute(cl::ctDifference, tree, cl::pftNonZero, cl::pftNonZero);
    } catch (const cl::clipperException& e) {
        return error{std::string("inflating the scene failed in Clipper: ") + e.what()};
    }
    // Outer contours (top level, or islands inside holes) with their holes: one scene each.
    std::vector<std::pair<double, polygon_scene>> scenes;
    std::vector<const cl::PolyNode*> outers;
    for (const cl::PolyNode* n : tree.Childs) outers.push_back(n);
    while (!outers.empty()) {
        const cl::PolyNode* n = outers.back();
        outers.pop_back();
        std::vector<polygon> holes;
        for (const cl::PolyNode* h : n->Childs) {
            holes.push_back(to_polygon(h->Contour));
            for (const cl::PolyNode* island : h->Childs) outers.push_back(island);
        }
        const double area = std::fabs(cl::Area(n->Contour));
        auto s = polygon_scene::create(to_polygon(n->Contour), std::move(holes));
        if (!s.ok()) {
            return error{"the inflated scene is not valid (" + s.err().message +
                         "); try another arc tolerance"};
        }
        scenes.emplace_back(area, std::move(s.value()));
    }
    std::stable_sort(scenes.begin(), scenes.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (auto& [area, s] : scenes) out.scenes.push_back(std::move(s));
    return out;
}

std::size_t scene_holding(const std::vector<polygon_scene>& scenes, point p) noexcept {
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        if (scenes[i].walkable(p)) return i;
    }
    return scenes.size();
}

} // namespace xunlu::anyangle
