// Fog of war benchmark (issue 15): a unit walks each sampled Moving AI scenario through the fog
// (sensor radius R, unseen cells assumed walkable), re-planning with D* Lite whenever it sees a
// wall it did not know; at the same moments, A* from scratch on the same knowledge. Per family:
// re-plans per walk, the work of both (expansions) and their time, the median per-walk ratio.
// Every re-plan's cost is checked against the fresh A* (exit 1 on any mismatch).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "sample_stats.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/overlays/fog_walk.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu_testdata/movingai_data.hpp"

namespace {

using namespace xunlu;
namespace fs = std::filesystem;
using clock_type = std::chrono::steady_clock;

double micros(clock_type::time_point t0) {
    return std::chrono::duration<double, std::micro>(clock_type::now() - t0).count();
}

struct family_samples {
    std::vector<double> replans, dstar_exp, astar_exp, exp_ratio, dstar_ms, astar_ms, time_ratio;
};

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"fog_replan_bench: D* Lite vs A* from scratch for a unit walking in the fog"};
    std::size_t every = 100;
    std::int32_t radius = 4;
    std::vector<std::string> families;
    app.add_option("--every", every, "run every Nth scenario of each file")->capture_default_str();
    app.add_option("--sensor", radius, "cells the unit sees around it")->capture_default_str();
    app.add_option("--family", families, "only these families (folders), e.g. dao sc1");
    CLI11_PARSE(app, argc, argv);
    if (testdata::movingai_dir().empty()) {
        std::printf("%s\n", testdata::movingai_skip_message());
        return 0;
    }
    std::map<std::string, family_samples> by_family;
    std::size_t mismatches = 0, walks = 0;
    search::astar fresh_search;
    const auto files = testdata::movingai_scenario_files();
    std::size_t done_files = 0;
    for (const fs::path& file : files) {
        ++done_files;
        const std::string family = file.parent_path().filename().string();
        if (!families.empty() &&
            std::find(families.begin(), families.end(), family) == families.end()) {
            continue;
        }
        auto text = io::read_file(file.string());
        if (!text) continue;
        auto scens = io::parse_scenarios(*text, file.string());
        if (!scens || scens->empty()) continue;
        auto loaded = io::load_map(
            (file.parent_path() / std::string(io::map_basename(scens->front().map_name))).string());
        if (!loaded) {
            std::fprintf(stderr, "%s\n", loaded.err().message.c_str());
            return 1;
        }
        std::fprintf(stderr, "\r[%zu/%zu] %-40s", done_files, files.size(),
                     file.filename().string().c_str());
        const grid::grid_map& map = loaded->map;
        family_samples& f = by_family[family];
        const overlays::fog_walk_options options{.sensor_radius = radius};
        for (std::size_t i = every / 2; i < scens->size(); i += every) {
            const auto& s = (*scens)[i];
            // D* Lite alone, timed: the whole walk (first plan, repairs, steps).
            auto fog = overlays::fog_layer::create(map.width(), map.height()).value();
            auto t0 = clock_type::now();
            const auto walk = overlays::walk_through_fog(map, fog, s.start, s.goal, options);
            const double dstar_us = micros(t0);
            if (walk.status != overlays::fog_walk_status::arrived) continue;
            // The same walk again, now with A* from scratch at the first plan and every re-plan
            // on a copy of what the unit believes (kept up to date outside the timing).
            auto fog2 = overlays::fog_layer::create(map.width(), map.height()).value();
            auto believed = grid::grid_map::create(map.width(), map.height()).value();
            double astar_us = 0;
            std::uint64_t astar_exp = 0;
            const auto again = overlays::walk_through_fog(
                map, fog2, s.start, s.goal, options,
                [&](const overlays::dstar_lite& d, cell at, std::span<const cell> changed) {
                    if (changed.empty()) { // the first plan: everything seen so far
                        for (std::int32_t y = 0; y < map.height(); ++y) {
                            for (std::int32_t x = 0; x < map.width(); ++x) {
                                if (fog2.explored({x, y}) && !map.passable({x, y})) {
                                    believed.set_high_obstacle({x, y}, true);
                                }
                            }
                        }
                    }
                    for (const cell c : changed) believed.set_high_obstacle(c, !map.passable(c));
                    const auto t1 = clock_type::now();
                    const auto r = fresh_search.find_path(believed, {.start = at, .goal = s.goal});
                    astar_us += micros(t1);
                    astar_exp += r.stats.expanded;
                    if (!r.found() || std::abs(r.cost - d.cost()) > 1e-9 * (1 + r.cost)) {
                        ++mismatches;
                    }
                });
            if (again.walked != walk.walked) ++mismatches; // deterministic walks
            ++walks;
            const auto dexp = static_cast<double>(walk.search.expanded);
            f.replans.push_back(static_cast<double>(walk.replans));
            f.dstar_exp.push_back(dexp);
            f.astar_exp.push_back(static_cast<double>(astar_exp));
            f.exp_ratio.push_back(static_cast<double>(astar_exp) / std::max(dexp, 1.0));
            f.dstar_ms.push_back(dstar_us / 1000);
            f.astar_ms.push_back(astar_us / 1000);
            f.time_ratio.push_back(astar_us / std::max(dstar_us, 1e-3));
        }
    }
    std::fprintf(stderr, "\n");
    std::printf("sensor radius %d, unseen cells walkable, every %zu-th scenario, %zu walks; every "
                "re-plan equals A* from scratch: %s\n\n",
                radius, every, walks, mismatches == 0 ? "yes" : "NO");
    std::printf(
        "| family | walks | re-plans per walk | D* Lite expanded | A* expanded | work ratio "
        "(A* / D* Lite) | D* Lite ms | A* ms | time ratio |\n");
    std::printf("|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (const auto& [name, f] : by_family) {
        if (f.replans.empty()) continue;
        std::printf("| %s | %zu | %.0f | %.0f | %.0f | %.2fx | %.2f | %.2f | %.2fx |\n",
                    name.c_str(), f.replans.size(), bench::summarize(f.replans).median,
                    bench::summarize(f.dstar_exp).median, bench::summarize(f.astar_exp).median,
                    bench::summarize(f.exp_ratio).median, bench::summarize(f.dstar_ms).median,
                    bench::summarize(f.astar_ms).median, bench::summarize(f.time_ratio).median);
    }
    std::printf("\n(medians over walks; per walk: all re-plans plus the first plan for both, and "
                "D* Lite's time is its whole walk, stepping included)\n");
    return mismatches == 0 ? 0 : 1;
}
