// check_path, can_step, path_length and path_cost on hand-drawn maps.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "support/ascii_map.hpp"
#include "xunlu/grid/path_check.hpp"

namespace xunlu {
namespace {

using grid::obstacle_mask;

constexpr double sqrt2 = 1.4142135623730951;
const grid::movement_rules eight{};
const grid::movement_rules four{.moves = grid::connectivity::four};
const grid::movement_rules cut1{.corners = grid::corner_rule::cut_if_one_free};
const grid::movement_rules always{.corners = grid::corner_rule::always};

TEST(path_check, accepts_a_legal_path) {
    auto m = testing::parse_ascii(R"(
        S..
        .#.
        ..G
    )");
    const std::vector<cell> path{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}};
    EXPECT_EQ(grid::check_path(m.map, path, four, obstacle_mask::high_and_low), std::nullopt);
    EXPECT_EQ(grid::check_path(m.map, path, eight, obstacle_mask::high_and_low), std::nullopt);
    EXPECT_DOUBLE_EQ(grid::path_length(path), 4.0);
}

TEST(path_check, single_cell_path_is_valid_and_has_zero_length) {
    auto m = testing::parse_ascii("S");
    const std::vector<cell> path{{0, 0}};
    EXPECT_EQ(grid::check_path(m.map, path, eight, obstacle_mask::high_and_low), std::nullopt);
    EXPECT_EQ(grid::path_length(path), 0.0);
    EXPECT_EQ(grid::path_cost(m.map, path, eight), 0.0);
}

TEST(path_check, names_the_first_bad_step) {
    auto m = testing::parse_ascii(R"(
        ....
        .#..
    )");
    EXPECT_EQ(grid::check_path(m.map, {}, eight, obstacle_mask::high_and_low), "path is empty");
    const std::vector<cell> blocked_start{{1, 1}, {0, 1}};
    EXPECT_EQ(grid::check_path(m.map, blocked_start, eight, obstacle_mask::high_and_low),
              "path cell 0 (1,1) is blocked or outside the map");
    const std::vector<cell> outside{{-1, 0}};
    EXPECT_TRUE(grid::check_path(m.map, outside, eight, obstacle_mask::high_and_low));
    const std::vector<cell> jump{{0, 0}, {1, 0}, {3, 0}};
    EXPECT_EQ(grid::check_path(m.map, jump, eight, obstacle_mask::high_and_low),
              "illegal step 2 from (1,0) to (3,0)");
    const std::vector<cell> into_wall{{0, 0}, {1, 0}, {1, 1}};
    EXPECT_EQ(grid::check_path(m.map, into_wall, eight, obstacle_mask::high_and_low),
              "illegal step 2 from (1,0) to (1,1)");
    const std::vector<cell> stand_still{{0, 0}, {0, 0}};
    EXPECT_EQ(grid::check_path(m.map, stand_still, eight, obstacle_mask::high_and_low),
              "illegal step 1 from (0,0) to (0,0)");
}

TEST(path_check, diagonal_past_a_corner_depends_on_the_rule) {
    auto m = testing::parse_ascii(R"(
        S#
        .G
    )");
    const std::vector<cell> diagonal{{0, 0}, {1, 1}};
    EXPECT_TRUE(grid::check_path(m.map, diagonal, eight, obstacle_mask::high_and_low));
    EXPECT_TRUE(grid::check_path(m.map, diagonal, four, obstacle_mask::high_and_low));
    EXPECT_EQ(grid::check_path(m.map, diagonal, cut1, obstacle_mask::high_and_low), std::nullopt);
    EXPECT_EQ(grid::check_path(m.map, diagonal, always, obstacle_mask::high_and_low), std::nullopt);

    auto squeeze = testing::parse_ascii(R"(
        S#
        #G
    )");
    EXPECT_TRUE(grid::check_path(squeeze.map, diagonal, cut1, obstacle_mask::high_and_low));
    EXPECT_EQ(grid::check_path(squeeze.map, diagonal, always, obstacle_mask::high_and_low),
              std::nullopt);
}

TEST(path_check, low_obstacles_only_block_under_their_mask) {
    auto m = testing::parse_ascii(R"(
        SuG
    )");
    const std::vector<cell> path{{0, 0}, {1, 0}, {2, 0}};
    EXPECT_TRUE(grid::check_path(m.map, path, eight, obstacle_mask::high_and_low));
    EXPECT_EQ(grid::check_path(m.map, path, eight, obstacle_mask::high_only), std::nullopt);
    // A low obstacle at a corner blocks a diagonal only when it blocks at all.
    auto c = testing::parse_ascii(R"(
        Su
        .G
    )");
    const std::vector<cell> diagonal{{0, 0}, {1, 1}};
    EXPECT_TRUE(grid::check_path(c.map, diagonal, eight, obstacle_mask::high_and_low));
    EXPECT_EQ(grid::check_path(c.map, diagonal, eight, obstacle_mask::high_only), std::nullopt);
}

TEST(path_check, can_step_rejects_non_unit_moves) {
    auto m = testing::parse_ascii("...");
    EXPECT_FALSE(grid::can_step(m.map, {0, 0}, 0, 0, eight, obstacle_mask::high_and_low));
    EXPECT_FALSE(grid::can_step(m.map, {0, 0}, 2, 0, eight, obstacle_mask::high_and_low));
    EXPECT_FALSE(grid::can_step(m.map, {0, 0}, -1, 0, eight, obstacle_mask::high_and_low));
    EXPECT_TRUE(grid::can_step(m.map, {0, 0}, 1, 0, eight, obstacle_mask::high_and_low));
}

TEST(path_check, length_and_cost_with_terrain_and_integer_steps) {
    auto m = testing::parse_ascii(R"(
        S3.
        ..5
    )");
    const std::vector<cell> path{{0, 0}, {1, 0}, {2, 1}};
    EXPECT_NEAR(grid::path_length(path), 1 + sqrt2, 1e-12);
    // Entering (1,0) costs 1*3, entering (2,1) costs sqrt2*5.
    EXPECT_NEAR(grid::path_cost(m.map, path, eight), 3 + 5 * sqrt2, 1e-12);
    const grid::movement_rules ints{.costs = grid::step_costs::integer_10_14};
    EXPECT_EQ(grid::path_cost(m.map, path, ints), 10 * 3 + 14 * 5);
    // The length ignores terrain and step-cost mode.
    EXPECT_NEAR(grid::path_length(path), 1 + sqrt2, 1e-12);
}

} // namespace
} // namespace xunlu
