// Test helper: an optimal engine against A* on random pairs of free cells of one map.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::testing {

/// Runs `queries` random pairs of free cells of `m` (unreachable ones included) through
/// `engine.find_path` and A* under `rules`: the same status, the same cost (1e-9 relative) and
/// a valid path. `what` names the case in failures.
template <class Engine>
void expect_equals_astar(Engine& engine, const grid::grid_map& m, grid::movement_rules rules,
                         int queries, std::uint64_t seed, const std::string& what) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::int32_t> ux(0, m.width() - 1), uy(0, m.height() - 1);
    int compared = 0;
    for (int attempt = 0; compared < queries && attempt < queries * 20; ++attempt) {
        const cell a{ux(rng), uy(rng)}, b{ux(rng), uy(rng)};
        if (!m.passable(a) || !m.passable(b)) continue;
        const search::search_request req{.start = a, .goal = b, .rules = rules};
        const auto ref = search::find_path_astar(m, req);
        const auto got = engine.find_path(m, req);
        const std::string where = what + " " + search::cell_text(a) + "->" + search::cell_text(b);
        ASSERT_EQ(got.status, ref.status) << where << ": " << got.reason;
        ++compared;
        if (!ref.found()) continue;
        ASSERT_NEAR(got.cost, ref.cost, 1e-9 * std::max(1.0, ref.cost)) << where;
        const auto bad = grid::check_path(m, got.path, rules, req.mask());
        ASSERT_FALSE(bad.has_value()) << where << ": " << *bad;
    }
    EXPECT_EQ(compared, queries) << what;
}

} // namespace xunlu::testing
