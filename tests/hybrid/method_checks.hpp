// Test helper for the hybrid suite: validates a method's path cell by cell against the map.
#pragma once

#include <gtest/gtest.h>

#include "xunlu/grid/path_check.hpp"
#include "xunlu/hybrid/method_result.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::testing {

/// Every step legal (no blocked cell, no cut corner), from start to goal, length consistent.
inline void expect_valid_path(const grid::grid_map& map, const search::search_request& request,
                              const hybrid::method_result& r) {
    ASSERT_TRUE(r.found()) << hybrid::method_name(r.method) << ": " << r.reason;
    ASSERT_FALSE(r.path.empty());
    EXPECT_EQ(r.path.front(), request.start) << hybrid::method_name(r.method);
    EXPECT_EQ(r.path.back(), request.goal) << hybrid::method_name(r.method);
    const auto problem = grid::check_path(map, r.path, request.rules, request.mask());
    EXPECT_FALSE(problem.has_value()) << hybrid::method_name(r.method) << ": " << *problem;
    EXPECT_NEAR(r.length, grid::path_length(r.path), 1e-9);
}

inline search::search_request request_for(cell start, cell goal) {
    return search::search_request{.start = start, .goal = goal};
}

/// A 15 x 10 maze with one way from S to G, shared by the per-method maze tests.
inline constexpr const char* small_maze = R"(
        S.#.......#....
        #.#.#####.#.##.
        ..#.#...#...#..
        .##.#.#.#####.#
        ....#.#.......#
        #####.#######.#
        ......#.....#..
        .######.###.##.
        ........#......
        #########.####G
    )";

} // namespace xunlu::testing
