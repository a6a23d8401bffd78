// Movement rules: the allowed_moves bit table for each corner rule (checked against can_step on
// every 3x3 neighbourhood), rule names, and step costs.
#include <gtest/gtest.h>

#include <cmath>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/grid/path_check.hpp"

namespace xunlu {
namespace {

using grid::connectivity;
using grid::corner_rule;
using grid::movement_rules;

// Direction bits: 0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW.
constexpr unsigned N = 1u << 0, E = 1u << 1, S = 1u << 2, W = 1u << 3;
constexpr unsigned NE = 1u << 4, SE = 1u << 5, SW = 1u << 6, NW = 1u << 7;
constexpr unsigned all = 0xffu;

TEST(movement_rules, direction_tables_match_bit_names) {
    // y grows downwards: north is dy = -1.
    EXPECT_EQ(grid::direction_dx[0], 0);
    EXPECT_EQ(grid::direction_dy[0], -1);
    EXPECT_EQ(grid::direction_dx[1], 1);
    EXPECT_EQ(grid::direction_dy[1], 0);
    EXPECT_EQ(grid::direction_dx[4], 1); // NE
    EXPECT_EQ(grid::direction_dy[4], -1);
    EXPECT_EQ(grid::direction_dx[6], -1); // SW
    EXPECT_EQ(grid::direction_dy[6], 1);
}

TEST(movement_rules, four_connected_drops_every_diagonal) {
    EXPECT_EQ(grid::allowed_moves(all, connectivity::four, corner_rule::always), N | E | S | W);
    EXPECT_EQ(grid::allowed_moves(NE | SW, connectivity::four, corner_rule::no_cut), 0u);
    EXPECT_EQ(grid::allowed_moves(N | W | NW, connectivity::four, corner_rule::always), N | W);
}

TEST(movement_rules, no_cut_needs_both_sides) {
    const auto f = [](unsigned free) {
        return grid::allowed_moves(free, connectivity::eight, corner_rule::no_cut);
    };
    EXPECT_EQ(f(all), all);
    EXPECT_EQ(f(NE | N), N); // east side blocked
    EXPECT_EQ(f(NE | E), E); // north side blocked
    EXPECT_EQ(f(NE | N | E), NE | N | E);
    EXPECT_EQ(f(all & ~S), N | E | W | NE | NW); // S blocked kills SE and SW
    EXPECT_EQ(f(N | E | S | W), N | E | S | W);  // diagonal targets blocked
}

TEST(movement_rules, cut_if_one_free_needs_one_side) {
    const auto f = [](unsigned free) {
        return grid::allowed_moves(free, connectivity::eight, corner_rule::cut_if_one_free);
    };
    EXPECT_EQ(f(NE | N), NE | N);
    EXPECT_EQ(f(NE | E), NE | E);
    EXPECT_EQ(f(NE), 0u);
    EXPECT_EQ(f(all & ~S), all & ~S);
    EXPECT_EQ(f(NE | SE | SW | NW), 0u);
}

TEST(movement_rules, always_ignores_sides) {
    const auto f = [](unsigned free) {
        return grid::allowed_moves(free, connectivity::eight, corner_rule::always);
    };
    EXPECT_EQ(f(NE | SE | SW | NW), NE | SE | SW | NW);
    EXPECT_EQ(f(0), 0u);
    EXPECT_EQ(f(all), all);
}

// For every one of the 256 neighbourhoods of a free centre cell and every rule, the bit table
// used by the searches agrees with the step-by-step rule used to validate paths.
TEST(movement_rules, bit_table_agrees_with_can_step_everywhere) {
    const movement_rules rules_list[] = {
        {.moves = connectivity::four},
        {.corners = corner_rule::no_cut},
        {.corners = corner_rule::cut_if_one_free},
        {.corners = corner_rule::always},
    };
    for (unsigned free = 0; free < 256; ++free) {
        auto m = grid::grid_map::create(3, 3).value();
        for (unsigned d = 0; d < 8; ++d) {
            if ((free >> d & 1u) == 0) {
                m.set_high_obstacle({1 + grid::direction_dx[d], 1 + grid::direction_dy[d]}, true);
            }
        }
        for (const auto rules : rules_list) {
            const unsigned table = grid::allowed_moves(free, rules.moves, rules.corners);
            for (unsigned d = 0; d < 8; ++d) {
                const bool by_step =
                    grid::can_step(m, {1, 1}, grid::direction_dx[d], grid::direction_dy[d], rules,
                                   grid::obstacle_mask::high_and_low);
                EXPECT_EQ((table >> d & 1u) != 0, by_step)
                    << "free mask " << free << " direction " << d << " rule "
                    << grid::movement_rules_name(rules);
            }
        }
    }
}

TEST(movement_rules, names_round_trip) {
    for (const char* name : {"4", "8-nocut", "8-cut1", "8-always"}) {
        const auto r = grid::parse_movement_rules(name);
        ASSERT_TRUE(r.has_value()) << name;
        EXPECT_EQ(grid::movement_rules_name(*r), name);
    }
    EXPECT_EQ(grid::parse_movement_rules("8"), movement_rules{});
    EXPECT_EQ(grid::parse_movement_rules("four")->moves, connectivity::four);
    EXPECT_EQ(grid::parse_movement_rules("8-cut1")->corners, corner_rule::cut_if_one_free);
    EXPECT_FALSE(grid::parse_movement_rules("").has_value());
    EXPECT_FALSE(grid::parse_movement_rules("6").has_value());
    EXPECT_FALSE(grid::parse_movement_rules("8-NOCUT").has_value());
}

TEST(movement_rules, defaults_and_step_costs) {
    constexpr movement_rules d{};
    static_assert(d.moves == connectivity::eight && d.corners == corner_rule::no_cut);
    EXPECT_EQ(d.straight_cost(), 1.0);
    EXPECT_DOUBLE_EQ(d.diagonal_cost(), std::sqrt(2.0));
    constexpr movement_rules i{.costs = grid::step_costs::integer_10_14};
    EXPECT_EQ(i.straight_cost(), 10.0);
    EXPECT_EQ(i.diagonal_cost(), 14.0);
}

} // namespace
} // namespace xunlu
