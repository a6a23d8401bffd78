// The exact shortest path over hand-made meshes: known lengths and turning points, a bridge
// over a road (floors change only through adjacency), filters, budgets, slices, degenerate
// endpoints, and random pairs against an independent visibility-graph check.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "mesh_fixtures.hpp"
#include "visibility_reference.hpp"
#include "xunlu/navmesh/mesh_path.hpp"

namespace xunlu::navmesh {
namespace {

mesh_path_result find(const polygon_mesh& m, vec3 s, vec3 t, query_filter f = {},
                      std::uint64_t budget = 0) {
    const auto ix = mesh_index::build(m);
    EXPECT_TRUE(ix.ok()) << ix.err().message;
    if (!ix.ok()) return {};
    mesh_path_search search;
    return search.find_path(*ix,
                            {.start = {s}, .goal = {t}, .filter = f, .max_expansions = budget});
}

TEST(mesh_path, around_a_hole_turning_at_its_corners) {
    const auto r = find(testing::square_with_hole(), {5, 0, 1}, {5, 0, 9});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    EXPECT_NEAR(r.length, 2 * std::sqrt(10.0) + 2, 1e-9);
    ASSERT_EQ(r.points.size(), 4u);
    EXPECT_EQ(r.points[1].z, 4);
    EXPECT_EQ(r.points[2].z, 6);
    EXPECT_TRUE(r.points[1].x == 4 || r.points[1].x == 6);
    EXPECT_EQ(r.points[1].x, r.points[2].x);
}

TEST(mesh_path, round_the_bottom_of_a_u) {
    const auto r = find(testing::u_shape(), {1, 0, 5}, {5, 0, 5});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    EXPECT_NEAR(r.length, 2 * std::sqrt(10.0) + 2, 1e-9);
    ASSERT_EQ(r.points.size(), 4u);
    EXPECT_EQ(r.points[1], (vec3{2, 0, 2}));
    EXPECT_EQ(r.points[2], (vec3{4, 0, 2}));
}

TEST(mesh_path, a_corridor_with_collinear_corners_turns_once) {
    const auto m = testing::l_corridor();
    // Straight along the corridor through the split walls' vertices: no turn.
    auto r = find(m, {0, 0, 0}, {10, 0, 2});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    EXPECT_NEAR(r.length, std::hypot(10.0, 2.0), 1e-9);
    EXPECT_EQ(r.points.size(), 2u);
    // Round the bend: once, at its inner corner.
    r = find(m, {1, 0, 1}, {11, 0, 7});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    ASSERT_EQ(r.points.size(), 3u);
    EXPECT_EQ(r.points[1], (vec3{10, 0, 2}));
    EXPECT_NEAR(r.length, std::hypot(9.0, 1.0) + std::hypot(1.0, 5.0), 1e-9);
}

TEST(mesh_path, endpoints_on_vertices_and_edges) {
    const auto m = testing::l_corridor();
    // Start on a split vertex of the wall, goal on a shared edge.
    auto r = find(m, {4, 0, 0}, {10, 0, 5});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    EXPECT_NEAR(r.length, std::hypot(6.0, 2.0) + 3, 1e-9);
    // The start on the turning corner itself.
    r = find(m, {10, 0, 2}, {11, 0, 7});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    EXPECT_EQ(r.points.size(), 2u);
    EXPECT_NEAR(r.length, std::hypot(1.0, 5.0), 1e-9);
    // The goal on the turning corner.
    r = find(m, {1, 0, 1}, {10, 0, 2});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    EXPECT_EQ(r.points.size(), 2u);
    // Start == goal, and both in one polygon.
    r = find(m, {3, 0, 1}, {3, 0, 1});
    ASSERT_EQ(r.status, mesh_path_status::found);
    EXPECT_EQ(r.points.size(), 1u);
    EXPECT_EQ(r.length, 0);
    r = find(m, {2.5f, 0, 0.5f}, {3.5f, 0, 1.5f});
    ASSERT_EQ(r.status, mesh_path_status::found);
    EXPECT_EQ(r.points.size(), 2u);
    EXPECT_EQ(r.expanded, 0u);
}

TEST(mesh_path, a_bridge_over_a_road_is_reached_by_the_ramp) {
    const auto m = testing::bridge_over_road();
    // From the road to the bridge's east end: seen from above the straight line crosses
    // nothing walkable on the road's floor; the path climbs the ramp and comes back along the
    // walkway.
    const auto r = find(m, {5, 0, 1}, {8, 5, 5});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    ASSERT_EQ(r.points.size(), 5u);
    EXPECT_EQ(r.points[1], (vec3{4, 5, 14}));
    EXPECT_EQ(r.points[2], (vec3{2, 5, 14}));
    EXPECT_EQ(r.points[3], (vec3{2, 5, 6}));
    const double horizontal = std::hypot(1.0, 13.0) + 2 + 8 + std::hypot(6.0, 1.0);
    EXPECT_NEAR(r.length, horizontal, 1e-9);
    EXPECT_NEAR(r.length_3d, std::sqrt(1 + 169 + 25.0) + 2 + 8 + std::hypot(6.0, 1.0), 1e-9);
    // Points located by height: under the bridge is the road, over it the bridge.
    const auto under = find(m, {5, 0, 5}, {5, 0, 1});
    ASSERT_EQ(under.status, mesh_path_status::found);
    EXPECT_NEAR(under.length, 4, 1e-9);
    const auto over = find(m, {5, 5, 5}, {5, 0, 1});
    ASSERT_EQ(over.status, mesh_path_status::found);
    EXPECT_GT(over.length, 20);
}

TEST(mesh_path, a_filter_makes_excluded_polygons_walls) {
    // The strip left of the hole carries flag 2; excluding it sends the path round the right.
    const auto m = testing::square_with_hole({1, 1, 2, 1});
    const auto open = find(m, {3, 0, 1}, {3, 0, 9});
    ASSERT_EQ(open.status, mesh_path_status::found);
    EXPECT_NEAR(open.length, 8, 1e-9);
    const auto shut = find(m, {3, 0, 1}, {3, 0, 9}, {.exclude_flags = 2});
    ASSERT_EQ(shut.status, mesh_path_status::found) << shut.message;
    EXPECT_NEAR(shut.length, 2 * std::hypot(3.0, 3.0) + 2, 1e-9);
    // The same as a mesh without that polygon: still optimal.
    const auto without = testing::make_mesh({testing::rect(0, 0, 10, 4, 0, {{4, 4}, {6, 4}}),
                                             testing::rect(0, 6, 10, 10, 0, {{4, 6}, {6, 6}}),
                                             testing::rect(6, 4, 10, 6)});
    testing::visibility_reference ref(without);
    EXPECT_NEAR(shut.length, ref.shortest(3, 1, 3, 9), 1e-9);
    // Nothing passes the include flags: the start's polygon is refused.
    const auto none = find(m, {3, 0, 1}, {3, 0, 9}, {.include_flags = 4});
    EXPECT_EQ(none.status, mesh_path_status::invalid_input);
    EXPECT_NE(none.message.find("excluded by the query filter"), std::string::npos);
    // Excluding both strips cuts the square in two.
    const auto m2 = testing::square_with_hole({1, 1, 2, 2});
    const auto cut = find(m2, {3, 0, 1}, {3, 0, 9}, {.exclude_flags = 2});
    EXPECT_EQ(cut.status, mesh_path_status::unreachable);
    EXPECT_TRUE(cut.points.empty());
}

TEST(mesh_path, an_excluded_polygon_makes_interior_vertices_corners) {
    // A 3 x 3 block of unit squares; the middle one (polygon 4) excluded is a hole whose
    // corners are interior vertices of the whole mesh.
    std::vector<std::vector<vec3>> polys;
    for (float z = 0; z < 3; ++z)
        for (float x = 0; x < 3; ++x) polys.push_back(testing::rect(x, z, x + 1, z + 1));
    const auto m = testing::make_mesh(polys, {1, 1, 1, 1, 2, 1, 1, 1, 1});
    const auto r = find(m, {1.5f, 0, 0.5f}, {1.5f, 0, 2.5f}, {.exclude_flags = 2});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    EXPECT_NEAR(r.length, 1 + std::sqrt(2.0), 1e-9);
    EXPECT_EQ(r.points.size(), 4u);
}

TEST(mesh_path, tiles_that_repeat_their_border_vertices_join) {
    // Two tiles, each with its own copy of the shared border's vertices (as Detour stores
    // tiles), and an L: the path turns at the inner corner whichever copy names it.
    polygon_mesh m;
    m.vertices = {{0, 0, 0}, {2, 0, 0}, {2, 0, 2}, {0, 0, 2}, // tile A: square 0
                  {2, 0, 0}, {4, 0, 0}, {4, 0, 2}, {2, 0, 2}, // tile B: square 1
                  {4, 0, 4}, {2, 0, 4}};                      // tile B: square 2 above 1
    m.offsets = {0, 4, 8, 12};
    m.corners = {0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 8, 9};
    m.neighbours = {no_polygon, 1, no_polygon, no_polygon, no_polygon, no_polygon,
                    2,          0, 1,          no_polygon, no_polygon, no_polygon};
    m.areas = {0, 0, 0};
    m.flags = {1, 1, 1};
    const auto ix = mesh_index::build(m);
    ASSERT_TRUE(ix.ok()) << ix.err().message;
    EXPECT_EQ(ix->canonical(7), 2u);
    EXPECT_TRUE(ix->corner(2)); // three quarters walkable round (2, 2)
    EXPECT_EQ(ix->around(2).size(), 3u);
    mesh_path_search search;
    const auto r = search.find_path(*ix, {.start = {{1, 0, 1}}, .goal = {{3, 0, 3.5f}}});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    ASSERT_EQ(r.points.size(), 3u);
    EXPECT_EQ(r.points[1], (vec3{2, 0, 2}));
    EXPECT_NEAR(r.length, std::sqrt(2.0) + std::hypot(1.0, 1.5), 1e-9);
}

TEST(mesh_path, polygons_touching_at_a_point_are_not_joined_there) {
    // Unit squares of a 3 x 3 block (z down the rows); '#' squares are missing. Squares (1, 0)
    // and (2, 1) touch only at the vertex (2, 1), which has four walls (an ambiguous corner):
    // the path goes round, not through it.
    const char* rows[] = {"..#", ".#.", "..."};
    std::vector<std::vector<vec3>> polys;
    for (int z = 0; z < 3; ++z)
        for (int x = 0; x < 3; ++x)
            if (rows[z][x] == '.')
                polys.push_back(testing::rect(static_cast<float>(x), static_cast<float>(z),
                                              static_cast<float>(x + 1),
                                              static_cast<float>(z + 1)));
    const auto m = testing::make_mesh(polys);
    const auto ix = mesh_index::build(m);
    ASSERT_TRUE(ix.ok()) << ix.err().message;
    std::uint32_t pinch = 0;
    for (std::uint32_t v = 0; v < m.vertices.size(); ++v)
        if (m.vertices[v] == vec3{2, 0, 1}) pinch = v;
    EXPECT_TRUE(ix->corner(pinch));
    EXPECT_EQ(ix->around(pinch).size(), 2u);
    mesh_path_search search;
    const auto r = search.find_path(*ix, {.start = {{1.5f, 0, 0.5f}}, .goal = {{2.5f, 0, 1.5f}}});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    EXPECT_NEAR(r.length, 2 + std::sqrt(2.0), 1e-9);
    EXPECT_EQ(r.points.size(), 5u);
}

TEST(mesh_path, a_ray_along_a_wall_rounded_off_its_line_still_turns_at_its_end) {
    // A corridor along x (z 0..2) of 2 x 2 squares whose wall z = 0 turns down at x = 10 into
    // a square below. The wall's split corner (2, 0) sits 1e-7 above the line, as float
    // rounding leaves such corners: the ray from the start along the wall then meets the far
    // corner (10, 0) 9e-7 off it. That end is still the corner, where the path turns.
    std::vector<std::vector<vec3>> polys;
    polys.push_back({{0, 0, 0}, {2, 0, 1e-7f}, {2, 0, 2}, {0, 0, 2}});
    polys.push_back({{2, 0, 1e-7f}, {4, 0, 0}, {4, 0, 2}, {2, 0, 2}});
    for (float x = 4; x < 12; x += 2) polys.push_back(testing::rect(x, 0, x + 2, 2));
    polys.push_back(testing::rect(10, -2, 12, 0));
    const auto r = find(testing::make_mesh(polys), {1, 0, 0}, {11, 0, -1.5f});
    ASSERT_EQ(r.status, mesh_path_status::found) << r.message;
    EXPECT_NEAR(r.length, 9 + std::hypot(1.0, 1.5), 1e-5);
}

TEST(mesh_path, an_endpoint_rounded_just_across_its_polygons_edge_still_leaves_by_it) {
    // Detour's nearest point on an edge is rounded in floats and lands up to about 1e-6 m on
    // either side of it, naming the polygon behind. Four polygons of nav_test.obj built with a
    // 0.15 m cell, tile 48 and radius 0.3: triangle P (a dead end here) whose long edge Q lies
    // across, Q's neighbour R, and the goal's triangle G. The start lies 6.45e-7 m across P's
    // edge into Q, given as in P. Before: the search saw that edge from behind and found no
    // path (with more polygons around P: a longer one round them).
    const auto m = testing::make_mesh({
        {{-14.48932f, 0, -10.30015f}, {-15.08932f, 0, -10.30015f}, {-15.38932f, 0, -11.05015f}},
        {{-18.08932f, 0, -17.20015f}, {-21.68932f, 0, -16.90015f}, {-21.68932f, 0, -17.50015f}},
        {{-18.08932f, 0, -17.20015f}, {-21.68932f, 0, -17.50015f}, {-14.48932f, 0, -17.50015f}},
        {{-18.08932f, 0, -17.20015f},
         {-14.48932f, 0, -17.50015f},
         {-14.48932f, 0, -10.30015f},
         {-15.38932f, 0, -11.05015f},
         {-17.48932f, 0, -13.90015f}},
    });
    const auto ix = mesh_index::build(m);
    ASSERT_TRUE(ix.ok()) << ix.err().message;
    const vec3 s{-21.0222073f, 0, -17.4445591f};
    const vec3 t{-14.98932f, 0, -10.55015f};
    mesh_path_search search;
    const auto right = search.find_path(*ix, {.start = {s, 2}, .goal = {t, 0}});
    ASSERT_EQ(right.status, mesh_path_status::found) << right.message;
    const auto behind = search.find_path(*ix, {.start = {s, 1}, .goal = {t, 0}});
    ASSERT_EQ(behind.status, mesh_path_status::found) << behind.message;
    EXPECT_NEAR(behind.length, right.length, 1e-6);
    // The same rounding at the goal.
    const auto back = search.find_path(*ix, {.start = {t, 0}, .goal = {s, 1}});
    ASSERT_EQ(back.status, mesh_path_status::found) << back.message;
    EXPECT_NEAR(back.length, right.length, 1e-6);
}

TEST(mesh_path, unreachable_and_bad_input_are_reported) {
    const auto m = testing::make_mesh({testing::rect(0, 0, 1, 1), testing::rect(2, 0, 3, 1)});
    auto r = find(m, {0.5f, 0, 0.5f}, {2.5f, 0, 0.5f});
    EXPECT_EQ(r.status, mesh_path_status::unreachable);
    EXPECT_FALSE(r.message.empty());
    r = find(m, {0.5f, 0, 0.5f}, {1.5f, 0, 0.5f});
    EXPECT_EQ(r.status, mesh_path_status::invalid_input);
    EXPECT_NE(r.message.find("goal point"), std::string::npos) << r.message;
    r = find(m, {std::numeric_limits<float>::quiet_NaN(), 0, 0}, {2.5f, 0, 0.5f});
    EXPECT_EQ(r.status, mesh_path_status::invalid_input);
    const auto ix = mesh_index::build(m);
    ASSERT_TRUE(ix.ok());
    mesh_path_search search;
    r = search.find_path(*ix, {.start = {{0.5f, 0, 0.5f}, 7}, .goal = {{2.5f, 0, 0.5f}}});
    EXPECT_EQ(r.status, mesh_path_status::invalid_input);
    EXPECT_NE(r.message.find("polygon 7 is out of range"), std::string::npos) << r.message;
    r = search.find_path(*ix, {.start = {{0.5f, 0, 0.5f}, 1}, .goal = {{2.5f, 0, 0.5f}}});
    EXPECT_EQ(r.status, mesh_path_status::invalid_input);
    EXPECT_NE(r.message.find("outside its polygon 1"), std::string::npos) << r.message;
}

TEST(mesh_path, a_budget_stops_without_a_path_and_slices_give_the_whole_answer) {
    const auto m = testing::bridge_over_road();
    const auto ix = mesh_index::build(m);
    ASSERT_TRUE(ix.ok());
    mesh_path_search search;
    const mesh_path_request req{.start = {{5, 0, 1}}, .goal = {{8, 5, 5}}};
    const auto whole = search.find_path(*ix, req);
    ASSERT_EQ(whole.status, mesh_path_status::found);
    ASSERT_GT(whole.expanded, 2u);
    auto tight = req;
    tight.max_expansions = 2;
    const auto cut = search.find_path(*ix, tight);
    EXPECT_EQ(cut.status, mesh_path_status::budget_reached);
    EXPECT_TRUE(cut.points.empty());
    EXPECT_EQ(cut.expanded, 2u);
    ASSERT_EQ(search.start(*ix, req), mesh_path_status::in_progress);
    int slices = 0;
    while (search.step(1) == mesh_path_status::in_progress && slices < 1000) ++slices;
    const auto sliced = search.finish();
    EXPECT_EQ(sliced.status, mesh_path_status::found);
    EXPECT_EQ(sliced.points, whole.points);
    EXPECT_GE(slices, 2);
}

// Random points in random polygons of a mesh (uniform in a fan triangle).
vec3 random_point(const polygon_mesh& m, std::mt19937& rng) {
    std::uniform_int_distribution<std::uint32_t> pick(0, m.polygon_count() - 1);
    std::uniform_real_distribution<double> u(0, 1);
    const std::uint32_t p = pick(rng);
    const auto cs = m.polygon_corners(p);
    const std::size_t k = 1 + std::uniform_int_distribution<std::size_t>(0, cs.size() - 3)(rng);
    double a = u(rng), b = u(rng);
    if (a + b > 1) {
        a = 1 - a;
        b = 1 - b;
    }
    const vec3 o = m.vertices[cs[0]], p1 = m.vertices[cs[k]], p2 = m.vertices[cs[k + 1]];
    return {static_cast<float>(o.x + a * (p1.x - o.x) + b * (p2.x - o.x)), 0,
            static_cast<float>(o.z + a * (p1.z - o.z) + b * (p2.z - o.z))};
}

// A maze-like single floor: a 7 x 7 block of unit squares with a few removed (walls), so
// paths turn at several corners. (No two removed squares touch only at a corner: there the
// reference, which reads the polygons' union, would pass where the mesh has no adjacency.)
polygon_mesh checker_maze() {
    const char* rows[] = {"...#...", ".#...#.", ".#.#.#.", "...#...",
                          "##.#.#.", ".....#.", ".#.#..."};
    std::vector<std::vector<vec3>> polys;
    for (int z = 0; z < 7; ++z)
        for (int x = 0; x < 7; ++x)
            if (rows[z][x] == '.')
                polys.push_back(testing::rect(static_cast<float>(x), static_cast<float>(z),
                                              static_cast<float>(x + 1),
                                              static_cast<float>(z + 1)));
    return testing::make_mesh(polys);
}

TEST(mesh_path, random_pairs_match_the_visibility_graph) {
    // The hole with a dead-end strip hung below it: paths into and out of it.
    const polygon_mesh hung =
        testing::make_mesh({testing::rect(0, 0, 10, 4, 0, {{4, 4}, {6, 4}, {2, 0}, {3, 0}}),
                            testing::rect(0, 6, 10, 10, 0, {{4, 6}, {6, 6}}),
                            testing::rect(0, 4, 4, 6), testing::rect(6, 4, 10, 6),
                            testing::rect(2, -3, 3, 0, 0, {{3, -2}}), testing::rect(3, -3, 8, -2)});
    const std::vector<polygon_mesh> meshes{testing::square_with_hole(), testing::u_shape(),
                                           testing::l_corridor(), checker_maze(), hung};
    std::mt19937 rng(58);
    mesh_path_search search;
    int compared = 0;
    for (const polygon_mesh& m : meshes) {
        const auto ix = mesh_index::build(m);
        ASSERT_TRUE(ix.ok()) << ix.err().message;
        const testing::visibility_reference ref(m);
        for (int q = 0; q < 60; ++q) {
            const vec3 s = random_point(m, rng);
            const vec3 t = random_point(m, rng);
            const auto r = search.find_path(*ix, {.start = {s}, .goal = {t}});
            const double expected = ref.shortest(s.x, s.z, t.x, t.z);
            if (std::isinf(expected)) {
                EXPECT_EQ(r.status, mesh_path_status::unreachable);
                continue;
            }
            ASSERT_EQ(r.status, mesh_path_status::found)
                << r.message << " from " << s.x << "," << s.z << " to " << t.x << "," << t.z;
            EXPECT_NEAR(r.length, expected, 1e-6 * (1 + expected))
                << "from " << s.x << "," << s.z << " to " << t.x << "," << t.z;
            // The returned polyline is walkable and as long as reported.
            for (std::size_t i = 1; i < r.points.size(); ++i)
                EXPECT_TRUE(ref.walkable({r.points[i - 1].x, r.points[i - 1].z},
                                         {r.points[i].x, r.points[i].z}));
            ++compared;
        }
    }
    EXPECT_GT(compared, 150);
}

} // namespace
} // namespace xunlu::navmesh
