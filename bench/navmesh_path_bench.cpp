// xunlu's exact navmesh path against Detour's on RecastDemo's sample levels (default agent):
// random polygon-centroid pairs that the exact search joins; per pair the time of
//   xunlu:  navmesh_query::nearest x2 (Detour's findNearestPoly) + mesh_path_search
//   Detour: detour_baseline_path (findNearestPoly x2 + findPath + findStraightPath) with a
//           node pool of 2,048 (Detour's default) and of 65,535
// (best of 3 runs each), the horizontal lengths, and Detour's own nearest point and raycast
// times. Prints a markdown table.
//   navmesh_path_bench [--pairs N] [--meshes DIR]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "sample_stats.hpp"
#include "xunlu/navmesh/mesh_path.hpp"
#include "xunlu/navmesh/navmesh_query.hpp"
#include "xunlu_testdata/mesh_data.hpp"

namespace {

using namespace xunlu::navmesh;
using clock_type = std::chrono::steady_clock;

double us_since(clock_type::time_point t0) {
    return std::chrono::duration<double, std::micro>(clock_type::now() - t0).count();
}

vec3 random_point(const polygon_mesh& m, std::mt19937& rng) {
    std::uniform_int_distribution<std::uint32_t> pick(0, m.polygon_count() - 1);
    const auto cs = m.polygon_corners(pick(rng));
    vec3 c{};
    for (const auto v : cs) {
        c.x += m.vertices[v].x / static_cast<float>(cs.size());
        c.y += m.vertices[v].y / static_cast<float>(cs.size());
        c.z += m.vertices[v].z / static_cast<float>(cs.size());
    }
    return c;
}

double horizontal(const std::vector<vec3>& pts) {
    double len = 0;
    for (std::size_t i = 1; i < pts.size(); ++i)
        len += std::hypot(double(pts[i].x) - pts[i - 1].x, double(pts[i].z) - pts[i - 1].z);
    return len;
}

/// Best of `runs` timings of f() (microseconds).
template <class F> double best_of(int runs, F&& f) {
    double best = 1e300;
    for (int k = 0; k < runs; ++k) {
        const auto t0 = clock_type::now();
        f();
        best = std::min(best, us_since(t0));
    }
    return best;
}

std::string med_p95(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    char text[64];
    std::snprintf(text, sizeof text, "%.1f / %.1f", xunlu::bench::quantile_sorted(v, 0.5),
                  xunlu::bench::quantile_sorted(v, 0.95));
    return text;
}

} // namespace

int main(int argc, char** argv) {
    int pairs = 500;
    std::string dir = xunlu::testdata::meshes_dir().string();
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--pairs") {
            pairs = std::max(1, std::atoi(argv[i + 1]));
        } else if (a == "--meshes") {
            dir = argv[i + 1];
        } else {
            std::fprintf(stderr, "usage: navmesh_path_bench [--pairs N] [--meshes DIR]\n");
            return 2;
        }
    }
    if (dir.empty()) {
        std::printf("skipped: %s\n", xunlu::testdata::meshes_skip_message());
        return 0;
    }
    std::printf(
        "| level | polygons | index ms | pairs | xunlu median / p95 us | Detour 2048 "
        "median / p95 us | partial | Detour 65535 median / p95 us | partial | xunlu "
        "shorter | longer | mean gain (m, %%) | max gain (m, %%) | nearest median us | raycast "
        "median us |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        "---:|---:|\n");
    for (const char* name : {"dungeon.obj", "nav_test.obj"}) {
        auto g = load_obj(dir + "/" + name);
        if (!g) {
            std::fprintf(stderr, "%s\n", g.err().message.c_str());
            return 1;
        }
        auto mesh = build_navmesh(*g, build_config{});
        if (!mesh) {
            std::fprintf(stderr, "%s: %s\n", name, mesh.err().message.c_str());
            return 1;
        }
        const auto ti = clock_type::now();
        auto index = mesh_index::build(mesh->polygons());
        const double index_ms = us_since(ti) / 1000;
        auto q = navmesh_query::make(*mesh, 2048);
        auto big = navmesh_query::make(*mesh, 65535);
        if (!index || !q || !big) return 1;
        mesh_path_search search;
        std::mt19937 rng(58);
        std::vector<double> xunlu_us, detour_us, detour_big_us, nearest_us, ray_us;
        int partial = 0, partial_big = 0, compared = 0, shorter = 0, longer = 0;
        double gain_sum = 0, gain_pct_sum = 0, gain_max = 0, gain_max_pct = 0;
        for (int tries = 0; static_cast<int>(xunlu_us.size()) < pairs && tries < pairs * 20;
             ++tries) {
            const vec3 a = random_point(mesh->polygons(), rng);
            const vec3 b = random_point(mesh->polygons(), rng);
            mesh_path_result r;
            bool snapped = true;
            const double xus = best_of(3, [&] {
                const auto s = q->nearest(a);
                const auto t = q->nearest(b);
                snapped = s && t;
                if (snapped)
                    r = search.find_path(
                        *index, {.start = {s->point, s->polygon}, .goal = {t->point, t->polygon}});
            });
            if (!snapped) return 1;
            if (r.status != mesh_path_status::found) continue; // other islands: not a pair
            std::optional<detour_path> d, dbig;
            const double dus = best_of(3, [&] {
                auto p = q->detour_baseline_path(a, b);
                if (p) d = std::move(p).value();
            });
            const double dbus = best_of(3, [&] {
                auto p = big->detour_baseline_path(a, b);
                if (p) dbig = std::move(p).value();
            });
            if (!d || !dbig) return 1;
            xunlu_us.push_back(xus);
            detour_us.push_back(dus);
            detour_big_us.push_back(dbus);
            partial += d->partial;
            partial_big += dbig->partial;
            nearest_us.push_back(best_of(3, [&] { (void)q->nearest(a); }));
            ray_us.push_back(best_of(3, [&] { (void)q->raycast(a, b); }));
            if (dbig->partial) continue;
            ++compared;
            const double dl = horizontal(dbig->points);
            longer += r.length > dl + 1e-3; // never, if the search is exact
            if (r.length < dl - 1e-3) {
                ++shorter;
                gain_sum += dl - r.length;
                gain_pct_sum += 100 * (dl - r.length) / dl;
                gain_max = std::max(gain_max, dl - r.length);
                gain_max_pct = std::max(gain_max_pct, 100 * (dl - r.length) / dl);
            }
        }
        std::vector<double> n = nearest_us, ry = ray_us;
        std::sort(n.begin(), n.end());
        std::sort(ry.begin(), ry.end());
        std::printf("| %s | %u | %.2f | %zu | %s | %s | %d | %s | %d | %d of %d (%.0f %%) | %d | "
                    "%.3f, %.1f %% | %.3f, %.1f %% | %.1f | %.1f |\n",
                    name, mesh->polygon_count(), index_ms, xunlu_us.size(),
                    med_p95(xunlu_us).c_str(), med_p95(detour_us).c_str(), partial,
                    med_p95(detour_big_us).c_str(), partial_big, shorter, compared,
                    compared ? 100.0 * shorter / compared : 0.0, longer,
                    shorter ? gain_sum / shorter : 0, shorter ? gain_pct_sum / shorter : 0,
                    gain_max, gain_max_pct, xunlu::bench::quantile_sorted(n, 0.5),
                    xunlu::bench::quantile_sorted(ry, 0.5));
    }
    return 0;
}
