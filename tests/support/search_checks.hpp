// Test helpers for search engines: random maps and query pairs, and the check that two runs of
// a search (one-shot vs stepped, dense vs paged store) gave the same answer in every detail.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::testing {

/// A size x size map with 25 % random obstacles.
inline grid::grid_map random_map(std::int32_t size, std::uint64_t seed) {
    auto m = grid::generate_random(size, 25.0, seed);
    EXPECT_TRUE(m);
    return std::move(m).value();
}

/// A random passable cell of `m` (the map must have one).
inline cell random_free(const grid::grid_map& m, std::mt19937_64& rng) {
    for (;;) {
        const cell c{static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(m.width())),
                     static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(m.height()))};
        if (m.passable(c)) return c;
    }
}

/// `n` random query pairs of free cells.
inline std::vector<std::pair<cell, cell>> random_queries(const grid::grid_map& map, int n,
                                                         std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::int32_t> xs(0, map.width() - 1);
    std::uniform_int_distribution<std::int32_t> ys(0, map.height() - 1);
    std::vector<std::pair<cell, cell>> out;
    while (static_cast<int>(out.size()) < n) {
        const cell a{xs(rng), ys(rng)};
        const cell b{xs(rng), ys(rng)};
        if (map.passable(a) && map.passable(b)) out.emplace_back(a, b);
    }
    return out;
}

/// Same status, reason, path, cost, counters and trace.
inline void expect_same_result(const search::search_result& a, const search::search_result& b) {
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.reason, b.reason);
    EXPECT_EQ(a.path, b.path);
    EXPECT_DOUBLE_EQ(a.cost, b.cost);
    EXPECT_EQ(a.stats.expanded, b.stats.expanded);
    EXPECT_EQ(a.stats.generated, b.stats.generated);
    EXPECT_EQ(a.stats.heap_pushes, b.stats.heap_pushes);
    EXPECT_EQ(a.stats.decrease_keys, b.stats.decrease_keys);
    EXPECT_EQ(a.trace.expanded, b.trace.expanded);
    EXPECT_EQ(a.trace.open, b.trace.open);
}

} // namespace xunlu::testing
