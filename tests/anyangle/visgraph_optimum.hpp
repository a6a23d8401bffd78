// The check the optimal any-angle searches share in their tests: on random pairs of free cells
// of many maps, a search returns what visgraph returns (status and length), as a walkable
// polyline from the start centre to the goal centre.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "any_angle_reference.hpp"
#include "support/ascii_map.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle::reference {

/// The maps the optimal searches are checked on: random (5-45 % blocked), maze, room and open.
inline std::vector<std::pair<std::string, grid::grid_map>> optimum_maps() {
    std::vector<std::pair<std::string, grid::grid_map>> out;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const std::int32_t w = 20 + static_cast<std::int32_t>(seed * 7 % 31);
        const std::int32_t h = 20 + static_cast<std::int32_t>(seed * 11 % 29);
        const double density = 5.0 + static_cast<double>(seed % 5) * 10; // 5 .. 45 %
        out.emplace_back("random " + std::to_string(seed),
                         std::move(grid::generate_random(w, h, density, seed).value()));
    }
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        out.emplace_back(
            "maze " + std::to_string(seed),
            std::move(
                grid::generate_maze(31, 27, 1 + static_cast<std::int32_t>(seed), seed).value()));
        out.emplace_back("rooms " + std::to_string(seed),
                         std::move(grid::generate_rooms(41, 37, 5, seed).value()));
    }
    out.emplace_back("open", std::move(grid::grid_map::create(33, 21).value()));
    return out;
}

/// A corridor three cells wide running down-right one cell per row, `rows` long: every row's
/// run of free cells differs from the last, so the rectangle mesh needs a rectangle per row.
inline grid::grid_map diagonal_street(std::int32_t rows) {
    std::string drawing;
    for (std::int32_t y = 0; y < rows; ++y) {
        for (std::int32_t x = 0; x < rows + 3; ++x) drawing += x >= y && x < y + 3 ? '.' : '#';
        drawing += '\n';
    }
    return testing::parse_ascii(drawing).map;
}

/// What expect_visgraph_optimum saw: pairs with a path, pairs without, paths with a bend.
struct optimum_counts {
    int compared = 0;
    int unreachable = 0;
    int bent = 0;
};

/// `pairs` random pairs of free cells of each map (drawn with `seed`): `finder.find_path`
/// has visgraph's status and length (to 1e-9 relative), a path that passes the segment rule,
/// and waypoints and cells from the start's centre to the goal's.
template <class Finder>
optimum_counts
expect_visgraph_optimum(Finder& finder,
                        const std::vector<std::pair<std::string, grid::grid_map>>& maps,
                        std::uint64_t seed, int pairs) {
    std::mt19937_64 rng(seed);
    visibility_search visgraph;
    optimum_counts counts;
    for (const auto& [name, m] : maps) {
        const auto cells = free_cells(m);
        std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
        for (int k = 0; k < pairs; ++k) {
            const search::search_request req{.start = cells[pick(rng)], .goal = cells[pick(rng)]};
            SCOPED_TRACE(name + ": (" + std::to_string(req.start.x) + "," +
                         std::to_string(req.start.y) + ") -> (" + std::to_string(req.goal.x) + "," +
                         std::to_string(req.goal.y) + ")");
            const auto v = visgraph.find_path(m, req);
            const auto p = finder.find_path(m, req);
            EXPECT_EQ(p.status, v.status) << p.reason;
            if (p.status != v.status) continue;
            if (!v.found()) {
                ++counts.unreachable;
                EXPECT_TRUE(p.waypoints.empty());
                continue;
            }
            EXPECT_NEAR(p.length, v.length, 1e-9 * std::max(1.0, v.length));
            EXPECT_EQ(check_any_angle_path(m, p.waypoints, req.mask()), std::nullopt);
            EXPECT_EQ(p.waypoints.front(), to_point(centre_of(req.start)));
            EXPECT_EQ(p.waypoints.back(), to_point(centre_of(req.goal)));
            EXPECT_EQ(p.path.front(), req.start);
            EXPECT_EQ(p.path.back(), req.goal);
            counts.bent += p.waypoints.size() > 2 ? 1 : 0;
            ++counts.compared;
        }
    }
    return counts;
}

} // namespace xunlu::anyangle::reference
