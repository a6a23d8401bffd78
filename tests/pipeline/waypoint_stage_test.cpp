// The waypoint graph stage: visible joins, joins by a short search when no waypoint is in
// sight, stitching and string pulling, and a link blocked after loading.
#include <gtest/gtest.h>

#include "route_test_support.hpp"

namespace xunlu {
namespace {

using pipeline::route_stage;
using pipeline::route_status;

testing::drawn_scene waypoint_scene() {
    pipeline::scene_options o;
    o.step_limit = 5; // the bounded search always runs out here
    o.use_jps = false;
    o.stages = {route_stage::straight_line, route_stage::reachability, route_stage::bounded_search,
                route_stage::waypoint_graph};
    auto d = testing::make_scene(R"(
        ....#.....#.........
        .S..#.....#.........
        ....#.....#.........
        ###.#.....#.........
        ....................
        ..........#........G
    )",
                                 4.0, o);
    auto g = waypoint::parse_waypoint_graph(d.scene.map(), "id,x,y\n10,5,4\n20,10,4\n30,15,4\n",
                                            "roadPoint.csv", "10,20\n20,30\n", "pathlink.csv");
    if (!g) throw std::runtime_error(g.err().message);
    d.scene.set_waypoints(std::move(g->graph));
    return d;
}

TEST(waypoint_stage, joins_by_short_search_when_no_waypoint_is_visible) {
    auto d = waypoint_scene();
    auto r = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    ASSERT_EQ(r.status, route_status::found) << r.reason;
    EXPECT_EQ(r.stage, route_stage::waypoint_graph);
    EXPECT_GT(r.stats.waypoints_settled, 0u);
    EXPECT_GT(r.stats.expanded, 5u); // the bounded stage plus the joining search
    EXPECT_EQ(r.points.front(), d.start_px);
    EXPECT_EQ(r.points.back(), d.goal_px);
    testing::expect_turning_point_contract(d.scene, r, grid::obstacle_mask::high_and_low);
}

TEST(waypoint_stage, joins_by_straight_line_when_visible) {
    auto d = waypoint_scene();
    const point start{6.5 * 4, 1.5 * 4}; // in the middle room: sees waypoint 10 at (5,4)
    auto r = pipeline::find_route(d.scene, {.start = start, .goal = d.goal_px});
    ASSERT_EQ(r.status, route_status::found) << r.reason;
    EXPECT_EQ(r.stage, route_stage::waypoint_graph);
    EXPECT_EQ(r.stats.expanded, 5u); // only the bounded stage searched
    testing::expect_turning_point_contract(d.scene, r, grid::obstacle_mask::high_and_low);
}

TEST(waypoint_stage, a_link_blocked_later_is_bridged_by_a_short_search) {
    auto d = waypoint_scene();
    d.scene.set_low_obstacle({12, 4}, true); // a unit on the link 20 -> 30
    const point start{6.5 * 4, 1.5 * 4};
    auto r = pipeline::find_route(d.scene, {.start = start, .goal = d.goal_px});
    ASSERT_EQ(r.status, route_status::found) << r.reason;
    EXPECT_EQ(r.stage, route_stage::waypoint_graph);
    testing::expect_turning_point_contract(d.scene, r, grid::obstacle_mask::high_and_low);
}

TEST(waypoint_stage, without_a_graph_the_stage_passes_on) {
    auto d = waypoint_scene();
    d.scene.set_waypoints(waypoint::waypoint_graph{});
    auto r = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    EXPECT_EQ(r.status, route_status::partial); // the bounded search's best partial route
    EXPECT_EQ(r.stage, route_stage::bounded_search);
}

} // namespace
} // namespace xunlu

namespace xunlu {
namespace {

TEST(waypoint_stage, long_queries_can_skip_the_bounded_search) {
    auto d = waypoint_scene();
    d.scene.set_bounded_max_distance(5); // the goal is ~13 cells away: straight to the graph
    const point start{6.5 * 4, 1.5 * 4};
    auto r = pipeline::find_route(d.scene, {.start = start, .goal = d.goal_px});
    ASSERT_EQ(r.status, route_status::found) << r.reason;
    EXPECT_EQ(r.stage, route_stage::waypoint_graph);
    EXPECT_EQ(r.stats.expanded, 0u);
    d.scene.set_bounded_max_distance(0);
    EXPECT_EQ(pipeline::find_route(d.scene, {.start = start, .goal = d.goal_px}).stats.expanded,
              5u);
}

} // namespace
} // namespace xunlu
