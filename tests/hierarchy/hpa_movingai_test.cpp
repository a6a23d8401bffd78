// Both modes on the shared Moving AI scenarios (sampled so the suite stays fast; the whole set
// is measured by hand, docs/hierarchy.md): exact mode reproduces every optimal length, fast
// mode returns a valid path within the bound the docs state. Skips without the data.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "support/scenario_maps.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/hierarchy/hpa_search.hpp"
#include "xunlu_testdata/movingai_data.hpp"

namespace xunlu {
namespace {

/// The fast mode's length bound stated in docs/hierarchy.md (measured: the largest ratio to the
/// optimum over the whole shared set, rounded up).
constexpr double fast_bound = 1.35;

TEST(hpa_movingai, exact_matches_optimal_lengths_and_fast_stays_within_its_bound) {
    if (testdata::movingai_dir().empty()) GTEST_SKIP() << testdata::movingai_skip_message();
    ASSERT_TRUE(std::filesystem::is_directory(testdata::movingai_dir()))
        << "XUNLU_MOVINGAI_DIR=" << testdata::movingai_dir() << " is not a folder";
    const auto files = testdata::movingai_scenario_files();
    ASSERT_FALSE(files.empty()) << testdata::movingai_dir() << " holds no .map.scen files";
    hierarchy::hpa_search exact(hierarchy::hpa_mode::exact);
    hierarchy::hpa_search fast(hierarchy::hpa_mode::fast);
    // Exact mode's other search (A* over the abstract graph) on every 5th scenario.
    hierarchy::hpa_search abstract(hierarchy::hpa_mode::exact);
    abstract.set_exact_search(hierarchy::exact_search::abstract);
    std::size_t seen = 0;
    // Sanitizer and unoptimised builds check every 5th file (each map builds two graphs and
    // their landmarks) with fewer queries, and leave out its maps above 512 x 512 (that is
    // Paris_0_1024): under ASan this test took 80 s with it and 27 s without.
    const std::size_t per_file = testing::thin_sampling ? 4 : 25;
    const std::size_t stride = testing::thin_sampling ? 5 : 1;
    const std::int64_t max_cells = testing::thin_sampling ? std::int64_t{512} * 512 : INT64_MAX;
    std::size_t left_out = 0;
    const std::size_t checked = testing::for_sampled_scenarios(
        files, per_file, stride,
        [&](const io::scenario& s, const grid::grid_map& map, const std::string& where) {
            if (std::int64_t{map.width()} * map.height() > max_cells) {
                ++left_out;
                return;
            }
            const search::search_request req{.start = s.start, .goal = s.goal};
            const auto e = exact.find_path(map, req);
            ASSERT_TRUE(e.found()) << "hpa-exact " << where << ": " << e.reason;
            EXPECT_TRUE(s.matches(e.length)) << "hpa-exact " << where << ": length " << e.length
                                             << " expected " << s.optimal_length;
            EXPECT_FALSE(grid::check_path(map, e.path, req.rules, req.mask()).has_value());
            if (seen++ % 5 == 0) {
                const auto a = abstract.find_path(map, req);
                EXPECT_TRUE(s.matches(a.length))
                    << "hpa-exact (abstract) " << where << ": length " << a.length;
            }
            const auto f = fast.find_path(map, req);
            ASSERT_TRUE(f.found()) << "hpa " << where << ": " << f.reason;
            ASSERT_EQ(f.path.front(), s.start) << where;
            ASSERT_EQ(f.path.back(), s.goal) << where;
            const auto bad = grid::check_path(map, f.path, req.rules, req.mask());
            EXPECT_FALSE(bad.has_value()) << "hpa " << where << ": " << *bad;
            // Never shorter than the optimum (at the file's precision).
            EXPECT_TRUE(f.length >= s.optimal_length || s.matches(f.length))
                << "hpa " << where << ": length " << f.length << " below " << s.optimal_length;
            EXPECT_LE(f.length, s.optimal_length * fast_bound + 1e-4) << "hpa " << where;
        });
    EXPECT_GT(checked - left_out, files.size() / stride);
}

} // namespace
} // namespace xunlu
