// Every JPS variant against the optimal lengths of the shared Moving AI scenarios (sampled so
// the suite stays fast), with each returned path checked step by step. Skips without the data.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "support/scenario_maps.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu_testdata/movingai_data.hpp"

// Sanitizer and unoptimised builds check every other file (each map builds its JPS+ tables and
// subgoal graph there), build the landmark tables (nine Dijkstra searches per map) and the
// subgoal hierarchies (about 10 s for an open 1024 x 1024 map in Release; the whole set is
// checked by hand, docs/jps.md) of fewer maps.
#if defined(__SANITIZE_ADDRESS__) || defined(XUNLU_ASAN_BUILD) || !defined(NDEBUG)
constexpr std::size_t file_stride = 2;
constexpr std::size_t landmark_file_stride = 6;
constexpr std::int64_t hierarchy_max_cells = std::int64_t{1} << 17; ///< only the small maps
#else
constexpr std::size_t file_stride = 1;
constexpr std::size_t landmark_file_stride = 1;
constexpr std::int64_t hierarchy_max_cells = std::int64_t{1} << 18; ///< up to 512 x 512
#endif
// The landmark files are picked among the files visited.
static_assert(landmark_file_stride % file_stride == 0);

namespace xunlu {
namespace {

TEST(jps_movingai, every_variant_matches_optimal_lengths_on_a_sample) {
    if (testdata::movingai_dir().empty()) GTEST_SKIP() << testdata::movingai_skip_message();
    // Found now, at run time: a data set that is named but missing or empty is a failure.
    ASSERT_TRUE(std::filesystem::is_directory(testdata::movingai_dir()))
        << "XUNLU_MOVINGAI_DIR=" << testdata::movingai_dir() << " is not a folder";
    const auto files = testdata::movingai_scenario_files();
    ASSERT_FALSE(files.empty()) << testdata::movingai_dir() << " holds no .map.scen files";
    std::size_t checked = 0;
    // The defaults (jps, jps+), subgoal, subgoal-ch and jps-dh get about 25 scenarios per file,
    // spread over all buckets (short to long); the variants kept for comparison 10 (the full set
    // is checked by hand, docs/jps.md). Each map is loaded once for all of them.
    const std::vector<std::pair<const char*, std::size_t>> algos = {
        {"jps", 25},    {"jps-online", 10},    {"jps-block", 10}, {"jps-pruned", 10},
        {"jps+", 25},   {"jps+-unpruned", 10}, {"subgoal", 25},   {"astar-dh", 10},
        {"jps-dh", 25}, {"jps+-dh", 10},       {"subgoal-ch", 25}};
    std::vector<std::unique_ptr<search::finder>> finders;
    for (const auto& [algo, per_file] : algos)
        finders.push_back(registry::find_finder(algo)->make());
    for (std::size_t f = 0; f < files.size(); f += file_stride) {
        const auto& file = files[f];
        auto read = testing::read_scenario_file(file);
        ASSERT_EQ(read.error, "");
        const auto& scens = read.scenarios;
        for (std::size_t a = 0; a < algos.size(); ++a) {
            const auto& [algo, per_file] = algos[a];
            const bool preprocessed_heavily =
                std::string(algo).ends_with("-dh") || std::string(algo) == "subgoal-ch";
            if (preprocessed_heavily && f % landmark_file_stride != 0) continue;
            const std::size_t every = std::max<std::size_t>(1, scens.size() / per_file);
            for (std::size_t i = 0; i < scens.size(); i += every) {
                const io::scenario& s = scens[i];
                const grid::grid_map* map = read.map_of(s);
                ASSERT_NE(map, nullptr) << read.error;
                if (std::string(algo) == "subgoal-ch" &&
                    std::int64_t{map->width()} * map->height() > hierarchy_max_cells) {
                    break;
                }
                const search::search_request request{.start = s.start, .goal = s.goal};
                const auto r = finders[a]->find(*map, request);
                const std::string where = std::string(algo) + " " + file.filename().string() + ":" +
                                          std::to_string(s.line);
                ASSERT_TRUE(r.found()) << where << ": " << r.reason;
                EXPECT_TRUE(s.matches(r.length))
                    << where << ": length " << r.length << " expected " << s.optimal_length;
                ASSERT_EQ(r.path.front(), s.start) << where;
                ASSERT_EQ(r.path.back(), s.goal) << where;
                const auto bad = grid::check_path(*map, r.path, request.rules, request.mask());
                EXPECT_FALSE(bad.has_value()) << where << ": " << *bad;
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 0u);
}

} // namespace
} // namespace xunlu
