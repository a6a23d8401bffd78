// How far a point lies from a polygon scene's walls: the check that an inflated scene keeps an
// agent's radius (tests and the polygon_grid fuzz target).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "xunlu/anyangle/polygon_scene.hpp"

namespace xunlu::testing {

/// The distance from `p` to the segment a-b.
inline double distance_to_segment(point p, point a, point b) {
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double t =
        std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
    return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/// The distance from `p` to the nearest edge of any polygon of `s`.
inline double clearance(const anyangle::polygon_scene& s, point p) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < s.polygon_count(); ++k) {
        const auto& v = s.polygon_at(k).vertices;
        for (std::size_t i = 0; i < v.size(); ++i) {
            best = std::min(best, distance_to_segment(p, v[i], v[(i + 1) % v.size()]));
        }
    }
    return best;
}

} // namespace xunlu::testing
