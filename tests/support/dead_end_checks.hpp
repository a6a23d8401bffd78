// Test helper for dead-end maps: whether the cells an area is entered from form one gap.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::testing {

/// Empty when `entries` (the outside cells a legal step enters an area from) lie on one row or
/// one column within dead_end_map::max_gate_cells of each other, every cell between them free
/// under `mask`: one gap, along which a path walks no longer than through the area. Else why.
inline std::string one_gap(const grid::grid_map& m, std::vector<cell> entries,
                           grid::obstacle_mask mask) {
    if (entries.size() <= 1) return "";
    std::sort(entries.begin(), entries.end(),
              [](cell a, cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    const cell first = entries.front();
    const cell last = entries.back();
    const bool row =
        std::all_of(entries.begin(), entries.end(), [&](cell c) { return c.y == first.y; });
    const bool column =
        std::all_of(entries.begin(), entries.end(), [&](cell c) { return c.x == first.x; });
    const std::string span = search::cell_text(first) + " to " + search::cell_text(last);
    if (!row && !column) return "entered from cells on no one line: " + span;
    const std::int32_t cells = row ? last.x - first.x + 1 : last.y - first.y + 1;
    if (cells > hierarchy::dead_end_map::max_gate_cells) {
        return "entered along " + std::to_string(cells) + " cells: " + span;
    }
    for (std::int32_t k = 0; k < cells; ++k) {
        const cell c = row ? cell{first.x + k, first.y} : cell{first.x, first.y + k};
        if (!m.passable(c, mask)) return "a blocked cell in the gap " + span;
    }
    return "";
}

} // namespace xunlu::testing
