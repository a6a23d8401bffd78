// Grid maps traced into polygon scenes: on random, maze and room maps, polygon_graph on the
// traced scenes gives exactly visgraph's lengths between cell centres and the same
// reachability; drawn cases for open and full maps, pinches, walls on the border, enclosed
// rooms, and the size limit.
#include "xunlu/anyangle/grid_polygons.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "support/ascii_map.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/half_point.hpp"
#include "xunlu/anyangle/polygon_graph.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle {
namespace {

point centre(cell c) {
    return {c.x + 0.5, c.y + 0.5};
}

grid_polygons traced(const grid::grid_map& m) {
    auto r = grid_polygons::trace(m);
    EXPECT_TRUE(r.ok()) << r.err().message;
    return std::move(r.value());
}

/// Whether `p` lies strictly inside the segment a-b.
bool strictly_on(point a, point b, point p) {
    const double c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (c != 0 || p == a || p == b) return false;
    return p.x >= std::min(a.x, b.x) && p.x <= std::max(a.x, b.x) && p.y >= std::min(a.y, b.y) &&
           p.y <= std::max(a.y, b.y);
}

struct comparison {
    int compared = 0;
    int unreachable = 0;
    int bent = 0;
};

/// Every query between random free cells: polygon_graph on the traced scene against visgraph.
void compare_on(const std::string& name, const grid::grid_map& m, std::mt19937_64& rng, int queries,
                comparison& totals) {
    SCOPED_TRACE(name);
    const grid_polygons traced_map = traced(m);
    std::vector<cell> free;
    for (std::int32_t y = 0; y < m.height(); ++y) {
        for (std::int32_t x = 0; x < m.width(); ++x) {
            if (m.passable({x, y})) free.push_back({x, y});
        }
    }
    std::int64_t traced_cells = 0;
    for (const grid_region& r : traced_map.regions()) traced_cells += r.cells;
    EXPECT_EQ(traced_cells, static_cast<std::int64_t>(free.size()));
    if (free.empty()) return;
    std::map<std::size_t, polygon_graph> graphs;
    visibility_search visgraph;
    std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
    for (int q = 0; q < queries; ++q) {
        const search::search_request req{.start = free[pick(rng)], .goal = free[pick(rng)]};
        SCOPED_TRACE("(" + std::to_string(req.start.x) + "," + std::to_string(req.start.y) +
                     ") -> (" + std::to_string(req.goal.x) + "," + std::to_string(req.goal.y) +
                     ")");
        const auto v = visgraph.find_path(m, req);
        const std::size_t region = traced_map.region_of(req.start);
        ASSERT_NE(region, grid_polygons::none);
        auto it = graphs.find(region);
        if (it == graphs.end()) {
            it = graphs.emplace(region, polygon_graph::build(traced_map.regions()[region].scene))
                     .first;
            ASSERT_EQ(it->second.problem(), "");
        }
        const auto p = it->second.find_path(centre(req.start), centre(req.goal));
        if (traced_map.region_of(req.goal) != region) {
            ++totals.unreachable;
            EXPECT_EQ(v.status, search::search_status::no_path);
            EXPECT_FALSE(p.found());
            continue;
        }
        ASSERT_TRUE(v.found()) << v.reason;
        ASSERT_TRUE(p.found()) << p.reason;
        EXPECT_NEAR(p.length, v.length, 1e-9 * std::max(1.0, v.length));
        // The polygon path is a walkable grid polyline too (no squeezing at pinches).
        EXPECT_EQ(check_any_angle_path(m, p.waypoints, req.mask()), std::nullopt);
        totals.bent += p.waypoints.size() > 2 ? 1 : 0;
        ++totals.compared;
    }
}

TEST(grid_polygons, polygon_graph_on_traced_scenes_equals_visgraph) {
    std::mt19937_64 rng(12);
    comparison totals;
    std::size_t pinches = 0;
    std::size_t regions = 0;
    for (std::uint64_t seed = 1; seed <= 48; ++seed) {
        const std::int32_t w = 3 + static_cast<std::int32_t>((seed * 7) % 38);
        const std::int32_t h = 3 + static_cast<std::int32_t>((seed * 11) % 38);
        const double density = 10.0 + static_cast<double>(seed % 8) * 5; // 10 .. 45 %
        auto m = grid::generate_random(w, h, density, seed);
        ASSERT_TRUE(m.ok());
        const grid_polygons t = traced(m.value());
        for (const grid_region& r : t.regions()) pinches += r.pinches;
        regions += t.regions().size();
        compare_on("random " + std::to_string(w) + "x" + std::to_string(h) + " " +
                       std::to_string(density) + "% seed " + std::to_string(seed),
                   m.value(), rng, 16, totals);
    }
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        auto maze = grid::generate_maze(15 + static_cast<std::int32_t>(seed) * 3, 21, 1, seed);
        ASSERT_TRUE(maze.ok());
        compare_on("maze " + std::to_string(seed), maze.value(), rng, 16, totals);
        auto rooms = grid::generate_rooms(40, 30, 4, seed);
        ASSERT_TRUE(rooms.ok());
        compare_on("rooms " + std::to_string(seed), rooms.value(), rng, 16, totals);
    }
    EXPECT_GT(totals.compared, 600);
    EXPECT_GT(totals.unreachable, 20);
    EXPECT_GT(totals.bent, 300);
    EXPECT_GT(pinches, 100U); // the random maps exercise pinches
    EXPECT_GT(regions, 200U);
}

TEST(grid_polygons, an_open_map_is_its_rectangle_and_a_full_map_has_no_region) {
    auto open = grid::grid_map::create(7, 4);
    const grid_polygons t = traced(open.value());
    ASSERT_EQ(t.regions().size(), 1U);
    const polygon_scene& s = t.regions()[0].scene;
    EXPECT_EQ(s.obstacles().size(), 0U);
    const std::vector<point> rectangle{{0, 0}, {7, 0}, {7, 4}, {0, 4}};
    EXPECT_EQ(s.boundary().vertices, rectangle);
    EXPECT_EQ(t.regions()[0].cells, 28);
    EXPECT_EQ(t.largest(), 0U);
    const auto g = polygon_graph::build(s);
    EXPECT_NEAR(g.find_path({0.5, 0.5}, {6.5, 3.5}).length, std::hypot(6.0, 3.0), 1e-12);

    const auto full = testing::parse_ascii(R"(
        ###
        ###
    )");
    const grid_polygons none = traced(full.map);
    EXPECT_TRUE(none.regions().empty());
    EXPECT_EQ(none.largest(), grid_polygons::none);
    EXPECT_EQ(none.region_of({1, 1}), grid_polygons::none);
    EXPECT_EQ(none.region_of({-1, 0}), grid_polygons::none);
}

TEST(grid_polygons, walls_on_the_border_become_the_boundary) {
    const auto drawn = testing::parse_ascii(R"(
        ..#...
        ..#...
        ......
        ##....
    )");
    const grid_polygons t = traced(drawn.map);
    ASSERT_EQ(t.regions().size(), 1U);
    const polygon_scene& s = t.regions()[0].scene;
    EXPECT_EQ(s.obstacles().size(), 0U);
    // The rectangle's 4 corners less the one the corner wall fills, +3 round that wall, +4 at
    // the notch of the wall from the top edge.
    EXPECT_EQ(s.boundary().vertices.size(), 4U - 1 + 3 + 4);
    EXPECT_FALSE(s.walkable({2.5, 0.5}));
    EXPECT_FALSE(s.walkable({0.5, 3.5}));
    const auto g = polygon_graph::build(s);
    // Around the wall's free end: (0.5,0.5) -> (2,2) -> (3,2) -> (4.5,0.5).
    const auto r = g.find_path({0.5, 0.5}, {4.5, 0.5});
    ASSERT_TRUE(r.found());
    EXPECT_NEAR(r.length, 2 * std::hypot(1.5, 1.5) + 1, 1e-12);
}

TEST(grid_polygons, pinches_block_squeezing_but_paths_may_start_on_them) {
    // Two walls touching diagonally inside the room, and one touching the wall on the border:
    // pinch points at (2,2) and (5,5) (y grows downwards in the drawing).
    const auto drawn = testing::parse_ascii(R"(
        ......
        .#....
        ..#...
        ......
        ....#.
        .....#
    )");
    const grid_polygons t = traced(drawn.map);
    ASSERT_EQ(t.regions().size(), 1U);
    const grid_region& r = t.regions()[0];
    EXPECT_EQ(r.pinches, 2U);
    EXPECT_EQ(r.scene.obstacles().size(), 3U); // three one-cell walls, two meeting at (2,2)
    const auto text = r.scene.to_text();
    auto again = polygon_scene::parse(text, "pinch.poly");
    ASSERT_TRUE(again.ok()) << again.err().message;
    const auto g = polygon_graph::build(r.scene);
    // No segment passes a pinch; one may start or end on it.
    EXPECT_FALSE(g.sees({1.5, 2.5}, {2.5, 1.5}));
    EXPECT_FALSE(g.sees({0, 2}, {6, 2}));         // along the grid line through the pinch
    EXPECT_FALSE(g.sees({4.5, 5.5}, {5.5, 4.5})); // the pinch with the wall on the border
    EXPECT_TRUE(g.sees({3.5, 4.5}, {4.5, 3.5}));  // touching a lone wall's corner is fine
    EXPECT_TRUE(g.sees({2, 2}, {2.5, 1.5}));      // from the pinch into a free cell
    EXPECT_TRUE(g.sees({1.5, 2.5}, {2, 2}));
    EXPECT_FALSE(g.sees({2, 2}, {2.5, 2.5})); // into a wall
    // Shortest paths go round, exactly as visgraph's.
    visibility_search visgraph;
    for (const auto& [from, to] : std::vector<std::pair<cell, cell>>{
             {{1, 2}, {2, 1}}, {{3, 4}, {4, 3}}, {{5, 4}, {4, 5}}, {{0, 0}, {5, 3}}}) {
        const auto v = visgraph.find_path(drawn.map, {.start = from, .goal = to});
        const auto p = g.find_path(centre(from), centre(to));
        ASSERT_TRUE(v.found());
        ASSERT_TRUE(p.found()) << p.reason;
        EXPECT_NEAR(p.length, v.length, 1e-12);
        for (std::size_t i = 1; i < p.waypoints.size(); ++i) {
            for (const point pinch : {point{2, 2}, point{5, 5}}) {
                EXPECT_FALSE(strictly_on(p.waypoints[i - 1], p.waypoints[i], pinch));
                EXPECT_NE(p.waypoints[i], pinch);
            }
        }
    }
    const auto from_pinch = g.find_path({2, 2}, {2.5, 1.5});
    ASSERT_TRUE(from_pinch.found());
    EXPECT_NEAR(from_pinch.length, std::hypot(0.5, 0.5), 1e-12);
}

TEST(grid_polygons, a_chain_of_pinches_from_the_border_corner) {
    // A diagonal chain of walls from the map's corner: the first meets the boundary at a pinch,
    // the others meet each other; paths from one side of the chain to the other go round it.
    const auto drawn = testing::parse_ascii(R"(
        #.....
        .#....
        ..##..
        ...#..
        ....#.
        ......
    )");
    const grid_polygons t = traced(drawn.map);
    ASSERT_EQ(t.regions().size(), 1U);
    const grid_region& r = t.regions()[0];
    EXPECT_EQ(r.pinches, 3U);
    EXPECT_EQ(r.scene.obstacles().size(), 3U);
    EXPECT_EQ(r.scene.boundary().vertices.size(), 6U);
    const auto g = polygon_graph::build(r.scene);
    visibility_search visgraph;
    for (const auto& [from, to] : std::vector<std::pair<cell, cell>>{
             {{1, 0}, {0, 1}}, {{2, 1}, {1, 2}}, {{4, 3}, {3, 4}}, {{2, 3}, {4, 2}}}) {
        const auto v = visgraph.find_path(drawn.map, {.start = from, .goal = to});
        const auto p = g.find_path(centre(from), centre(to));
        ASSERT_TRUE(v.found());
        ASSERT_TRUE(p.found()) << p.reason;
        EXPECT_NEAR(p.length, v.length, 1e-12);
        EXPECT_EQ(check_any_angle_path(drawn.map, p.waypoints, grid::obstacle_mask::high_and_low),
                  std::nullopt);
    }
    // From (1,0) to (0,1) the path goes round the whole chain: longer than 8.
    EXPECT_GT(g.find_path({1.5, 0.5}, {0.5, 1.5}).length, 8);
}

TEST(grid_polygons, an_enclosed_room_is_a_region_of_its_own) {
    const auto drawn = testing::parse_ascii(R"(
        .......
        .#####.
        .#...#.
        .#...#.
        .#####.
        .......
    )");
    const grid_polygons t = traced(drawn.map);
    ASSERT_EQ(t.regions().size(), 2U);
    const grid_region& outside = t.regions()[t.region_of({0, 0})];
    const grid_region& inside = t.regions()[t.region_of({2, 2})];
    EXPECT_EQ(outside.cells, 42 - 14 - 6); // 42 cells, 14 walls, 6 inside
    EXPECT_EQ(inside.cells, 6);
    ASSERT_EQ(outside.scene.obstacles().size(), 1U);
    EXPECT_FALSE(outside.scene.walkable({3, 3})); // the room is inside the wall obstacle
    EXPECT_EQ(inside.scene.obstacles().size(), 0U);
    EXPECT_EQ(inside.scene.boundary().vertices.size(), 4U);
    const auto g = polygon_graph::build(outside.scene);
    EXPECT_FALSE(g.find_path({0.5, 0.5}, {2.5, 2.5}).found());
    visibility_search visgraph;
    EXPECT_EQ(visgraph.find_path(drawn.map, {.start = {0, 0}, .goal = {2, 2}}).status,
              search::search_status::no_path);
}

TEST(grid_polygons, low_obstacles_block_as_the_mask_says) {
    auto m = grid::grid_map::create(5, 3);
    m->set_low_obstacle({2, 0}, true);
    m->set_low_obstacle({2, 1}, true);
    m->set_low_obstacle({2, 2}, true);
    EXPECT_EQ(traced(m.value()).regions().size(), 2U);
    auto high_only = grid_polygons::trace(m.value(), {.mask = grid::obstacle_mask::high_only});
    ASSERT_TRUE(high_only.ok());
    EXPECT_EQ(high_only->regions().size(), 1U);
}

TEST(grid_polygons, a_map_over_the_limit_is_refused) {
    auto m = grid::grid_map::create(300, 200);
    const auto r = grid_polygons::trace(m.value(), {.max_cells = 50'000});
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("300 x 200 = 60000 cells, over the limit of 50000"),
              std::string::npos)
        << r.err().message;
}

} // namespace
} // namespace xunlu::anyangle
