// Landmark distance ranges per block: the heuristic never exceeds the true distance to the
// goal (it is admissible) on random, maze and room maps, with ranges filled from exact
// Dijkstra distances; empty ranges rule cells out only where they cannot reach the goal.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/landmark_ranges.hpp"

namespace xunlu {
namespace {

/// Ranges over blocks of `block` cells from Dijkstra distances of `landmarks`.
search::landmark_ranges ranges_from_dijkstra(const grid::grid_map& map,
                                             const std::vector<cell>& landmarks,
                                             std::int32_t block) {
    search::landmark_ranges out(map.width(), map.height(), block, landmarks.size());
    search::astar engine;
    for (std::size_t k = 0; k < landmarks.size(); ++k) {
        engine.explore_all(map, landmarks[k], {}, grid::obstacle_mask::high_and_low);
        for (std::int32_t y = 0; y < map.height(); ++y) {
            for (std::int32_t x = 0; x < map.width(); ++x) {
                if (const auto d = engine.distance({x, y})) out.widen(out.block_of({x, y}), k, *d);
            }
        }
    }
    return out;
}

void expect_admissible(const grid::grid_map& map, std::int32_t block, std::uint64_t seed,
                       const std::string& what) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::int32_t> xs(0, map.width() - 1);
    std::uniform_int_distribution<std::int32_t> ys(0, map.height() - 1);
    auto free_cell = [&] {
        for (;;) {
            const cell c{xs(rng), ys(rng)};
            if (map.passable(c)) return c;
        }
    };
    std::vector<cell> landmarks;
    for (int i = 0; i < 4; ++i) landmarks.push_back(free_cell());
    const auto ranges = ranges_from_dijkstra(map, landmarks, block);
    search::astar truth;
    search::astar from_landmark;
    int tighter = 0;
    for (int q = 0; q < 6; ++q) {
        const cell goal = free_cell();
        search::landmark_ranges_goal toward{.ranges = &ranges};
        toward.goal.fill(search::landmark_ranges::unreachable);
        for (std::size_t k = 0; k < landmarks.size(); ++k) {
            from_landmark.explore_all(map, landmarks[k], {}, grid::obstacle_mask::high_and_low);
            if (const auto d = from_landmark.distance(goal)) toward.goal[k] = *d;
        }
        const auto h =
            search::make_landmark_range_heuristic(toward, goal, 1.0, std::sqrt(2.0) - 1.0);
        truth.explore_all(map, goal, {}, grid::obstacle_mask::high_and_low);
        for (std::int32_t y = 0; y < map.height(); ++y) {
            for (std::int32_t x = 0; x < map.width(); ++x) {
                const auto d = truth.distance({x, y});
                if (!d) continue; // cannot reach the goal: any bound will do
                const double bound = h({x, y});
                ASSERT_LE(bound, *d + 1e-9) << what << " goal (" << goal.x << "," << goal.y
                                            << ") cell (" << x << "," << y << ")";
                const double dx = std::abs(goal.x - x);
                const double dy = std::abs(goal.y - y);
                const double octile = std::max(dx, dy) + (std::sqrt(2.0) - 1.0) * std::min(dx, dy);
                if (bound > octile + 1e-9) ++tighter;
            }
        }
    }
    EXPECT_GT(tighter, 0) << what << ": the ranges never beat octile, so nothing was tested";
}

TEST(landmark_ranges, the_bound_never_exceeds_the_true_distance) {
    expect_admissible(grid::generate_random(48, 40, 30, 3).value(), 8, 1, "random 30%");
    expect_admissible(grid::generate_maze(41, 41, 1, 2).value(), 5, 2, "maze");
    expect_admissible(grid::generate_rooms(49, 37, 7, 4).value(), 8, 3, "rooms");
    expect_admissible(grid::generate_random(33, 29, 40, 5).value(), 1, 4, "blocks of one cell");
}

TEST(landmark_ranges, empty_ranges_and_unreached_goals) {
    search::landmark_ranges r(10, 7, 4, 2);
    EXPECT_EQ(r.block_count(), 3u * 2u);
    EXPECT_EQ(r.block_of({9, 6}), 5u);
    EXPECT_TRUE(std::isinf(r.range(0, 0)[0]));
    r.widen(0, 1, 5.0);
    r.widen(0, 1, 2.0);
    EXPECT_EQ(r.range(0, 1)[0], 2.0);
    EXPECT_EQ(r.range(0, 1)[1], 5.0);
    search::landmark_ranges_goal toward{.ranges = &r};
    toward.goal.fill(search::landmark_ranges::unreachable);
    // No landmark reaches the goal: octile alone.
    const auto octile_only = search::make_landmark_range_heuristic(toward, {9, 6}, 1.0, 0.5);
    EXPECT_EQ(octile_only.active, 0u);
    EXPECT_DOUBLE_EQ(octile_only({0, 0}), 9.0 + 0.5 * 6.0);
    // Landmark 1 reaches the goal at 20: block 0 (distances 2..5) is at least 15 away.
    toward.goal[1] = 20.0;
    const auto ranged = search::make_landmark_range_heuristic(toward, {9, 6}, 1.0, 0.5);
    EXPECT_EQ(ranged.active, 1u);
    EXPECT_DOUBLE_EQ(ranged({1, 1}), 15.0);
    // Landmark 0 reaches the goal but never reached block 0: its cells cannot reach the goal.
    toward.goal[0] = 3.0;
    EXPECT_TRUE(
        std::isinf(search::make_landmark_range_heuristic(toward, {9, 6}, 1.0, 0.5)({0, 0})));
}

} // namespace
} // namespace xunlu
