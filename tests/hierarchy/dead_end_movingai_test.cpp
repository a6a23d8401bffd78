// Dead-end pruning on the shared Moving AI scenarios (sampled; the whole set is measured by
// hand, BENCHMARKS.md): astar-deadend and jps-deadend reproduce every optimal length with valid
// paths. Skips without the data.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "support/scenario_maps.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/hierarchy/dead_end_jps.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu_testdata/movingai_data.hpp"

// Sanitizer and unoptimised builds check every 5th file with fewer queries.
#if defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
constexpr std::size_t dead_end_per_file = 4;
constexpr std::size_t dead_end_file_stride = 5;
#else
constexpr std::size_t dead_end_per_file = 25;
constexpr std::size_t dead_end_file_stride = 1;
#endif

namespace xunlu {
namespace {

TEST(dead_end_movingai, pruned_searches_match_optimal_lengths) {
    if (testdata::movingai_dir().empty()) GTEST_SKIP() << testdata::movingai_skip_message();
    ASSERT_TRUE(std::filesystem::is_directory(testdata::movingai_dir()))
        << "XUNLU_MOVINGAI_DIR=" << testdata::movingai_dir() << " is not a folder";
    const auto files = testdata::movingai_scenario_files();
    ASSERT_FALSE(files.empty()) << testdata::movingai_dir() << " holds no .map.scen files";
    hierarchy::dead_end_astar astar;
    hierarchy::dead_end_jps jps;
    std::size_t checked = 0;
    for (std::size_t fi = 0; fi < files.size(); fi += dead_end_file_stride) {
        const auto& file = files[fi];
        auto read = testing::read_scenario_file(file);
        ASSERT_EQ(read.error, "");
        const std::size_t every =
            std::max<std::size_t>(1, read.scenarios.size() / dead_end_per_file);
        for (std::size_t i = 0; i < read.scenarios.size(); i += every) {
            const io::scenario& s = read.scenarios[i];
            const grid::grid_map* map = read.map_of(s);
            ASSERT_NE(map, nullptr) << read.error;
            const search::search_request req{.start = s.start, .goal = s.goal};
            const std::string where = file.filename().string() + ":" + std::to_string(s.line);
            for (const auto& [name, r] : {std::pair{"astar-deadend", astar.find_path(*map, req)},
                                          std::pair{"jps-deadend", jps.find_path(*map, req)}}) {
                ASSERT_TRUE(r.found()) << name << " " << where << ": " << r.reason;
                EXPECT_TRUE(s.matches(r.length)) << name << " " << where << ": length " << r.length
                                                 << " expected " << s.optimal_length;
                const auto bad = grid::check_path(*map, r.path, req.rules, req.mask());
                EXPECT_FALSE(bad.has_value()) << name << " " << where << ": " << *bad;
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, files.size() / dead_end_file_stride);
}

} // namespace
} // namespace xunlu
