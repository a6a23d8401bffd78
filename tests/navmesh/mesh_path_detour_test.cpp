// The exact search against Detour's path on the sample levels (RecastDemo's dungeon and
// nav_test, built with its default agent): on seeded random pairs of polygon centroids and of
// points on polygon edges, snapped with Detour's nearest point (as `xunlu mesh path` does),
// xunlu's horizontal length is never longer than Detour's straight path, and xunlu finds a path
// whenever Detour reaches the goal; its segments stay over the mesh.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "xunlu/navmesh/mesh_path.hpp"
#include "xunlu/navmesh/navmesh_query.hpp"
#include "xunlu_testdata/mesh_data.hpp"

namespace xunlu::navmesh {
namespace {

double horizontal(const std::vector<vec3>& pts) {
    double len = 0;
    for (std::size_t i = 1; i < pts.size(); ++i)
        len += std::hypot(double(pts[i].x) - pts[i - 1].x, double(pts[i].z) - pts[i - 1].z);
    return len;
}

vec3 centroid(const polygon_mesh& m, std::uint32_t p) {
    vec3 c{0, 0, 0};
    const auto cs = m.polygon_corners(p);
    for (const auto v : cs) {
        c.x += m.vertices[v].x;
        c.y += m.vertices[v].y;
        c.z += m.vertices[v].z;
    }
    const auto n = static_cast<float>(cs.size());
    return {c.x / n, c.y / n, c.z / n};
}

/// Polygon p's centroid, or a random point on one of its edges.
vec3 point_in(const polygon_mesh& m, std::uint32_t p, std::mt19937& rng, bool on_edge) {
    if (!on_edge) return centroid(m, p);
    const auto cs = m.polygon_corners(p);
    std::uniform_int_distribution<std::size_t> side(0, cs.size() - 1);
    const std::size_t i = side(rng);
    const vec3 a = m.vertices[cs[i]];
    const vec3 b = m.vertices[cs[(i + 1) % cs.size()]];
    const float t = std::uniform_real_distribution<float>(0, 1)(rng);
    return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.z + t * (b.z - a.z)};
}

TEST(mesh_path_detour, never_longer_than_detour_on_the_sample_levels) {
    const auto dir = testdata::meshes_dir();
    if (dir.empty()) GTEST_SKIP() << testdata::meshes_skip_message();
    for (const char* name : {"dungeon.obj", "nav_test.obj"}) {
        SCOPED_TRACE(name);
        auto g = load_obj((dir / name).string());
        ASSERT_TRUE(g.ok()) << g.err().message;
        auto mesh = build_navmesh(*g, build_config{});
        ASSERT_TRUE(mesh.ok()) << mesh.err().message;
        auto index = mesh_index::build(mesh->polygons());
        ASSERT_TRUE(index.ok()) << index.err().message;
        auto q = navmesh_query::make(*mesh, 65535); // so Detour rarely stops short
        ASSERT_TRUE(q.ok()) << q.err().message;
        mesh_path_search search;
        std::mt19937 rng(58);
        std::uniform_int_distribution<std::uint32_t> pick(0, mesh->polygon_count() - 1);
        // 200 pairs the exact search joins (many random pairs lie on different islands:
        // there Detour must stop short too).
        int found = 0, compared = 0, shorter = 0, detour_partial = 0, unreachable = 0;
        double best_gain = 0;
        for (int pair = 0; found < 200 && pair < 4000; ++pair) {
            // Every other pair from points on polygon edges: Detour rounds them to either side.
            const auto a = q->nearest(point_in(mesh->polygons(), pick(rng), rng, pair % 2 == 1));
            const auto b = q->nearest(point_in(mesh->polygons(), pick(rng), rng, pair % 2 == 1));
            ASSERT_TRUE(a.ok() && b.ok()) << "a centroid is not near the mesh";
            const auto r = search.find_path(
                *index, {.start = {a->point, a->polygon}, .goal = {b->point, b->polygon}});
            ASSERT_NE(r.status, mesh_path_status::invalid_input) << r.message;
            ASSERT_NE(r.status, mesh_path_status::budget_reached);
            const auto d = q->detour_baseline_path(a->point, b->point);
            ASSERT_TRUE(d.ok()) << d.err().message;
            unreachable += r.status == mesh_path_status::unreachable;
            found += r.status == mesh_path_status::found;
            if (d->partial) {
                ++detour_partial;
                continue;
            }
            SCOPED_TRACE("pair " + std::to_string(pair) + " polygons " +
                         std::to_string(a->polygon) + " -> " + std::to_string(b->polygon));
            ASSERT_EQ(r.status, mesh_path_status::found) << "Detour reached the goal";
            ASSERT_FALSE(r.points.empty());
            EXPECT_NEAR(r.points.front().x, a->point.x, 1e-5);
            EXPECT_NEAR(r.points.back().z, b->point.z, 1e-5);
            EXPECT_NEAR(r.length, horizontal(r.points), 1e-6 * (1 + r.length));
            // On the mesh all along: points every 0.1 m of each segment lie over or under a
            // polygon (heights interpolated between the turning points).
            for (std::size_t i = 1; i < r.points.size(); ++i) {
                const vec3 u = r.points[i - 1], w = r.points[i];
                const double seg = std::hypot(double(w.x) - u.x, double(w.z) - u.z);
                const int steps = 1 + static_cast<int>(seg / 0.1);
                for (int k = 0; k <= steps; ++k) {
                    const float t = static_cast<float>(k) / static_cast<float>(steps);
                    const vec3 s{u.x + t * (w.x - u.x), u.y + t * (w.y - u.y),
                                 u.z + t * (w.z - u.z)};
                    ASSERT_NE(index->locate(s, 1e-3), no_polygon)
                        << "segment " << i << " leaves the mesh at (" << s.x << ", " << s.z << ")";
                }
            }
            const double dl = horizontal(d->points);
            EXPECT_LE(r.length, dl + 1e-3) << "xunlu " << r.length << ", Detour " << dl;
            ++compared;
            if (r.length < dl - 1e-3) {
                ++shorter;
                best_gain = std::max(best_gain, dl - r.length);
            }
        }
        std::printf("[ %s ] %d pairs found, %d compared with Detour (Detour partial %d, xunlu "
                    "unreachable %d): xunlu strictly shorter on %d, by up to %.4f\n",
                    name, found, compared, detour_partial, unreachable, shorter, best_gain);
        EXPECT_EQ(found, 200);
        EXPECT_GT(compared, 150);
        EXPECT_GT(shorter, 0); // Detour's corridor is not always the shortest one
    }
}

} // namespace
} // namespace xunlu::navmesh
