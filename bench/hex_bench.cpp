// Hex maps vs square grids (issue 17): the same 1024 x 1024 cells searched as an 8-connected
// square grid (octile A*) and as hexes (hex-distance A*, pointy-odd and flat-axial), on the
// same random queries. Only queries both searches solve are timed. Prints medians per map kind;
// BENCHMARKS.md "Hex maps".
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "sample_stats.hpp"
#include "xunlu/grid/hex_path.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"

namespace {

using namespace xunlu;
using clock_type = std::chrono::steady_clock;

struct series {
    std::string name;
    std::optional<grid::hex_layout> hex;
    std::vector<double> us;
    std::vector<double> expanded;
};

cell random_free(std::mt19937_64& rng, const grid::grid_map& map) {
    std::uniform_int_distribution<std::int32_t> x(0, map.width() - 1), y(0, map.height() - 1);
    for (;;) {
        const cell c{x(rng), y(rng)};
        if (map.passable(c)) return c;
    }
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"hex maps vs square grids: A* on the same cells and queries"};
    std::int32_t size = 1024;
    int queries = 200;
    std::uint64_t seed = 17;
    app.add_option("--size", size, "map side (cells)")->capture_default_str();
    app.add_option("--queries", queries, "queries per map kind")->capture_default_str();
    app.add_option("--seed", seed, "seed of maps and queries")->capture_default_str();
    CLI11_PARSE(app, argc, argv);

    struct kind {
        const char* name;
        result<grid::grid_map> map;
    };
    kind kinds[] = {{"random 20%", grid::generate_random(size, size, 20.0, seed)},
                    {"rooms 32", grid::generate_rooms(size, size, 32, seed)}};
    std::printf("%-11s %-13s %8s %12s %12s %12s %9s\n", "map", "search", "solved", "median us",
                "p99 us", "expanded", "ns/exp");
    for (auto& k : kinds) {
        if (!k.map) {
            std::fprintf(stderr, "%s: %s\n", k.name, k.map.err().message.c_str());
            return 1;
        }
        const grid::grid_map& map = *k.map;
        std::vector<series> runs{
            {"square octile", std::nullopt, {}, {}},
            {"hex pointy-odd", grid::hex_layout{}, {}, {}},
            {"hex flat-axial",
             grid::hex_layout{grid::hex_orientation::flat, grid::hex_coords::axial},
             {},
             {}}};
        std::mt19937_64 rng(seed);
        search::astar engine;
        int solved = 0;
        for (int q = 0; q < queries; ++q) {
            const cell from = random_free(rng, map);
            const cell to = random_free(rng, map);
            std::vector<double> us(runs.size()), expanded(runs.size());
            bool all = true;
            for (std::size_t i = 0; i < runs.size(); ++i) {
                search::search_request request{.start = from, .goal = to};
                request.hex = runs[i].hex;
                const auto t0 = clock_type::now();
                const auto r = engine.find_path(map, request);
                us[i] = std::chrono::duration<double, std::micro>(clock_type::now() - t0).count();
                expanded[i] = static_cast<double>(r.stats.expanded);
                if (!r.found()) {
                    all = false;
                    continue;
                }
                const auto bad = runs[i].hex
                                     ? grid::check_hex_path(map, *runs[i].hex, r.path)
                                     : grid::check_path(map, r.path, request.rules, request.mask());
                if (bad) {
                    std::fprintf(stderr, "%s: invalid path: %s\n", runs[i].name.c_str(),
                                 bad->c_str());
                    return 1;
                }
            }
            if (all) {
                ++solved;
                for (std::size_t i = 0; i < runs.size(); ++i) {
                    runs[i].us.push_back(us[i]);
                    runs[i].expanded.push_back(expanded[i]);
                }
            }
            std::fprintf(stderr, "\r%s: %d/%d queries", k.name, q + 1, queries);
        }
        std::fprintf(stderr, "\n");
        for (const auto& s : runs) {
            const auto t = bench::summarize(s.us);
            const auto e = bench::summarize(s.expanded);
            std::printf("%-11s %-14s %7d %12.1f %12.1f %12.0f %9.1f\n", k.name, s.name.c_str(),
                        solved, t.median, t.p99, e.median,
                        e.median > 0 ? 1000.0 * t.median / e.median : 0.0);
        }
    }
    return 0;
}
