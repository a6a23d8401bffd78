// Supercover line of sight: corners, slips between diagonal blocks, blocked cell reporting.
#include <gtest/gtest.h>

#include <vector>

#include "support/ascii_map.hpp"
#include "xunlu/grid/line_of_sight.hpp"

namespace xunlu {
namespace {

TEST(line_of_sight, visits_every_touched_cell_in_order) {
    std::vector<cell> cells;
    grid::for_each_cell_on_segment({0.5, 0.5}, {3.5, 1.5}, [&](cell c) {
        cells.push_back(c);
        return true;
    });
    // The segment passes exactly through the grid corner (2,1): both cells beside it are
    // visited, then the diagonal one.
    const std::vector<cell> expected{{0, 0}, {1, 0}, {2, 0}, {1, 1}, {2, 1}, {3, 1}};
    EXPECT_EQ(cells, expected);
}

TEST(line_of_sight, cannot_slip_between_diagonal_blocks) {
    auto m = testing::parse_ascii(R"(
        S#
        #G
    )");
    EXPECT_FALSE(grid::line_of_sight(m.map, m.start, m.goal));
    auto ray = grid::cast_ray(m.map, {0.5, 0.5}, {1.5, 1.5});
    EXPECT_FALSE(ray.clear);
    EXPECT_TRUE(ray.blocked_cell == (cell{1, 0}) || ray.blocked_cell == (cell{0, 1}));
}

TEST(line_of_sight, one_blocked_side_of_a_corner_blocks) {
    auto m = testing::parse_ascii(R"(
        S#
        .G
    )");
    EXPECT_FALSE(grid::line_of_sight(m.map, m.start, m.goal));
}

TEST(line_of_sight, clear_and_blocked_rays_report_first_blocked_cell) {
    auto m = testing::parse_ascii(R"(
        S.........
        ..........
        .....#....
        .........G
    )");
    EXPECT_TRUE(grid::line_of_sight(m.map, m.start, {9, 0}));
    const auto ray = grid::cast_ray(m.map, {0.5, 2.5}, {9.5, 2.5});
    EXPECT_FALSE(ray.clear);
    EXPECT_EQ(ray.blocked_cell, (cell{5, 2}));
}

TEST(line_of_sight, low_obstacles_do_not_block_sight_by_default) {
    auto m = testing::parse_ascii(R"(
        S.u.G
    )");
    EXPECT_TRUE(grid::line_of_sight(m.map, m.start, m.goal));
    EXPECT_FALSE(grid::line_of_sight(m.map, m.start, m.goal, grid::obstacle_mask::high_and_low));
}

TEST(line_of_sight, leaving_the_map_blocks) {
    auto m = testing::parse_ascii(R"(
        S.
    )");
    const auto ray = grid::cast_ray(m.map, {0.5, 0.5}, {3.5, 0.5});
    EXPECT_FALSE(ray.clear);
    EXPECT_EQ(ray.blocked_cell, (cell{2, 0}));
}

} // namespace
} // namespace xunlu
