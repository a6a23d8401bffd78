// Polygon scenes: the text format and every validation error, named by file, line, polygon and
// vertex; then shortest paths against a brute-force reference on random scenes.
#include "xunlu/anyangle/polygon_scene.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "xunlu/anyangle/polygon_graph.hpp"

namespace xunlu::anyangle {
namespace {

constexpr const char* two_boxes = R"(xunlu-polygons 1
# a 20 x 10 room with two boxes
boundary
0 0
20 0
20 10
0 10
end
obstacle
4 2
8 2
8 8
4 8
end
obstacle   # clockwise on purpose: stored counter-clockwise
12 8
16 8
16 2
12 2
end
)";

std::string error_of(std::string_view text) {
    auto r = polygon_scene::parse(text, "s.poly");
    return r.ok() ? std::string("ok") : r.err().message;
}

TEST(polygon_scene, parses_the_format_and_round_trips) {
    auto r = polygon_scene::parse(two_boxes, "s.poly");
    ASSERT_TRUE(r.ok()) << r.err().message;
    EXPECT_EQ(r->polygon_count(), 3U);
    EXPECT_EQ(r->vertex_count(), 12U);
    EXPECT_TRUE(r->walkable({1, 1}));
    EXPECT_TRUE(r->walkable({4, 5}));  // on an obstacle's edge
    EXPECT_FALSE(r->walkable({6, 5})); // inside an obstacle
    EXPECT_FALSE(r->walkable({21, 5}));
    auto again = polygon_scene::parse(r->to_text(), "again");
    ASSERT_TRUE(again.ok()) << again.err().message;
    EXPECT_EQ(again->to_text(), r->to_text());
}

TEST(polygon_scene, every_bad_input_gets_a_clear_error) {
    const std::string box = "boundary\n0 0\n10 0\n10 10\n0 10\nend\n";
    EXPECT_NE(error_of("").find("empty"), std::string::npos);
    EXPECT_NE(error_of("polygons\n").find("s.poly:1: expected the header"), std::string::npos);
    EXPECT_NE(error_of("xunlu-polygons 1\nboundary\n0 zero\nend\n")
                  .find("s.poly:3: expected two numbers"),
              std::string::npos);
    EXPECT_NE(error_of("xunlu-polygons 1\nboundary\n0 0\n1 0\n1 1\n")
                  .find("s.poly:2: polygon not closed"),
              std::string::npos);
    EXPECT_NE(error_of("xunlu-polygons 1\n" + box + box).find("second boundary"),
              std::string::npos);
    EXPECT_NE(error_of("xunlu-polygons 1\nobstacle\n1 1\n2 1\n2 2\nend\n").find("no boundary"),
              std::string::npos);
    EXPECT_NE(error_of("xunlu-polygons 1\nboundary\n0 0\n1 0\nend\n").find("at least 3"),
              std::string::npos);
    EXPECT_NE(error_of("xunlu-polygons 1\nboundary\n0 0\n1 1\n2 2\nend\n").find("zero signed area"),
              std::string::npos);
    EXPECT_NE(error_of("xunlu-polygons 1\nboundary\n0 0\nnan 0\n1 1\nend\n")
                  .find("s.poly:4: polygon 0 (boundary) vertex 2: coordinate not finite"),
              std::string::npos);
    EXPECT_NE(error_of("xunlu-polygons 1\nboundary\n0 0\n1e8 0\n1 1\nend\n").find("beyond"),
              std::string::npos);
    // A bow tie: edges of one polygon cross.
    EXPECT_NE(error_of("xunlu-polygons 1\nboundary\n0 0\n10 10\n10 0\n0 6\nend\n")
                  .find("another edge of the same polygon"),
              std::string::npos);
    EXPECT_NE(error_of("xunlu-polygons 1\nboundary\n0 0\n0 0\n1 0\n1 1\nend\n").find("repeats"),
              std::string::npos);
    // Obstacles: outside, crossing the boundary, overlapping, nested, touching.
    const auto with = [&](const std::string& obstacles) {
        return error_of("xunlu-polygons 1\n" + box + obstacles);
    };
    EXPECT_NE(with("obstacle\n20 20\n22 20\n22 22\nend\n").find("outside the boundary"),
              std::string::npos);
    EXPECT_NE(with("obstacle\n8 8\n12 8\n12 12\nend\n").find("polygon 0 (boundary)"),
              std::string::npos);
    EXPECT_NE(with("obstacle\n2 2\n6 2\n6 6\nend\nobstacle\n5 3\n8 3\n8 8\nend\n").find("meets"),
              std::string::npos);
    EXPECT_NE(with("obstacle\n1 1\n9 1\n9 9\n1 9\nend\nobstacle\n3 3\n4 3\n4 4\nend\n")
                  .find("inside polygon 1"),
              std::string::npos);
    EXPECT_NE(with("obstacle\n2 2\n4 2\n4 4\nend\nobstacle\n4 4\n6 4\n6 6\nend\n").find("meets"),
              std::string::npos);
    EXPECT_NE(
        error_of("xunlu-polygons 1\n" + box + "hexagon\n").find("s.poly:8: expected 'boundary'"),
        std::string::npos);
}

TEST(polygon_scene, corners_may_meet_at_a_pinch_that_nothing_passes) {
    const std::string box = "xunlu-polygons 1\nboundary\n0 0\n10 0\n10 10\n0 10\nend\n";
    // Two squares corner to corner: both gaps between them turn 90 degrees.
    const std::string squares = "obstacle\n2 2\n4 2\n4 4\n2 4\nend\n"
                                "obstacle\n4 4\n6 4\n6 6\n4 6\nend\n";
    auto s = polygon_scene::parse(box + squares, "s.poly");
    ASSERT_TRUE(s.ok()) << s.err().message;
    const auto g = polygon_graph::build(s.value());
    EXPECT_FALSE(g.sees({3, 5}, {5, 3}));  // through the pinch
    EXPECT_FALSE(g.sees({0, 4}, {10, 4})); // along the edges through it
    EXPECT_TRUE(g.sees({3, 5}, {4, 4}));   // ending on it
    const auto r = g.find_path({3, 5}, {5, 3});
    ASSERT_TRUE(r.found());
    EXPECT_NEAR(r.length, 4 + 2 * std::sqrt(2.0), 1e-12); // round either square
    EXPECT_EQ(g.bend_count(), 6U);                        // the pinch corners are no bends
    // A square in the boundary's corner shares its edges: no pinch.
    EXPECT_NE(error_of(box + "obstacle\n10 10\n8 10\n8 8\n10 8\nend\n").find("meets"),
              std::string::npos);
    EXPECT_EQ(error_of("xunlu-polygons 1\nboundary\n0 0\n10 0\n10 10\n0 10\nend\n"
                       "obstacle\n4 4\n5 5\n4 6\n3 5\nend\nobstacle\n5 5\n6 4\n7 5\n6 6\nend\n"),
              "ok");
    // Touching where a gap turns 180 degrees or more is no pinch; three corners never are.
    EXPECT_NE(error_of(box + "obstacle\n2 2\n4 2\n4 4\nend\nobstacle\n4 4\n6 4\n6 6\nend\n")
                  .find("not a pinch"),
              std::string::npos);
    EXPECT_NE(error_of(box + squares + "obstacle\n4 4\n4 6\n3 6\nend\n").find("corners meet"),
              std::string::npos);
    // An obstacle outside the boundary touching it at a pinch is still outside.
    EXPECT_NE(error_of(box + "obstacle\n10 10\n12 10\n12 12\n10 12\nend\n").find("not a pinch"),
              std::string::npos);
}

// ---- The reference: Dijkstra over every vertex, segments checked by definition. ----

bool reference_sees(const polygon_scene& s, point a, point b) {
    std::vector<double> cuts{0.0, 1.0};
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double dd = dx * dx + dy * dy;
    // A pinch (two polygons' corners at one point) blocks a segment passing through it.
    std::vector<std::pair<double, double>> corners;
    for (std::size_t k = 0; k < s.polygon_count(); ++k) {
        for (const point p : s.polygon_at(k).vertices) corners.emplace_back(p.x, p.y);
    }
    std::sort(corners.begin(), corners.end());
    for (std::size_t i = 1; i < corners.size(); ++i) {
        if (corners[i] != corners[i - 1]) continue;
        const point p{corners[i].first, corners[i].second};
        const double c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        const double t = dd > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / dd : 0;
        if (c == 0 && t > 0 && t < 1) return false;
    }
    for (std::size_t k = 0; k < s.polygon_count(); ++k) {
        const auto& v = s.polygon_at(k).vertices;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const point p = v[i];
            const point q = v[(i + 1) % v.size()];
            const auto side = [](point o, point u, point w) {
                const double c = (u.x - o.x) * (w.y - o.y) - (u.y - o.y) * (w.x - o.x);
                return (c > 0) - (c < 0);
            };
            if (side(a, b, p) * side(a, b, q) < 0 && side(p, q, a) * side(p, q, b) < 0) {
                return false; // a proper crossing
            }
            if (side(a, b, p) == 0 && dd > 0) { // a vertex on the line: a cut
                const double t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / dd;
                if (t > 0 && t < 1) cuts.push_back(t);
            }
        }
    }
    std::sort(cuts.begin(), cuts.end());
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        const double t = (cuts[i] + cuts[i + 1]) / 2;
        if (!s.walkable({a.x + dx * t, a.y + dy * t})) return false;
    }
    return s.walkable(a) && s.walkable(b);
}

double reference_length(const polygon_scene& s, point from, point to) {
    std::vector<point> nodes{from, to};
    for (std::size_t k = 0; k < s.polygon_count(); ++k) {
        for (const point p : s.polygon_at(k).vertices) nodes.push_back(p);
    }
    std::vector<double> dist(nodes.size(), std::numeric_limits<double>::infinity());
    std::vector<char> done(nodes.size(), 0);
    dist[0] = 0;
    for (;;) {
        std::size_t u = nodes.size();
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            if (!done[i] && (u == nodes.size() || dist[i] < dist[u])) u = i;
        }
        if (u == nodes.size() || !std::isfinite(dist[u])) break;
        if (u == 1) return dist[1];
        done[u] = 1;
        for (std::size_t v = 0; v < nodes.size(); ++v) {
            const double d = dist[u] + std::hypot(nodes[v].x - nodes[u].x, nodes[v].y - nodes[u].y);
            if (!done[v] && d < dist[v] && reference_sees(s, nodes[u], nodes[v])) dist[v] = d;
        }
    }
    return std::numeric_limits<double>::infinity();
}

/// A random scene: a boundary (a square or an L) with up to 7 obstacles (triangles, boxes, star
/// polygons) on integer coordinates, kept when it validates.
polygon_scene random_scene(std::mt19937_64& rng, bool l_shape) {
    polygon boundary{
        l_shape ? std::vector<point>{{0, 0}, {60, 0}, {60, 30}, {30, 30}, {30, 60}, {0, 60}}
                : std::vector<point>{{0, 0}, {60, 0}, {60, 60}, {0, 60}}};
    std::vector<polygon> obstacles;
    std::uniform_int_distribution<int> coord(1, 59);
    std::uniform_int_distribution<int> kind(0, 2);
    std::uniform_int_distribution<int> size(2, 9);
    for (int attempt = 0; attempt < 60 && obstacles.size() < 7; ++attempt) {
        const double cx = coord(rng);
        const double cy = coord(rng);
        polygon p;
        switch (kind(rng)) {
        case 0:
            p.vertices = {{cx, cy}, {cx + size(rng), cy}, {cx, cy + size(rng)}};
            break;
        case 1: {
            const double w = size(rng);
            const double h = size(rng);
            p.vertices = {{cx, cy}, {cx + w, cy}, {cx + w, cy + h}, {cx, cy + h}};
            break;
        }
        default: { // a star: alternating long and short spokes on integer points
            const int spokes = 5;
            for (int i = 0; i < 2 * spokes; ++i) {
                const double angle = M_PI * i / spokes;
                const double r = i % 2 == 0 ? size(rng) : 1.5;
                p.vertices.push_back(
                    {std::round(cx + r * std::cos(angle)), std::round(cy + r * std::sin(angle))});
            }
            break;
        }
        }
        auto trial = obstacles;
        trial.push_back(p);
        if (polygon_scene::create(boundary, trial).ok()) obstacles = std::move(trial);
    }
    return std::move(polygon_scene::create(boundary, obstacles).value());
}

TEST(polygon_graph, shortest_paths_equal_the_brute_force_reference) {
    std::mt19937_64 rng(3);
    int compared = 0;
    int bent = 0;
    for (int s = 0; s < 16; ++s) {
        const polygon_graph g = polygon_graph::build(random_scene(rng, s % 2 == 1));
        ASSERT_TRUE(g.problem().empty());
        const polygon_scene& scene = g.scene();
        // Query points: random walkable points, obstacle vertices and boundary points.
        std::vector<point> points;
        std::uniform_real_distribution<double> any(0.0, 60.0);
        while (points.size() < 8) {
            const point p{std::round(any(rng) * 2) / 2, std::round(any(rng) * 2) / 2};
            if (scene.walkable(p)) points.push_back(p);
        }
        for (std::size_t k = 1; k < scene.polygon_count() && k < 4; ++k) {
            points.push_back(scene.polygon_at(k).vertices[0]);
        }
        points.push_back({0, 20});  // on the boundary
        points.push_back({30, 45}); // on the L's inner wall (inside the square otherwise)
        for (std::size_t i = 0; i + 1 < points.size(); ++i) {
            const point a = points[i];
            const point b = points[(i * 5 + 3) % points.size()];
            if (!scene.walkable(a) || !scene.walkable(b)) continue;
            const double best = reference_length(scene, a, b);
            const auto r = g.find_path(a, b);
            SCOPED_TRACE("scene " + std::to_string(s) + ": (" + std::to_string(a.x) + "," +
                         std::to_string(a.y) + ") -> (" + std::to_string(b.x) + "," +
                         std::to_string(b.y) + ")");
            ASSERT_TRUE(std::isfinite(best));
            ASSERT_TRUE(r.found()) << r.reason;
            EXPECT_NEAR(r.length, best, 1e-9 * std::max(1.0, best));
            for (std::size_t k = 1; k < r.waypoints.size(); ++k) {
                EXPECT_TRUE(reference_sees(scene, r.waypoints[k - 1], r.waypoints[k]));
            }
            bent += r.waypoints.size() > 2 ? 1 : 0;
            ++compared;
        }
    }
    EXPECT_GT(compared, 100);
    EXPECT_GT(bent, 30);
}

TEST(polygon_graph, sight_checks_equal_the_reference_on_every_vertex_pair) {
    // The edge grid's walk must meet every edge a segment touches, whatever the rounding: pairs
    // of polygon vertices run along edges, graze corners and cross cell lines exactly. The
    // scenes' coordinates are scaled so the grid's cells are not whole numbers.
    std::mt19937_64 rng(11);
    int checked = 0;
    int clear = 0;
    for (int s = 0; s < 12; ++s) {
        const polygon_scene base = random_scene(rng, s % 2 == 1);
        const double scale = s < 6 ? 1.0 : 0.375; // exact in binary: collinear stays collinear
        polygon boundary = base.boundary();
        std::vector<polygon> obstacles;
        for (std::size_t k = 1; k < base.polygon_count(); ++k) {
            obstacles.push_back(base.polygon_at(k));
        }
        for (point& p : boundary.vertices) p = {p.x * scale, p.y * scale};
        for (polygon& o : obstacles) {
            for (point& p : o.vertices) p = {p.x * scale, p.y * scale};
        }
        auto scaled = polygon_scene::create(boundary, obstacles);
        ASSERT_TRUE(scaled.ok()) << scaled.err().message;
        const polygon_graph g = polygon_graph::build(std::move(scaled.value()));
        ASSERT_TRUE(g.problem().empty());
        const polygon_scene& scene = g.scene();
        std::vector<point> points;
        for (std::size_t k = 0; k < scene.polygon_count(); ++k) {
            for (const point p : scene.polygon_at(k).vertices) points.push_back(p);
        }
        std::uniform_real_distribution<double> any(0.0, 60.0 * scale);
        for (int i = 0; i < 12; ++i) {
            const point p{std::round(any(rng) * 2) / 2, std::round(any(rng) * 2) / 2};
            if (scene.walkable(p)) points.push_back(p);
        }
        for (std::size_t i = 0; i < points.size(); ++i) {
            for (std::size_t j = 0; j < points.size(); ++j) {
                const point a = points[i];
                const point b = points[j];
                if (i == j || !scene.walkable(a)) continue;
                const bool expected = reference_sees(scene, a, b);
                ASSERT_EQ(g.sees(a, b), expected) << "scene " << s << ": (" << a.x << "," << a.y
                                                  << ") -> (" << b.x << "," << b.y << ")";
                ASSERT_EQ(g.raycast(a, b).has_value(), !expected);
                ++checked;
                clear += expected ? 1 : 0;
            }
        }
    }
    EXPECT_GT(checked, 10000);
    EXPECT_GT(clear, 1000);
}

TEST(polygon_graph, raycasts_stop_at_the_first_wall_and_queries_refuse_solid_points) {
    const polygon_graph g =
        polygon_graph::build(std::move(polygon_scene::parse(two_boxes).value()));
    const auto hit = g.raycast({1, 5}, {19, 5});
    ASSERT_TRUE(hit.has_value());
    EXPECT_NEAR(hit->x, 4, 1e-12);
    EXPECT_NEAR(hit->y, 5, 1e-12);
    EXPECT_FALSE(g.raycast({1, 1}, {19, 1}).has_value()); // below both boxes
    EXPECT_FALSE(g.raycast({1, 2}, {19, 2}).has_value()); // along their bottom edges
    EXPECT_TRUE(g.raycast({4, 5}, {7, 5}).has_value());   // from an edge into the box
    EXPECT_FALSE(g.raycast({4, 5}, {1, 5}).has_value());  // from an edge away from it
    EXPECT_TRUE(g.raycast({1, 1}, {19, 11}).has_value()); // leaves the room
    EXPECT_EQ(g.find_path({6, 5}, {1, 1}).status, search::search_status::invalid_input);
    EXPECT_NE(g.find_path({1, 1}, {30, 1}).reason.find("goal"), std::string::npos);
    const auto r = g.find_path({1, 5}, {19, 5});
    ASSERT_TRUE(r.found());
    // Over (or under) both boxes by their corners: 1,5 -> 4,8 -> 8,8 -> 12,8 -> 16,8 -> 19,5.
    EXPECT_NEAR(r.length, 2 * std::hypot(3.0, 3.0) + 12.0, 1e-9);
}

TEST(polygon_graph, refuses_a_graph_over_its_bend_limit_with_a_reason) {
    // 105 x 105 small triangles: 33,075 bend vertices, over the limit of 32,768.
    polygon boundary{{{0, 0}, {1060, 0}, {1060, 1060}, {0, 1060}}};
    std::vector<polygon> triangles;
    for (int i = 0; i < 105; ++i) {
        for (int j = 0; j < 105; ++j) {
            const double x = 10.0 * i + 1;
            const double y = 10.0 * j + 1;
            triangles.push_back({{{x, y}, {x + 3, y}, {x, y + 3}}});
        }
    }
    auto scene = polygon_scene::create(boundary, triangles);
    ASSERT_TRUE(scene.ok()) << scene.err().message;
    const polygon_graph g = polygon_graph::build(std::move(scene.value()));
    EXPECT_NE(g.problem().find("33075 bend vertices"), std::string::npos) << g.problem();
    const auto r = g.find_path({0.5, 0.5}, {1059, 1059});
    EXPECT_EQ(r.status, search::search_status::resource_exhausted);
    EXPECT_FALSE(r.reason.empty());
}

} // namespace
} // namespace xunlu::anyangle
