// The crowd benchmark (BENCHMARKS.md "Crowds"): circle 100/250/1000/5000 and blocks 100/1000,
// seeds 1-3, with 1 and 2 threads: completion time against the ideal, overlaps, bodies in
// walls, bodies held back by the response, and microseconds per agent-tick, as one table.
// `crowd_bench --quick` runs the small cases only; `--min-agents` / `--max-agents N` skip
// smaller / bigger ones, `--seeds S` runs seeds 1..S, `--one-thread` skips the 2-thread runs,
// `--seconds CAP` replaces the default cap (3 x the ideal + 30 s), `--only NAME` one scenario.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "xunlu/crowd/scenario.hpp"

int main(int argc, char** argv) {
    std::size_t max_agents = 5000;
    std::size_t min_agents = 0;
    double seconds = 0;
    std::string only;
    std::vector<std::size_t> threads{1, 2};
    std::uint64_t seeds = 3;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            max_agents = 250;
        } else if (std::strcmp(argv[i], "--max-agents") == 0 && i + 1 < argc) {
            max_agents = std::strtoull(argv[++i], nullptr, 10);
        } else if (std::strcmp(argv[i], "--min-agents") == 0 && i + 1 < argc) {
            min_agents = std::strtoull(argv[++i], nullptr, 10);
        } else if (std::strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            seconds = std::strtod(argv[++i], nullptr);
        } else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (std::strcmp(argv[i], "--seeds") == 0 && i + 1 < argc) {
            seeds = std::strtoull(argv[++i], nullptr, 10);
        } else if (std::strcmp(argv[i], "--one-thread") == 0) {
            threads = {1};
        } else {
            std::fprintf(stderr, "usage: crowd_bench [--quick] [--max-agents N] [--seeds S] "
                                 "[--one-thread]\n");
            return 2;
        }
    }
    struct bench_case {
        const char* name;
        std::size_t agents;
    };
    const std::vector<bench_case> cases{{"circle", 100},  {"circle", 250}, {"circle", 1000},
                                        {"circle", 5000}, {"blocks", 100}, {"blocks", 1000}};
    std::printf("| scenario | N | seed | threads | done (s) | ideal (s) | ratio | arrived | "
                "overlap agent-ticks | max penetration | in walls | held back | us/agent-tick | "
                "trajectory |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const bench_case& c : cases) {
        if (c.agents > max_agents || c.agents < min_agents) continue;
        if (!only.empty() && only != c.name) continue;
        for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
            xunlu::crowd::scenario_options o;
            o.name = c.name;
            o.agents = c.agents;
            o.seed = seed;
            o.seconds = seconds;
            const auto s = xunlu::crowd::make_scenario(o);
            if (!s) {
                std::fprintf(stderr, "%s %zu: %s\n", c.name, c.agents, s.err().message.c_str());
                return 1;
            }
            for (const std::size_t t : threads) {
                o.threads = t;
                const auto r = xunlu::crowd::run_scenario(*s, o);
                if (!r) {
                    std::fprintf(stderr, "%s: %s\n", c.name, r.err().message.c_str());
                    return 1;
                }
                char done[32];
                if (r->completion_s >= 0) {
                    std::snprintf(done, sizeof done, "%.1f", r->completion_s);
                } else {
                    std::snprintf(done, sizeof done, "cap %.0f", double(r->ticks) * o.dt);
                }
                std::printf("| %s | %zu | %llu | %zu | %s | %.1f | %.2f | %zu | %llu | %.4f | %llu "
                            "| %llu | %.2f | %016llx |\n",
                            c.name, c.agents, static_cast<unsigned long long>(seed), t, done,
                            r->ideal_s, r->completion_s >= 0 ? r->completion_s / r->ideal_s : 0.0,
                            r->arrived, static_cast<unsigned long long>(r->overlap_agent_ticks),
                            r->max_penetration,
                            static_cast<unsigned long long>(r->wall_agent_ticks),
                            static_cast<unsigned long long>(r->held_back), r->us_per_agent_tick,
                            static_cast<unsigned long long>(r->trajectory_hash));
                std::fflush(stdout);
            }
        }
    }
    return 0;
}
