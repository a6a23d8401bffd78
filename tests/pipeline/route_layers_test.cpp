// The route pipeline with a unit's layers (route_request::layers): an N x N unit routes on its
// sized map (and is told when it does not fit), a fog or a size skips the scene's island labels
// and waypoints, influences skip the straight line, and every answer equals the pipeline's A*
// run by hand on the map the layers make.
#include <gtest/gtest.h>

#include <string>

#include "route_test_support.hpp"
#include "xunlu/overlays/clearance_layer.hpp"
#include "xunlu/overlays/fog_file.hpp"
#include "xunlu/postprocess/turning_points.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using testing::make_scene;

// S and G see each other through a one-cell gap in the wall; a 2 x 2 unit must go round by the
// two-row openings at the top or the bottom, and a 3 x 3 unit cannot pass at all.
constexpr const char* gap_and_door = R"(
    ..............
    ..............
    ......#.......
    ......#.......
    ......#.......
    .S.........G..
    ......#.......
    ......#.......
    ......#.......
    ..............
    ..............
)";

TEST(route_layers, a_big_unit_routes_on_its_sized_map) {
    auto d = make_scene(gap_and_door, 10.0);
    pipeline::route_finder finder; // the built-in A*
    pipeline::route_request req{.start = d.start_px, .goal = d.goal_px};
    const auto small = finder.find(d.scene, req);
    ASSERT_EQ(small.status, pipeline::route_status::straight_line) << small.reason;

    req.layers.unit_size = 2;
    const auto big = finder.find(d.scene, req);
    ASSERT_EQ(big.status, pipeline::route_status::found) << big.reason;
    EXPECT_NE(big.stage, pipeline::route_stage::straight_line);
    const auto sized =
        overlays::sized_map(
            d.scene.map(),
            overlays::clearance_layer::build(d.scene.map(), grid::obstacle_mask::high_and_low), 2)
            .value();
    // The turning points (top-left cells of the footprint) see each other on the sized map:
    // every footprint along the route is free.
    const auto pts = testing::in_cells(big, d.scene.cell_size());
    EXPECT_TRUE(postprocess::consecutive_visible(sized, pts, grid::obstacle_mask::high_and_low));
    search::astar engine;
    const auto direct = engine.find_path(sized, {.start = big.start_cell, .goal = big.goal_cell});
    ASSERT_TRUE(direct.found());
    EXPECT_NEAR(big.grid_length, direct.length, 1e-9);
    EXPECT_GT(big.grid_length, 12.0); // the straight line is 10 cells

    // A unit too big for any way through: no path, found by the searches (not the labels).
    req.layers.unit_size = 3;
    const auto huge = finder.find(d.scene, req);
    EXPECT_EQ(huge.status, pipeline::route_status::no_path) << huge.reason;
    EXPECT_NE(huge.stage, pipeline::route_stage::reachability);
}

TEST(route_layers, an_unfitting_unit_or_size_is_refused_with_the_reason) {
    auto d = make_scene(gap_and_door, 10.0);
    pipeline::route_finder finder;
    // Top-left cell (5,4): the footprint would cover the wall at (6,4).
    pipeline::route_request req{.start = {55, 45}, .goal = d.goal_px};
    req.layers.unit_size = 2;
    const auto r = finder.find(d.scene, req);
    ASSERT_EQ(r.status, pipeline::route_status::invalid);
    EXPECT_NE(r.reason.find("2 x 2 unit does not fit"), std::string::npos) << r.reason;
    ASSERT_TRUE(r.nearest_free_start.has_value());
    // nearest_free moves it to where the unit fits.
    req.when_blocked = pipeline::blocked_endpoint::nearest_free;
    EXPECT_TRUE(finder.find(d.scene, req).ok());
    req.layers.unit_size = 0;
    const auto bad = finder.find(d.scene, req);
    EXPECT_EQ(bad.status, pipeline::route_status::invalid);
    EXPECT_NE(bad.reason.find("unit size 0"), std::string::npos) << bad.reason;
}

TEST(route_layers, influences_skip_the_straight_line_and_price_the_searches) {
    auto d = make_scene(R"(
        ....................
        ....................
        ....................
        .S................G.
        ....................
        ....................
        ....................
    )");
    auto danger = overlays::influence_layer::create("danger", 20, 7).value();
    ASSERT_TRUE(danger.add({{10, 3}, 6.0f, 3}).ok());
    pipeline::route_finder finder;
    pipeline::route_request req{.start = d.start_px, .goal = d.goal_px};
    req.layers.influences = {{&danger, 1.0f}};
    const auto r = finder.find(d.scene, req);
    ASSERT_EQ(r.status, pipeline::route_status::found) << r.reason;
    EXPECT_NE(r.stage, pipeline::route_stage::straight_line);
    const overlays::weighted_layer weights[] = {{&danger, 1.0f}};
    const auto priced = overlays::weighted_cost_map(d.scene.map(), weights).value();
    search::astar engine;
    const auto direct = engine.find_path(priced, {.start = {1, 3}, .goal = {18, 3}});
    ASSERT_TRUE(direct.found());
    EXPECT_NEAR(r.grid_length, direct.length, 1e-9);
    EXPECT_GT(r.grid_length, 17.0); // it bends round the danger
}

TEST(route_layers, a_fog_routes_on_what_the_player_believes) {
    auto d = make_scene(R"(
        ..........
        .S..#...G.
        ....#.....
        ....#.....
        ..........
    )");
    auto fog = overlays::fog_layer::create(10, 5).value();
    for (std::int32_t x = 0; x < 10; ++x) fog.explore({x, 1});
    fog.explore({4, 0});
    pipeline::route_finder finder;
    pipeline::route_request req{.start = d.start_px, .goal = d.goal_px};
    req.layers.fog = &fog;
    // Unseen cells walkable: the player plans through row 0 around the wall it has seen.
    req.layers.unknown = overlays::unknown_cells::walkable;
    const auto hopeful = finder.find(d.scene, req);
    ASSERT_EQ(hopeful.status, pipeline::route_status::found) << hopeful.reason;
    const auto believed = overlays::believed_map(
        overlays::belief(d.scene.map(), fog, overlays::unknown_cells::walkable));
    search::astar engine;
    const auto direct = engine.find_path(believed, {.start = {1, 1}, .goal = {8, 1}});
    ASSERT_TRUE(direct.found());
    EXPECT_NEAR(hopeful.grid_length, direct.length, 1e-9);
    // Unseen cells blocked: the only explored row is walled: no path, and the labels (which
    // know the way round through rows 2-4) are not consulted.
    req.layers.unknown = overlays::unknown_cells::blocked;
    const auto careful = finder.find(d.scene, req);
    EXPECT_EQ(careful.status, pipeline::route_status::no_path) << careful.reason;
    EXPECT_NE(careful.stage, pipeline::route_stage::reachability);
}

} // namespace
} // namespace xunlu
