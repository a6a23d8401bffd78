// Temporary obstacles: a cylinder or a box cut out of the tiles it touches, published as a new
// navmesh version while the old one stays as it was; removed again, the surface comes back.
#include <gtest/gtest.h>

#include <cmath>

#include "navmesh_test_levels.hpp"
#include "xunlu/navmesh/navmesh_query.hpp"

namespace xunlu::navmesh {
namespace {

navmesh bridge_mesh() {
    build_config c;
    c.tile_size = 16; // many tiles: an obstacle touches only some
    auto m = build_navmesh(test::parse_or_die(test::bridge()), c);
    if (!m) throw std::runtime_error(m.err().message);
    return std::move(m).value();
}

bool ray_clear(const navmesh& m, vec3 from, vec3 to) {
    auto q = navmesh_query::make(m);
    auto r = q->raycast(from, to);
    if (!r) throw std::runtime_error(r.err().message);
    return r->reached;
}

TEST(navmesh_obstacles, a_cylinder_is_cut_out_and_removed_again) {
    const navmesh base = bridge_mesh();
    EXPECT_EQ(base.version(), 1u);
    // The road at z = 3 runs clear from x = 2 to 38 (the bridge is at z 8 to 12).
    ASSERT_TRUE(ray_clear(base, {2, 0, 3}, {38, 0, 3}));
    obstacle o;
    o.a = {20, 0, 3};
    o.radius = 1;
    o.height = 2;
    auto blocked = base.add_obstacle(o);
    ASSERT_TRUE(blocked.ok()) << blocked.err().message;
    EXPECT_EQ(blocked->version(), 2u);
    ASSERT_EQ(blocked->obstacles().size(), 1u);
    EXPECT_FALSE(ray_clear(*blocked, {2, 0, 3}, {38, 0, 3}));
    EXPECT_TRUE(check_polygon_mesh(blocked->polygons()).ok());
    // The old version is unchanged, and tiles far from the obstacle kept their references.
    EXPECT_TRUE(ray_clear(base, {2, 0, 3}, {38, 0, 3}));
    EXPECT_EQ(blocked->polygon_ref(0), base.polygon_ref(0));
    // Nothing walkable is left within the cylinder grown by the agent radius (1.6 m, less up to
    // 1.3 cells where Recast simplifies the hole's outline); the nearest point, if a polygon's
    // box reaches the query box, lies on the hole's edge.
    auto q = navmesh_query::make(*blocked);
    auto at = q->nearest({20, 0, 3}, {1, 1, 1});
    if (at.ok()) {
        EXPECT_FALSE(at->over_polygon);
        EXPECT_GT(std::hypot(at->point.x - 20, at->point.z - 3), 1.2f);
    }
    auto before = navmesh_query::make(base)->nearest({20, 0, 3}, {1, 1, 1});
    ASSERT_TRUE(before.ok());
    EXPECT_TRUE(before->over_polygon);

    auto cleared = blocked->remove_obstacle(blocked->obstacles().front().first);
    ASSERT_TRUE(cleared.ok()) << cleared.err().message;
    EXPECT_EQ(cleared->version(), 3u);
    EXPECT_TRUE(cleared->obstacles().empty());
    EXPECT_TRUE(ray_clear(*cleared, {2, 0, 3}, {38, 0, 3}));
    EXPECT_EQ(cleared->polygon_count(), base.polygon_count());
    EXPECT_EQ(cleared->polygons().vertices, base.polygons().vertices);
    EXPECT_FALSE(cleared->remove_obstacle(99).ok());
}

TEST(navmesh_obstacles, a_box_blocks_and_bad_shapes_are_refused) {
    const navmesh base = bridge_mesh();
    obstacle box;
    box.kind = obstacle::shape::box;
    box.a = {10, -1, 0};
    box.b = {11, 2, 6};
    auto blocked = base.add_obstacle(box);
    ASSERT_TRUE(blocked.ok()) << blocked.err().message;
    EXPECT_FALSE(ray_clear(*blocked, {2, 0, 3}, {38, 0, 3}));
    EXPECT_TRUE(check_polygon_mesh(blocked->polygons()).ok());
    obstacle bad;
    bad.radius = 0;
    bad.height = 1;
    EXPECT_FALSE(base.add_obstacle(bad).ok());
    bad.radius = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(base.add_obstacle(bad).ok());
    box.b.x = 9; // min above max
    EXPECT_FALSE(base.add_obstacle(box).ok());
}

} // namespace
} // namespace xunlu::navmesh
