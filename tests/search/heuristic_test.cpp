// Heuristics: values of each kind in exact and 10/14 units, names, resolution of `auto`, and
// which kinds never overestimate the empty-grid distance.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "xunlu/search/heuristic.hpp"

namespace xunlu {
namespace {

using search::heuristic_kind;

using std::numbers::sqrt2;
const grid::movement_rules eight{};
const grid::movement_rules four{.moves = grid::connectivity::four};
const grid::movement_rules ints{.costs = grid::step_costs::integer_10_14};

TEST(heuristic, values_in_exact_units) {
    EXPECT_NEAR(search::heuristic_value(heuristic_kind::octile, eight, 3, 1), 2 + sqrt2, 1e-12);
    EXPECT_EQ(search::heuristic_value(heuristic_kind::manhattan, eight, 3, 1), 4.0);
    EXPECT_NEAR(search::heuristic_value(heuristic_kind::euclidean, eight, 3, 1), std::sqrt(10.0),
                1e-12);
    EXPECT_EQ(search::heuristic_value(heuristic_kind::chebyshev, eight, 3, 1), 3.0);
    EXPECT_EQ(search::heuristic_value(heuristic_kind::zero, eight, 3, 1), 0.0);
    // Signs do not matter.
    EXPECT_NEAR(search::heuristic_value(heuristic_kind::octile, eight, -1, -3), 2 + sqrt2, 1e-12);
    EXPECT_EQ(search::heuristic_value(heuristic_kind::manhattan, eight, -3, 1), 4.0);
    EXPECT_EQ(search::heuristic_value(heuristic_kind::octile, eight, 0, 0), 0.0);
}

TEST(heuristic, values_in_integer_10_14_units) {
    EXPECT_EQ(search::heuristic_value(heuristic_kind::octile, ints, 3, 1), 34.0); // 14 + 2*10
    EXPECT_EQ(search::heuristic_value(heuristic_kind::manhattan, ints, 3, 1), 40.0);
    EXPECT_EQ(search::heuristic_value(heuristic_kind::chebyshev, ints, 3, 1), 30.0);
    // Euclidean per-cell cost is 14/sqrt 2 in this mode: 10 per cell would overestimate diagonals.
    EXPECT_NEAR(search::heuristic_value(heuristic_kind::euclidean, ints, 3, 4), 5 * 14 / sqrt2,
                1e-12);
    EXPECT_NEAR(search::heuristic_value(heuristic_kind::euclidean, ints, 1, 1), 14.0, 1e-12);
    EXPECT_EQ(search::euclidean_unit(eight), 1.0);
    EXPECT_EQ(search::heuristic_value(heuristic_kind::zero, ints, 3, 4), 0.0);
}

TEST(heuristic, automatic_is_octile_on_eight_and_manhattan_on_four) {
    EXPECT_EQ(search::resolve(heuristic_kind::automatic, eight), heuristic_kind::octile);
    EXPECT_EQ(search::resolve(heuristic_kind::automatic, four), heuristic_kind::manhattan);
    EXPECT_EQ(search::resolve(heuristic_kind::euclidean, four), heuristic_kind::euclidean);
    EXPECT_NEAR(search::heuristic_value(heuristic_kind::automatic, eight, 2, 5), 3 + 2 * sqrt2,
                1e-12);
    EXPECT_EQ(search::heuristic_value(heuristic_kind::automatic, four, 2, 5), 7.0);
}

TEST(heuristic, names_round_trip) {
    for (const auto k :
         {heuristic_kind::automatic, heuristic_kind::octile, heuristic_kind::manhattan,
          heuristic_kind::euclidean, heuristic_kind::chebyshev, heuristic_kind::zero}) {
        const auto name = search::heuristic_name(k);
        EXPECT_EQ(search::parse_heuristic(name), k) << name;
    }
    EXPECT_EQ(search::parse_heuristic("auto"), heuristic_kind::automatic);
    EXPECT_FALSE(search::parse_heuristic("dijkstra").has_value());
    EXPECT_FALSE(search::parse_heuristic("").has_value());
}

// On an empty 8-connected grid the true distance is the octile distance. Admissible kinds never
// exceed it; Manhattan exceeds it on every diagonal offset (it is inadmissible there).
TEST(heuristic, admissibility_on_the_empty_grid) {
    for (const auto rules : {eight, ints}) {
        for (std::int32_t dx = 0; dx <= 40; ++dx) {
            for (std::int32_t dy = 0; dy <= 40; ++dy) {
                const double truth =
                    rules.straight_cost() * std::max(dx, dy) +
                    (rules.diagonal_cost() - rules.straight_cost()) * std::min(dx, dy);
                for (const auto k : {heuristic_kind::octile, heuristic_kind::euclidean,
                                     heuristic_kind::chebyshev, heuristic_kind::zero}) {
                    EXPECT_LE(search::heuristic_value(k, rules, dx, dy), truth + 1e-9)
                        << search::heuristic_name(k) << " " << dx << "," << dy;
                }
                const double man =
                    search::heuristic_value(heuristic_kind::manhattan, rules, dx, dy);
                if (dx > 0 && dy > 0) {
                    EXPECT_GT(man, truth);
                } else {
                    EXPECT_EQ(man, truth);
                }
            }
        }
    }
    // On a 4-connected grid Manhattan is the exact empty-grid distance.
    EXPECT_EQ(search::heuristic_value(heuristic_kind::manhattan, four, 7, 9), 16.0);
}

} // namespace
} // namespace xunlu
