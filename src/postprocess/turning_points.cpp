// Collinear removal and line-of-sight string pulling over polylines in cell units.
#include "xunlu/postprocess/turning_points.hpp"

#include <cmath>

#include "xunlu/grid/line_of_sight.hpp"

namespace xunlu::postprocess {

namespace {

bool sees(const grid::grid_map& map, point a, point b, grid::obstacle_mask mask,
          pull_stats& stats) {
    ++stats.los_checks;
    return grid::cast_ray(map, a, b, mask).clear;
}

/// True when b lies on segment a-c, strictly between them in the direction of travel.
bool between_collinear(point a, point b, point c) {
    const double ux = b.x - a.x, uy = b.y - a.y;
    const double vx = c.x - b.x, vy = c.y - b.y;
    const double cross = ux * vy - uy * vx;
    const double scale = (std::fabs(ux) + std::fabs(uy)) * (std::fabs(vx) + std::fabs(vy));
    return std::fabs(cross) <= 1e-12 * scale && ux * vx + uy * vy > 0;
}

} // namespace

std::vector<point> remove_collinear(std::span<const point> polyline) {
    std::vector<point> out;
    out.reserve(polyline.size());
    for (const point p : polyline) {
        if (!out.empty() && out.back() == p) continue;
        while (out.size() >= 2 && between_collinear(out[out.size() - 2], out.back(), p)) {
            out.pop_back();
        }
        out.push_back(p);
    }
    return out;
}

std::vector<point> cell_centres(std::span<const cell> path) {
    std::vector<point> out;
    out.reserve(path.size());
    for (const cell c : path) out.push_back({c.x + 0.5, c.y + 0.5});
    return out;
}

std::vector<point> string_pull(const grid::grid_map& map, std::span<const point> polyline,
                               grid::obstacle_mask mask, pull_stats* stats) {
    pull_stats local;
    pull_stats& st = stats != nullptr ? *stats : local;
    const std::vector<point> pts = remove_collinear(polyline);
    if (pts.size() <= 2) return pts;

    // Greedy: from each anchor, advance while the next vertex is still visible.
    std::vector<point> out{pts.front()};
    std::size_t anchor = 0;
    while (anchor + 1 < pts.size()) {
        std::size_t j = anchor + 1;
        while (j + 1 < pts.size() && sees(map, pts[anchor], pts[j + 1], mask, st)) ++j;
        out.push_back(pts[j]);
        anchor = j;
    }

    // Minimality: drop any point whose neighbours see each other, until none is left.
    bool changed = true;
    while (changed && out.size() > 2) {
        changed = false;
        std::vector<point> kept{out.front()};
        for (std::size_t i = 1; i + 1 < out.size(); ++i) {
            if (sees(map, kept.back(), out[i + 1], mask, st)) {
                changed = true;
                continue;
            }
            kept.push_back(out[i]);
        }
        kept.push_back(out.back());
        out.swap(kept);
    }
    return out;
}

bool consecutive_visible(const grid::grid_map& map, std::span<const point> points,
                         grid::obstacle_mask mask) {
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        if (!grid::cast_ray(map, points[i], points[i + 1], mask).clear) return false;
    }
    return true;
}

std::int64_t first_droppable(const grid::grid_map& map, std::span<const point> points,
                             grid::obstacle_mask mask) {
    for (std::size_t i = 1; i + 1 < points.size(); ++i) {
        if (grid::cast_ray(map, points[i - 1], points[i + 1], mask).clear) {
            return static_cast<std::int64_t>(i);
        }
    }
    return -1;
}

} // namespace xunlu::postprocess
