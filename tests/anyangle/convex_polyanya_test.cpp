// Polyanya over the convex mesh: the visibility graph's optimum (itself checked against a brute
// force in any_angle_search_test) on random, maze, room and open maps, unreachable pairs
// included, with walkable paths; starts and goals on slanted sides, grazed corners, diagonal
// squeezes, streets at an angle (fewer expansions than over the rectangle mesh); budgets, caps,
// traces, edits and refusals.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <string>
#include <vector>

#include "any_angle_reference.hpp"
#include "support/ascii_map.hpp"
#include "visgraph_optimum.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/convex_polyanya_search.hpp"
#include "xunlu/anyangle/polyanya_search.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle {
namespace {

std::vector<std::pair<std::string, grid::grid_map>> convex_test_maps() {
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
    // Streets at angles: bands of free cells between staircase walls.
    for (std::int32_t slope = 1; slope <= 3; ++slope) {
        std::string drawing;
        for (std::int32_t y = 0; y < 30; ++y) {
            for (std::int32_t x = 0; x < 40; ++x) {
                const std::int32_t d = (x - y * slope / 2) % 13;
                drawing += (d + 13) % 13 < 4 ? '#' : '.';
            }
            drawing += '\n';
        }
        out.emplace_back("streets " + std::to_string(slope),
                         std::move(testing::parse_ascii(drawing).map));
    }
    return out;
}

TEST(convex_polyanya_search, returns_the_visibility_graph_optimum_and_walkable_paths) {
    convex_polyanya_search finder;
    const auto counts = reference::expect_visgraph_optimum(finder, convex_test_maps(), 23, 40);
    EXPECT_GT(counts.compared, 600);
    EXPECT_GT(counts.unreachable, 10);
    EXPECT_GT(counts.bent, 300);
}

TEST(convex_polyanya_search, every_pair_of_a_small_map_matches_the_visibility_graph) {
    // All pairs, so starts and goals on slanted sides, in dead ends and beside squeezes are
    // all met.
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const grid::grid_map m = grid::generate_random(12, 10, 25.0, seed).value();
        const auto cells = reference::free_cells(m);
        convex_polyanya_search convex;
        visibility_search visgraph;
        for (const cell a : cells) {
            for (const cell b : cells) {
                const search::search_request req{.start = a, .goal = b};
                const auto v = visgraph.find_path(m, req);
                const auto p = convex.find_path(m, req);
                ASSERT_EQ(p.status, v.status) << "seed " << seed << " (" << a.x << "," << a.y
                                              << ") -> (" << b.x << "," << b.y << "): " << p.reason;
                if (v.found()) {
                    ASSERT_NEAR(p.length, v.length, 1e-9 * std::max(1.0, v.length))
                        << "seed " << seed << " (" << a.x << "," << a.y << ") -> (" << b.x << ","
                        << b.y << ")";
                }
            }
        }
    }
}

TEST(convex_polyanya_search, grazes_corners_and_never_squeezes_between_diagonal_walls) {
    const auto drawn = testing::parse_ascii(R"(
        .S....#.
        ###.###.
        ......#.
        ....#..#
        .....#G.)");
    const search::search_request req{.start = drawn.start, .goal = drawn.goal};
    convex_polyanya_search p;
    visibility_search v;
    const auto a = p.find_path(drawn.map, req);
    const auto b = v.find_path(drawn.map, req);
    ASSERT_TRUE(b.found());
    ASSERT_TRUE(a.found()) << a.reason;
    EXPECT_NEAR(a.length, b.length, 1e-12);
    EXPECT_EQ(check_any_angle_path(drawn.map, a.waypoints, req.mask()), std::nullopt);
    const search::search_request blocked{.start = {7, 0}, .goal = drawn.goal};
    EXPECT_EQ(p.find_path(drawn.map, blocked).status, v.find_path(drawn.map, blocked).status);
}

TEST(convex_polyanya_search, a_street_at_an_angle_takes_fewer_expansions_than_over_rectangles) {
    // A corridor three cells wide, one cell to the right per row, 60 rows long, from its top
    // to its bottom: the rectangle mesh has a rectangle per row.
    const std::int32_t n = 60;
    std::string drawing;
    for (std::int32_t y = 0; y < n; ++y) {
        for (std::int32_t x = 0; x < n + 3; ++x) drawing += x >= y && x < y + 3 ? '.' : '#';
        drawing += '\n';
    }
    const grid::grid_map m = testing::parse_ascii(drawing).map;
    const search::search_request req{.start = {1, 0}, .goal = {n, n - 1}};
    const auto over_rects = polyanya_search{}.find_path(m, req);
    const auto over_polygons = convex_polyanya_search{}.find_path(m, req);
    ASSERT_TRUE(over_rects.found());
    ASSERT_TRUE(over_polygons.found()) << over_polygons.reason;
    EXPECT_NEAR(over_polygons.length, over_rects.length, 1e-9);
    EXPECT_LT(over_polygons.stats.expanded * 4, over_rects.stats.expanded)
        << over_polygons.stats.expanded << " against " << over_rects.stats.expanded;
}

TEST(convex_polyanya_search, an_edited_map_gets_a_new_mesh) {
    auto drawn = testing::parse_ascii(R"(
        S.......
        ........
        ........
        .......G)");
    const search::search_request req{.start = drawn.start, .goal = drawn.goal};
    convex_polyanya_search p;
    const auto before = p.find_path(drawn.map, req);
    ASSERT_TRUE(before.found());
    EXPECT_EQ(before.waypoints.size(), 2U);
    for (std::int32_t y = 0; y < 3; ++y) drawn.map.set_high_obstacle({4, y}, true);
    const auto after = p.find_path(drawn.map, req);
    ASSERT_TRUE(after.found());
    EXPECT_GT(after.length, before.length);
    EXPECT_NEAR(after.length, visibility_search{}.find_path(drawn.map, req).length, 1e-12);
    const convex_mesh fresh = convex_mesh::build(drawn.map, req.mask());
    EXPECT_NEAR(p.find_path(fresh, drawn.map, req).length, after.length, 1e-12);
}

TEST(convex_polyanya_search, budgets_caps_traces_and_refusals) {
    const grid::grid_map m = grid::generate_maze(41, 41, 1, 3).value();
    search::search_request req{.start = {0, 0}, .goal = {40, 40}};
    convex_polyanya_search p;
    const auto full = p.find_path(m, req);
    ASSERT_TRUE(full.found());
    ASSERT_GT(full.stats.expanded, 20U);
    req.max_expansions = 20;
    const auto r = p.find_path(m, req);
    EXPECT_EQ(r.status, search::search_status::budget_exhausted);
    EXPECT_TRUE(r.partial);
    ASSERT_FALSE(r.waypoints.empty());
    EXPECT_EQ(check_any_angle_path(m, r.waypoints, req.mask()), std::nullopt);
    req.max_expansions = 0;
    req.max_memory_bytes = 64;
    EXPECT_EQ(p.find_path(m, req).status, search::search_status::resource_exhausted);
    req.max_memory_bytes = 0;
    req.record_trace = true;
    const auto traced = p.find_path(m, req);
    EXPECT_EQ(traced.trace.expanded.size() + 1, traced.stats.expanded);
    EXPECT_NEAR(traced.length, full.length, 1e-12);
    for (const cell c : traced.trace.expanded) EXPECT_TRUE(m.passable(c));
    req.record_trace = false;
    const grid::grid_map big = grid::generate_maze(201, 201, 1, 5).value();
    const std::atomic<bool> cancelled{true};
    search::search_request long_one{.start = {0, 0}, .goal = {200, 200}};
    long_one.cancel = &cancelled;
    const auto stopped = p.find_path(big, long_one);
    long_one.cancel = nullptr;
    const auto whole = p.find_path(big, long_one);
    ASSERT_TRUE(whole.found());
    ASSERT_GT(whole.stats.expanded, 1000U);
    EXPECT_EQ(stopped.status, search::search_status::budget_exhausted);
    EXPECT_LT(stopped.stats.expanded, 300U);
    req.rules = *grid::parse_movement_rules("4");
    EXPECT_NE(p.find_path(m, req).reason.find("rule 4"), std::string::npos);
    const convex_mesh refused = convex_mesh::build(m, req.mask(), {.points = 10});
    req.rules = *grid::parse_movement_rules("8");
    const auto no_mesh = p.find_path(refused, m, req);
    EXPECT_EQ(no_mesh.status, search::search_status::resource_exhausted);
    EXPECT_NE(no_mesh.reason.find("polyanya-convex: the map's free area has over 10"),
              std::string::npos)
        << no_mesh.reason;
}

} // namespace
} // namespace xunlu::anyangle
