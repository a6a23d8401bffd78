// The optional hierarchical stage: it answers long queries with hpa (turning-point contract,
// within the documented bound of A*'s length), steps aside for what it does not model (terrain
// costs, stop_short, 4-connected moves), follows map updates, and its name parses.
#include <gtest/gtest.h>

#include <random>

#include "route_test_support.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using pipeline::route_stage;
using pipeline::route_status;

pipeline::scene make_scene(grid::grid_map map) {
    auto made = pipeline::scene::create(
        std::move(map), {.stages = {route_stage::straight_line, route_stage::hierarchical,
                                    route_stage::full_search}});
    EXPECT_TRUE(made);
    return std::move(made).value();
}

TEST(hierarchical_stage, answers_with_hpa_within_its_bound) {
    pipeline::scene scene = make_scene(*grid::generate_world(160, 120, 4));
    pipeline::route_finder finder;
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> ux(0, 160), uy(0, 120);
    int answered = 0;
    for (int q = 0; q < 300; ++q) {
        const point a{ux(rng), uy(rng)}, b{ux(rng), uy(rng)};
        const auto r = finder.find(scene, {.start = a, .goal = b});
        if (r.status == route_status::invalid || r.status == route_status::straight_line) continue;
        const auto ref =
            search::find_path_astar(scene.map(), {.start = r.start_cell, .goal = r.goal_cell});
        if (!ref.found()) {
            EXPECT_EQ(r.status, route_status::no_path);
            EXPECT_EQ(r.stage, route_stage::hierarchical);
            continue;
        }
        ASSERT_EQ(r.status, route_status::found) << r.reason;
        EXPECT_EQ(r.stage, route_stage::hierarchical);
        EXPECT_EQ(r.algorithm, "hpa");
        EXPECT_LE(r.grid_length, ref.length * 1.35 + 1e-9);
        EXPECT_GE(r.grid_length, ref.length - 1e-9);
        testing::expect_turning_point_contract(scene, r, grid::obstacle_mask::high_and_low);
        ++answered;
    }
    EXPECT_GT(answered, 30); // the rest see each other (straight_line) or start in a wall
}

TEST(hierarchical_stage, steps_aside_for_what_it_does_not_model_and_follows_updates) {
    auto map = *grid::grid_map::create(64, 32);
    for (std::int32_t y = 0; y < 32; ++y) map.set_high_obstacle({32, y}, y != 16); // a door
    pipeline::scene scene = make_scene(map);
    pipeline::route_finder finder;
    const point a{2.5, 2.5}, b{60.5, 2.5};
    auto r = finder.find(scene, {.start = a, .goal = b});
    ASSERT_EQ(r.status, route_status::found) << r.reason;
    EXPECT_EQ(r.stage, route_stage::hierarchical);

    auto near = finder.find(scene, {.start = a, .goal = b, .stop_short = 2});
    ASSERT_TRUE(near.ok()) << near.reason;
    EXPECT_EQ(near.stage, route_stage::full_search); // stop_short: not modelled

    pipeline::route_request four{.start = a, .goal = b};
    four.rules.moves = grid::connectivity::four;
    EXPECT_EQ(finder.find(scene, four).stage, route_stage::full_search);

    // Close the door: the repaired graph knows.
    ASSERT_TRUE(
        scene.update_cells(std::vector<grid::cell_edit>{grid::cell_edit::high({32, 16}, true)}));
    r = finder.find(scene, {.start = a, .goal = b});
    EXPECT_EQ(r.status, route_status::no_path);
    EXPECT_EQ(r.stage, route_stage::hierarchical);

    auto costly = map;
    costly.set_terrain_cost({10, 10}, 2.0f);
    pipeline::scene terrain = make_scene(costly);
    const auto t = finder.find(terrain, {.start = a, .goal = b});
    ASSERT_TRUE(t.ok()) << t.reason;
    EXPECT_EQ(t.stage, route_stage::full_search);
}

TEST(hierarchical_stage, its_name_parses) {
    EXPECT_EQ(pipeline::parse_stage("hierarchical"), route_stage::hierarchical);
    EXPECT_EQ(pipeline::stage_name(route_stage::hierarchical), "hierarchical");
}

} // namespace
} // namespace xunlu
