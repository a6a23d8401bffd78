// JPS with the landmark range heuristic (admissible, not consistent: closed nodes are opened
// again) returns A*'s cost on random, maze and room maps, unreachable pairs included; a closed
// node does get opened again on these maps (the reopening is exercised); ranges built for
// another map size are refused.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/landmark_ranges.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu {
namespace {

struct ranged_map {
    search::landmark_ranges ranges;
    std::vector<cell> landmarks;
};

ranged_map ranges_over(const grid::grid_map& map, std::int32_t block, std::mt19937_64& rng) {
    std::uniform_int_distribution<std::int32_t> xs(0, map.width() - 1);
    std::uniform_int_distribution<std::int32_t> ys(0, map.height() - 1);
    ranged_map out{search::landmark_ranges(map.width(), map.height(), block, 6), {}};
    search::astar engine;
    while (out.landmarks.size() < 6) {
        const cell c{xs(rng), ys(rng)};
        if (!map.passable(c)) continue;
        engine.explore_all(map, c, {}, grid::obstacle_mask::high_and_low);
        for (std::int32_t y = 0; y < map.height(); ++y) {
            for (std::int32_t x = 0; x < map.width(); ++x) {
                if (const auto d = engine.distance({x, y})) {
                    out.ranges.widen(out.ranges.block_of({x, y}), out.landmarks.size(), *d);
                }
            }
        }
        out.landmarks.push_back(c);
    }
    return out;
}

/// Compares `queries` random pairs; returns how many closed nodes were opened again.
std::uint64_t compare_ranged_jps(const grid::grid_map& map, std::int32_t block, int queries,
                                 std::uint64_t seed, const std::string& what) {
    std::mt19937_64 rng(seed);
    const ranged_map rm = ranges_over(map, block, rng);
    std::uniform_int_distribution<std::int32_t> xs(0, map.width() - 1);
    std::uniform_int_distribution<std::int32_t> ys(0, map.height() - 1);
    jps::block_jps engine(jps::jump_pruning::intermediate);
    search::astar from_landmark;
    std::uint64_t reopened = 0;
    for (int q = 0; q < queries;) {
        const cell a{xs(rng), ys(rng)};
        const cell b{xs(rng), ys(rng)};
        if (!map.passable(a) || !map.passable(b)) continue;
        ++q;
        search::landmark_ranges_goal toward{.ranges = &rm.ranges};
        toward.goal.fill(search::landmark_ranges::unreachable);
        for (std::size_t k = 0; k < rm.landmarks.size(); ++k) {
            from_landmark.explore_all(map, rm.landmarks[k], {}, grid::obstacle_mask::high_and_low);
            if (const auto d = from_landmark.distance(b)) toward.goal[k] = *d;
        }
        search::search_request req{.start = a, .goal = b};
        const auto ref = search::find_path_astar(map, req);
        req.landmark_ranges = &toward;
        const auto got = engine.find_path(map, req);
        const std::string where = what + " " + search::cell_text(a) + "->" + search::cell_text(b);
        EXPECT_EQ(got.status, ref.status) << where << ": " << got.reason;
        if (!ref.found()) continue;
        EXPECT_NEAR(got.cost, ref.cost, 1e-9 * std::max(1.0, ref.cost)) << where;
        EXPECT_FALSE(grid::check_path(map, got.path, req.rules, req.mask()).has_value()) << where;
        reopened += got.stats.reopened;
    }
    return reopened;
}

TEST(jps_landmark_ranges, equals_astar_and_reopens_closed_nodes) {
    std::uint64_t reopened = 0;
    for (const double rate : {10.0, 25.0, 40.0}) {
        reopened += compare_ranged_jps(grid::generate_random(64, 48, rate, 9).value(), 8, 80, 3,
                                       "random " + std::to_string(rate) + "%");
    }
    reopened += compare_ranged_jps(grid::generate_maze(63, 47, 1, 3).value(), 8, 80, 4, "maze");
    reopened += compare_ranged_jps(grid::generate_rooms(65, 49, 7, 9).value(), 16, 80, 5, "rooms");
    EXPECT_GT(reopened, 0u) << "no closed node was opened again: the reopening went untested";
}

TEST(jps_landmark_ranges, ranges_of_another_map_size_are_refused) {
    const auto map = grid::generate_random(20, 20, 10, 1).value();
    const search::landmark_ranges other(21, 20, 4, 1);
    search::landmark_ranges_goal toward{.ranges = &other};
    search::search_request req{.start = {0, 0}, .goal = {19, 19}};
    req.landmark_ranges = &toward;
    jps::block_jps engine(jps::jump_pruning::intermediate);
    const auto r = engine.find_path(map, req);
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    EXPECT_NE(r.reason.find("landmark ranges"), std::string::npos) << r.reason;
}

} // namespace
} // namespace xunlu
