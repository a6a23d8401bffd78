// The finder interface's default stepping: a finder that only implements `find` can still be
// driven through start / step / finish and gives the same answer.
#include <gtest/gtest.h>

#include "support/ascii_map.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/finder.hpp"

namespace xunlu {
namespace {

/// A finder that implements only `find` (as the registry's wrappers do).
class one_shot_astar final : public search::finder {
  public:
    search::search_result find(const grid::grid_map& map,
                               const search::search_request& request) override {
        ++calls;
        return engine_.find_path(map, request);
    }
    int calls = 0;

  private:
    search::astar engine_;
};

TEST(finder, default_stepping_runs_find_once_in_the_first_step) {
    auto m = testing::parse_ascii(R"(
        S..#....
        .#.#.##.
        .#...#.G
    )");
    one_shot_astar f;
    const search::search_request request{.start = m.start, .goal = m.goal};
    const auto want = f.find(m.map, request);
    ASSERT_EQ(want.status, search::search_status::found);
    ASSERT_TRUE(f.start(m.map, request));
    EXPECT_TRUE(f.step(1));
    EXPECT_TRUE(f.step(1)); // already over: no second search
    const auto got = f.finish();
    EXPECT_EQ(f.calls, 2);
    EXPECT_EQ(got.status, want.status);
    EXPECT_EQ(got.path, want.path);
    EXPECT_DOUBLE_EQ(got.cost, want.cost);
    // Without a start there is nothing to report.
    EXPECT_EQ(f.finish().status, search::search_status::invalid_input);
}

} // namespace
} // namespace xunlu
