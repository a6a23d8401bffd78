// Agent-radius inflation: the grown square's area, obstacles merging with each other and with
// the boundary, a room split in two, paths on inflated scenes keeping their distance from every
// original wall (sampled), and bad radii refused.
#include "xunlu/anyangle/polygon_inflate.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "support/polygon_clearance.hpp"
#include "xunlu/anyangle/grid_polygons.hpp"
#include "xunlu/anyangle/polygon_graph.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle {
namespace {

polygon box(double x0, double y0, double x1, double y1) {
    return {{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
}

polygon_scene scene_of(polygon boundary, std::vector<polygon> obstacles) {
    auto s = polygon_scene::create(std::move(boundary), std::move(obstacles));
    EXPECT_TRUE(s.ok()) << s.err().message;
    return std::move(s.value());
}

double area(const polygon& p) {
    double a = 0;
    for (std::size_t i = 0; i < p.vertices.size(); ++i) {
        const point u = p.vertices[i];
        const point v = p.vertices[(i + 1) % p.vertices.size()];
        a += u.x * v.y - v.x * u.y;
    }
    return std::fabs(a) / 2;
}

inflate_result inflated(const polygon_scene& s, double radius, double tolerance = 0) {
    auto r = inflate(s, {.radius = radius, .arc_tolerance = tolerance});
    EXPECT_TRUE(r.ok()) << r.err().message;
    return std::move(r.value());
}

TEST(polygon_inflate, a_square_grows_by_the_radius_with_round_corners) {
    const auto s = scene_of(box(0, 0, 20, 20), {box(3, 3, 7, 7)});
    for (const double tolerance : {0.0, 0.05}) {
        const auto r = inflated(s, 1.0, tolerance);
        ASSERT_EQ(r.scenes.size(), 1U);
        const polygon_scene& out = r.scenes[0];
        ASSERT_EQ(out.obstacles().size(), 1U);
        const double tol = tolerance == 0 ? 0.01 : tolerance;
        const double g = r.grown_by;
        EXPECT_NEAR(g, 1.0 + tol + 3 / inflate_options::scale, 1e-12);
        // Square + four sides * g + a circle of radius g; chords lie inside their arcs.
        const double exact = 16 + 16 * g + std::numbers::pi * g * g;
        const double grown = area(out.obstacles()[0]);
        const double rounding = 80 / inflate_options::scale; // perimeter x one integer unit
        EXPECT_LE(grown, exact + rounding);
        EXPECT_GE(grown, exact - 2 * std::numbers::pi * g * tol - rounding);
        // The boundary shrinks by g, its convex corners staying sharp.
        EXPECT_NEAR(area(out.boundary()), (20 - 2 * g) * (20 - 2 * g), rounding);
        EXPECT_TRUE(out.walkable({5, 8.1}));
        EXPECT_FALSE(out.walkable({5, 7.9}));
    }
    // Radius 0: the scene unchanged.
    const auto same = inflated(s, 0);
    ASSERT_EQ(same.scenes.size(), 1U);
    EXPECT_EQ(same.scenes[0].to_text(), s.to_text());
}

TEST(polygon_inflate, obstacles_closer_than_twice_the_radius_merge) {
    const auto s = scene_of(box(0, 0, 20, 20), {box(2, 2, 4, 4), box(5, 2, 7, 4)}); // gap 1
    EXPECT_EQ(inflated(s, 0.4).scenes[0].obstacles().size(), 2U);
    const auto merged = inflated(s, 0.6);
    ASSERT_EQ(merged.scenes.size(), 1U);
    EXPECT_EQ(merged.scenes[0].obstacles().size(), 1U);
    EXPECT_FALSE(merged.scenes[0].walkable({4.5, 3}));
}

TEST(polygon_inflate, an_obstacle_near_the_boundary_joins_it) {
    const auto s = scene_of(box(0, 0, 20, 20), {box(1, 8, 3, 10)}); // 1 from the left edge
    EXPECT_EQ(inflated(s, 0.4).scenes[0].obstacles().size(), 1U);
    const auto joined = inflated(s, 0.6);
    ASSERT_EQ(joined.scenes.size(), 1U);
    EXPECT_EQ(joined.scenes[0].obstacles().size(), 0U);
    EXPECT_GT(joined.scenes[0].boundary().vertices.size(), 4U); // the dent
    EXPECT_FALSE(joined.scenes[0].walkable({0.8, 9}));
}

TEST(polygon_inflate, a_closed_passage_splits_the_room) {
    // A wall across the room leaves gaps of 0.5 at both ends.
    const auto s = scene_of(box(0, 0, 20, 10), {box(9, 0.5, 11, 9.5)});
    EXPECT_EQ(inflated(s, 0.2).scenes.size(), 1U);
    const auto split = inflated(s, 0.3);
    ASSERT_EQ(split.scenes.size(), 2U);
    const std::size_t left = scene_holding(split.scenes, {4, 5});
    const std::size_t right = scene_holding(split.scenes, {16, 5});
    ASSERT_LT(left, 2U);
    ASSERT_LT(right, 2U);
    EXPECT_NE(left, right);
    EXPECT_EQ(scene_holding(split.scenes, {10, 5}), 2U);
}

TEST(polygon_inflate, paths_on_the_inflated_scene_keep_the_radius_from_every_wall) {
    std::mt19937_64 rng(5);
    int paths = 0;
    int samples = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        auto m = grid::generate_random(24, 18, 15 + static_cast<double>(seed) * 3, seed);
        ASSERT_TRUE(m.ok());
        auto traced = grid_polygons::trace(m.value());
        ASSERT_TRUE(traced.ok()) << traced.err().message;
        const polygon_scene& original = traced->regions()[traced->largest()].scene;
        for (const double radius : {0.2, 0.35}) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " radius " + std::to_string(radius));
            const auto r = inflated(original, radius);
            ASSERT_FALSE(r.scenes.empty());
            for (const polygon_scene& s : r.scenes) {
                for (std::size_t k = 0; k < s.polygon_count(); ++k) {
                    for (const point v : s.polygon_at(k).vertices) {
                        EXPECT_GE(testing::clearance(original, v), radius - 1e-9);
                    }
                }
            }
            const polygon_scene& big = r.scenes[0];
            const auto g = polygon_graph::build(big);
            ASSERT_EQ(g.problem(), "");
            std::vector<point> spots;
            std::uniform_real_distribution<double> x(0, 24);
            std::uniform_real_distribution<double> y(0, 18);
            while (spots.size() < 12) {
                const point p{x(rng), y(rng)};
                if (big.walkable(p)) spots.push_back(p);
            }
            for (std::size_t i = 0; i + 1 < spots.size(); i += 2) {
                const auto path = g.find_path(spots[i], spots[i + 1]);
                ASSERT_TRUE(path.found()) << path.reason; // one component
                ++paths;
                for (std::size_t k = 1; k < path.waypoints.size(); ++k) {
                    const point a = path.waypoints[k - 1];
                    const point b = path.waypoints[k];
                    for (int t = 0; t <= 64; ++t) {
                        const double f = t / 64.0;
                        const point p{a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f};
                        EXPECT_GE(testing::clearance(original, p), radius - 1e-9);
                        ++samples;
                    }
                }
            }
        }
    }
    EXPECT_EQ(paths, 72);
    EXPECT_GT(samples, 10000);
}

TEST(polygon_inflate, bad_radii_and_tolerances_get_clear_errors) {
    const auto s = scene_of(box(0, 0, 20, 20), {box(3, 3, 7, 7)});
    const auto message = [&](double radius, double tolerance = 0) {
        auto r = inflate(s, {.radius = radius, .arc_tolerance = tolerance});
        return r.ok() ? std::string("ok") : r.err().message;
    };
    EXPECT_NE(message(-1).find("finite number >= 0"), std::string::npos);
    EXPECT_NE(message(std::nan("")).find("finite number >= 0"), std::string::npos);
    EXPECT_NE(message(std::numeric_limits<double>::infinity()).find("finite"), std::string::npos);
    EXPECT_NE(message(1e300).find("over the limit"), std::string::npos);
    EXPECT_NE(message(1, -0.1).find("arc tolerance must be"), std::string::npos);
    EXPECT_NE(message(1, std::nan("")).find("arc tolerance must be"), std::string::npos);
    EXPECT_NE(message(1, 1e-9).find("below radius / 10000"), std::string::npos);
    // The tolerance as given, not six fixed decimals ("0.000000", issue 49).
    EXPECT_EQ(message(1, 1e-9).rfind("the arc tolerance 1e-09 is below", 0), 0u)
        << message(1, 1e-9);
    EXPECT_NE(message(1, 1.5).find("the arc tolerance 1.5 is over the radius 1 "),
              std::string::npos);
    EXPECT_NE(message(1, 1.5).find("over the radius"), std::string::npos);
    EXPECT_NE(message(1, 1e300).find("over the radius"), std::string::npos);
    EXPECT_EQ(message(1, 1), "ok");
    // So big nothing is left: no scene, no error.
    auto gone = inflate(s, {.radius = 50});
    ASSERT_TRUE(gone.ok());
    EXPECT_TRUE(gone->scenes.empty());
}

} // namespace
} // namespace xunlu::anyangle
