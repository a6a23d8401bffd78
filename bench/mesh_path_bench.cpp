// mesh_path_bench: the navmesh exact path (navmesh::mesh_path_search) on polygon meshes made
// from Moving AI maps (through the any-angle convex mesh), timed on random pairs of free cells,
// beside the any-angle module's convex Polyanya on the same mesh and pairs; lengths checked
// equal. Prints one table row per map.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "support/grid_navmesh.hpp"
#include "xunlu/anyangle/convex_mesh.hpp"
#include "xunlu/anyangle/convex_polyanya_search.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/navmesh/mesh_path.hpp"
#include "xunlu_testdata/movingai_data.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

double micros(clock_type::duration d) {
    return std::chrono::duration<double, std::micro>(d).count();
}

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"Exact navmesh paths on meshes made from Moving AI maps"};
    std::vector<std::string> maps{"dao/arena.map", "room/8room_000.map", "bg512/AR0011SR.map",
                                  "street/Berlin_0_256.map", "maze/maze512-8-0.map"};
    int pairs = 1000;
    unsigned seed = 58;
    app.add_option("--map", maps, "maps, relative to the Moving AI folder or absolute");
    app.add_option("--pairs", pairs, "random pairs of free cells per map")
        ->check(CLI::Range(1, 1000000));
    app.add_option("--seed", seed, "random seed");
    CLI11_PARSE(app, argc, argv);
    const auto dir = xunlu::testdata::movingai_dir();
    std::printf("%-26s %8s %9s %7s %6s %11s %11s %10s %12s %10s\n", "map", "polygons", "index_ms",
                "pairs", "found", "median_us", "p95_us", "mean_exp", "anyangle_us", "mismatch");
    int status = 0;
    for (const std::string& name : maps) {
        std::filesystem::path path = name;
        if (path.is_relative()) {
            if (dir.empty()) {
                std::fprintf(stderr, "%s\n", xunlu::testdata::movingai_skip_message());
                return 2;
            }
            path = dir / path;
        }
        auto loaded = xunlu::io::load_map(path.string());
        if (!loaded.ok()) {
            std::fprintf(stderr, "%s\n", loaded.err().message.c_str());
            return 2;
        }
        const xunlu::grid::grid_map& map = loaded->map;
        const xunlu::search::search_request probe{};
        const auto cm = xunlu::anyangle::convex_mesh::build(map, probe.mask());
        if (!cm.problem().empty()) {
            std::fprintf(stderr, "%s: %s\n", name.c_str(), cm.problem().c_str());
            return 2;
        }
        const xunlu::navmesh::polygon_mesh mesh = xunlu::testing::polygon_mesh_of(cm);
        const auto t0 = clock_type::now();
        const auto ix = xunlu::navmesh::mesh_index::build(mesh);
        const double index_ms = micros(clock_type::now() - t0) / 1000;
        if (!ix.ok()) {
            std::fprintf(stderr, "%s: %s\n", name.c_str(), ix.err().message.c_str());
            return 2;
        }
        std::vector<xunlu::cell> free;
        for (std::int32_t y = 0; y < map.height(); ++y)
            for (std::int32_t x = 0; x < map.width(); ++x)
                if (cm.polygon_at({x, y}) != xunlu::anyangle::convex_mesh::no_polygon)
                    free.push_back({x, y});
        std::mt19937 rng(seed);
        std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
        xunlu::navmesh::mesh_path_search search;
        xunlu::anyangle::convex_polyanya_search reference;
        std::vector<double> times, ref_times;
        double expansions = 0;
        int found = 0, mismatch = 0;
        for (int q = 0; q < pairs; ++q) {
            const xunlu::cell s = free[pick(rng)];
            const xunlu::cell t = free[pick(rng)];
            const xunlu::navmesh::mesh_path_request req{
                .start = {{static_cast<float>(s.x + 0.5), 0, static_cast<float>(s.y + 0.5)}},
                .goal = {{static_cast<float>(t.x + 0.5), 0, static_cast<float>(t.y + 0.5)}}};
            const auto a = clock_type::now();
            const auto r = search.find_path(*ix, req);
            const auto b = clock_type::now();
            const auto e = reference.find_path(cm, map, {.start = s, .goal = t});
            const auto c = clock_type::now();
            times.push_back(micros(b - a));
            ref_times.push_back(micros(c - b));
            expansions += static_cast<double>(r.expanded);
            const bool ok = r.status == xunlu::navmesh::mesh_path_status::found;
            found += ok ? 1 : 0;
            if (ok != e.found() ||
                (ok && std::fabs(r.length - e.length) > 1e-4 * e.length + 1e-9)) {
                ++mismatch;
            }
        }
        std::printf("%-26s %8u %9.2f %7d %6d %11.1f %11.1f %10.1f %12.1f %10d\n", name.c_str(),
                    mesh.polygon_count(), index_ms, pairs, found, quantile(times, 0.5),
                    quantile(times, 0.95), expansions / pairs, quantile(ref_times, 0.5), mismatch);
        if (mismatch != 0) status = 1;
    }
    return status;
}
