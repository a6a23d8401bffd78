// find_route on random maps: the turning-point contract for every answer, and the A* stage's
// path length against search::astar (both with A* and with JPS from the registry).
#include <gtest/gtest.h>

#include <random>

#include "route_test_support.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using pipeline::route_stage;
using pipeline::route_status;

TEST(route_random, turning_points_and_optimal_search_lengths) {
    for (const bool jps : {false, true}) {
        const double s = 7.5;
        auto made = pipeline::scene::create(*grid::generate_random(64, 48, 28.0, 5),
                                            {.cell_size = s, .use_jps = jps});
        ASSERT_TRUE(made);
        pipeline::scene& scene = *made;
        std::mt19937_64 rng(3);
        std::uniform_real_distribution<double> ux(0, 64 * s), uy(0, 48 * s);
        pipeline::route_finder finder =
            jps ? pipeline::route_finder(testing::registry_grid_search("jps"))
                : pipeline::route_finder();
        int found = 0, straight = 0, islands = 0;
        for (int q = 0; q < 300; ++q) {
            const point a{ux(rng), uy(rng)}, b{ux(rng), uy(rng)};
            auto r = finder.find(scene, {.start = a, .goal = b});
            if (r.status == route_status::invalid) continue; // an endpoint in a wall
            if (r.status == route_status::no_path) {
                ++islands;
                EXPECT_EQ(r.stage, route_stage::reachability);
                EXPECT_EQ(r.stats.expanded, 0u);
                continue;
            }
            ASSERT_TRUE(r.ok()) << r.reason;
            EXPECT_EQ(r.points.front(), a);
            EXPECT_EQ(r.points.back(), b);
            testing::expect_turning_point_contract(scene, r, grid::obstacle_mask::high_and_low);
            if (r.status == route_status::straight_line) {
                ++straight;
                continue;
            }
            ++found;
            const auto ref =
                search::find_path_astar(scene.map(), {.start = r.start_cell, .goal = r.goal_cell});
            ASSERT_TRUE(ref.found());
            if (r.stage == route_stage::bounded_search || r.stage == route_stage::full_search) {
                EXPECT_NEAR(r.grid_length, ref.length, 1e-6) << r.algorithm;
                EXPECT_EQ(r.algorithm, jps ? "jps" : "astar");
            }
            EXPECT_LE(r.length / s, ref.length + 2.0); // pulled route is no longer (+ endpoints)
        }
        EXPECT_GT(found, 50);
        EXPECT_GT(straight, 0);
        EXPECT_GT(islands, 0);
    }
}

} // namespace
} // namespace xunlu
