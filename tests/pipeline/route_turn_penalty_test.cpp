// The route pipeline's turn penalty reaches its grid searches: the full search stage answers
// with the cost model of A* over (cell, heading) states, and a bad penalty is refused.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "route_test_support.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using testing::make_scene;

// The straight line from S to G is blocked; the full search goes around the wall.
constexpr const char* walled = R"(
    S..........
    .#######...
    .......#...
    .......#..G
)";

TEST(route_turn_penalty, the_grid_search_charges_turns) {
    pipeline::scene_options options;
    options.stages = {pipeline::route_stage::full_search};
    auto d = make_scene(walled, 1.0, options);
    pipeline::route_finder finder; // the built-in A*
    const pipeline::route_request plain{.start = d.start_px, .goal = d.goal_px};
    pipeline::route_request turned = plain;
    turned.turn_penalty = 3.0;
    const auto a = finder.find(d.scene, plain);
    const auto b = finder.find(d.scene, turned);
    ASSERT_EQ(a.status, pipeline::route_status::found) << a.reason;
    ASSERT_EQ(b.status, pipeline::route_status::found) << b.reason;
    // The same query straight on A* over (cell, heading) states, on the scene's map.
    search::astar engine;
    const auto direct =
        engine.find_path(d.scene.map(), {.start = {0, 0}, .goal = {10, 3}, .turn_penalty = 3.0});
    ASSERT_TRUE(direct.found());
    EXPECT_NEAR(b.grid_length, direct.length, 1e-9);
    EXPECT_EQ(b.stats.expanded, direct.stats.expanded);
    EXPECT_NE(a.stats.expanded, b.stats.expanded); // the plain query searched cells, not states
    testing::expect_turning_point_contract(d.scene, b, grid::obstacle_mask::high_and_low);

    turned.turn_penalty = -1.0;
    EXPECT_EQ(finder.find(d.scene, turned).status, pipeline::route_status::invalid);
    turned.turn_penalty = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(finder.find(d.scene, turned).status, pipeline::route_status::invalid);
}

TEST(route_turn_penalty, a_grid_search_without_headings_gives_way_to_astar) {
    pipeline::scene_options options;
    options.stages = {pipeline::route_stage::full_search};
    auto d = make_scene(walled, 1.0, options);
    pipeline::route_finder jps(testing::registry_grid_search("jps")); // no turn_penalty flag
    pipeline::route_request req{.start = d.start_px, .goal = d.goal_px};
    req.turn_penalty = 3.0;
    const auto r = jps.find(d.scene, req);
    ASSERT_EQ(r.status, pipeline::route_status::found) << r.reason;
    EXPECT_EQ(r.algorithm, "astar");
}

} // namespace
} // namespace xunlu
