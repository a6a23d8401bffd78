// Map generators: reproducible from the seed, exact obstacle counts, free corners, and
// mazes/rooms whose free cells are all connected.
#include <gtest/gtest.h>

#include <cstdint>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using grid::grid_map;
using grid::obstacle_mask;

bool same_cells(const grid_map& a, const grid_map& b) {
    if (a.width() != b.width() || a.height() != b.height()) return false;
    for (std::int32_t y = 0; y < a.height(); ++y)
        for (std::int32_t x = 0; x < a.width(); ++x)
            if (a.flags({x, y}) != b.flags({x, y})) return false;
    return true;
}

std::int64_t blocked(const grid_map& m) {
    return std::int64_t{m.width()} * m.height() - m.count_passable(obstacle_mask::high_only);
}

/// Number of free cells reachable from `from` under the Moving AI rule.
std::int64_t reachable(const grid_map& m, cell from) {
    search::astar engine;
    engine.explore_all(m, from, {}, obstacle_mask::high_and_low);
    std::int64_t n = 0;
    for (std::int32_t y = 0; y < m.height(); ++y)
        for (std::int32_t x = 0; x < m.width(); ++x) n += engine.distance({x, y}) ? 1 : 0;
    return n;
}

cell first_free(const grid_map& m) {
    for (std::int32_t y = 0; y < m.height(); ++y)
        for (std::int32_t x = 0; x < m.width(); ++x)
            if (m.passable({x, y})) return {x, y};
    return {-1, -1};
}

TEST(map_generators, random_is_reproducible_from_the_seed) {
    const auto a = grid::generate_random(64, 30, 7).value();
    const auto b = grid::generate_random(64, 30, 7).value();
    const auto c = grid::generate_random(64, 30, 8).value();
    EXPECT_TRUE(same_cells(a, b));
    EXPECT_FALSE(same_cells(a, c));
    // The square overload is the width x height one with equal sides.
    EXPECT_TRUE(same_cells(a, grid::generate_random(64, 64, 30, 7).value()));
}

TEST(map_generators, random_obstacle_count_is_exact_and_corners_free) {
    struct sample {
        std::int32_t n;
        double rate;
    };
    for (const auto [n, rate] : {sample{1000, 30}, sample{10, 0}, sample{10, 25}, sample{33, 17},
                                 sample{20, 50}, sample{20, 70}, sample{7, 95}, sample{50, 12.5}}) {
        for (std::uint64_t seed : {1u, 2u, 12345u}) {
            const auto m = grid::generate_random(n, rate, seed).value();
            const auto expected =
                static_cast<std::int64_t>(static_cast<double>(n) * n * rate / 100.0);
            EXPECT_EQ(blocked(m), expected) << n << " " << rate << " seed " << seed;
            EXPECT_TRUE(m.passable({0, 0}));
            EXPECT_TRUE(m.passable({n - 1, n - 1}));
        }
    }
}

TEST(map_generators, seed_benchmark_count_matches_the_issue_formula) {
    // 1000 x 1000 at 30 %: exactly 300000 obstacles.
    const auto m = grid::generate_random(1000, 30, 1).value();
    EXPECT_EQ(blocked(m), 300000);
}

TEST(map_generators, full_rate_keeps_the_two_corners) {
    const auto m = grid::generate_random(9, 100, 3).value();
    EXPECT_EQ(blocked(m), 81 - 2);
    EXPECT_TRUE(m.passable({0, 0}));
    EXPECT_TRUE(m.passable({8, 8}));
    const auto one = grid::generate_random(1, 100, 3).value();
    EXPECT_TRUE(one.passable({0, 0}));
    const auto rect = grid::generate_random(5, 3, 100, 3).value();
    EXPECT_TRUE(rect.passable({4, 2}));
    EXPECT_EQ(blocked(rect), 13);
}

TEST(map_generators, bad_arguments_are_errors) {
    EXPECT_FALSE(grid::generate_random(10, -1, 1).ok());
    EXPECT_FALSE(grid::generate_random(10, 100.5, 1).ok());
    EXPECT_FALSE(grid::generate_random(10, std::nan(""), 1).ok());
    EXPECT_FALSE(grid::generate_random(0, 10, 1).ok());
    EXPECT_FALSE(grid::generate_random(40000, 10, 1).ok());
    EXPECT_FALSE(grid::generate_maze(10, 10, 0, 1).ok());
    EXPECT_FALSE(grid::generate_maze(0, 10, 1, 1).ok());
    EXPECT_FALSE(grid::generate_rooms(10, 10, 0, 1).ok());
    EXPECT_FALSE(grid::generate_rooms(10, -4, 3, 1).ok());
}

TEST(map_generators, maze_is_reproducible_and_connected) {
    for (const std::int32_t corridor : {1, 2, 5}) {
        for (const std::uint64_t seed : {1u, 99u}) {
            const auto a = grid::generate_maze(61, 47, corridor, seed).value();
            const auto b = grid::generate_maze(61, 47, corridor, seed).value();
            EXPECT_TRUE(same_cells(a, b));
            EXPECT_TRUE(a.passable({0, 0}));
            const auto free = a.count_passable(obstacle_mask::high_and_low);
            EXPECT_GT(free, 61 * 47 / 4);
            EXPECT_EQ(reachable(a, {0, 0}), free) << "corridor " << corridor << " seed " << seed;
        }
    }
    EXPECT_FALSE(same_cells(grid::generate_maze(40, 40, 1, 1).value(),
                            grid::generate_maze(40, 40, 1, 2).value()));
}

TEST(map_generators, corridor_one_maze_is_a_tree) {
    // A perfect maze: the 4-connected graph of free cells has exactly (cells - 1) edges.
    const auto m = grid::generate_maze(81, 63, 1, 5).value();
    std::int64_t cells = 0;
    std::int64_t edges = 0;
    for (std::int32_t y = 0; y < m.height(); ++y) {
        for (std::int32_t x = 0; x < m.width(); ++x) {
            if (!m.passable({x, y})) continue;
            ++cells;
            edges += m.passable({x + 1, y}) ? 1 : 0;
            edges += m.passable({x, y + 1}) ? 1 : 0;
        }
    }
    EXPECT_EQ(edges, cells - 1);
}

TEST(map_generators, rooms_are_reproducible_and_connected) {
    for (const std::int32_t room : {1, 3, 8, 32}) {
        for (const double doors : {0.0, 50.0, 100.0}) {
            const auto a = grid::generate_rooms(100, 70, room, 4, doors).value();
            const auto b = grid::generate_rooms(100, 70, room, 4, doors).value();
            EXPECT_TRUE(same_cells(a, b));
            const auto free = a.count_passable(obstacle_mask::high_and_low);
            EXPECT_EQ(reachable(a, first_free(a)), free) << "room " << room << " doors " << doors;
            // A door never lies outside the map: the map is connected even when the last rooms
            // are cut short by the edge (100 x 70 fits no room size here exactly).
        }
    }
    // Room walls lie on every (room+1)-th row and column, apart from doors.
    const auto m = grid::generate_rooms(53, 53, 8, 1, 0.0).value();
    std::int64_t wall_cells = 0;
    for (std::int32_t i = 0; i < 53; ++i) wall_cells += m.passable({8, i}) ? 0 : 1;
    EXPECT_GE(wall_cells, 53 - 6);
}

} // namespace
} // namespace xunlu
