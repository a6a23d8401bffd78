// JPS variants on hand-drawn maps: forced neighbours under no corner cutting, A* fallback for
// terrain costs, stats and traces, and maps that change (rule support and bad requests: the
// table over every registered finder in tests/registry).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "support/ascii_map.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/jps/jps_plus.hpp"
#include "xunlu/jps/online_jps.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using search::search_status;
constexpr double sqrt2 = 1.4142135623730951;

class jps_variant : public ::testing::TestWithParam<const char*> {
  protected:
    std::unique_ptr<search::finder> make() const {
        return registry::find_finder(GetParam())->make();
    }
};

TEST_P(jps_variant, corner_is_not_cut_and_path_is_full) {
    // The way round the wall's end must not cut its corner (Moving AI rule).
    auto m = testing::parse_ascii(R"(
        S.......
        ######..
        ........
        G.......
    )");
    auto r = make()->find(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_EQ(r.status, search_status::found) << r.reason;
    EXPECT_FALSE(grid::check_path(m.map, r.path, {}, grid::obstacle_mask::high_and_low));
    for (std::size_t i = 1; i < r.path.size(); ++i) {
        EXPECT_LE(std::abs(r.path[i].x - r.path[i - 1].x), 1);
        EXPECT_LE(std::abs(r.path[i].y - r.path[i - 1].y), 1);
    }
    auto want = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    EXPECT_NEAR(r.cost, want.cost, 1e-9);
    EXPECT_NEAR(r.cost, 13 + sqrt2, 1e-9); // east 6, down 2, one diagonal, west 5
}

TEST_P(jps_variant, start_equals_goal_and_unreachable) {
    auto m = testing::parse_ascii(R"(
        S..#..
        ...#.G
    )");
    auto r = make()->find(m.map, {.start = m.start, .goal = m.start});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_EQ(r.path.size(), 1u);
    EXPECT_EQ(r.cost, 0.0);
    r = make()->find(m.map, {.start = m.start, .goal = m.goal});
    EXPECT_EQ(r.status, search_status::no_path);
    EXPECT_NE(r.reason.find("unreachable"), std::string::npos);
}

TEST_P(jps_variant, terrain_costs_fall_back_to_astar_and_say_so) {
    auto m = testing::parse_ascii(R"(
        S.....
        .9999.
        .....G
    )");
    auto r = make()->find(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_NE(r.reason.find("fell back to A*"), std::string::npos) << r.reason;
    EXPECT_NE(r.reason.find("terrain costs"), std::string::npos) << r.reason;
    const auto want = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    EXPECT_NEAR(r.cost, want.cost, 1e-9);
}

TEST_P(jps_variant, stats_and_trace_show_the_jump_points) {
    auto map = grid::generate_rooms(64, 64, 7, 5, 40.0);
    ASSERT_TRUE(map.ok());
    const search::search_request request{.start = {1, 1}, .goal = {62, 62}, .record_trace = true};
    const auto r = make()->find(*map, request);
    ASSERT_EQ(r.status, search_status::found) << r.reason;
    const auto a = search::find_path_astar(*map, request);
    EXPECT_NEAR(r.cost, a.cost, 1e-9);
    EXPECT_GT(r.stats.expanded, 0u);
    EXPECT_GE(r.stats.generated, r.stats.expanded - 1);
    EXPECT_GE(r.stats.heap_pushes, r.stats.expanded);
    EXPECT_GE(r.stats.peak_open, 1u);
    EXPECT_GT(r.stats.memory_bytes, 0u);
    EXPECT_EQ(r.trace.expanded.size(), r.stats.expanded);
    EXPECT_LT(r.stats.expanded, a.stats.expanded) << "jump points should be far fewer";
    // Every traced jump point lies on a free cell.
    for (const cell c : r.trace.expanded) EXPECT_TRUE(map->passable(c));
    for (const cell c : r.trace.open) EXPECT_TRUE(map->passable(c));
}

TEST_P(jps_variant, budget_gives_partial_path) {
    auto map = grid::generate_maze(41, 41, 1, 2);
    ASSERT_TRUE(map.ok());
    const auto r = make()->find(*map, {.start = {0, 0}, .goal = {40, 40}, .max_expansions = 3});
    ASSERT_EQ(r.status, search_status::budget_exhausted);
    EXPECT_TRUE(r.partial);
    ASSERT_FALSE(r.path.empty());
    EXPECT_EQ(r.path.front(), (cell{0, 0}));
    EXPECT_FALSE(grid::check_path(*map, r.path, {}, grid::obstacle_mask::high_and_low));
}

TEST_P(jps_variant, toggled_cells_keep_queries_optimal) {
    auto map = grid::generate_random(60, 45, 20.0, 9);
    ASSERT_TRUE(map.ok());
    auto finder = make();
    search::astar reference;
    std::mt19937_64 rng(4);
    std::uniform_int_distribution<std::int32_t> px(0, 59), py(0, 44);
    for (int round = 0; round < 60; ++round) {
        const search::search_request request{.start = {0, 0}, .goal = {59, 44}};
        const auto got = finder->find(*map, request);
        const auto want = reference.find_path(*map, request);
        ASSERT_EQ(got.status, want.status) << "round " << round;
        if (want.found()) {
            ASSERT_NEAR(got.cost, want.cost, 1e-9) << "round " << round;
            ASSERT_FALSE(grid::check_path(*map, got.path, {}, grid::obstacle_mask::high_and_low))
                << "round " << round;
        }
        // Toggle a cell on the current path when there is one (so the change matters).
        cell c{px(rng), py(rng)};
        if (want.found() && want.path.size() > 2) c = want.path[want.path.size() / 2];
        if (c == request.start || c == request.goal) continue;
        if (round % 3 == 2) {
            map->set_low_obstacle(c, !map->is_low_obstacle(c));
        } else {
            map->set_high_obstacle(c, !map->is_high_obstacle(c));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(all, jps_variant,
                         ::testing::Values("jps", "jps-online", "jps-block", "jps-pruned", "jps+",
                                           "jps+-unpruned", "subgoal", "subgoal-ch"),
                         [](const auto& p) {
                             std::string n;
                             for (const char c : std::string(p.param)) {
                                 n += c == '+' ? std::string("_plus")
                                               : std::string(1, c == '-' ? '_' : c);
                             }
                             return n;
                         });

TEST(jps_cache, block_and_plus_rebuild_only_when_the_map_changes) {
    auto map = grid::generate_random(50, 50, 15.0, 1);
    ASSERT_TRUE(map.ok());
    jps::block_jps block;
    jps::jps_plus plus;
    const search::search_request request{.start = {0, 0}, .goal = {49, 49}};
    for (int i = 0; i < 3; ++i) {
        (void)block.find_path(*map, request);
        (void)plus.find_path(*map, request);
    }
    EXPECT_EQ(block.rebuilds(), 1u);
    EXPECT_EQ(plus.builds(), 1u);
    map->set_high_obstacle({10, 10}, !map->is_high_obstacle({10, 10}));
    (void)block.find_path(*map, request);
    (void)plus.find_path(*map, request);
    EXPECT_EQ(block.rebuilds(), 2u);
    EXPECT_EQ(plus.builds(), 2u);
    // Ignoring low obstacles is another table.
    (void)plus.find_path(*map, {.start = {0, 0}, .goal = {49, 49}, .low_obstacles_block = false});
    EXPECT_EQ(plus.builds(), 3u);
}

} // namespace
} // namespace xunlu
