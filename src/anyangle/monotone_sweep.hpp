// The cells a straight segment heading into one quadrant can cross: those reachable from its
// first cell by steps along +-x and +-y of that quadrant through free cells. A superset of the
// cells any free segment from there into the quadrant crosses (where it passes a grid corner
// diagonally, the free cell beside the corner links the two), found row by row in time
// proportional to its size: the candidate generator for visibility.
#pragma once

#include <cstdint>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::anyangle::detail {

/// Scratch rows for sweep_quadrant, owned by the caller and reused between sweeps (all zero
/// between calls).
struct sweep_rows {
    std::vector<std::uint8_t>& previous;
    std::vector<std::uint8_t>& current;
};

/// Calls visit(cell) for every free cell reachable from `first` by steps (sx, 0) and (0, sy)
/// (sx, sy = +-1) through free cells, `first` included when free; row by row from `first`.
template <class Visit>
void sweep_quadrant(const grid::grid_map& map, grid::obstacle_mask mask, cell first,
                    std::int32_t sx, std::int32_t sy, sweep_rows rows, Visit&& visit) {
    const auto free = [&](std::int32_t x, std::int32_t y) { return map.passable({x, y}, mask); };
    if (!free(first.x, first.y)) return;
    const auto w = static_cast<std::size_t>(map.width());
    if (rows.previous.size() != w) {
        rows.previous.assign(w, 0);
        rows.current.assign(w, 0);
    }
    const auto inside = [&](std::int32_t x) { return x >= 0 && x < map.width(); };
    const auto not_past = [&](std::int32_t x, std::int32_t last) {
        return sx > 0 ? x <= last : x >= last;
    };
    const auto clear = [&](std::vector<std::uint8_t>& row, std::int32_t from, std::int32_t to) {
        for (std::int32_t x = from; not_past(x, to); x += sx) row[static_cast<std::size_t>(x)] = 0;
    };
    std::int32_t y = first.y;
    std::int32_t lo = first.x; // the row's reached cells lie from lo to hi (in sweep order)
    std::int32_t hi = first.x;
    for (std::int32_t x = first.x; inside(x) && free(x, y); x += sx) {
        rows.current[static_cast<std::size_t>(x)] = 1;
        visit(cell{x, y});
        hi = x;
    }
    for (y += sy; y >= 0 && y < map.height(); y += sy) {
        rows.previous.swap(rows.current);
        bool left = false; // the cell before x in this row was reached
        bool any = false;
        std::int32_t new_lo = 0;
        std::int32_t new_hi = 0;
        for (std::int32_t x = lo; inside(x); x += sx) {
            const bool below = not_past(x, hi);
            if (!below && !left) break;
            const bool reached =
                free(x, y) && (left || (below && rows.previous[static_cast<std::size_t>(x)] != 0));
            if (reached) {
                rows.current[static_cast<std::size_t>(x)] = 1;
                visit(cell{x, y});
                if (!any) new_lo = x;
                new_hi = x;
                any = true;
            }
            left = reached;
        }
        clear(rows.previous, lo, hi);
        if (!any) return;
        lo = new_lo;
        hi = new_hi;
    }
    clear(rows.current, lo, hi);
}

} // namespace xunlu::anyangle::detail
