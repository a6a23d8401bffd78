// An independent checker of unit trajectories, written for the tests from the rules alone
// (not from the simulation's code): every footprint inside the map on free cells, no cell
// shared by two units at one tick, no two units swapping places, each move one step of the
// 8-neighbourhood with no corner cutting (both orthogonal intermediate footprints free).
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::testing {

struct trajectory_problems {
    std::size_t shared_cells = 0;
    std::size_t swaps = 0;
    std::size_t bad_moves = 0;
    std::size_t off_map = 0;
    std::string first;
};

inline bool footprint_ok(const grid::grid_map& map, cell at, int size) {
    for (int dy = 0; dy < size; ++dy) {
        for (int dx = 0; dx < size; ++dx) {
            const cell c{at.x + dx, at.y + dy};
            if (!map.in_bounds(c) || map.is_high_obstacle(c)) return false;
        }
    }
    return true;
}

inline bool boxes_overlap(cell a, int sa, cell b, int sb) {
    return a.x < b.x + sb && b.x < a.x + sa && a.y < b.y + sb && b.y < a.y + sa;
}

/// `ticks[t][i]`: unit i's top-left cell at tick t.
inline trajectory_problems check_trajectory(const grid::grid_map& map,
                                            const std::vector<std::vector<cell>>& ticks,
                                            const std::vector<int>& sizes) {
    trajectory_problems p;
    auto note = [&](const std::string& what) {
        if (p.first.empty()) p.first = what;
    };
    for (std::size_t t = 0; t < ticks.size(); ++t) {
        const auto& now = ticks[t];
        for (std::size_t i = 0; i < now.size(); ++i) {
            if (!footprint_ok(map, now[i], sizes[i])) {
                ++p.off_map;
                note("tick " + std::to_string(t) + ": unit " + std::to_string(i) +
                     " on a blocked cell");
            }
            for (std::size_t j = i + 1; j < now.size(); ++j) {
                if (boxes_overlap(now[i], sizes[i], now[j], sizes[j])) {
                    ++p.shared_cells;
                    note("tick " + std::to_string(t) + ": units " + std::to_string(i) + " and " +
                         std::to_string(j) + " share a cell");
                }
            }
        }
        if (t == 0) continue;
        const auto& was = ticks[t - 1];
        for (std::size_t i = 0; i < now.size(); ++i) {
            const int dx = now[i].x - was[i].x, dy = now[i].y - was[i].y;
            if (std::abs(dx) > 1 || std::abs(dy) > 1 ||
                (dx != 0 && dy != 0 &&
                 (!footprint_ok(map, {was[i].x + dx, was[i].y}, sizes[i]) ||
                  !footprint_ok(map, {was[i].x, was[i].y + dy}, sizes[i])))) {
                ++p.bad_moves;
                note("tick " + std::to_string(t) + ": unit " + std::to_string(i) +
                     " made an illegal move");
            }
            if (now[i] == was[i]) continue;
            for (std::size_t j = i + 1; j < now.size(); ++j) {
                if (now[j] == was[j]) continue;
                if (boxes_overlap(now[i], sizes[i], was[j], sizes[j]) &&
                    boxes_overlap(now[j], sizes[j], was[i], sizes[i])) {
                    ++p.swaps;
                    note("tick " + std::to_string(t) + ": units " + std::to_string(i) + " and " +
                         std::to_string(j) + " swapped");
                }
            }
        }
    }
    return p;
}

} // namespace xunlu::testing
