// A* on small hand-drawn maps: optimal costs, corner rules, obstacles classes, budgets.
#include <gtest/gtest.h>

#include "support/ascii_map.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using search::search_status;

TEST(astar, open_field_diagonal_is_octile) {
    auto m = testing::parse_ascii(R"(
        S....
        .....
        ....G
    )");
    search::astar engine;
    auto r = engine.find_path(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_NEAR(r.cost, 2 + 2 * 1.4142135623730951, 1e-9);
    EXPECT_FALSE(grid::check_path(m.map, r.path, {}, grid::obstacle_mask::high_and_low));
}

TEST(astar, no_corner_cutting_by_default) {
    auto m = testing::parse_ascii(R"(
        S#
        .G
    )");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_NEAR(r.cost, 2.0, 1e-12);
    r = search::find_path_astar(m.map, {.start = m.start,
                                        .goal = m.goal,
                                        .rules = {.corners = grid::corner_rule::cut_if_one_free}});
    EXPECT_NEAR(r.cost, 1.4142135623730951, 1e-12);
}

TEST(astar, low_obstacles_block_unless_ignored) {
    auto m = testing::parse_ascii(R"(
        #####
        S.u.G
        #####
    )");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    EXPECT_EQ(r.status, search_status::no_path);
    r = search::find_path_astar(m.map,
                                {.start = m.start, .goal = m.goal, .low_obstacles_block = false});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_NEAR(r.cost, 4.0, 1e-12);
}

TEST(astar, budget_returns_partial_path_toward_goal) {
    auto m = testing::parse_ascii(R"(
        S.........................G
    )");
    auto r =
        search::find_path_astar(m.map, {.start = m.start, .goal = m.goal, .max_expansions = 5});
    ASSERT_EQ(r.status, search_status::budget_exhausted);
    EXPECT_TRUE(r.partial);
    ASSERT_FALSE(r.path.empty());
    EXPECT_EQ(r.path.front(), m.start);
    EXPECT_GT(r.path.back().x, 0);
}

TEST(astar, invalid_endpoints_are_reported) {
    auto m = testing::parse_ascii(R"(
        S#.
    )");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = {1, 0}});
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_NE(r.reason.find("goal (1,0) is blocked"), std::string::npos);
    r = search::find_path_astar(m.map, {.start = {-1, 0}, .goal = {2, 0}});
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_NE(r.reason.find("outside"), std::string::npos);
}

} // namespace
} // namespace xunlu
