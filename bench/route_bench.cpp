// The query-pipeline benchmark (issue 4): the seed-004-style table of milliseconds per route
// query for "A* only", "the seed's order" and "our order" on a generated ~640 x 1120 valley map
// with a designer-style waypoint graph and on the largest shared Moving AI maps; throughput
// and p99 latency for a mix of short and long queries; the cost of an unreachable goal.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "route_world.hpp"
#include "sample_stats.hpp"
#include "scenario_jobs.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_map.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/pipeline/route_finder.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu_testdata/movingai_data.hpp"

namespace {

using namespace xunlu;
using pipeline::route_stage;

struct config {
    std::string name;
    std::vector<route_stage> stages;
    bool jps;
    std::uint64_t step_limit;
    std::int32_t bounded_max_distance = 0;
};

struct measured {
    double median_ms = 0;
    pipeline::route_result last;
};

double now_us() {
    return std::chrono::duration<double, std::micro>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

measured run_query(pipeline::route_finder& finder, pipeline::scene& scene, const config& c, point a,
                   point b, int reps) {
    (void)scene.set_stages(c.stages);
    scene.set_use_jps(c.jps);
    scene.set_step_limit(c.step_limit);
    scene.set_bounded_max_distance(c.bounded_max_distance);
    measured m;
    m.last = finder.find(scene, {.start = a, .goal = b}); // warm-up (labels, memory)
    std::vector<double> t;
    for (int i = 0; i < reps; ++i) {
        const double t0 = now_us();
        m.last = finder.find(scene, {.start = a, .goal = b});
        t.push_back(now_us() - t0);
    }
    m.median_ms = bench::summarize(t).median / 1000.0;
    return m;
}

std::string stage_short(const pipeline::route_result& r) {
    std::string s(pipeline::stage_name(r.stage));
    if (!r.algorithm.empty()) s += "/" + r.algorithm;
    return s;
}

void print_table(pipeline::route_finder& finder, pipeline::scene& scene,
                 const std::vector<config>& configs,
                 const std::vector<std::pair<cell, cell>>& pairs, int reps) {
    std::printf("| start | goal |");
    for (const auto& c : configs) std::printf(" %s ms | stage |", c.name.c_str());
    std::printf(" expanded (last) | length last / optimal (cells) |\n|---|---|");
    for (std::size_t i = 0; i < configs.size(); ++i) std::printf("---:|---|");
    std::printf("---:|---:|\n");
    std::vector<std::vector<double>> per_config(configs.size());
    for (const auto& [s, g] : pairs) {
        const point a{s.x + 0.5, s.y + 0.5}, b{g.x + 0.5, g.y + 0.5};
        std::printf("| (%d,%d) | (%d,%d) |", s.x, s.y, g.x, g.y);
        pipeline::route_result last, first;
        for (std::size_t i = 0; i < configs.size(); ++i) {
            const auto m = run_query(finder, scene, configs[i], a, b, reps);
            per_config[i].push_back(m.median_ms);
            std::printf(" %.3f | %s |", m.median_ms, stage_short(m.last).c_str());
            last = m.last;
            if (i == 0) first = m.last;
        }
        std::printf(" %llu | %.1f / %.1f |\n", static_cast<unsigned long long>(last.stats.expanded),
                    last.length / scene.cell_size(), first.length / scene.cell_size());
    }
    std::printf("| **median** | |");
    for (auto& v : per_config) std::printf(" **%.3f** | |", bench::summarize(v).median);
    std::printf(" | |\n| **max** | |");
    for (auto& v : per_config) std::printf(" **%.3f** | |", bench::summarize(v).max);
    std::printf(" | |\n\n");
}

std::vector<config> make_configs(bool have_jps) {
    std::vector<config> out{
        {"A* only", {route_stage::full_search}, false, 0},
        {"seed order", pipeline::seed_stages(), false, 5000},
        {"ours (A*)", pipeline::default_stages(), false, 5000},
    };
    if (have_jps) out.push_back({"ours (JPS)", pipeline::default_stages(), true, 2000});
    // Searches only for goals within 100 cells; farther goals go to the waypoint graph.
    out.push_back({"ours (JPS, near)", pipeline::default_stages(), have_jps, 20000, 100});
    return out;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"route_bench: the query pipeline benchmark (see BENCHMARKS.md)"};
    std::uint64_t seed = 4;
    int reps = 15;
    int mix = 20000;
    std::string out_dir = "out/route-world";
    bool skip_movingai = false;
    app.add_option("--seed", seed, "world seed")->capture_default_str();
    app.add_option("--reps", reps, "timed repetitions per query (median)")->capture_default_str();
    app.add_option("--mix", mix, "queries in the throughput mix")->capture_default_str();
    app.add_option("--out-dir", out_dir, "where the generated map and waypoint CSVs are written")
        ->capture_default_str();
    app.add_flag("--skip-movingai", skip_movingai, "only the generated world");
    CLI11_PARSE(app, argc, argv);

    // The seed article's six pairs (its map was about 640 x 1110 cells).
    const std::vector<std::pair<cell, cell>> seed_pairs = {
        {{79, 42}, {570, 1097}},  {{17, 1104}, {538, 13}}, {{246, 47}, {625, 688}},
        {{577, 808}, {295, 584}}, {{36, 105}, {419, 910}}, {{625, 373}, {6, 203}}};
    std::vector<cell> keep;
    for (const auto& [a, b] : seed_pairs) {
        keep.push_back(a);
        keep.push_back(b);
    }
    const double t_gen = now_us();
    auto world = bench::generate_route_world(640, 1120, seed, keep);
    auto graph = bench::generate_waypoint_graph(world.map, 32, seed, world.landmarks);
    const double gen_ms = (now_us() - t_gen) / 1000.0;
    std::filesystem::create_directories(out_dir);
    if (auto text = io::write_movingai_map(world.map)) {
        std::ofstream(std::filesystem::path(out_dir) / "valley.map") << *text;
    }
    if (auto w = bench::write_waypoint_csv(graph, world.map, out_dir); !w) {
        std::fprintf(stderr, "%s\n", w.err().message.c_str());
    }
    std::printf("# route_bench (seed %llu) on %s\n\n", static_cast<unsigned long long>(seed),
                bench::cpu_model().c_str());
    std::printf("valley map 640 x 1120, %lld free cells, %zu waypoints, %zu links (generated in "
                "%.0f ms; written to %s/valley.map, roadPoint.csv, pathlink.csv)\n\n",
                static_cast<long long>(world.map.count_passable(grid::obstacle_mask::high_only)),
                graph.size(), graph.link_count(), gen_ms, out_dir.c_str());

    auto made = pipeline::scene::create(std::move(world.map));
    if (!made) return 2;
    pipeline::scene scene = std::move(made).value();
    scene.set_waypoints(std::move(graph));
    const double t_lab = now_us();
    (void)scene.components(pipeline::adjacency::four, grid::obstacle_mask::high_and_low);
    std::printf("component labelling (once per scene and rule): %.2f ms\n\n",
                (now_us() - t_lab) / 1000.0);

    // JPS for the uniform-cost stages, chosen through the registry as the CLI does.
    pipeline::route_finder finder({.name = "jps", .make = registry::find_finder("jps")->make});
    const auto configs = make_configs(finder.has_grid_search());
    std::printf("## Seed pairs, ms per query (median of %d)\n\n", reps);
    print_table(finder, scene, configs, seed_pairs, reps);

    // Unreachable goal: on the lake island.
    {
        const point a{seed_pairs[0].first.x + 0.5, seed_pairs[0].first.y + 0.5};
        const point b{world.island_cell.x + 0.5, world.island_cell.y + 0.5};
        std::printf("## Unreachable goal (island cell (%d,%d))\n\n| config | ms per query | "
                    "stage | expanded |\n|---|---:|---|---:|\n",
                    world.island_cell.x, world.island_cell.y);
        for (const auto& c : configs) {
            const int r = c.name == "A* only" || c.name == "seed order" ? 3 : 1000;
            const auto m = run_query(finder, scene, c, a, b, r);
            std::printf("| %s | %.4f | %s | %llu |\n", c.name.c_str(), m.median_ms,
                        stage_short(m.last).c_str(),
                        static_cast<unsigned long long>(m.last.stats.expanded));
        }
        std::printf("\n");
    }

    // Throughput: a random mix of short (within 24 cells) and long queries, best config.
    {
        const config& best = configs.back();
        (void)scene.set_stages(best.stages);
        scene.set_use_jps(best.jps);
        scene.set_step_limit(best.step_limit);
        scene.set_bounded_max_distance(best.bounded_max_distance);
        std::mt19937_64 rng(seed * 7 + 1);
        const auto& map = scene.map();
        auto random_free = [&]() {
            while (true) {
                const cell c{
                    static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(map.width())),
                    static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(map.height()))};
                if (map.passable(c)) return c;
            }
        };
        std::vector<std::pair<point, point>> queries;
        for (int i = 0; i < mix; ++i) {
            const cell s = random_free();
            cell g = s;
            if (i % 2 == 0) {
                do {
                    g = {s.x + static_cast<std::int32_t>(rng() % 49) - 24,
                         s.y + static_cast<std::int32_t>(rng() % 49) - 24};
                } while (!map.passable(g));
            } else {
                g = random_free();
            }
            queries.emplace_back(point{s.x + 0.5, s.y + 0.5}, point{g.x + 0.5, g.y + 0.5});
        }
        struct slow {
            double us;
            std::size_t index;
            pipeline::route_result r;
        };
        std::vector<slow> slowest;
        std::vector<double> lat;
        std::vector<double> short_lat, long_lat;
        std::size_t by_stage[6] = {};
        const double t0 = now_us();
        for (std::size_t i = 0; i < queries.size(); ++i) {
            const double q0 = now_us();
            const auto r =
                finder.find(scene, {.start = queries[i].first, .goal = queries[i].second});
            const double dt = now_us() - q0;
            lat.push_back(dt);
            slowest.push_back({dt, i, r});
            std::sort(slowest.begin(), slowest.end(),
                      [](const auto& x, const auto& y) { return x.us > y.us; });
            if (slowest.size() > 5) slowest.pop_back();
            (i % 2 == 0 ? short_lat : long_lat).push_back(dt);
            ++by_stage[static_cast<int>(r.stage)];
        }
        const double total_s = (now_us() - t0) / 1e6;
        const auto s = bench::summarize(lat);
        const auto ss = bench::summarize(short_lat);
        const auto ls = bench::summarize(long_lat);
        std::printf(
            "## Throughput, %s, one core: %d queries (half within 24 cells, half anywhere)\n\n",
            best.name.c_str(), mix);
        std::printf("| queries/s | mean us | median us | p99 us | max us | short p99 us | long "
                    "median us | long p99 us |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        std::printf("| %.0f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |\n\n",
                    static_cast<double>(mix) / total_s, s.mean, s.median, s.p99, s.max, ss.p99,
                    ls.median, ls.p99);
        std::printf("answered by: straight_line %zu, reachability %zu, bounded_search %zu, "
                    "waypoint_graph %zu, full_search %zu\n\n",
                    by_stage[1], by_stage[2], by_stage[3], by_stage[4], by_stage[5]);
        std::printf("slowest: ");
        for (const auto& sl : slowest) {
            std::printf("[%.0f us: (%g,%g)->(%g,%g) %s expanded %llu los %llu settled %llu] ",
                        sl.us, queries[sl.index].first.x, queries[sl.index].first.y,
                        queries[sl.index].second.x, queries[sl.index].second.y,
                        stage_short(sl.r).c_str(),
                        static_cast<unsigned long long>(sl.r.stats.expanded),
                        static_cast<unsigned long long>(sl.r.stats.los_checks),
                        static_cast<unsigned long long>(sl.r.stats.waypoints_settled));
        }
        std::printf("\n\n");
    }

    if (skip_movingai) return 0;
    const auto dir = testdata::movingai_dir();
    if (dir.empty()) {
        std::printf("Moving AI maps: %s\n", testdata::movingai_skip_message());
        return 0;
    }
    for (const char* rel : {"sc1/TheFrozenSea.map", "street/Paris_0_1024.map"}) {
        const auto path = dir / rel;
        if (!std::filesystem::exists(path)) {
            std::printf("%s: not present, skipped\n\n", path.string().c_str());
            continue;
        }
        auto loaded = io::load_map(path.string());
        auto scen_text = io::read_file(path.string() + ".scen");
        if (!loaded || !scen_text) continue;
        auto scens = io::parse_scenarios(*scen_text, path.string() + ".scen");
        if (!scens || scens->size() < 6) continue;
        std::vector<io::scenario> sorted = *scens;
        std::stable_sort(sorted.begin(), sorted.end(), [](const auto& x, const auto& y) {
            return x.optimal_length > y.optimal_length;
        });
        std::vector<std::pair<cell, cell>> pairs;
        // Six from the longest bucket, spread over the top 60 scenarios.
        for (std::size_t i = 0; i < 6 && i * 10 < sorted.size(); ++i) {
            pairs.emplace_back(sorted[i * 10].start, sorted[i * 10].goal);
        }
        auto g = bench::generate_waypoint_graph(loaded->map, 32, seed);
        const auto w = loaded->map.width(), h = loaded->map.height();
        auto ms = pipeline::scene::create(std::move(loaded->map));
        if (!ms) continue;
        pipeline::scene mscene = std::move(ms).value();
        std::printf("## %s (%d x %d, %zu waypoints generated), 6 of the longest scenarios\n\n", rel,
                    w, h, g.size());
        mscene.set_waypoints(std::move(g));
        print_table(finder, mscene, configs, pairs, std::max(3, reps / 3));
    }
    return 0;
}
