// The Detour-backed queries: nearest point (and which floor), a ray along the surface, and
// Detour's own path as the baseline; bad points are refused.
#include <gtest/gtest.h>

#include <cmath>

#include "navmesh_test_levels.hpp"
#include "xunlu/navmesh/navmesh_query.hpp"
#include "xunlu_testdata/mesh_data.hpp"

namespace xunlu::navmesh {
namespace {

navmesh_query query_on(const std::string& obj, int nodes = 2048) {
    auto m = build_navmesh(test::parse_or_die(obj), {});
    if (!m) throw std::runtime_error(m.err().message);
    auto q = navmesh_query::make(*m, nodes);
    if (!q) throw std::runtime_error(q.err().message);
    return std::move(q).value();
}

TEST(navmesh_query, nearest_point_finds_the_floor_it_is_on) {
    auto q = query_on(test::bridge());
    auto deck = q.nearest({20, 4.3f, 10});
    ASSERT_TRUE(deck.ok()) << deck.err().message;
    EXPECT_NEAR(deck->point.y, 4, 0.3);
    EXPECT_TRUE(deck->over_polygon);
    auto road = q.nearest({20, 0.3f, 10});
    ASSERT_TRUE(road.ok()) << road.err().message;
    EXPECT_NEAR(road->point.y, 0, 0.3);
    EXPECT_NE(deck->polygon, road->polygon);
    ASSERT_LT(deck->polygon, q.mesh().polygon_count());

    auto far = q.nearest({20, 50, 10});
    ASSERT_FALSE(far.ok());
    EXPECT_NE(far.err().message.find("no mesh within the search extents"), std::string::npos);
    EXPECT_TRUE(q.nearest({20, 50, 10}, {2, 60, 2}).ok());
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_NE(q.nearest({nan, 0, 0}).err().message.find("not a finite point"), std::string::npos);
    EXPECT_FALSE(q.nearest({std::numeric_limits<float>::infinity(), 0, 0}).ok());
    EXPECT_FALSE(q.nearest({1e20f, 0, 0}).ok());
    EXPECT_NE(q.nearest({1, 0, 1}, {0, 1, 1}).err().message.find("half-extents"),
              std::string::npos);
    // Under 4 nodes Detour's findPath reads outside its node hash: refused.
    EXPECT_FALSE(navmesh_query::make(q.mesh(), 3).ok());
    EXPECT_TRUE(navmesh_query::make(q.mesh(), 4).ok());
}

TEST(navmesh_query, a_ray_stops_at_the_box_or_reaches) {
    auto q = query_on(test::floor_with_box());
    auto hit = q.raycast({2, 0, 10}, {18, 0, 10});
    ASSERT_TRUE(hit.ok()) << hit.err().message;
    EXPECT_FALSE(hit->reached);
    // The wall is the box's side at x = 8 less the agent radius (0.6 m, rounded to cells).
    EXPECT_NEAR(hit->point.x, 7.4, 0.35);
    EXPECT_NEAR(hit->point.z, 10, 1e-3);
    EXPECT_NEAR(hit->wall_normal.x, -1, 0.05); // the wall is simplified, nearly along z
    EXPECT_FALSE(hit->polygons.empty());
    auto clear = q.raycast({2, 0, 2}, {18, 0, 2});
    ASSERT_TRUE(clear.ok()) << clear.err().message;
    EXPECT_TRUE(clear->reached);
    EXPECT_NEAR(clear->point.x, 18, 1e-3);
    EXPECT_FLOAT_EQ(clear->t, 1);
    EXPECT_FALSE(q.raycast({2, 0, 2}, {std::nanf(""), 0, 2}).ok());
}

TEST(navmesh_query, detour_baseline_path_goes_around_the_box) {
    auto q = query_on(test::floor_with_box());
    auto p = q.detour_baseline_path({2, 0, 10}, {18, 0, 10});
    ASSERT_TRUE(p.ok()) << p.err().message;
    EXPECT_FALSE(p->partial);
    ASSERT_GE(p->points.size(), 3u); // turns at the box's corners
    EXPECT_NEAR(p->points.front().x, 2, 1e-3);
    EXPECT_NEAR(p->points.back().x, 18, 1e-3);
    EXPECT_GT(p->length, 16.5f); // longer than the straight line through the box
    EXPECT_LT(p->length, 22.f);
    // A pool of four nodes cannot reach the goal: the path is partial.
    auto tiny = query_on(test::floor_with_box(), 4);
    auto partial = tiny.detour_baseline_path({2, 0, 10}, {18, 0, 10});
    ASSERT_TRUE(partial.ok()) << partial.err().message;
    EXPECT_TRUE(partial->partial);
}

TEST(navmesh_query, the_bridge_path_crosses_floors_over_the_ramp) {
    auto q = query_on(test::bridge());
    auto p = q.detour_baseline_path({1, 0, 10}, {20, 4, 10});
    ASSERT_TRUE(p.ok()) << p.err().message;
    EXPECT_FALSE(p->partial);
    EXPECT_NEAR(p->points.back().y, 4, 0.3);
    EXPECT_NEAR(p->points.front().y, 0, 0.3);
}

} // namespace
} // namespace xunlu::navmesh
