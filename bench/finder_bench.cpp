#include "finder_bench.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "scenario_sample.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::bench {

namespace {

/// `algo` from the registry over the sample; one iteration = the whole sample. The first query
/// builds the finder's tables (cached with the map) before the timing starts.
void bm_finder_movingai(benchmark::State& state, const std::shared_ptr<const scenario_sample>& set,
                        const std::string& algo) {
    const auto* entry = registry::find_finder(algo);
    if (entry == nullptr) {
        state.SkipWithError(("no finder " + algo).c_str());
        return;
    }
    auto finder = entry->make();
    const io::scenario& first = set->scenarios.front();
    if (!finder->find(set->map, {.start = first.start, .goal = first.goal}).found()) {
        state.SkipWithError("the first scenario found no path");
        return;
    }
    std::uint64_t expanded = 0;
    for (auto _ : state) {
        expanded = 0;
        for (const io::scenario& s : set->scenarios) {
            const auto r = finder->find(set->map, {.start = s.start, .goal = s.goal});
            expanded += r.stats.expanded;
            benchmark::DoNotOptimize(r.cost);
        }
    }
    const auto n = static_cast<double>(set->scenarios.size());
    state.counters["us_per_query"] = benchmark::Counter(
        n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["expanded_per_query"] = static_cast<double>(expanded) / n;
}

} // namespace

void register_finder_benchmarks(const std::filesystem::path& dir) {
    for (const char* rel : {"bg512/AR0011SR.map.scen", "dao/den520d.map.scen",
                            "street/Boston_0_512.map.scen", "random/random512-40-0.map.scen"}) {
        const auto set = load_scenario_sample(dir, rel);
        if (!set) {
            std::fprintf(stderr, "skipping %s: not found or unreadable under %s\n", rel,
                         dir.string().c_str());
            continue;
        }
        for (const char* algo : {"jps+", "jps+-dh", "subgoal-ch", "auto-pre"}) {
            benchmark::RegisterBenchmark(
                ("finder_movingai/" + std::string(algo) + "/" + set->name).c_str(),
                bm_finder_movingai, set, std::string(algo))
                ->Unit(benchmark::kMicrosecond);
        }
    }
}

} // namespace xunlu::bench
