// Independent references for the any-angle tests: a segment rule checked by sampling every
// piece between grid-line crossings, and shortest paths by Dijkstra over the full visibility
// graph of every obstacle vertex (not only convex corners), both written for clarity only.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <vector>

#include "xunlu/anyangle/half_point.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::anyangle::reference {

inline std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/// The segment rule by definition: the midpoint of every piece between grid-line crossings
/// lies in a free cell (or, on a grid line, beside one), and at every grid corner the segment
/// passes, the cells on one side of it (left or right) are all free.
inline bool segment_free(const grid::grid_map& map, half_point a, half_point b,
                         grid::obstacle_mask mask) {
    const auto free = [&](std::int64_t x, std::int64_t y) {
        return map.passable({static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)}, mask);
    };
    if (a == b) {
        for (std::int64_t y = floor_div(a.y - 1, 2); y <= floor_div(a.y, 2); ++y) {
            for (std::int64_t x = floor_div(a.x - 1, 2); x <= floor_div(a.x, 2); ++x) {
                if (free(x, y)) return true;
            }
        }
        return false;
    }
    const std::int64_t dx = b.x - a.x;
    const std::int64_t dy = b.y - a.y;
    // Crossings happen at multiples of 1/m of the segment.
    const std::int64_t m =
        std::max<std::int64_t>(1, std::abs(dx)) * std::max<std::int64_t>(1, std::abs(dy)) * 2;
    for (std::int64_t j = 0; j < m; ++j) {
        // Midpoint of piece j, in units of 1 / (2m) half cells.
        const std::int64_t x = 2 * m * a.x + dx * (2 * j + 1);
        const std::int64_t y = 2 * m * a.y + dy * (2 * j + 1);
        const std::int64_t cell_units = 4 * m;
        const bool on_x = x % cell_units == 0;
        const bool on_y = y % cell_units == 0;
        const std::int64_t cx = floor_div(x, cell_units);
        const std::int64_t cy = floor_div(y, cell_units);
        if (on_x && !free(cx - 1, cy) && !free(cx, cy)) return false;
        if (on_y && !free(cx, cy - 1) && !free(cx, cy)) return false;
        if (!on_x && !on_y && !free(cx, cy)) return false;
    }
    for (std::int64_t j = 1; j < m; ++j) {       // grid corners strictly inside the segment
        const std::int64_t x = m * a.x + dx * j; // units of 1/m half cells
        const std::int64_t y = m * a.y + dy * j;
        if (x % (2 * m) != 0 || y % (2 * m) != 0) continue;
        const std::int64_t cx = x / (2 * m);
        const std::int64_t cy = y / (2 * m);
        bool left_free = true;
        bool right_free = true;
        for (const auto& [qx, qy] :
             {std::pair{-1, -1}, std::pair{1, -1}, std::pair{-1, 1}, std::pair{1, 1}}) {
            const std::int64_t side = dx * qy - dy * qx; // which side of the line the cell is
            const bool f = free(cx + (qx > 0 ? 0 : -1), cy + (qy > 0 ? 0 : -1));
            if (side > 0 && !f) left_free = false;
            if (side < 0 && !f) right_free = false;
        }
        if (!left_free && !right_free) return false;
    }
    return true;
}

/// The shortest any-angle length between two cell centres (infinity when there is none), by
/// Dijkstra over every lattice corner where blocked and free cells meet (but not between two
/// diagonal walls), plus the two centres.
inline double shortest_length(const grid::grid_map& map, cell from, cell to,
                              grid::obstacle_mask mask) {
    std::vector<half_point> nodes{centre_of(from), centre_of(to)};
    for (std::int32_t y = 0; y <= map.height(); ++y) {
        for (std::int32_t x = 0; x <= map.width(); ++x) {
            const bool ul = !map.passable({x - 1, y - 1}, mask);
            const bool ur = !map.passable({x, y - 1}, mask);
            const bool dl = !map.passable({x - 1, y}, mask);
            const bool dr = !map.passable({x, y}, mask);
            const int blocked = int{ul} + int{ur} + int{dl} + int{dr};
            // A corner between two diagonal walls is no vertex: turning there would squeeze.
            const bool pinch = blocked == 2 && ul == dr;
            if (blocked > 0 && blocked < 4 && !pinch) nodes.push_back({2 * x, 2 * y});
        }
    }
    const std::size_t n = nodes.size();
    std::vector<double> dist(n, std::numeric_limits<double>::infinity());
    std::vector<char> done(n, 0);
    dist[0] = 0;
    for (;;) {
        std::size_t u = n;
        for (std::size_t i = 0; i < n; ++i) {
            if (!done[i] && (u == n || dist[i] < dist[u])) u = i;
        }
        if (u == n || !std::isfinite(dist[u])) break;
        if (u == 1) return dist[1];
        done[u] = 1;
        for (std::size_t v = 0; v < n; ++v) {
            if (done[v]) continue;
            const double d = dist[u] + distance(nodes[u], nodes[v]);
            if (d < dist[v] && segment_free(map, nodes[u], nodes[v], mask)) dist[v] = d;
        }
    }
    return std::numeric_limits<double>::infinity();
}

/// The free cells of `map` (high and low obstacles block), row by row: query endpoints.
inline std::vector<cell> free_cells(const grid::grid_map& map) {
    std::vector<cell> out;
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (map.passable({x, y}, grid::obstacle_mask::high_and_low)) out.push_back({x, y});
        }
    }
    return out;
}

} // namespace xunlu::anyangle::reference
