// Turn penalty benchmark (issue 17): A* over (cell, heading) states with a turn penalty, and
// with penalty 0, against plain A* on the same sampled Moving AI scenarios, per map family:
// median time and expansions, and the median per-query time ratio. Checks that penalty 0 gives
// plain A*'s cost on every query and that no penalised cost is below it (exit 1 otherwise).
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
    std::vector<double> plain_us, zero_us, pen_us, plain_exp, pen_exp, time_ratio, exp_ratio;
};

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"turn_penalty_bench: A* with a turn penalty vs plain A* on the Moving AI set"};
    std::size_t every = 20;
    double penalty = 1.0;
    std::vector<std::string> families;
    app.add_option("--every", every, "run every Nth scenario of each file")->capture_default_str();
    app.add_option("--penalty", penalty, "turn penalty per 45 degrees")->capture_default_str();
    app.add_option("--family", families, "only these families (folders), e.g. dao sc1");
    CLI11_PARSE(app, argc, argv);
    if (testdata::movingai_dir().empty()) {
        std::printf("%s\n", testdata::movingai_skip_message());
        return 0;
    }
    std::map<std::string, family_samples> by_family;
    std::size_t mismatches = 0;
    search::astar plain, turns;
    for (const fs::path& file : testdata::movingai_scenario_files()) {
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
        const grid::grid_map& map = loaded->map;
        family_samples& f = by_family[family];
        for (std::size_t i = every / 2; i < scens->size(); i += every) {
            const auto& s = (*scens)[i];
            search::search_request req{.start = s.start, .goal = s.goal};
            auto t0 = clock_type::now();
            const auto a = plain.find_path(map, req);
            const double ta = micros(t0);
            req.turn_penalty = 0.0;
            t0 = clock_type::now();
            const auto z = turns.find_path(map, req);
            const double tz = micros(t0);
            req.turn_penalty = penalty;
            t0 = clock_type::now();
            const auto p = turns.find_path(map, req);
            const double tp = micros(t0);
            if (!a.found() || !z.found() || !p.found() ||
                std::abs(z.cost - a.cost) > 1e-9 * (1 + a.cost) || p.cost < a.cost - 1e-9) {
                ++mismatches;
                continue;
            }
            f.plain_us.push_back(ta);
            f.zero_us.push_back(tz);
            f.pen_us.push_back(tp);
            f.plain_exp.push_back(static_cast<double>(a.stats.expanded));
            f.pen_exp.push_back(static_cast<double>(p.stats.expanded));
            f.time_ratio.push_back(tp / std::max(ta, 1e-3));
            f.exp_ratio.push_back(
                static_cast<double>(p.stats.expanded) /
                static_cast<double>(std::max<std::uint64_t>(a.stats.expanded, 1)));
        }
    }
    std::printf("turn penalty %g per 45 degrees, every %zu-th scenario; penalty 0 equals plain A* "
                "on every query: %s\n\n",
                penalty, every, mismatches == 0 ? "yes" : "NO");
    std::printf("| family | queries | plain A* ms | penalty 0 ms | penalty %g ms | time ratio "
                "(median per query) | plain expanded | penalty expanded | expansions ratio |\n",
                penalty);
    std::printf("|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (const auto& [name, f] : by_family) {
        std::printf("| %s | %zu | %.3f | %.3f | %.3f | %.2fx | %.0f | %.0f | %.2fx |\n",
                    name.c_str(), f.plain_us.size(), bench::summarize(f.plain_us).median / 1000,
                    bench::summarize(f.zero_us).median / 1000,
                    bench::summarize(f.pen_us).median / 1000, bench::summarize(f.time_ratio).median,
                    bench::summarize(f.plain_exp).median, bench::summarize(f.pen_exp).median,
                    bench::summarize(f.exp_ratio).median);
    }
    return mismatches == 0 ? 0 : 1;
}
