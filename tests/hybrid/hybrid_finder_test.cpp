// The hybrid (straight line + local A*) on hand-drawn maps: straight lines, obstacles,
// traps the walk escapes, window widening, the full-map fallback, unreachable goals.
#include <gtest/gtest.h>

#include "method_checks.hpp"
#include "support/ascii_map.hpp"
#include "xunlu/hybrid/hybrid_finder.hpp"
#include "xunlu/hybrid/single_object_finder.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using hybrid::find_path_hybrid;
using search::search_status;
using testing::expect_valid_path;
using testing::parse_ascii;
using testing::request_for;

TEST(hybrid, open_field_needs_no_search) {
    auto m = parse_ascii(R"(
        S..............
        ...............
        ...............
        ..............G
    )");
    const auto request = request_for(m.start, m.goal);
    const auto r = find_path_hybrid(m.map, request);
    expect_valid_path(m.map, request, r);
    EXPECT_EQ(r.local_searches, 0u);
    EXPECT_EQ(r.recorded, 0u);
    EXPECT_EQ(r.expanded, 0u);
    EXPECT_FALSE(r.fallback);
    EXPECT_NEAR(r.length, search::find_path_astar(m.map, request).length, 1e-9);
}

TEST(hybrid, searches_locally_around_one_obstacle) {
    auto m = parse_ascii(R"(
        ..............................
        ..............................
        ..............##..............
        ..............###.............
        S.............###............G
        ..............##..............
        ..............##..............
        ..............................
        ..............................
    )");
    const auto request = request_for(m.start, m.goal);
    const auto r = find_path_hybrid(m.map, request, {.k = 3, .window = 4});
    expect_valid_path(m.map, request, r);
    EXPECT_EQ(r.local_searches, 1u);
    EXPECT_EQ(r.widenings, 0u);
    EXPECT_FALSE(r.fallback);
    EXPECT_GT(r.recorded, 0u);
    const auto best = search::find_path_astar(m.map, request);
    EXPECT_LT(r.recorded, best.stats.expanded);
    EXPECT_LE(r.length, best.length * 1.15);
    // The walk reaches the obstacle's k-neighbourhood on the straight line first.
    EXPECT_EQ(r.path[10], (cell{10, 4}));
}

TEST(hybrid, escapes_a_u_shaped_trap) {
    auto m = parse_ascii(R"(
        ......................
        ......................
        .......########.......
        ..............#.......
        S.............#......G
        ..............#.......
        .......########.......
        ......................
        ......................
    )");
    const auto request = request_for(m.start, m.goal);
    const auto r = find_path_hybrid(m.map, request, {.k = 3, .window = 8});
    expect_valid_path(m.map, request, r);
    EXPECT_FALSE(r.fallback);
    const auto walk = hybrid::find_path_single_object(m.map, request);
    ASSERT_TRUE(walk.found());
    EXPECT_LT(r.length, walk.length);
    // It still walks into the trap up to k cells from the back wall before searching, so
    // it is far from optimal here (about 1.5x).
    EXPECT_LE(r.length, search::find_path_astar(m.map, request).length * 1.6);
}

TEST(hybrid, widens_a_window_that_is_too_small) {
    auto m = parse_ascii(R"(
        ...........................
        ..........#######..........
        ................#..........
        ................#..........
        ................#..........
        S...............#.........G
        ................#..........
        ................#..........
        ................#..........
        ..........#######..........
        ...........................
    )");
    const auto request = request_for(m.start, m.goal);
    const auto r = find_path_hybrid(m.map, request, {.k = 2, .window = 1, .widen_steps = 4});
    expect_valid_path(m.map, request, r);
    EXPECT_GT(r.widenings, 0u);
    EXPECT_FALSE(r.fallback);
}

TEST(hybrid, falls_back_to_full_astar_when_windows_fail) {
    // The rejoin point past the wall is a closed pocket; only a full A* finds the way.
    auto m = parse_ascii(R"(
        ..................
        .......#####......
        .......#...#......
        S......#...#.....G
        .......#...#......
        .......#####......
        ..................
    )");
    const auto request = request_for(m.start, m.goal);
    const auto r = find_path_hybrid(m.map, request, {.k = 2, .window = 1, .widen_steps = 1});
    expect_valid_path(m.map, request, r);
    EXPECT_TRUE(r.fallback);
}

TEST(hybrid, solves_a_maze) {
    auto m = parse_ascii(testing::small_maze);
    const auto request = request_for(m.start, m.goal);
    for (const std::int32_t k : {1, 2, 5}) {
        const auto r = find_path_hybrid(m.map, request, {.k = k, .window = 3});
        expect_valid_path(m.map, request, r);
    }
}

TEST(hybrid, unreachable_goal_is_reported_after_the_fallback) {
    auto m = parse_ascii(R"(
        S...........
        ............
        .......###..
        .......#G#..
        .......###..
        ............
    )");
    const auto r = find_path_hybrid(m.map, request_for(m.start, m.goal));
    EXPECT_EQ(r.status, search_status::no_path);
    EXPECT_TRUE(r.fallback);
    EXPECT_TRUE(r.path.empty());
    EXPECT_NE(r.reason.find("unreachable"), std::string::npos) << r.reason;
}

TEST(hybrid, goal_inside_an_obstacle_is_invalid) {
    auto m = parse_ascii(R"(
        S.......
        ...###..
        ...###..
    )");
    const auto r = find_path_hybrid(m.map, request_for(m.start, {4, 2}));
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_NE(r.reason.find("goal (4,2) is blocked"), std::string::npos) << r.reason;
    const auto s = find_path_hybrid(m.map, request_for({3, 1}, {0, 0}));
    EXPECT_EQ(s.status, search_status::invalid_input);
}

TEST(hybrid, records_a_trace_of_every_local_search) {
    auto m = parse_ascii(R"(
        ..........
        ....#.....
        S...#....G
        ....#.....
        ..........
    )");
    auto request = request_for(m.start, m.goal);
    request.record_trace = true;
    const auto r = find_path_hybrid(m.map, request);
    expect_valid_path(m.map, request, r);
    EXPECT_EQ(r.recorded_cells.size(), r.recorded);
    for (const cell c : r.recorded_cells) EXPECT_TRUE(m.map.passable(c));
}

} // namespace
} // namespace xunlu
