// Conformance on the Moving AI benchmark set: A*, Dijkstra and A* over (cell, heading) states
// with turn penalty 0 must reproduce the optimal length of sampled scenarios of every .map.scen
// file, and weighted A* (weights 1.5 and 3) stay within its bound, with every path checked step
// by step; failures
// name the file and line. The files are found when the test RUNS (not when it is built or
// discovered): data that appears after the build is checked, and absent data is a skip.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "xunlu/grid/path_check.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu_testdata/movingai_data.hpp"

// Sanitizer and unoptimised builds run far fewer scenarios so the suite stays quick.
#if defined(__SANITIZE_ADDRESS__)
#define XUNLU_SLOW_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define XUNLU_SLOW_BUILD 1
#endif
#endif
#if !defined(XUNLU_SLOW_BUILD) && !defined(NDEBUG)
#define XUNLU_SLOW_BUILD 1
#endif

namespace xunlu {
namespace {

namespace fs = std::filesystem;

/// How many scenarios of each file run. Each file runs an evenly spread sample of at most
/// `astar_cap` scenarios with A* and `dijkstra_cap` with Dijkstra (Dijkstra floods most of the
/// map, so it gets fewer), which bounds the suite's time whatever the file sizes.
/// XUNLU_MOVINGAI_EVERY=N runs every Nth scenario with every search, uncapped (1 = the whole
/// set: several minutes in Release).
struct sampling {
    std::size_t astar_cap;
    std::size_t dijkstra_cap;
    std::size_t turns_cap; ///< A* over (cell, heading) states, penalty 0 (nine times the states)
    std::size_t every = 0; ///< fixed stride from the environment, 0 = use the caps
};

sampling sampling_for_this_build() {
    if (const char* env = std::getenv("XUNLU_MOVINGAI_EVERY"); env != nullptr && *env != '\0') {
        const auto n = static_cast<std::size_t>(std::max(1L, std::strtol(env, nullptr, 10)));
        return {0, 0, 0, n};
    }
#ifdef XUNLU_SLOW_BUILD
    // Dijkstra and the (cell, heading) search flood most of a map: one of each per file (the
    // suite took 47 s under ASan in CI with two of each, 28 s with one).
    return {12, 1, 1};
#else
    return {160, 16, 24};
#endif
}

/// Stride that runs at most `cap` of `n` scenarios (1 when the file is small).
std::size_t stride_for(std::size_t n, std::size_t cap, std::size_t every) {
    if (every != 0) return every;
    return std::max<std::size_t>(1, (n + cap - 1) / cap);
}

struct run_counts {
    std::size_t run = 0;
    std::size_t bad = 0;
    std::string first_failures;
};

/// What is wrong with a search's answer to scenario `s` apart from its length: not found, an
/// invalid path, or one that does not join start and goal; empty when none of these.
std::string answer_problem(const search::search_result& r, const io::scenario& s,
                           const grid::grid_map& map, const search::search_request& req) {
    if (!r.found()) return std::string(search::status_name(r.status)) + " " + r.reason;
    if (auto bad = grid::check_path(map, r.path, req.rules, req.mask())) {
        return "invalid path: " + *bad;
    }
    if (r.path.front() != s.start || r.path.back() != s.goal) {
        return "path does not join start and goal";
    }
    return {};
}

/// `turn_penalty` set: the search over (cell, heading) states, which with penalty 0 must give
/// plain A*'s optimal lengths.
void check_algorithm(const char* algo, std::size_t every, std::size_t offset,
                     const std::vector<io::scenario>& scens, const grid::grid_map& map,
                     const std::string& file, run_counts& counts,
                     std::optional<double> turn_penalty = std::nullopt) {
    const auto* entry = registry::find_finder(algo);
    ASSERT_NE(entry, nullptr) << algo;
    ASSERT_TRUE(entry->caps.optimal);
    auto finder = entry->make();
    for (std::size_t i = offset % every; i < scens.size(); i += every) {
        const io::scenario& s = scens[i];
        const search::search_request req{
            .start = s.start, .goal = s.goal, .turn_penalty = turn_penalty};
        const auto r = finder->find(map, req);
        ++counts.run;
        std::string problem = answer_problem(r, s, map, req);
        if (!problem.empty()) {
            // already named
        } else if (!s.matches(r.length)) {
            problem = "length " + std::to_string(r.length) + ", expected " +
                      std::to_string(s.optimal_length);
        } else if (std::abs(r.cost - r.length) > 1e-9 * (1 + r.length) ||
                   std::abs(grid::path_length(r.path) - r.length) > 1e-9 * (1 + r.length)) {
            problem = "cost/length disagree: cost " + std::to_string(r.cost) + ", length " +
                      std::to_string(r.length);
        }
        if (!problem.empty()) {
            ++counts.bad;
            if (counts.bad <= 10) {
                counts.first_failures += "  " + file + ":" + std::to_string(s.line) + " " + algo +
                                         (turn_penalty ? " (turn penalty 0)" : "") + ": " +
                                         problem + "\n";
            }
        }
    }
}

/// Weighted A* (search_request::weight): every sampled scenario found, its path valid and its
/// length at most `weight` times the optimal length (bounded-suboptimal).
void check_weighted(double weight, std::size_t every, std::size_t offset,
                    const std::vector<io::scenario>& scens, const grid::grid_map& map,
                    const std::string& file, run_counts& counts) {
    auto finder = registry::find_finder("astar")->make();
    for (std::size_t i = offset % every; i < scens.size(); i += every) {
        const io::scenario& s = scens[i];
        const search::search_request req{.start = s.start, .goal = s.goal, .weight = weight};
        const auto r = finder->find(map, req);
        ++counts.run;
        const double tolerance = std::pow(10.0, -s.decimals) + 1e-9;
        std::string problem = answer_problem(r, s, map, req);
        if (problem.empty() && (r.length > weight * s.optimal_length + tolerance ||
                                r.length < s.optimal_length - tolerance)) {
            problem = "length " + std::to_string(r.length) + " outside [optimal, " +
                      std::to_string(weight) + " x optimal], optimal " +
                      std::to_string(s.optimal_length);
        }
        if (!problem.empty()) {
            ++counts.bad;
            if (counts.bad <= 10) {
                counts.first_failures += "  " + file + ":" + std::to_string(s.line) +
                                         " astar weight " + std::to_string(weight) + ": " +
                                         problem + "\n";
            }
        }
    }
}

void check_file(const std::string& file, run_counts& counts) {
    auto text = io::read_file(file);
    ASSERT_TRUE(text.ok()) << text.err().message;
    auto scens = io::parse_scenarios(*text, file);
    ASSERT_TRUE(scens.ok()) << scens.err().message;
    ASSERT_FALSE(scens->empty()) << file << " holds no scenarios";

    // Every scenario of one file names the same map; resolve it by base name next to the file.
    std::map<std::string, grid::grid_map> maps;
    for (const auto& s : *scens) {
        const std::string name(io::map_basename(s.map_name));
        if (maps.contains(name)) continue;
        auto loaded = io::load_map((fs::path(file).parent_path() / name).string());
        ASSERT_TRUE(loaded.ok()) << loaded.err().message;
        ASSERT_EQ(loaded->format, io::map_format::movingai);
        maps.emplace(name, std::move(loaded->map));
    }
    ASSERT_EQ(maps.size(), 1u) << file << " names several maps";
    const grid::grid_map& map = maps.begin()->second;
    for (const auto& s : *scens) {
        ASSERT_EQ(s.map_width, map.width()) << file << ":" << s.line;
        ASSERT_EQ(s.map_height, map.height()) << file << ":" << s.line;
    }

    const auto sample = sampling_for_this_build();
    const std::size_t n = scens->size();
    const std::size_t astar_every = stride_for(n, sample.astar_cap, sample.every);
    const std::size_t dijkstra_every = stride_for(n, sample.dijkstra_cap, sample.every);
    // Files list problems by length bucket, so a fixed stride samples every length range.
    check_algorithm("astar", astar_every, 0, *scens, map, file, counts);
    check_algorithm("dijkstra", dijkstra_every, dijkstra_every / 2, *scens, map, file, counts);
    // Turn penalty 0 over (cell, heading) states: the same optimal lengths.
    const std::size_t turns_every = stride_for(n, sample.turns_cap, sample.every);
    check_algorithm("astar", turns_every, turns_every / 3, *scens, map, file, counts, 0.0);
    // Weighted A*: the cost bound w x optimal (whole set: XUNLU_MOVINGAI_EVERY=1, or
    // `xunlu scen --weight W` per file).
    check_weighted(1.5, astar_every, astar_every / 4, *scens, map, file, counts);
    check_weighted(3.0, astar_every, astar_every / 5, *scens, map, file, counts);
}

TEST(movingai_conformance, astar_and_dijkstra_match_optimal_lengths_in_every_file) {
    if (testdata::movingai_dir().empty()) GTEST_SKIP() << testdata::movingai_skip_message();
    // Found now, at run time: a data set that is named but missing or empty is a failure.
    ASSERT_TRUE(std::filesystem::is_directory(testdata::movingai_dir()))
        << "XUNLU_MOVINGAI_DIR=" << testdata::movingai_dir() << " is not a folder";
    const auto files = testdata::movingai_scenario_files();
    ASSERT_FALSE(files.empty()) << testdata::movingai_dir() << " holds no .map.scen files";
    run_counts counts;
    for (const auto& file : files) {
        SCOPED_TRACE(file.string());
        const std::size_t before = counts.run;
        check_file(file.string(), counts);
        EXPECT_GT(counts.run, before) << file << ": no scenario ran";
    }
    EXPECT_EQ(counts.bad, 0u) << counts.bad << " of " << counts.run
                              << " sampled searches failed; first ones:\n"
                              << counts.first_failures;
    RecordProperty("files", static_cast<int>(files.size()));
    RecordProperty("searches", static_cast<int>(counts.run));
}

} // namespace
} // namespace xunlu
