// The narrow phase against cases worked out by hand: circle-circle, circle-segment,
// circle-AABB, circle-OBB (closest point and separating axes agree), OBB-OBB, and the swept
// test that catches a body crossing a thin wall within one move.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "xunlu/crowd/collision.hpp"

namespace xunlu::crowd {
namespace {

TEST(collision, circle_circle_by_hand) {
    const contact apart = circle_circle({0, 0}, 1, {3, 0}, 1);
    EXPECT_FALSE(apart.hit);
    const contact overlap = circle_circle({0, 0}, 1, {1.5, 0}, 1);
    ASSERT_TRUE(overlap.hit);
    EXPECT_DOUBLE_EQ(overlap.depth, 0.5);
    EXPECT_DOUBLE_EQ(overlap.normal.x, -1); // out of the other, towards -x
    const contact same = circle_circle({2, 2}, 0.5, {2, 2}, 0.5);
    ASSERT_TRUE(same.hit);
    EXPECT_DOUBLE_EQ(same.depth, 1.0);
    EXPECT_DOUBLE_EQ(length(same.normal), 1.0);
}

TEST(collision, circle_segment_by_hand) {
    const segment wall{{0, 0}, {10, 0}};
    EXPECT_FALSE(circle_segment({5, 2}, 1, wall).hit);
    const contact side = circle_segment({5, 0.25}, 1, wall);
    ASSERT_TRUE(side.hit);
    EXPECT_DOUBLE_EQ(side.depth, 0.75);
    EXPECT_DOUBLE_EQ(side.normal.y, 1);
    // Beyond the end: the endpoint is the closest point (3-4-5 triangle, distance 0.5).
    const contact end = circle_segment({10.3, 0.4}, 1, wall);
    ASSERT_TRUE(end.hit);
    EXPECT_NEAR(end.depth, 0.5, 1e-12);
    EXPECT_NEAR(end.normal.x, 0.6, 1e-12);
    EXPECT_NEAR(end.normal.y, 0.8, 1e-12);
    EXPECT_FALSE(circle_segment({11.1, 0}, 1, wall).hit);
    EXPECT_NEAR(segment_distance({{0, 1}, {10, 1}}, wall), 1.0, 1e-12);
    EXPECT_EQ(segment_distance({{5, -1}, {5, 1}}, wall), 0.0); // crossing
}

TEST(collision, circle_aabb_outside_corner_and_inside) {
    const aabb box{{0, 0}, {2, 1}};
    EXPECT_FALSE(circle_aabb({3.1, 0.5}, 1, box).hit);
    const contact face = circle_aabb({2.5, 0.5}, 1, box);
    ASSERT_TRUE(face.hit);
    EXPECT_DOUBLE_EQ(face.depth, 0.5);
    EXPECT_DOUBLE_EQ(face.normal.x, 1);
    // Near the corner (2, 1) but diagonally apart: distance sqrt(0.5) > 0.7.
    EXPECT_FALSE(circle_aabb({2.5, 1.5}, 0.7, box).hit);
    EXPECT_TRUE(circle_aabb({2.5, 1.5}, 0.75, box).hit);
    // Inside, nearest the top face (y = 1): out along +y by 0.2 + r.
    const contact in = circle_aabb({1, 0.8}, 0.5, box);
    ASSERT_TRUE(in.hit);
    EXPECT_DOUBLE_EQ(in.normal.y, 1);
    EXPECT_NEAR(in.depth, 0.7, 1e-12);
}

TEST(collision, circle_obb_matches_the_separating_axis_test) {
    // A unit square turned 45 degrees: its corner points along +x at distance sqrt(2)/2.
    const obb diamond{{0, 0}, {0.5, 0.5}, std::numbers::pi / 4};
    // The corner is at x = 0.707: a body at x = 1 is 0.293 away.
    EXPECT_FALSE(circle_obb({1.0, 0}, 0.28, diamond).hit);
    EXPECT_TRUE(circle_obb({1.0, 0}, 0.30, diamond).hit);
    EXPECT_FALSE(circle_obb_separated({1.0, 0}, 0.30, diamond));
    EXPECT_TRUE(circle_obb_separated({1.0, 0}, 0.28, diamond));
    EXPECT_FALSE(circle_obb({1.2, 0}, 0.4, diamond).hit);
    EXPECT_TRUE(circle_obb_separated({1.2, 0}, 0.4, diamond));
    // Off a face: the face through (0.354, 0.354) has normal (0.707, 0.707).
    const contact face = circle_obb({0.6, 0.6}, 0.4, diamond);
    ASSERT_TRUE(face.hit);
    EXPECT_NEAR(face.normal.x, std::sqrt(0.5), 1e-9);
    EXPECT_NEAR(face.depth, 0.4 - (0.6 * std::sqrt(2.0) - 0.5), 1e-9);
    // The closest-point test and the separating axes agree on a sweep of positions.
    const obb crate{{3, -1}, {1.5, 0.4}, 0.3};
    int disagreements = 0;
    for (int i = 0; i < 400; ++i) {
        const double a = i * 0.05;
        const vec2 p = crate.centre + vec2{std::cos(a), std::sin(a)} * (0.2 + 0.01 * i);
        const bool touching = circle_obb(p, 0.5, crate).hit;
        const bool separated = circle_obb_separated(p, 0.5, crate);
        if (touching == separated) ++disagreements;
    }
    EXPECT_EQ(disagreements, 0);
}

TEST(collision, obb_obb_by_separating_axes) {
    const obb a{{0, 0}, {1, 1}, 0};
    EXPECT_TRUE(obb_obb_separated(a, obb{{2.5, 0}, {1, 1}, 0}));
    EXPECT_FALSE(obb_obb_separated(a, obb{{1.9, 0}, {1, 1}, 0}));
    // Turned 45 degrees: its corner reaches 1.414 towards the first box.
    EXPECT_FALSE(obb_obb_separated(a, obb{{2.3, 0}, {1, 1}, std::numbers::pi / 4}));
    EXPECT_TRUE(obb_obb_separated(a, obb{{2.5, 0}, {1, 1}, std::numbers::pi / 4}));
}

TEST(collision, a_fast_body_cannot_pass_a_thin_wall_in_one_move) {
    // A wall of zero thickness at x = 5; the body moves 10 m in one step, through it.
    const segment wall{{5, -3}, {5, 3}};
    const auto t = swept_circle_segment({0, 0}, {10, 0}, 0.5, wall);
    ASSERT_TRUE(t.has_value());
    EXPECT_NEAR(*t, 0.45, 1e-12); // touches at x = 4.5
    // Past the wall's end by more than the radius: no hit.
    EXPECT_FALSE(swept_circle_segment({0, 4}, {10, 4}, 0.5, wall).has_value());
    // Grazing the end point: hit on the end cap.
    const auto cap = swept_circle_segment({0, 3.3}, {10, 3.3}, 0.5, wall);
    ASSERT_TRUE(cap.has_value());
    EXPECT_NEAR(*cap, (5 - 0.4) / 10, 1e-12);
    // Moving away, or along the wall at a distance: none.
    EXPECT_FALSE(swept_circle_segment({4, 0}, {-6, 0}, 0.5, wall).has_value());
    EXPECT_FALSE(swept_circle_segment({4, -10}, {4, 10}, 0.5, wall).has_value());
}

} // namespace
} // namespace xunlu::crowd
