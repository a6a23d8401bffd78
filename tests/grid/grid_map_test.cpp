// grid_map: creation limits, obstacle flags and masks, terrain-cost clamping, version counter.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "support/ascii_map.hpp"
#include "xunlu/core/limits.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu {
namespace {

using grid::grid_map;
using grid::obstacle_mask;

TEST(grid_map, create_rejects_empty_and_negative_sizes) {
    for (auto [w, h] : {std::pair{0, 5}, {5, 0}, {0, 0}, {-1, 5}, {5, -3}, {-32768, 1}}) {
        auto m = grid_map::create(w, h);
        ASSERT_FALSE(m.ok()) << w << "x" << h;
        EXPECT_NE(m.err().message.find("must be at least 1"), std::string::npos) << m.err().message;
    }
}

TEST(grid_map, create_rejects_sides_above_the_limit) {
    for (auto [w, h] : {std::pair{limits::max_map_side + 1, 1},
                        {1, limits::max_map_side + 1},
                        {std::numeric_limits<std::int32_t>::max(), 2}}) {
        auto m = grid_map::create(w, h);
        ASSERT_FALSE(m.ok()) << w << "x" << h;
        EXPECT_NE(m.err().message.find("exceeds the limit of 32768"), std::string::npos)
            << m.err().message;
    }
}

TEST(grid_map, cell_limit_covers_the_largest_square) {
    // The side limit already caps the cell count at 32768^2 = 2^30 = max_map_cells, so the
    // largest legal square is exactly at the cell limit (not allocated here: 1 GiB).
    EXPECT_EQ(std::int64_t{limits::max_map_side} * limits::max_map_side, limits::max_map_cells);
    auto line = grid_map::create(limits::max_map_side, 1);
    ASSERT_TRUE(line.ok());
    EXPECT_EQ(line->width(), limits::max_map_side);
    auto column = grid_map::create(1, limits::max_map_side);
    ASSERT_TRUE(column.ok());
    EXPECT_EQ(column->count_passable(obstacle_mask::high_and_low), limits::max_map_side);
}

TEST(grid_map, new_map_is_free_inside_and_walled_outside) {
    auto m = grid_map::create(4, 3).value();
    EXPECT_EQ(m.width(), 4);
    EXPECT_EQ(m.height(), 3);
    EXPECT_EQ(m.count_passable(obstacle_mask::high_and_low), 12);
    EXPECT_EQ(m.padded_cells(), std::size_t{6 * 5});
    EXPECT_EQ(m.stride(), 6);
    for (std::int32_t y = -1; y <= 3; ++y) {
        for (std::int32_t x = -1; x <= 4; ++x) {
            const bool inside = x >= 0 && y >= 0 && x < 4 && y < 3;
            const auto i = static_cast<std::size_t>(y + 1) * 6 + static_cast<std::size_t>(x + 1);
            EXPECT_EQ(m.padded_flags()[i], inside ? 0 : grid::high_obstacle) << x << "," << y;
            EXPECT_EQ(m.passable({x, y}), inside);
            if (inside) {
                EXPECT_EQ(m.index({x, y}), i);
                EXPECT_EQ(m.cell_of(i), (cell{x, y}));
            }
        }
    }
}

TEST(grid_map, high_and_low_obstacles_and_masks) {
    auto m = grid_map::create(3, 1).value();
    m.set_high_obstacle({0, 0}, true);
    m.set_low_obstacle({1, 0}, true);
    EXPECT_TRUE(m.is_high_obstacle({0, 0}));
    EXPECT_FALSE(m.is_low_obstacle({0, 0}));
    EXPECT_TRUE(m.is_low_obstacle({1, 0}));
    EXPECT_FALSE(m.is_high_obstacle({1, 0}));
    EXPECT_FALSE(m.passable({0, 0}, obstacle_mask::high_only));
    EXPECT_FALSE(m.passable({0, 0}, obstacle_mask::high_and_low));
    EXPECT_TRUE(m.passable({1, 0}, obstacle_mask::high_only));
    EXPECT_FALSE(m.passable({1, 0}, obstacle_mask::high_and_low));
    EXPECT_TRUE(m.passable({2, 0}));
    EXPECT_EQ(m.count_passable(obstacle_mask::high_only), 2);
    EXPECT_EQ(m.count_passable(obstacle_mask::high_and_low), 1);

    // Both flags on one cell are independent bits.
    m.set_low_obstacle({0, 0}, true);
    EXPECT_EQ(m.flags({0, 0}), grid::high_obstacle | grid::low_obstacle);
    m.set_high_obstacle({0, 0}, false);
    EXPECT_EQ(m.flags({0, 0}), grid::low_obstacle);
    m.set_low_obstacle({0, 0}, false);
    m.set_low_obstacle({1, 0}, false);
    EXPECT_EQ(m.count_passable(obstacle_mask::high_and_low), 3);
}

TEST(grid_map, terrain_costs_are_clamped_to_at_least_one) {
    auto m = grid_map::create(3, 2).value();
    EXPECT_FALSE(m.has_terrain_costs());
    EXPECT_EQ(m.padded_costs(), nullptr);
    // Costs <= 1 (and NaN) on a uniform map change nothing and allocate no layer.
    m.set_terrain_cost({0, 0}, 0.5f);
    m.set_terrain_cost({0, 0}, 1.0f);
    m.set_terrain_cost({0, 0}, -7.0f);
    m.set_terrain_cost({0, 0}, std::numeric_limits<float>::quiet_NaN());
    EXPECT_FALSE(m.has_terrain_costs());
    EXPECT_EQ(m.terrain_cost({0, 0}), 1.0f);

    const auto bytes_before = m.memory_bytes();
    m.set_terrain_cost({1, 0}, 3.5f);
    ASSERT_TRUE(m.has_terrain_costs());
    EXPECT_NE(m.padded_costs(), nullptr);
    EXPECT_GT(m.memory_bytes(), bytes_before);
    EXPECT_EQ(m.terrain_cost({1, 0}), 3.5f);
    EXPECT_EQ(m.terrain_cost({0, 0}), 1.0f);

    m.set_terrain_cost({2, 1}, 0.25f);
    EXPECT_EQ(m.terrain_cost({2, 1}), 1.0f);
    m.set_terrain_cost({2, 1}, std::numeric_limits<float>::quiet_NaN());
    EXPECT_EQ(m.terrain_cost({2, 1}), 1.0f);
    m.set_terrain_cost({2, 1}, std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isfinite(m.terrain_cost({2, 1})));
    EXPECT_GE(m.terrain_cost({2, 1}), 1e30f);
    m.set_terrain_cost({1, 0}, 0.0f);
    EXPECT_EQ(m.terrain_cost({1, 0}), 1.0f);

    m.clear_terrain_costs();
    EXPECT_FALSE(m.has_terrain_costs());
    EXPECT_EQ(m.terrain_cost({2, 1}), 1.0f);
}

TEST(grid_map, terrain_cost_is_separate_from_blocking) {
    auto m = grid_map::create(2, 1).value();
    m.set_terrain_cost({0, 0}, 9.0f);
    EXPECT_TRUE(m.passable({0, 0}));
    m.set_high_obstacle({0, 0}, true);
    EXPECT_EQ(m.terrain_cost({0, 0}), 9.0f);
    EXPECT_FALSE(m.passable({0, 0}));
}

TEST(grid_map, every_change_bumps_the_version) {
    auto m = grid_map::create(3, 3).value();
    auto v = m.version();
    auto changed = [&] {
        const bool bumped = m.version() > v;
        v = m.version();
        return bumped;
    };
    m.set_high_obstacle({1, 1}, true);
    EXPECT_TRUE(changed());
    m.set_high_obstacle({1, 1}, false);
    EXPECT_TRUE(changed());
    m.set_low_obstacle({0, 2}, true);
    EXPECT_TRUE(changed());
    m.set_terrain_cost({2, 2}, 4.0f);
    EXPECT_TRUE(changed());
    m.set_terrain_cost({2, 2}, 1.0f);
    EXPECT_TRUE(changed());
    m.clear_terrain_costs();
    EXPECT_TRUE(changed());
    // Reading never changes it.
    (void)m.count_passable(obstacle_mask::high_only);
    (void)m.passable({0, 0});
    EXPECT_FALSE(changed());
}

TEST(grid_map, copies_are_independent) {
    auto a = testing::parse_ascii(R"(
        .#.
        u.3
    )");
    grid_map b = a.map;
    b.set_high_obstacle({0, 0}, true);
    b.clear_terrain_costs();
    EXPECT_FALSE(a.map.is_high_obstacle({0, 0}));
    EXPECT_TRUE(a.map.is_low_obstacle({0, 1}));
    EXPECT_EQ(a.map.terrain_cost({2, 1}), 3.0f);
    EXPECT_TRUE(b.is_low_obstacle({0, 1}));
}

} // namespace
} // namespace xunlu
