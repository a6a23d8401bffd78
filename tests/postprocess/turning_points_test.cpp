// Post-processing on its own: collinear removal and string pulling to minimal turning points.
#include <gtest/gtest.h>

#include "support/ascii_map.hpp"
#include "xunlu/postprocess/turning_points.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

TEST(remove_collinear, keeps_only_corners_and_drops_duplicates) {
    const std::vector<point> in{{0, 0}, {1, 0}, {1, 0}, {2, 0}, {3, 1}, {4, 2}, {4, 3}};
    const auto out = postprocess::remove_collinear(in);
    const std::vector<point> want{{0, 0}, {2, 0}, {4, 2}, {4, 3}};
    EXPECT_EQ(out, want);
    // A reversal is not collinear "on the way": kept.
    const std::vector<point> back{{0, 0}, {2, 0}, {1, 0}};
    EXPECT_EQ(postprocess::remove_collinear(back).size(), 3u);
}

TEST(string_pull, astar_path_becomes_minimal_turning_points) {
    auto m = testing::parse_ascii(R"(
        S.........
        ....#.....
        ....#.....
        ....#####.
        .........G
    )");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_TRUE(r.found());
    const auto centres = postprocess::cell_centres(r.path);
    postprocess::pull_stats st;
    const auto pts = postprocess::string_pull(m.map, centres, grid::obstacle_mask::high_only, &st);
    EXPECT_EQ(pts.front(), centres.front());
    EXPECT_EQ(pts.back(), centres.back());
    EXPECT_TRUE(postprocess::consecutive_visible(m.map, pts, grid::obstacle_mask::high_only));
    EXPECT_EQ(postprocess::first_droppable(m.map, pts, grid::obstacle_mask::high_only), -1);
    EXPECT_LT(pts.size(), centres.size());
    EXPECT_GT(st.los_checks, 0u);
}

TEST(string_pull, trivial_inputs) {
    auto m = testing::parse_ascii("...");
    EXPECT_TRUE(postprocess::string_pull(m.map, {}, grid::obstacle_mask::high_only).empty());
    const std::vector<point> one{{0.5, 0.5}};
    EXPECT_EQ(postprocess::string_pull(m.map, one, grid::obstacle_mask::high_only), one);
    const std::vector<point> line{{0.5, 0.5}, {1.5, 0.5}, {2.5, 0.5}};
    const std::vector<point> ends{{0.5, 0.5}, {2.5, 0.5}};
    EXPECT_EQ(postprocess::string_pull(m.map, line, grid::obstacle_mask::high_only), ends);
}

TEST(first_droppable, finds_a_redundant_point) {
    auto m = testing::parse_ascii("....\n....");
    const std::vector<point> pts{{0.5, 0.5}, {1.5, 1.5}, {3.5, 0.5}};
    EXPECT_EQ(postprocess::first_droppable(m.map, pts, grid::obstacle_mask::high_only), 1);
}

} // namespace
} // namespace xunlu
