// Single-object (Bug-style) walk on hand-drawn maps: straight lines, detours, traps, and
// termination on unreachable goals.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "method_checks.hpp"
#include "support/ascii_map.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/hybrid/single_object_finder.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using hybrid::find_path_single_object;
using hybrid::single_object_options;
using hybrid::turn_direction;
using search::search_status;
using testing::expect_valid_path;
using testing::parse_ascii;
using testing::request_for;

TEST(single_object, open_field_walks_the_straight_line) {
    auto m = parse_ascii(R"(
        S..........
        ...........
        ...........
        ..........G
    )");
    const auto request = request_for(m.start, m.goal);
    const auto r = find_path_single_object(m.map, request);
    expect_valid_path(m.map, request, r);
    std::set<cell> line;
    grid::for_each_cell_on_segment(point{m.start.x + 0.5, m.start.y + 0.5},
                                   point{m.goal.x + 0.5, m.goal.y + 0.5}, [&](cell c) {
                                       line.insert(c);
                                       return true;
                                   });
    for (const cell c : r.path) EXPECT_TRUE(line.contains(c)) << c.x << "," << c.y;
    EXPECT_EQ(r.obstacle_hits, 0u);
    EXPECT_EQ(r.recorded, 0u);
    // Staircase steps merged into diagonals: as short as the optimum on an empty map.
    const auto best = search::find_path_astar(m.map, request);
    EXPECT_NEAR(r.length, best.length, 1e-9);
}

TEST(single_object, goes_around_a_convex_obstacle_both_ways) {
    auto m = parse_ascii(R"(
        ............
        .....##.....
        .....###....
        S....###...G
        .....##.....
        .....##.....
        .....##.....
        ............
    )");
    const auto request = request_for(m.start, m.goal);
    const auto cw = find_path_single_object(m.map, request, {.turn = turn_direction::clockwise});
    const auto ccw =
        find_path_single_object(m.map, request, {.turn = turn_direction::counter_clockwise});
    const auto both = find_path_single_object(m.map, request, {.turn = turn_direction::both});
    expect_valid_path(m.map, request, cw);
    expect_valid_path(m.map, request, ccw);
    expect_valid_path(m.map, request, both);
    EXPECT_EQ(cw.obstacle_hits, 1u);
    EXPECT_EQ(ccw.obstacle_hits, 1u);
    // Clockwise (obstacle on the right) goes over the top: the shorter way round here.
    auto min_y = [](const auto& path) {
        return std::min_element(path.begin(), path.end(), [](cell a, cell b) { return a.y < b.y; })
            ->y;
    };
    auto max_y = [](const auto& path) {
        return std::max_element(path.begin(), path.end(), [](cell a, cell b) { return a.y < b.y; })
            ->y;
    };
    EXPECT_LT(min_y(cw.path), m.start.y);
    EXPECT_EQ(max_y(cw.path), m.start.y);
    EXPECT_GT(max_y(ccw.path), m.start.y);
    EXPECT_LT(cw.length, ccw.length);
    EXPECT_NEAR(both.length, std::min(cw.length, ccw.length), 1e-9);
    EXPECT_EQ(both.turn, turn_direction::clockwise);
    EXPECT_EQ(both.recorded, cw.recorded + ccw.recorded);
}

TEST(single_object, u_shaped_trap_costs_a_long_detour) {
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
    const auto r = find_path_single_object(m.map, request);
    expect_valid_path(m.map, request, r);
    const auto best = search::find_path_astar(m.map, request);
    ASSERT_TRUE(best.found());
    // It walks into the trap, along the back wall, out along an arm and round the outside.
    EXPECT_GT(r.length, best.length * 1.3);
    EXPECT_GE(r.steps, 35u);
}

TEST(single_object, solves_a_maze) {
    auto m = parse_ascii(testing::small_maze);
    const auto request = request_for(m.start, m.goal);
    for (const auto turn :
         {turn_direction::clockwise, turn_direction::counter_clockwise, turn_direction::both}) {
        const auto r = find_path_single_object(m.map, request, {.turn = turn});
        expect_valid_path(m.map, request, r);
    }
}

TEST(single_object, unreachable_goal_terminates_with_no_path) {
    auto m = parse_ascii(R"(
        S...........
        ............
        .......###..
        .......#G#..
        .......###..
        ............
    )");
    const auto request = request_for(m.start, m.goal);
    for (const auto turn :
         {turn_direction::clockwise, turn_direction::counter_clockwise, turn_direction::both}) {
        const auto r = find_path_single_object(m.map, request, {.turn = turn});
        EXPECT_EQ(r.status, search_status::no_path);
        EXPECT_NE(r.reason.find("unreachable"), std::string::npos) << r.reason;
        EXPECT_TRUE(r.path.empty());
    }
}

TEST(single_object, walled_in_start_terminates) {
    auto m = parse_ascii(R"(
        .....#####..
        .....#...#..
        .....#.S.#..
        .....#...#.G
        .....#####..
    )");
    const auto r = find_path_single_object(m.map, request_for(m.start, m.goal));
    EXPECT_EQ(r.status, search_status::no_path);
    auto tiny = parse_ascii(R"(
        .#.
        #S#
        .#G
    )");
    const auto t = find_path_single_object(tiny.map, request_for(tiny.start, tiny.goal));
    EXPECT_EQ(t.status, search_status::no_path);
    EXPECT_NE(t.reason.find("walled in"), std::string::npos) << t.reason;
}

TEST(single_object, step_budget_reports_budget_exhausted) {
    auto m = parse_ascii(R"(
        S...#....
        ....#....
        ....#...G
        .........
    )");
    const auto r = find_path_single_object(m.map, request_for(m.start, m.goal),
                                           {.turn = turn_direction::clockwise, .max_steps = 3});
    EXPECT_EQ(r.status, search_status::budget_exhausted);
}

TEST(single_object, invalid_endpoints) {
    auto m = parse_ascii(R"(
        S...
        .##.
        .##G
    )");
    auto r = find_path_single_object(m.map, request_for(m.start, {1, 1}));
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_NE(r.reason.find("goal (1,1) is blocked"), std::string::npos) << r.reason;
    r = find_path_single_object(m.map, request_for(m.start, {9, 0}));
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_NE(r.reason.find("outside"), std::string::npos) << r.reason;
    r = find_path_single_object(m.map, request_for(m.start, m.start));
    EXPECT_TRUE(r.found());
    EXPECT_EQ(r.path.size(), 1u);
}

TEST(single_object, four_connected_rules_give_orthogonal_steps) {
    auto m = parse_ascii(R"(
        S.......
        ...##...
        ...##..G
    )");
    auto request = request_for(m.start, m.goal);
    request.rules.moves = grid::connectivity::four;
    const auto r = find_path_single_object(m.map, request);
    expect_valid_path(m.map, request, r);
}

} // namespace
} // namespace xunlu
