// Google Benchmark micro benchmarks (xunlu_bench): A* and Dijkstra on the seed map, the BGL peer
// on the same query, A* over sampled scenarios of a few Moving AI maps (skipped when the set is
// absent), and the preprocessed finders of finder_bench.cpp.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

#include "bgl_grid_astar.hpp"
#include "finder_bench.hpp"
#include "scenario_sample.hpp"
#include "seed_benchmark.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu_testdata/movingai_data.hpp"

namespace {

using namespace xunlu;

const grid::grid_map& seed_map() {
    static const grid::grid_map map = [] {
        auto m = bench::make_seed_map({});
        if (!m) {
            std::fprintf(stderr, "%s\n", m.err().message.c_str());
            std::exit(2);
        }
        return std::move(m).value();
    }();
    return map;
}

void report(benchmark::State& state, const search::search_result& r) {
    state.counters["expanded"] = static_cast<double>(r.stats.expanded);
    state.counters["memory_bytes"] = static_cast<double>(r.stats.memory_bytes);
    state.counters["length"] = r.length;
    state.counters["expansions_per_s"] = benchmark::Counter(
        static_cast<double>(r.stats.expanded), benchmark::Counter::kIsIterationInvariantRate);
}

void run_seed(benchmark::State& state, search::heuristic_kind h) {
    const grid::grid_map& map = seed_map();
    auto request = bench::seed_request({});
    request.heuristic = h;
    search::astar engine; // one engine reused, as a game server would
    search::search_result r = engine.find_path(map, request);
    for (auto _ : state) {
        r = engine.find_path(map, request);
        benchmark::DoNotOptimize(r.cost);
    }
    if (!r.found()) {
        state.SkipWithError("seed benchmark: no path");
    }
    report(state, r);
}

void bm_astar_seed(benchmark::State& state) {
    run_seed(state, search::heuristic_kind::octile);
}
void bm_dijkstra_seed(benchmark::State& state) {
    run_seed(state, search::heuristic_kind::zero);
}

void bm_dijkstra_explore_all_seed(benchmark::State& state) {
    const grid::grid_map& map = seed_map();
    search::astar engine;
    for (auto _ : state) {
        engine.explore_all(map, {0, 0}, {}, grid::obstacle_mask::high_and_low);
        benchmark::DoNotOptimize(engine.distance({999, 999}));
    }
    const auto d = engine.distance({999, 999});
    state.counters["distance_to_corner"] = d ? *d : -1.0;
}

void bm_bgl_seed(benchmark::State& state, bench::bgl_mode mode) {
    const grid::grid_map& map = seed_map();
    const bench::seed_benchmark_spec spec;
    bench::bgl_grid_astar peer(map); // built once, outside the timing
    bench::bgl_result r;
    for (auto _ : state) {
        r = peer.find_path(spec.start(), spec.goal(), mode);
        benchmark::DoNotOptimize(r.cost);
    }
    if (!r.found) {
        state.SkipWithError("seed benchmark: BGL found no path");
    }
    state.counters["expanded"] = static_cast<double>(r.expanded);
}

/// A* over every 10th scenario of one Moving AI map; one iteration = the whole sample.
void bm_movingai(benchmark::State& state,
                 const std::shared_ptr<const bench::scenario_sample>& set) {
    search::astar engine;
    std::uint64_t expanded = 0;
    for (auto _ : state) {
        expanded = 0;
        for (const io::scenario& s : set->scenarios) {
            const auto r = engine.find_path(
                set->map,
                {.start = s.start, .goal = s.goal, .heuristic = search::heuristic_kind::octile});
            expanded += r.stats.expanded;
            benchmark::DoNotOptimize(r.cost);
        }
    }
    const auto n = static_cast<double>(set->scenarios.size());
    state.counters["queries_per_s"] =
        benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["us_per_query"] = benchmark::Counter(
        n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["expansions_per_s"] = benchmark::Counter(
        static_cast<double>(expanded), benchmark::Counter::kIsIterationInvariantRate);
}

} // namespace

int main(int argc, char** argv) {
    benchmark::RegisterBenchmark("astar_seed_1000x1000", bm_astar_seed)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("dijkstra_seed_1000x1000", bm_dijkstra_seed)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("dijkstra_explore_all_seed_1000x1000",
                                 bm_dijkstra_explore_all_seed)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("bgl_astar_search_seed_1000x1000", bm_bgl_seed,
                                 bench::bgl_mode::full_init)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("bgl_astar_search_no_init_seed_1000x1000", bm_bgl_seed,
                                 bench::bgl_mode::no_init)
        ->Unit(benchmark::kMillisecond);

    const auto dir = xunlu::testdata::movingai_dir();
    if (dir.empty()) {
        std::fprintf(stderr, "skipping Moving AI benchmarks: %s\n",
                     xunlu::testdata::movingai_skip_message());
    } else {
        for (const char* rel :
             {"dao/den520d.map.scen", "sc1/Aftershock.map.scen", "street/Berlin_0_256.map.scen"}) {
            if (auto set = bench::load_scenario_sample(dir, rel)) {
                benchmark::RegisterBenchmark(("astar_movingai/" + set->name).c_str(), bm_movingai,
                                             set)
                    ->Unit(benchmark::kMillisecond);
            } else {
                std::fprintf(stderr, "skipping %s: not found or unreadable under %s\n", rel,
                             dir.string().c_str());
            }
        }
        bench::register_finder_benchmarks(dir);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
