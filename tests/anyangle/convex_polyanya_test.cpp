// Polyanya over the convex mesh: the visibility graph's optimum (itself checked against a brute
// force in any_angle_search_test) on random, maze, room and open maps, unreachable pairs
// included, with walkable paths; every pair of small maps (starts and goals on slanted sides);
// streets at an angle (fewer expansions than over the rectangle mesh); a refused mesh. What both
// Polyanya searches share (corners, edits, low obstacles, budgets, caps, traces):
// polyanya_both_test.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "any_angle_reference.hpp"
#include "support/ascii_map.hpp"
#include "visgraph_optimum.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/convex_polyanya_search.hpp"
#include "xunlu/anyangle/polyanya_search.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle {
namespace {

std::vector<std::pair<std::string, grid::grid_map>> convex_test_maps() {
    std::vector<std::pair<std::string, grid::grid_map>> out = reference::optimum_maps();
    // Streets at angles: bands of free cells between staircase walls.
    for (std::int32_t slope = 1; slope <= 3; ++slope) {
        std::string drawing;
        for (std::int32_t y = 0; y < 30; ++y) {
            for (std::int32_t x = 0; x < 40; ++x) {
                const std::int32_t d = (x - y * slope / 2) % 13;
                drawing += (d + 13) % 13 < 4 ? '#' : '.';
            }
            drawing += '\n';
        }
        out.emplace_back("streets " + std::to_string(slope),
                         std::move(testing::parse_ascii(drawing).map));
    }
    return out;
}

TEST(convex_polyanya_search, returns_the_visibility_graph_optimum_and_walkable_paths) {
    convex_polyanya_search finder;
    const auto counts = reference::expect_visgraph_optimum(finder, convex_test_maps(), 23, 40);
    EXPECT_GT(counts.compared, 600);
    EXPECT_GT(counts.unreachable, 10);
    EXPECT_GT(counts.bent, 300);
}

TEST(convex_polyanya_search, every_pair_of_a_small_map_matches_the_visibility_graph) {
    // All pairs, so starts and goals on slanted sides, in dead ends and beside squeezes are
    // all met; dense maps have rays that graze corner after corner (one-point intervals).
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const double density = seed <= 4 ? 25.0 : seed <= 8 ? 10.0 : 40.0;
        const grid::grid_map m = grid::generate_random(12, 10, density, seed).value();
        const auto cells = reference::free_cells(m);
        convex_polyanya_search convex;
        visibility_search visgraph;
        for (const cell a : cells) {
            for (const cell b : cells) {
                const search::search_request req{.start = a, .goal = b};
                const auto v = visgraph.find_path(m, req);
                const auto p = convex.find_path(m, req);
                ASSERT_EQ(p.status, v.status) << "seed " << seed << " (" << a.x << "," << a.y
                                              << ") -> (" << b.x << "," << b.y << "): " << p.reason;
                if (v.found()) {
                    ASSERT_NEAR(p.length, v.length, 1e-9 * std::max(1.0, v.length))
                        << "seed " << seed << " (" << a.x << "," << a.y << ") -> (" << b.x << ","
                        << b.y << ")";
                }
            }
        }
    }
}

TEST(convex_polyanya_search, a_street_at_an_angle_takes_fewer_expansions_than_over_rectangles) {
    // A corridor three cells wide, one cell to the right per row, 60 rows long, from its top
    // to its bottom: the rectangle mesh has a rectangle per row.
    const std::int32_t n = 60;
    const grid::grid_map m = reference::diagonal_street(n);
    const search::search_request req{.start = {1, 0}, .goal = {n, n - 1}};
    const auto over_rects = polyanya_search{}.find_path(m, req);
    const auto over_polygons = convex_polyanya_search{}.find_path(m, req);
    ASSERT_TRUE(over_rects.found());
    ASSERT_TRUE(over_polygons.found()) << over_polygons.reason;
    EXPECT_NEAR(over_polygons.length, over_rects.length, 1e-9);
    EXPECT_LT(over_polygons.stats.expanded * 4, over_rects.stats.expanded)
        << over_polygons.stats.expanded << " against " << over_rects.stats.expanded;
}

TEST(convex_polyanya_search, a_mesh_over_its_limits_is_refused_with_the_reason) {
    const grid::grid_map m = grid::generate_maze(41, 41, 1, 3).value();
    const search::search_request req{.start = {0, 0}, .goal = {40, 40}};
    const convex_mesh refused = convex_mesh::build(m, req.mask(), {.points = 10});
    const auto no_mesh = convex_polyanya_search{}.find_path(refused, m, req);
    EXPECT_EQ(no_mesh.status, search::search_status::resource_exhausted);
    EXPECT_NE(no_mesh.reason.find("polyanya-convex: the map's free area has over 10"),
              std::string::npos)
        << no_mesh.reason;
}

} // namespace
} // namespace xunlu::anyangle
