// Private helpers of the route stages: text for cells and pixels, polyline lengths, and the
// nearest cell satisfying a predicate (ring search).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::pipeline::detail {

using search::cell_text; // the one "(x,y)" text of the search module

inline std::string pixel_text(point p) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%g,%g)", p.x, p.y);
    return buf;
}

inline bool finite(point p) {
    return std::isfinite(p.x) && std::isfinite(p.y);
}

inline double distance(point a, point b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

inline point centre(cell c) {
    return {c.x + 0.5, c.y + 0.5};
}

inline double polyline_length(const std::vector<point>& pts) {
    double len = 0;
    for (std::size_t i = 1; i < pts.size(); ++i) len += distance(pts[i - 1], pts[i]);
    return len;
}

/// The cell satisfying `pred` whose centre is nearest to `target` (cell units), searching
/// square rings outwards; nullopt when no cell of the map qualifies.
template <class Pred>
std::optional<cell> nearest_cell(const grid::grid_map& map, point target, Pred&& pred) {
    const cell c0{static_cast<std::int32_t>(std::floor(target.x)),
                  static_cast<std::int32_t>(std::floor(target.y))};
    std::optional<cell> best;
    double best_d2 = 0;
    auto consider = [&](cell c) {
        if (!map.in_bounds(c) || !pred(c)) return;
        const double dx = c.x + 0.5 - target.x, dy = c.y + 0.5 - target.y;
        const double d2 = dx * dx + dy * dy;
        if (!best || d2 < best_d2) {
            best = c;
            best_d2 = d2;
        }
    };
    const std::int32_t max_r = std::max(map.width(), map.height());
    for (std::int32_t r = 0; r <= max_r; ++r) {
        if (r == 0) {
            consider(c0);
        } else {
            const std::int32_t x_lo = std::max(c0.x - r, 0),
                               x_hi = std::min(c0.x + r, map.width() - 1);
            for (std::int32_t x = x_lo; x <= x_hi; ++x) {
                consider({x, c0.y - r});
                consider({x, c0.y + r});
            }
            const std::int32_t y_lo = std::max(c0.y - r + 1, 0),
                               y_hi = std::min(c0.y + r - 1, map.height() - 1);
            for (std::int32_t y = y_lo; y <= y_hi; ++y) {
                consider({c0.x - r, y});
                consider({c0.x + r, y});
            }
        }
        // Cells on later rings are at least r + 0.5 away from the target along one axis.
        const double reach = r + 0.5;
        if (best && best_d2 <= reach * reach) break;
    }
    return best;
}

} // namespace xunlu::pipeline::detail
