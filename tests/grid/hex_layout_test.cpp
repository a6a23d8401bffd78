// Hex layouts: axial round trips, names, distances equal to a breadth-first count of steps,
// and hex lines (length, adjacency, endpoints, blocking).
#include <gtest/gtest.h>

#include <queue>
#include <vector>

#include "xunlu/grid/hex_line.hpp"
#include "xunlu/grid/hex_path.hpp"

namespace xunlu {
namespace {

using grid::hex_coords;
using grid::hex_layout;
using grid::hex_orientation;

TEST(hex_layout, axial_coordinates_round_trip_for_every_layout_also_off_the_map) {
    for (const hex_layout l : grid::all_hex_layouts) {
        for (int y = -7; y <= 7; ++y) {
            for (int x = -7; x <= 7; ++x) {
                const cell c{x, y};
                EXPECT_EQ(grid::from_axial(l, grid::to_axial(l, c)), c);
            }
        }
        EXPECT_EQ(grid::parse_hex_layout(grid::hex_layout_name(l)), l);
    }
    EXPECT_FALSE(grid::parse_hex_layout("pointy").has_value());
    EXPECT_FALSE(grid::parse_hex_layout("square-odd").has_value());
}

TEST(hex_layout, known_offset_neighbours) {
    // odd-r: the odd row 1 is shoved right, so (1,1) touches (1,0) and (2,0) above it.
    const hex_layout odd_r{hex_orientation::pointy, hex_coords::odd};
    EXPECT_EQ(grid::hex_distance(odd_r, {1, 1}, {1, 0}), 1);
    EXPECT_EQ(grid::hex_distance(odd_r, {1, 1}, {2, 0}), 1);
    EXPECT_EQ(grid::hex_distance(odd_r, {1, 1}, {0, 0}), 2);
    // even-q: the even column 0 is shoved down, so (0,0) touches (1,0) and (1,1).
    const hex_layout even_q{hex_orientation::flat, hex_coords::even};
    EXPECT_EQ(grid::hex_distance(even_q, {0, 0}, {1, 0}), 1);
    EXPECT_EQ(grid::hex_distance(even_q, {0, 0}, {1, 1}), 1);
    EXPECT_EQ(grid::hex_distance(even_q, {2, 0}, {1, 1}), 1);
}

TEST(hex_layout, distance_equals_breadth_first_steps_on_an_open_map) {
    constexpr int side = 17;
    for (const hex_layout l : grid::all_hex_layouts) {
        const cell from{8, 5};
        std::vector<int> steps(side * side, -1);
        std::queue<cell> open;
        steps[from.y * side + from.x] = 0;
        open.push(from);
        while (!open.empty()) {
            const cell c = open.front();
            open.pop();
            for (unsigned d = 0; d < 6; ++d) {
                const cell nb = grid::hex_neighbour(l, c, d);
                if (nb.x < 0 || nb.y < 0 || nb.x >= side || nb.y >= side) continue;
                if (steps[nb.y * side + nb.x] >= 0) continue;
                steps[nb.y * side + nb.x] = steps[c.y * side + c.x] + 1;
                open.push(nb);
            }
        }
        // Breadth-first inside the rectangle can only be longer than on the infinite plane;
        // for hexes near the middle both agree.
        for (int y = 3; y <= 10; ++y) {
            for (int x = 4; x <= 12; ++x) {
                EXPECT_EQ(grid::hex_distance(l, from, {x, y}), steps[y * side + x])
                    << grid::hex_layout_name(l) << " " << x << "," << y;
            }
        }
    }
}

TEST(hex_line, lines_are_contiguous_with_one_hex_per_step) {
    for (const hex_layout l : grid::all_hex_layouts) {
        for (int k = 0; k < 200; ++k) {
            const cell a{(k * 7) % 23, (k * 11) % 19};
            const cell b{(k * 13) % 29, (k * 5) % 17};
            const auto line = grid::hex_line(l, a, b);
            ASSERT_EQ(static_cast<int>(line.size()), grid::hex_distance(l, a, b) + 1);
            EXPECT_EQ(line.front(), a);
            EXPECT_EQ(line.back(), b);
            for (std::size_t i = 1; i < line.size(); ++i) {
                EXPECT_EQ(grid::hex_distance(l, line[i - 1], line[i]), 1);
            }
        }
    }
}

TEST(hex_line, line_of_sight_is_blocked_by_a_hex_on_the_line_only) {
    const hex_layout l{hex_orientation::pointy, hex_coords::axial};
    auto map = grid::grid_map::create(12, 12).value();
    const auto line = grid::hex_line(l, {1, 5}, {10, 5});
    EXPECT_TRUE(grid::hex_line_of_sight(map, l, {1, 5}, {10, 5}));
    map.set_high_obstacle(line[4], true);
    EXPECT_FALSE(grid::hex_line_of_sight(map, l, {1, 5}, {10, 5}));
    EXPECT_TRUE(grid::hex_line_of_sight(map, l, {1, 6}, {10, 6}));
    // Low obstacles block movement only when asked.
    map.set_high_obstacle(line[4], false);
    map.set_low_obstacle(line[4], true);
    EXPECT_TRUE(grid::hex_line_of_sight(map, l, {1, 5}, {10, 5}));
    EXPECT_FALSE(
        grid::hex_line_of_sight(map, l, {1, 5}, {10, 5}, grid::obstacle_mask::high_and_low));
    // Off the map is blocked.
    EXPECT_FALSE(grid::hex_line_of_sight(map, l, {1, 5}, {14, 5}));
}

TEST(hex_path, checks_name_the_bad_step) {
    const hex_layout l{};
    auto map = grid::grid_map::create(5, 5).value();
    const std::vector<cell> good{{0, 0}, {1, 0}, {1, 1}};
    EXPECT_FALSE(grid::check_hex_path(map, l, good).has_value());
    const std::vector<cell> jump{{0, 0}, {2, 0}};
    EXPECT_NE(grid::check_hex_path(map, l, jump)->find("step 1"), std::string::npos);
    // pointy-odd: (1,1) is on a shoved row, so (0,0) is not its neighbour.
    const std::vector<cell> diagonal{{1, 1}, {0, 0}};
    EXPECT_TRUE(grid::check_hex_path(map, l, diagonal).has_value());
    map.set_high_obstacle({1, 1}, true);
    EXPECT_NE(grid::check_hex_path(map, l, good)->find("blocked"), std::string::npos);
}

} // namespace
} // namespace xunlu
