// What both Polyanya searches (over the rectangle mesh and over the convex mesh) must do alike:
// graze corners without squeezing between diagonal walls, take a new mesh after an edit, let
// low obstacles block only on request, and keep to budgets, memory caps, traces, cancellation
// and the movement rule.
#include <gtest/gtest.h>

#include <atomic>

#include "support/ascii_map.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/convex_polyanya_search.hpp"
#include "xunlu/anyangle/polyanya_search.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle {
namespace {

/// The mesh each search walks.
template <class Search> struct mesh_of;
template <> struct mesh_of<polyanya_search> { using type = rect_mesh; };
template <> struct mesh_of<convex_polyanya_search> { using type = convex_mesh; };

template <class Search> class both_polyanyas : public ::testing::Test {};
using polyanya_searches = ::testing::Types<polyanya_search, convex_polyanya_search>;
TYPED_TEST_SUITE(both_polyanyas, polyanya_searches);

TYPED_TEST(both_polyanyas, grazes_corners_and_never_squeezes_between_diagonal_walls) {
    // The shortest line from S to G passes exactly through the corner between the two walls of
    // row 1 and turns at the corner of the wall below; the diagonal pair on the right has a gap
    // only at a corner, which no path may use.
    const auto drawn = testing::parse_ascii(R"(
        .S....#.
        ###.###.
        ......#.
        ....#..#
        .....#G.)");
    const search::search_request req{.start = drawn.start, .goal = drawn.goal};
    TypeParam p;
    visibility_search v;
    const auto a = p.find_path(drawn.map, req);
    const auto b = v.find_path(drawn.map, req);
    ASSERT_TRUE(b.found());
    ASSERT_TRUE(a.found()) << a.reason;
    EXPECT_NEAR(a.length, b.length, 1e-12);
    EXPECT_EQ(check_any_angle_path(drawn.map, a.waypoints, req.mask()), std::nullopt);
    // From the top-right free column the goal is out of reach without squeezing.
    const search::search_request blocked{.start = {7, 0}, .goal = drawn.goal};
    EXPECT_EQ(p.find_path(drawn.map, blocked).status, v.find_path(drawn.map, blocked).status);
}

TYPED_TEST(both_polyanyas, an_edited_map_gets_a_new_mesh) {
    auto drawn = testing::parse_ascii(R"(
        S.......
        ........
        ........
        .......G)");
    const search::search_request req{.start = drawn.start, .goal = drawn.goal};
    TypeParam p;
    const auto before = p.find_path(drawn.map, req);
    ASSERT_TRUE(before.found());
    EXPECT_EQ(before.waypoints.size(), 2U);
    for (std::int32_t y = 0; y < 3; ++y) drawn.map.set_high_obstacle({4, y}, true);
    const auto after = p.find_path(drawn.map, req);
    ASSERT_TRUE(after.found());
    EXPECT_GT(after.length, before.length);
    EXPECT_NEAR(after.length, visibility_search{}.find_path(drawn.map, req).length, 1e-12);
    const auto fresh = mesh_of<TypeParam>::type::build(drawn.map, req.mask());
    EXPECT_NEAR(p.find_path(fresh, drawn.map, req).length, after.length, 1e-12);
}

TYPED_TEST(both_polyanyas, low_obstacles_block_only_when_the_request_says_so) {
    auto drawn = testing::parse_ascii(R"(
        S...
        ....
        ...G)");
    drawn.map.set_low_obstacle({1, 1}, true);
    drawn.map.set_low_obstacle({2, 1}, true);
    search::search_request req{.start = drawn.start, .goal = drawn.goal};
    TypeParam p;
    const auto blocked = p.find_path(drawn.map, req);
    req.low_obstacles_block = false;
    const auto open = p.find_path(drawn.map, req);
    ASSERT_TRUE(blocked.found());
    ASSERT_TRUE(open.found());
    EXPECT_GT(blocked.length, open.length);
    EXPECT_EQ(open.waypoints.size(), 2U);
}

TYPED_TEST(both_polyanyas, budgets_caps_traces_and_refusals) {
    const grid::grid_map m = grid::generate_maze(41, 41, 1, 3).value();
    search::search_request req{.start = {0, 0}, .goal = {40, 40}};
    TypeParam p;
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
    // A cancelled search stops at its next check (every 256 expansions).
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
    EXPECT_LT(stopped.stats.expanded, 300U); // the first look, plus a corridor it was walking
    req.rules = *grid::parse_movement_rules("4");
    EXPECT_NE(p.find_path(m, req).reason.find("rule 4"), std::string::npos);
    req.rules = {};
    req.stop_within = 2;
    EXPECT_NE(p.find_path(m, req).reason.find("stop_within"), std::string::npos);
}

} // namespace
} // namespace xunlu::anyangle
