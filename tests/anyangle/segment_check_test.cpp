// The exact segment rule against its definition (reference::segment_free) on random maps and
// every kind of endpoint, plus the cases the rule is about, drawn.
#include "xunlu/anyangle/segment_check.hpp"

#include <gtest/gtest.h>

#include <random>

#include "any_angle_reference.hpp"
#include "support/ascii_map.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle {
namespace {

constexpr auto high = grid::obstacle_mask::high_and_low;

TEST(segment_check, the_drawn_rules) {
    const auto m = testing::parse_ascii(R"(
        ....
        .#..
        ..#.
        ....)")
                       .map;
    // Squeezing between the two diagonal walls, through corner (2,2) = half (4,4): refused.
    EXPECT_FALSE(segment_is_free(m, centre_of({2, 1}), centre_of({1, 2}), high));
    // Touching one wall's corner on the way: allowed.
    EXPECT_TRUE(segment_is_free(m, centre_of({0, 0}), half_point{4, 2}, high));
    EXPECT_TRUE(segment_is_free(m, centre_of({3, 0}), centre_of({2, 1}), high));
    // Through a wall: refused.
    EXPECT_FALSE(segment_is_free(m, centre_of({0, 1}), centre_of({3, 1}), high));
    // Along a wall's edge (row line y = 1, beside wall (1,1) above free cells (1,0)): allowed.
    EXPECT_TRUE(segment_is_free(m, half_point{0, 2}, half_point{8, 2}, high));
    // Along the grid line through the pinch corner (4,4), switching sides there: refused.
    EXPECT_FALSE(segment_is_free(m, half_point{0, 4}, half_point{8, 4}, high));
    // Off the map: refused; along the map's edge beside free cells: allowed.
    EXPECT_FALSE(segment_is_free(m, centre_of({0, 0}), half_point{-1, 1}, high));
    EXPECT_TRUE(segment_is_free(m, half_point{0, 0}, half_point{8, 0}, high));
}

TEST(segment_check, agrees_with_the_definition_on_random_maps_and_points) {
    std::mt19937_64 rng(12);
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const std::int32_t w = 3 + static_cast<std::int32_t>(seed % 9);
        const std::int32_t h = 3 + static_cast<std::int32_t>((seed * 7) % 9);
        auto made = grid::generate_random(w, h, 10.0 + static_cast<double>(seed % 5) * 10, seed);
        ASSERT_TRUE(made.ok());
        const grid::grid_map& m = made.value();
        std::uniform_int_distribution<std::int32_t> px(-1, 2 * w + 1);
        std::uniform_int_distribution<std::int32_t> py(-1, 2 * h + 1);
        for (int k = 0; k < 400; ++k) {
            const half_point a{px(rng), py(rng)};
            // Every other pair shares a row or column (segments along grid lines and rows).
            half_point b{px(rng), py(rng)};
            if (k % 4 == 1) b.y = a.y;
            if (k % 4 == 2) b.x = a.x;
            const bool expected = reference::segment_free(m, a, b, high);
            ASSERT_EQ(segment_is_free(m, a, b, high), expected)
                << "map seed " << seed << " (" << a.x << "," << a.y << ")-(" << b.x << "," << b.y
                << ")";
            ASSERT_EQ(segment_is_free(m, b, a, high), expected) << "reversed";
            std::vector<cell> cells;
            ASSERT_EQ(segment_cells(m, a, b, high, cells), expected);
            if (expected) {
                for (const cell c : cells) EXPECT_TRUE(m.passable(c, high));
            }
            ++checked;
        }
    }
    EXPECT_EQ(checked, 40 * 400);
}

} // namespace
} // namespace xunlu::anyangle
