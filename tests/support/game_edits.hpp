// Test helper: one random edit list of the kinds a game world sees, for the repair tests: a door
// toggled, a small building (a rectangle up to 6 x 6) put up or torn down, or a few units (low
// obstacles) placed or removed.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::testing {

inline std::vector<grid::cell_edit> game_edits(const grid::grid_map& m, std::mt19937_64& rng) {
    using grid::cell_edit;
    std::uniform_int_distribution<std::int32_t> x(0, m.width() - 1);
    std::uniform_int_distribution<std::int32_t> y(0, m.height() - 1);
    std::vector<cell_edit> edits;
    switch (rng() % 3) {
    case 0: { // a door
        const cell c{x(rng), y(rng)};
        edits.push_back(cell_edit::high(c, !m.is_high_obstacle(c)));
        break;
    }
    case 1: { // a building put up or torn down
        const cell c{x(rng), y(rng)};
        const bool up = rng() % 2 == 0;
        const auto w = static_cast<std::int32_t>(1 + rng() % 6);
        const auto h = static_cast<std::int32_t>(1 + rng() % 6);
        for (std::int32_t dy = 0; dy < h; ++dy) {
            for (std::int32_t dx = 0; dx < w; ++dx) {
                const cell at{c.x + dx, c.y + dy};
                if (m.in_bounds(at)) edits.push_back(cell_edit::high(at, up));
            }
        }
        break;
    }
    default: // units
        for (int i = 0; i < 3; ++i) {
            const cell c{x(rng), y(rng)};
            edits.push_back(cell_edit::low(c, !m.is_low_obstacle(c)));
        }
    }
    return edits;
}

} // namespace xunlu::testing
