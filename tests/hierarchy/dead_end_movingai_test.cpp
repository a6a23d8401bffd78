// Dead-end pruning on the shared Moving AI scenarios (sampled; the whole set is measured by
// hand, BENCHMARKS.md): astar-deadend and jps-deadend reproduce every optimal length with valid
// paths. Skips without the data.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>

#include "support/scenario_maps.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/hierarchy/dead_end_jps.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu_testdata/movingai_data.hpp"

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
    // Sanitizer and unoptimised builds: every 5th file, 4 scenarios each.
    const std::size_t per_file = testing::thin_sampling ? 4 : 25;
    const std::size_t stride = testing::thin_sampling ? 5 : 1;
    const std::size_t checked = testing::for_sampled_scenarios(
        files, per_file, stride,
        [&](const io::scenario& s, const grid::grid_map& map, const std::string& where) {
            const search::search_request req{.start = s.start, .goal = s.goal};
            for (const auto& [name, r] : {std::pair{"astar-deadend", astar.find_path(map, req)},
                                          std::pair{"jps-deadend", jps.find_path(map, req)}}) {
                ASSERT_TRUE(r.found()) << name << " " << where << ": " << r.reason;
                EXPECT_TRUE(s.matches(r.length)) << name << " " << where << ": length " << r.length
                                                 << " expected " << s.optimal_length;
                const auto bad = grid::check_path(map, r.path, req.rules, req.mask());
                EXPECT_FALSE(bad.has_value()) << name << " " << where << ": " << *bad;
            }
        });
    EXPECT_GT(checked, files.size() / stride);
}

} // namespace
} // namespace xunlu
