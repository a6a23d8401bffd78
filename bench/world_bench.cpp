// Hierarchical search on big generated worlds (xunlu gen world): graph build time and memory,
// query time p50/p99 and path length of hpa against flat JPS (optimal) on the same long
// queries, and repair times for a door toggle and a 20 x 20 building; with --dead-ends, the
// dead-end map's build and repair times and A*'s expansions with and without it. See
// BENCHMARKS.md.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "sample_stats.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/hierarchy/hpa_search.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace {

using namespace xunlu;
using clock_type = std::chrono::steady_clock;

double us_since(clock_type::time_point t0) {
    return std::chrono::duration<double, std::micro>(clock_type::now() - t0).count();
}

/// One timed change at a random place: a door toggled (one cell), or a 20 x 20 building put up
/// (`up`) or torn down.
std::vector<grid::cell_edit> world_edit(const grid::grid_map& map, std::mt19937_64& where,
                                        std::int32_t size, bool door, bool up) {
    std::vector<grid::cell_edit> edits;
    const cell c{static_cast<std::int32_t>(where() % static_cast<std::uint64_t>(size - 20)),
                 static_cast<std::int32_t>(where() % static_cast<std::uint64_t>(size - 20))};
    if (door) {
        edits.push_back(grid::cell_edit::high(c, !map.is_high_obstacle(c)));
        return edits;
    }
    for (std::int32_t y = 0; y < 20; ++y) {
        for (std::int32_t x = 0; x < 20; ++x) {
            edits.push_back(grid::cell_edit::high({c.x + x, c.y + y}, up));
        }
    }
    return edits;
}

/// The dead-end map of the world: build time, areas and bytes; repairs of a door toggle and of
/// a 20 x 20 building (each a new snapshot repaired from the last); A* and astar-deadend on the
/// sampled queries (expansions and time).
void time_dead_ends(const std::shared_ptr<const grid::map_snapshot>& snap, std::int32_t size,
                    std::uint64_t seed, const std::vector<std::pair<cell, cell>>& pairs,
                    int every) {
    const grid::movement_rules rules{};
    const auto mask = grid::obstacle_mask::high_and_low;
    auto t0 = clock_type::now();
    auto ends = hierarchy::dead_end_map::build(snap->map(), rules, mask);
    const double build_ms = us_since(t0) / 1000.0;
    std::printf("dead ends  build %.1f ms, %zu areas, %.1f MiB\n", build_ms, ends.area_count(),
                static_cast<double>(ends.memory_bytes()) / (1 << 20));
    auto current = snap;
    std::vector<double> door_us;
    std::vector<double> building_us;
    std::size_t rebuilt = 0;
    std::mt19937_64 where(seed);
    for (int round = 0; round < 60; ++round) {
        const bool door = round < 40;
        const auto edits = world_edit(current->map(), where, size, door, round % 2 == 0);
        current = current->apply(edits).value();
        t0 = clock_type::now();
        ends = hierarchy::dead_end_map::repair(ends, current->map(), edits);
        (door ? door_us : building_us).push_back(us_since(t0));
        rebuilt += ends.last_repair().rebuilt ? 1 : 0;
    }
    const auto d = bench::summarize(door_us);
    const auto b = bench::summarize(building_us);
    std::printf("dead ends  repair: door toggle p50 %.1f us (max %.1f), 20x20 building put up or "
                "torn down p50 %.1f us (max %.1f), %zu of 60 rebuilt whole; %zu areas after\n",
                d.median, d.max, b.median, b.max, rebuilt, ends.area_count());
    auto plain = registry::find_finder("astar")->make();
    auto pruned = registry::find_finder("astar-deadend")->make();
    std::vector<double> plain_us;
    std::vector<double> pruned_us;
    double plain_expanded = 0;
    double pruned_expanded = 0;
    (void)pruned->find(snap->map(), {.start = pairs[0].first, .goal = pairs[0].first});
    for (std::size_t i = 0; i < pairs.size(); i += static_cast<std::size_t>(every)) {
        const search::search_request req{.start = pairs[i].first, .goal = pairs[i].second};
        t0 = clock_type::now();
        const auto a = plain->find(snap->map(), req);
        plain_us.push_back(us_since(t0));
        t0 = clock_type::now();
        const auto p = pruned->find(snap->map(), req);
        pruned_us.push_back(us_since(t0));
        plain_expanded += static_cast<double>(a.stats.expanded);
        pruned_expanded += static_cast<double>(p.stats.expanded);
        if (a.found() != p.found() || (a.found() && std::abs(a.cost - p.cost) > 1e-6)) {
            std::printf("dead ends  MISMATCH on query %zu\n", i);
        }
        std::fprintf(stderr, "\rastar / astar-deadend %zu/%zu", i, pairs.size());
    }
    std::fprintf(stderr, "\n");
    const auto pa = bench::summarize(plain_us);
    const auto pp = bench::summarize(pruned_us);
    std::printf("dead ends  astar p50 %.1f ms, expanded mean %.0f; astar-deadend p50 %.1f ms, "
                "expanded mean %.0f (%zu queries; factor %.3f)\n",
                pa.median / 1000, plain_expanded / static_cast<double>(pa.count), pp.median / 1000,
                pruned_expanded / static_cast<double>(pp.count), pa.count,
                pruned_expanded > 0 ? plain_expanded / pruned_expanded : 0.0);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"hpa on generated worlds against flat search"};
    std::int32_t size = 4096;
    std::uint64_t seed = 1;
    int queries = 200;
    int flat_every = 1;
    std::vector<std::string> algos{"hpa"};
    std::string flat = "jps";
    std::int32_t cluster_size = 0;
    std::vector<double> weights;
    app.add_option("--size", size, "world side (cells)")->capture_default_str();
    app.add_option("--seed", seed, "world seed")->capture_default_str();
    app.add_option("--queries", queries, "random long queries (start and goal in opposite halves)")
        ->capture_default_str();
    app.add_option("--algo", algos, "hierarchical algorithms to time")->capture_default_str();
    app.add_option("--cluster-size", cluster_size, "cells per cluster side (0: the default)")
        ->capture_default_str();
    app.add_option(
           "--abstract-weight", weights,
           "fast mode's abstract weights to time, each on the same queries (default: "
           "the engine's: 1.05, or 1.08 on maps over 2^22 cells); repairs are timed with the "
           "first")
        ->check(CLI::Range(1.0, 10.0));
    app.add_option("--flat", flat, "the flat optimal peer")->capture_default_str();
    app.add_option("--flat-every", flat_every, "run the flat peer on every N-th query only")
        ->capture_default_str();
    std::string exact_search;
    app.add_option("--exact-search", exact_search,
                   "hpa-exact's search: cells or abstract (default: the engine's by map size)")
        ->check(CLI::IsMember({"cells", "abstract"}));
    bool dead_ends = false;
    app.add_flag("--dead-ends", dead_ends,
                 "time the dead-end map instead (build, repairs, A* with and without it on every "
                 "--flat-every-th query; worlds up to 4096)");
    CLI11_PARSE(app, argc, argv);

    std::fprintf(stderr, "generating a %d x %d world (seed %llu)...\n", size, size,
                 static_cast<unsigned long long>(seed));
    auto t0 = clock_type::now();
    auto made = grid::generate_world(size, size, seed);
    if (!made) {
        std::fprintf(stderr, "%s\n", made.err().message.c_str());
        return 2;
    }
    std::fprintf(stderr, "generated in %.1f s\n", us_since(t0) / 1e6);
    auto snap = grid::map_snapshot::make(std::move(made).value());
    const grid::grid_map& map = snap->map();

    // Long queries: start in the left third, goal in the right third, both free.
    std::mt19937_64 rng(seed * 7 + 1);
    std::vector<std::pair<cell, cell>> pairs;
    std::uniform_int_distribution<std::int32_t> third(0, size / 3 - 1);
    std::uniform_int_distribution<std::int32_t> any(0, size - 1);
    while (static_cast<int>(pairs.size()) < queries) {
        const cell a{third(rng), any(rng)};
        const cell b{size - 1 - third(rng), any(rng)};
        if (map.passable(a) && map.passable(b)) pairs.emplace_back(a, b);
    }
    std::printf("world %d x %d, seed %llu, %d queries (left third to right third)\n", size, size,
                static_cast<unsigned long long>(seed), queries);
    if (dead_ends) {
        time_dead_ends(snap, size, seed, pairs, flat_every);
        return 0;
    }

    // The flat optimum (sampled).
    std::vector<double> optimal(pairs.size(), -1.0);
    std::vector<double> flat_us;
    {
        auto finder = registry::find_finder(flat)->make();
        for (std::size_t i = 0; i < pairs.size(); i += static_cast<std::size_t>(flat_every)) {
            const search::search_request req{.start = pairs[i].first, .goal = pairs[i].second};
            t0 = clock_type::now();
            const auto r = finder->find(map, req);
            flat_us.push_back(us_since(t0));
            optimal[i] = r.found() ? r.length : -2.0;
            if (i % 20 == 0) std::fprintf(stderr, "\r%s %zu/%zu", flat.c_str(), i, pairs.size());
        }
        std::fprintf(stderr, "\n");
        const auto s = bench::summarize(flat_us);
        std::printf("%-10s queries %4zu  p50 %10.1f us  p99 %10.1f us  mean %10.1f us\n",
                    flat.c_str(), s.count, s.median, s.p99, s.mean);
    }

    for (const std::string& algo : algos) {
        const auto mode =
            algo == "hpa-exact" ? hierarchy::hpa_mode::exact : hierarchy::hpa_mode::fast;
        hierarchy::hpa_search engine(mode, cluster_size);
        if (!exact_search.empty()) {
            engine.set_exact_search(exact_search == "cells" ? hierarchy::exact_search::cells
                                                            : hierarchy::exact_search::abstract);
        }
        engine.set_progress([&](std::size_t done, std::size_t total) {
            std::fprintf(stderr, "\r%s graph: %zu/%zu clusters", algo.c_str(), done, total);
        });
        t0 = clock_type::now();
        const auto graph = engine.graph_for(map, {});
        const double build_ms = us_since(t0) / 1000.0;
        std::fprintf(stderr, "\n");
        std::vector<double> run_weights = weights;
        if (run_weights.empty() || mode == hierarchy::hpa_mode::exact) {
            run_weights = {engine.abstract_weight(map)};
        }
        // One untimed query first: the first query on a map builds the abstract landmarks
        // (seconds on the largest worlds), which would otherwise land in the first weight's mean.
        if (!pairs.empty()) {
            if (mode == hierarchy::hpa_mode::exact) {
                std::printf("%-10s exact search: %s\n", algo.c_str(),
                            engine.exact_search_for(map) == hierarchy::exact_search::cells
                                ? "cells (JPS with the clusters' landmark ranges)"
                                : "abstract (A* over the abstract graph)");
            }
            t0 = clock_type::now();
            (void)engine.find_path(map, {.start = pairs[0].first, .goal = pairs[0].second});
            std::printf("%-10s first query (builds the landmarks, untimed below) %.1f ms\n",
                        algo.c_str(), us_since(t0) / 1000.0);
        }
        std::size_t peak_engine = 0;
        for (const double w : run_weights) {
            engine.set_abstract_weight(w);
            std::vector<double> us;
            std::vector<double> ratio;
            double expanded = 0;
            int mismatched_reach = 0;
            for (std::size_t i = 0; i < pairs.size(); ++i) {
                const search::search_request req{.start = pairs[i].first, .goal = pairs[i].second};
                t0 = clock_type::now();
                const auto r = engine.find_path(map, req);
                us.push_back(us_since(t0));
                expanded += static_cast<double>(r.stats.expanded);
                peak_engine = std::max(peak_engine, engine.memory_bytes());
                if (optimal[i] >= 0) {
                    if (!r.found()) {
                        ++mismatched_reach;
                    } else {
                        ratio.push_back(r.length / optimal[i]);
                    }
                } else if (optimal[i] == -2.0 && r.found()) {
                    ++mismatched_reach;
                }
            }
            const auto s = bench::summarize(us);
            const auto q = bench::summarize(ratio);
            std::printf(
                "%-10s weight %.2f queries %4zu  p50 %10.1f us  p99 %10.1f us  mean %10.1f us  "
                "length/optimal mean %.4f max %.4f (%zu compared, %d reachability "
                "mismatches), expanded mean %.0f\n",
                algo.c_str(), engine.abstract_weight(map), s.count, s.median, s.p99, s.mean, q.mean,
                q.max, q.count, mismatched_reach, expanded / static_cast<double>(pairs.size()));
        }
        engine.set_abstract_weight(run_weights.front());
        std::printf("%-10s graph: clusters of %d, %zu clusters, %u transitions, built in %.1f "
                    "ms, %.1f MiB; map %.1f MiB; engine (per worker) peak %.2f MiB\n",
                    algo.c_str(), graph->options().cluster_size, graph->cluster_count(),
                    graph->node_count(), build_ms,
                    static_cast<double>(graph->memory_bytes()) / (1 << 20),
                    static_cast<double>(map.memory_bytes()) / (1 << 20),
                    static_cast<double>(peak_engine) / (1 << 20));

        // Repairs: a door (one cell) toggled 20 times, and a 20 x 20 building put up and torn
        // down 10 times, each applied as a new snapshot whose graph is repaired from the last.
        auto current = snap;
        std::vector<double> door_us;
        std::vector<double> building_us;
        std::vector<double> first_query_us; // the next query: carries the landmarks over
        std::mt19937_64 where(seed);
        for (int round = 0; round < 30; ++round) {
            const bool door = round < 20;
            const auto edits = world_edit(current->map(), where, size, door, true);
            auto next = current->apply(edits).value();
            (void)engine.graph_for(current->map(), {}); // the parent's graph exists
            const auto repaired = engine.graph_for(next->map(), {});
            (door ? door_us : building_us).push_back(repaired->last_repair().microseconds);
            const auto& probe = pairs[static_cast<std::size_t>(round) % pairs.size()];
            t0 = clock_type::now();
            (void)engine.find_path(next->map(), {.start = probe.first, .goal = probe.second});
            first_query_us.push_back(us_since(t0));
            current = next;
        }
        const auto d = bench::summarize(door_us);
        const auto b = bench::summarize(building_us);
        const auto fq = bench::summarize(first_query_us);
        std::printf("%-10s repair: door toggle p50 %.1f us (max %.1f), 20x20 building p50 %.1f "
                    "us (max %.1f); the first query after a change p50 %.1f us (max %.1f)\n",
                    algo.c_str(), d.median, d.max, b.median, b.max, fq.median, fq.max);
    }
    return 0;
}
