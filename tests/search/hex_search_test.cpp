// A* and Dijkstra on hex maps against a Dijkstra written here, over neighbour tables written
// here from the published offset conventions (not from grid::hex_layout's conversions): every
// layout, blocked hexes, terrain costs, unreachable goals, stop_within, budgets and traces.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "support/cell_dijkstra.hpp"
#include "xunlu/grid/hex_path.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using grid::hex_coords;
using grid::hex_layout;
using grid::hex_orientation;
using offsets = std::array<std::pair<int, int>, 6>;

// Neighbour (dx, dy) of a storage cell per layout and row/column parity, as tabulated in
// Red Blob Games' "Hexagonal Grids" (odd-r, even-r, odd-q, even-q; axial is parity-free).
offsets neighbour_table(hex_layout l, int x, int y) {
    const bool pointy = l.orientation == hex_orientation::pointy;
    if (l.coords == hex_coords::axial) {
        return {{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};
    }
    const int parity = (pointy ? y : x) & 1;
    const offsets shoved_pointy{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}}};
    const offsets plain_pointy{{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}}};
    const offsets shoved_flat{{{1, 1}, {1, 0}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};
    const offsets plain_flat{{{1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {0, 1}}};
    // "odd": the odd rows (columns) are the shoved ones; "even": the even ones.
    const bool shoved = l.coords == hex_coords::odd ? parity == 1 : parity == 0;
    if (pointy) return shoved ? shoved_pointy : plain_pointy;
    return shoved ? shoved_flat : plain_flat;
}

/// Least cost from `from` to every hex (infinity when unreachable).
std::vector<double> reference_dijkstra(const grid::grid_map& map, hex_layout l, cell from) {
    return testing::cell_dijkstra(map.width(), map.height(), from, [&](cell c, auto&& visit) {
        for (const auto& [dx, dy] : neighbour_table(l, c.x, c.y)) {
            const cell nb{c.x + dx, c.y + dy};
            if (map.passable(nb)) visit(nb, static_cast<double>(map.terrain_cost(nb)));
        }
    });
}

bool neighbours_here(hex_layout l, cell a, cell b) {
    for (const auto& [dx, dy] : neighbour_table(l, a.x, a.y)) {
        if (a.x + dx == b.x && a.y + dy == b.y) return true;
    }
    return false;
}

grid::grid_map random_hex_map(std::mt19937& rng, bool terrain) {
    std::uniform_int_distribution<int> side(4, 22);
    auto map = grid::grid_map::create(side(rng), side(rng)).value();
    std::uniform_real_distribution<double> u(0, 1);
    const double rate = u(rng) * 0.4;
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            if (u(rng) < rate) map.set_high_obstacle({x, y}, true);
            if (terrain && u(rng) < 0.4) {
                map.set_terrain_cost({x, y}, static_cast<float>(1 + static_cast<int>(u(rng) * 8)));
            }
        }
    }
    return map;
}

cell random_free(std::mt19937& rng, const grid::grid_map& map) {
    std::uniform_int_distribution<int> x(0, map.width() - 1), y(0, map.height() - 1);
    for (int tries = 0; tries < 1000; ++tries) {
        const cell c{x(rng), y(rng)};
        if (map.passable(c)) return c;
    }
    return {-1, -1};
}

TEST(hex_search, astar_and_dijkstra_equal_an_independent_dijkstra_on_every_layout) {
    std::mt19937 rng(20261124);
    search::astar engine;
    int found = 0, unreachable = 0;
    for (const hex_layout layout : grid::all_hex_layouts) {
        for (int m = 0; m < 40; ++m) {
            const bool terrain = m % 2 == 1;
            const grid::grid_map map = random_hex_map(rng, terrain);
            for (int q = 0; q < 6; ++q) {
                const cell from = random_free(rng, map);
                const cell to = random_free(rng, map);
                if (from.x < 0 || to.x < 0) continue;
                const std::vector<double> ref = reference_dijkstra(map, layout, from);
                const double want = ref[static_cast<std::size_t>(to.y * map.width() + to.x)];
                for (const auto heuristic :
                     {search::heuristic_kind::automatic, search::heuristic_kind::zero}) {
                    search::search_request request{.start = from, .goal = to};
                    request.heuristic = heuristic;
                    request.hex = layout;
                    const auto r = engine.find_path(map, request);
                    if (std::isinf(want)) {
                        EXPECT_EQ(r.status, search::search_status::no_path);
                        ++unreachable;
                        continue;
                    }
                    ASSERT_TRUE(r.found()) << r.reason;
                    ++found;
                    EXPECT_NEAR(r.cost, want, 1e-9) << grid::hex_layout_name(layout);
                    ASSERT_FALSE(r.path.empty());
                    EXPECT_EQ(r.path.front(), from);
                    EXPECT_EQ(r.path.back(), to);
                    double cost = 0;
                    for (std::size_t i = 1; i < r.path.size(); ++i) {
                        ASSERT_TRUE(neighbours_here(layout, r.path[i - 1], r.path[i]))
                            << grid::hex_layout_name(layout) << " step " << i;
                        ASSERT_TRUE(map.passable(r.path[i]));
                        cost += map.terrain_cost(r.path[i]);
                    }
                    EXPECT_NEAR(cost, r.cost, 1e-9);
                    EXPECT_DOUBLE_EQ(r.length, static_cast<double>(r.path.size() - 1));
                    EXPECT_FALSE(grid::check_hex_path(map, layout, r.path).has_value());
                    EXPECT_NEAR(grid::hex_path_cost(map, r.path), r.cost, 1e-9);
                }
            }
        }
    }
    EXPECT_GT(found, 1000);
    EXPECT_GT(unreachable, 10);
}

TEST(hex_search, the_heuristic_saves_expansions_and_ten_fourteen_costs_scale_by_ten) {
    auto map = grid::grid_map::create(40, 40).value();
    for (int y = 5; y < 35; ++y) map.set_high_obstacle({20, y}, true);
    search::search_request request{.start = {2, 20}, .goal = {37, 20}};
    request.hex = hex_layout{hex_orientation::flat, hex_coords::odd};
    const auto astar = search::find_path_astar(map, request);
    request.heuristic = search::heuristic_kind::zero;
    const auto dijkstra = search::find_path_astar(map, request);
    ASSERT_TRUE(astar.found());
    ASSERT_TRUE(dijkstra.found());
    EXPECT_DOUBLE_EQ(astar.cost, dijkstra.cost);
    EXPECT_LT(astar.stats.expanded, dijkstra.stats.expanded);
    request.heuristic = search::heuristic_kind::automatic;
    request.rules.costs = grid::step_costs::integer_10_14;
    const auto tens = search::find_path_astar(map, request);
    EXPECT_DOUBLE_EQ(tens.cost, 10 * astar.cost);
    EXPECT_DOUBLE_EQ(tens.length, astar.length);
}

TEST(hex_search, stop_within_is_a_hex_distance_and_budgets_give_partial_paths) {
    auto map = grid::grid_map::create(30, 30).value();
    const hex_layout layout{hex_orientation::pointy, hex_coords::even};
    search::search_request request{.start = {0, 0}, .goal = {25, 25}};
    request.hex = layout;
    request.stop_within = 3;
    const auto near = search::find_path_astar(map, request);
    ASSERT_TRUE(near.found());
    EXPECT_EQ(grid::hex_distance(layout, near.path.back(), request.goal), 3);
    request.stop_within = 0;
    request.max_expansions = 5;
    const auto partial = search::find_path_astar(map, request);
    EXPECT_EQ(partial.status, search::search_status::budget_exhausted);
    EXPECT_TRUE(partial.partial);
    EXPECT_FALSE(grid::check_hex_path(map, layout, partial.path).has_value());
}

TEST(hex_search, stepping_and_traces_work_as_on_square_grids) {
    auto map = grid::grid_map::create(20, 20).value();
    search::search_request request{.start = {1, 1}, .goal = {18, 17}};
    request.hex = hex_layout{hex_orientation::pointy, hex_coords::axial};
    request.record_trace = true;
    search::astar engine;
    ASSERT_TRUE(engine.start(map, request));
    int slices = 0;
    while (!engine.step(3)) ++slices;
    const auto r = engine.finish();
    ASSERT_TRUE(r.found());
    EXPECT_GT(slices, 1);
    EXPECT_EQ(r.trace.expanded.size(), r.stats.expanded);
    EXPECT_EQ(r.cost, static_cast<double>(grid::hex_distance(*request.hex, {1, 1}, {18, 17})));
}

TEST(hex_search, refused_combinations_and_fallbacks_say_why) {
    auto map = grid::grid_map::create(10, 10).value();
    search::search_request request{.start = {0, 0}, .goal = {9, 9}};
    request.hex = hex_layout{};
    request.heuristic = search::heuristic_kind::octile;
    auto r = search::find_path_astar(map, request);
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    EXPECT_NE(r.reason.find("hex distance"), std::string::npos) << r.reason;
    request.heuristic = search::heuristic_kind::automatic;
    request.turn_penalty = 1.0;
    EXPECT_EQ(search::find_path_astar(map, request).status, search::search_status::invalid_input);
    request.turn_penalty.reset();
    const auto* jps = registry::find_finder("jps");
    ASSERT_NE(jps, nullptr);
    EXPECT_EQ(jps->caps.hex, registry::support::falls_back_to_astar);
    r = jps->make()->find(map, request);
    ASSERT_TRUE(r.found());
    EXPECT_NE(r.reason.find("hex"), std::string::npos);
    EXPECT_DOUBLE_EQ(r.cost, 9 + 5); // pointy-odd: 9 rows down, 9 - 4 more columns across
    const auto* hybrid = registry::find_finder("hybrid");
    EXPECT_EQ(hybrid->caps.hex, registry::support::unsupported);
    EXPECT_EQ(hybrid->make()->find(map, request).status, search::search_status::invalid_input);
}

} // namespace
} // namespace xunlu
