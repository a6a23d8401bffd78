// Times the tiled Recast build of the sample levels (RecastDemo's default agent) and Detour's
// baseline path (findPath + findStraightPath) on random reachable pairs; prints a table.
//   navmesh_build_bench [--pairs N] [--threads T] [--meshes DIR]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "xunlu/navmesh/navmesh_query.hpp"
#include "xunlu/navmesh/navmesh_set_file.hpp"
#include "xunlu_testdata/mesh_data.hpp"

namespace {

using namespace xunlu::navmesh;
using clock_type = std::chrono::steady_clock;

double us_since(clock_type::time_point t0) {
    return std::chrono::duration<double, std::micro>(clock_type::now() - t0).count();
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// A random point on the mesh: a random polygon's centroid (weighted by nothing).
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

} // namespace

int main(int argc, char** argv) {
    int pairs = 1000;
    unsigned threads = 0;
    std::string dir = xunlu::testdata::meshes_dir().string();
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--pairs")
            pairs = std::max(1, std::atoi(argv[i + 1]));
        else if (a == "--threads")
            threads = static_cast<unsigned>(std::atoi(argv[i + 1]));
        else if (a == "--meshes")
            dir = argv[i + 1];
        else {
            std::fprintf(stderr, "usage: navmesh_build_bench [--pairs N] [--threads T] "
                                 "[--meshes DIR]\n");
            return 2;
        }
    }
    if (dir.empty()) {
        std::printf("skipped: %s\n", xunlu::testdata::meshes_skip_message());
        return 0;
    }
    std::printf("| level | triangles | threads | tiles | polygons | build ms (best of 3) | "
                "set bytes | pairs | partial | findPath+findStraightPath median us | p99 us | "
                "add_obstacle median ms |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const char* name : {"dungeon.obj", "nav_test.obj"}) {
        auto g = load_obj(dir + "/" + name);
        if (!g) {
            std::fprintf(stderr, "%s\n", g.err().message.c_str());
            return 1;
        }
        build_options options;
        options.threads = threads;
        double best = 1e300;
        std::optional<navmesh> mesh;
        for (int rep = 0; rep < 3; ++rep) {
            const auto t0 = clock_type::now();
            auto m = build_navmesh(*g, {}, options);
            const double us = us_since(t0);
            if (!m) {
                std::fprintf(stderr, "%s: %s\n", name, m.err().message.c_str());
                return 1;
            }
            best = std::min(best, us);
            mesh.emplace(std::move(m).value());
        }
        auto q = navmesh_query::make(*mesh, 2048);
        if (!q) return 1;
        std::mt19937 rng(58);
        std::vector<double> times;
        int partial = 0;
        int tries = 0;
        while (static_cast<int>(times.size()) < pairs && tries < pairs * 20) {
            ++tries;
            const vec3 a = random_point(mesh->polygons(), rng);
            const vec3 b = random_point(mesh->polygons(), rng);
            // Reachable pairs only: Detour's path must end at b's polygon with a big pool.
            const auto t0 = clock_type::now();
            auto p = q->detour_baseline_path(a, b);
            const double us = us_since(t0);
            if (!p) continue;
            if (p->partial) {
                ++partial;
                continue; // unreachable (or out of nodes): not a timed pair
            }
            times.push_back(us);
        }
        // A temporary obstacle (cylinder r 1 m, h 2 m) on a random polygon: the new version
        // with the touched tiles rebuilt (median of 20).
        std::vector<double> obstacle_times;
        for (int k = 0; k < 20; ++k) {
            obstacle o;
            o.a = random_point(mesh->polygons(), rng);
            o.radius = 1;
            o.height = 2;
            const auto t0 = clock_type::now();
            auto changed = mesh->add_obstacle(o);
            obstacle_times.push_back(us_since(t0));
            if (!changed) return 1;
        }
        std::vector<double> sorted = times;
        std::sort(sorted.begin(), sorted.end());
        const double p99 = sorted.empty() ? 0 : sorted[sorted.size() * 99 / 100];
        std::printf("| %s | %zu | %u | %zu | %u | %.1f | %zu | %zu | %d | %.1f | %.1f | %.2f |\n",
                    name, g->triangles.size(), threads, mesh->tile_count(), mesh->polygon_count(),
                    best / 1000, navmesh_set_bytes(*mesh).size(), times.size(), partial,
                    median(times), p99, median(obstacle_times) / 1000);
    }
    return 0;
}
