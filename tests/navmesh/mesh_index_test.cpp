// mesh_index: corner vertices (where a shortest path may turn), the polygons around a vertex in
// order, twins, and point location on overlapping floors.
#include <gtest/gtest.h>

#include "mesh_fixtures.hpp"
#include "xunlu/navmesh/mesh_index.hpp"

namespace xunlu::navmesh {
namespace {

std::uint32_t vertex_at(const polygon_mesh& m, vec3 p) {
    for (std::uint32_t v = 0; v < m.vertices.size(); ++v)
        if (m.vertices[v] == p) return v;
    ADD_FAILURE() << "no vertex at " << p.x << " " << p.y << " " << p.z;
    return 0;
}

TEST(mesh_index, corners_are_the_convex_corners_of_the_walls) {
    const polygon_mesh m = testing::l_corridor();
    const auto ix = mesh_index::build(m);
    ASSERT_TRUE(ix.ok()) << ix.err().message;
    EXPECT_TRUE(ix->corner(ix->canonical(vertex_at(m, {10, 0, 2}))));  // the inner bend: 270 deg
    EXPECT_FALSE(ix->corner(ix->canonical(vertex_at(m, {12, 0, 0})))); // the outer bend: 90 deg
    EXPECT_FALSE(ix->corner(ix->canonical(vertex_at(m, {4, 0, 0}))));  // a split straight wall
    EXPECT_FALSE(ix->corner(ix->canonical(vertex_at(m, {0, 0, 0}))));
    const polygon_mesh hole = testing::square_with_hole();
    const auto hx = mesh_index::build(hole);
    ASSERT_TRUE(hx.ok());
    for (const vec3 c : {vec3{4, 0, 4}, vec3{6, 0, 4}, vec3{4, 0, 6}, vec3{6, 0, 6}})
        EXPECT_TRUE(hx->corner(vertex_at(hole, c)));
}

TEST(mesh_index, polygons_around_a_vertex_in_counter_clockwise_order) {
    // Four squares around (1, 1): an interior vertex, each next polygon across the edge that
    // ends at the vertex in the one before.
    const polygon_mesh m =
        testing::make_mesh({testing::rect(0, 0, 1, 1), testing::rect(1, 0, 2, 1),
                            testing::rect(1, 1, 2, 2), testing::rect(0, 1, 1, 2)});
    const auto ix = mesh_index::build(m);
    ASSERT_TRUE(ix.ok());
    const std::uint32_t v = vertex_at(m, {1, 0, 1});
    const auto around = ix->around(v);
    ASSERT_EQ(around.size(), 4u);
    EXPECT_FALSE(ix->corner(v));
    for (std::size_t i = 0; i < 4; ++i) {
        const polygon_corner c = around[i];
        const std::uint32_t n = m.offsets[c.polygon + 1] - m.offsets[c.polygon];
        const std::uint32_t in = (c.corner + n - 1) % n;
        EXPECT_EQ(m.neighbours[m.offsets[c.polygon] + in], around[(i + 1) % 4].polygon);
    }
    // A wall vertex starts where the edge leaving it is a wall.
    const std::uint32_t w = vertex_at(m, {1, 0, 0});
    ASSERT_EQ(ix->around(w).size(), 2u);
    const polygon_corner first = ix->around(w)[0];
    EXPECT_EQ(m.neighbours[m.offsets[first.polygon] + first.corner], no_polygon);
    EXPECT_EQ(ix->twin(0, 1), 3u); // square 0's side x = 1 is square 1's fourth side
}

TEST(mesh_index, dead_ends_are_the_trees_hanging_on_the_rest) {
    // Around the hole the four polygons form a cycle: all live. A corridor is a chain: all dead
    // ends, one of them the root. A strip hung on the square: a dead end hanging on polygon 0.
    const polygon_mesh hole = testing::square_with_hole();
    const auto hx = mesh_index::build(hole);
    ASSERT_TRUE(hx.ok());
    for (std::uint32_t p = 0; p < hole.polygon_count(); ++p)
        EXPECT_EQ(hx->dead_parent(p), mesh_index::live);
    const polygon_mesh corridor = testing::l_corridor();
    const auto cx = mesh_index::build(corridor);
    ASSERT_TRUE(cx.ok());
    int roots = 0;
    for (std::uint32_t p = 0; p < corridor.polygon_count(); ++p) {
        EXPECT_NE(cx->dead_parent(p), mesh_index::live);
        roots += cx->dead_parent(p) == mesh_index::dead_root ? 1 : 0;
    }
    EXPECT_EQ(roots, 1);
    const polygon_mesh hung = testing::make_mesh(
        {testing::rect(0, 0, 10, 4, 0, {{4, 4}, {6, 4}, {2, 0}, {3, 0}}),
         testing::rect(0, 6, 10, 10, 0, {{4, 6}, {6, 6}}), testing::rect(0, 4, 4, 6),
         testing::rect(6, 4, 10, 6), testing::rect(2, -3, 3, 0)});
    const auto gx = mesh_index::build(hung);
    ASSERT_TRUE(gx.ok()) << gx.err().message;
    EXPECT_EQ(gx->dead_parent(4), 0u);
    EXPECT_EQ(gx->dead_parent(0), mesh_index::live);
}

TEST(mesh_index, locate_picks_the_floor_nearest_in_height) {
    const polygon_mesh m = testing::bridge_over_road();
    const auto ix = mesh_index::build(m);
    ASSERT_TRUE(ix.ok()) << ix.err().message;
    EXPECT_EQ(ix->locate({5, 0.3f, 5}), 0u);  // on the road under the bridge
    EXPECT_EQ(ix->locate({5, 4.7f, 5}), 8u);  // on the bridge over the road
    EXPECT_EQ(ix->locate({5, 2.5f, 12}), 1u); // on the ramp
    EXPECT_NEAR(ix->height_at(1, 5, 12), 2.5, 1e-6);
    EXPECT_EQ(ix->locate({20, 0, 20}), no_polygon);
    EXPECT_EQ(ix->locate({3, 0, 1}), no_polygon); // beside the road: nothing there
    EXPECT_EQ(ix->locate({std::numeric_limits<float>::quiet_NaN(), 0, 1}), no_polygon);
    EXPECT_GT(ix->memory_bytes(), 0u);
}

TEST(mesh_index, a_broken_mesh_is_refused_with_the_checker_s_message) {
    polygon_mesh m = testing::u_shape();
    m.neighbours[0] = 2; // polygon 2 has no edge back
    const auto ix = mesh_index::build(m);
    ASSERT_FALSE(ix.ok());
    EXPECT_NE(ix.err().message.find("polygon 0, edge 0"), std::string::npos) << ix.err().message;
}

} // namespace
} // namespace xunlu::navmesh
