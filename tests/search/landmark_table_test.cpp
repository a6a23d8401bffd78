// Differential heuristics: the landmark tables hold the exact distances of a reference Dijkstra
// written without xunlu's search code, the heuristic is admissible and consistent, and A* with
// it (astar-dh) returns A*'s optimal costs on random, maze, room, open and terrain maps, with
// unreachable pairs, after map edits, and with fewer expansions where walls fool octile.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "support/cell_dijkstra.hpp"
#include "support/search_checks.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/landmark_table.hpp"

namespace xunlu {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

std::vector<double> reference_from(const grid::grid_map& m, cell from) {
    return testing::cell_dijkstra(
        m.width(), m.height(), from,
        testing::octile_steps([&m](cell c) { return m.in_bounds(c) && m.passable(c); },
                              [&m](cell c) { return static_cast<double>(m.terrain_cost(c)); }));
}

const grid::movement_rules rule8{};

TEST(landmark_table, distances_are_exact_and_landmarks_spread_out) {
    const auto map = grid::generate_rooms(41, 33, 7, 3).value();
    std::vector<std::size_t> reported;
    const auto table = search::landmark_table::build(map, rule8, grid::obstacle_mask::high_and_low,
                                                     6, [&](std::size_t done, std::size_t total) {
                                                         EXPECT_EQ(total, 6u);
                                                         reported.push_back(done);
                                                     });
    ASSERT_EQ(table.count(), 6u);
    EXPECT_EQ(reported, (std::vector<std::size_t>{1, 2, 3, 4, 5, 6}));
    EXPECT_TRUE(table.symmetric());
    EXPECT_TRUE(table.fits(map, rule8, grid::obstacle_mask::high_and_low));
    EXPECT_FALSE(
        table.fits(map, {.moves = grid::connectivity::four}, grid::obstacle_mask::high_and_low));
    EXPECT_GE(table.memory_bytes(), map.padded_cells() * 6 * sizeof(double));
    for (std::size_t k = 0; k < table.count(); ++k) {
        const cell l = table.landmarks()[k];
        ASSERT_TRUE(map.passable(l));
        for (std::size_t j = 0; j < k; ++j) EXPECT_NE(table.landmarks()[j], l);
        const auto want = reference_from(map, l);
        for (std::int32_t y = 0; y < map.height(); ++y) {
            for (std::int32_t x = 0; x < map.width(); ++x) {
                const double w = want[static_cast<std::size_t>(y * map.width() + x)];
                const double got = table.distances(map.index({x, y}))[k];
                if (std::isinf(w)) {
                    EXPECT_TRUE(std::isinf(got));
                } else {
                    EXPECT_NEAR(got, w, 1e-9 * (1 + w))
                        << "landmark " << k << " at " << x << "," << y;
                }
            }
        }
    }
    // Farthest-point selection puts the second landmark far from the first.
    const cell a = table.landmarks()[0];
    const cell b = table.landmarks()[1];
    EXPECT_GT(std::abs(a.x - b.x) + std::abs(a.y - b.y), 20);
}

TEST(landmark_table, the_heuristic_is_admissible_and_consistent) {
    for (const bool terrain : {false, true}) {
        auto map = grid::generate_random(30, 28, 30.0, 5).value();
        if (terrain) {
            std::mt19937_64 rng(6);
            for (int i = 0; i < 200; ++i) {
                const cell c = testing::random_free(map, rng);
                map.set_terrain_cost(c, static_cast<float>(1 + rng() % 4));
            }
        }
        const auto table =
            search::landmark_table::build(map, rule8, grid::obstacle_mask::high_and_low, 4);
        EXPECT_EQ(table.symmetric(), !terrain);
        std::mt19937_64 rng(7);
        for (int q = 0; q < 12; ++q) {
            const cell goal = testing::random_free(map, rng);
            const search::search_request req{.goal = goal, .landmarks = &table};
            const auto h = search::make_landmark_heuristic(req);
            // Consistency on every step of the map; admissibility against the true distance
            // of a sample of cells (a reference Dijkstra from each).
            for (std::int32_t y = 0; y < map.height(); ++y) {
                for (std::int32_t x = 0; x < map.width(); ++x) {
                    const cell n{x, y};
                    if (!map.passable(n)) continue;
                    testing::octile_steps(
                        [&map](cell c) { return map.in_bounds(c) && map.passable(c); },
                        [&map](cell c) { return static_cast<double>(map.terrain_cost(c)); })(
                        n, [&](cell next, double cost) {
                            const double hn = h(n);
                            const double hm = h(next);
                            if (std::isinf(hm)) return; // both in another region than the goal
                            EXPECT_LE(hn, cost + hm + 1e-9) << "step " << x << "," << y;
                        });
                }
            }
            for (int s = 0; s < 6; ++s) {
                const cell from = testing::random_free(map, rng);
                const double d = reference_from(
                    map, from)[static_cast<std::size_t>(goal.y * map.width() + goal.x)];
                const double hv = h(from);
                if (std::isinf(d)) continue;
                EXPECT_LE(hv, d + 1e-9) << "terrain " << terrain;
            }
            EXPECT_EQ(h(goal), 0.0);
        }
    }
}

/// astar-dh against plain A* on `queries` random pairs: same status and cost, valid paths.
/// Returns (expanded by astar-dh, expanded by A*).
std::pair<std::uint64_t, std::uint64_t> compare(const grid::grid_map& map, int queries,
                                                std::uint32_t seed) {
    auto dh = registry::find_finder("astar-dh")->make();
    search::astar reference;
    std::uint64_t mine = 0;
    std::uint64_t theirs = 0;
    std::mt19937_64 rng(seed);
    for (int q = 0; q < queries; ++q) {
        const search::search_request req{.start = testing::random_free(map, rng),
                                         .goal = testing::random_free(map, rng)};
        const auto want = reference.find_path(map, req);
        const auto got = dh->find(map, req);
        EXPECT_EQ(got.status, want.status) << "query " << q << ": " << got.reason;
        if (!want.found() || !got.found()) continue;
        EXPECT_NEAR(got.cost, want.cost, 1e-9 * (1 + want.cost)) << "query " << q;
        EXPECT_EQ(grid::check_path(map, got.path, req.rules, req.mask()), std::nullopt);
        EXPECT_GT(got.stats.preprocessing_bytes, 0u);
        mine += got.stats.expanded;
        theirs += want.stats.expanded;
    }
    return {mine, theirs};
}

TEST(landmark_astar, optimal_on_random_maze_room_open_and_terrain_maps) {
    compare(testing::random_map(50, 1), 30, 1);
    compare(grid::generate_random(50, 45.0, 2).value(), 30, 2); // many regions, unreachable pairs
    compare(grid::grid_map::create(40, 30).value(), 20, 3);
    auto terrain = grid::generate_rooms(49, 41, 7, 4).value();
    std::mt19937_64 rng(5);
    for (int i = 0; i < 300; ++i) {
        terrain.set_terrain_cost(testing::random_free(terrain, rng),
                                 static_cast<float>(1 + rng() % 6));
    }
    compare(terrain, 30, 6);
    // Where corridors wind, octile is far below the true distance and the landmarks are not.
    const auto [mine, theirs] = compare(grid::generate_maze(61, 61, 1, 7).value(), 30, 8);
    EXPECT_LT(mine * 2, theirs) << "astar-dh " << mine << " expansions, astar " << theirs;
    const auto rooms = compare(grid::generate_rooms(61, 61, 5, 9).value(), 30, 10);
    EXPECT_LT(rooms.first, rooms.second);
}

TEST(landmark_astar, an_edited_map_gets_a_new_table) {
    auto map = grid::generate_maze(41, 41, 1, 12).value();
    auto dh = registry::find_finder("astar-dh")->make();
    search::astar reference;
    std::mt19937_64 rng(13);
    for (int round = 0; round < 6; ++round) {
        // Open a few walls (new short cuts the old table would overestimate across).
        for (int k = 0; k < 15; ++k) {
            const cell c{static_cast<std::int32_t>(rng() % 41),
                         static_cast<std::int32_t>(rng() % 41)};
            map.set_high_obstacle(c, false);
        }
        for (int q = 0; q < 10; ++q) {
            const search::search_request req{.start = testing::random_free(map, rng),
                                             .goal = testing::random_free(map, rng)};
            const auto want = reference.find_path(map, req);
            const auto got = dh->find(map, req);
            ASSERT_EQ(got.status, want.status);
            if (want.found()) {
                EXPECT_NEAR(got.cost, want.cost, 1e-9 * (1 + want.cost)) << "round " << round;
            }
        }
    }
}

TEST(landmark_astar, stepping_and_traces_give_the_one_shot_answer) {
    const auto map = grid::generate_maze(45, 45, 2, 21).value();
    const auto table = search::landmark_table::build(map, rule8, grid::obstacle_mask::high_and_low);
    search::astar engine;
    std::mt19937_64 rng(22);
    for (int q = 0; q < 10; ++q) {
        search::search_request req{.start = testing::random_free(map, rng),
                                   .goal = testing::random_free(map, rng),
                                   .landmarks = &table};
        const auto once = engine.find_path(map, req);
        if (engine.start(map, req)) {
            while (!engine.step(5)) {
            }
        }
        testing::expect_same_result(once, engine.finish());
        req.record_trace = true;
        const auto traced = engine.find_path(map, req);
        EXPECT_EQ(traced.path, once.path);
        EXPECT_EQ(traced.trace.expanded.size(), once.stats.expanded);
    }
}

TEST(landmark_astar, mismatched_tables_and_combinations_are_refused) {
    const auto map = testing::random_map(20, 31);
    const auto other = testing::random_map(21, 31);
    const auto table = search::landmark_table::build(map, rule8, grid::obstacle_mask::high_and_low);
    search::astar engine;
    search::search_request req{.start = {0, 0}, .goal = {19, 19}, .landmarks = &table};
    req.goal = {20, 20};
    auto r = engine.find_path(other, req);
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    EXPECT_NE(r.reason.find("landmark table was built for a 20x20 map"), std::string::npos)
        << r.reason;
    req.goal = {19, 19};
    req.rules.moves = grid::connectivity::four;
    r = engine.find_path(map, req);
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    req.rules = rule8;
    req.weight = 2;
    r = engine.find_path(map, req);
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    EXPECT_NE(r.reason.find("not combined"), std::string::npos) << r.reason;
    req.weight = 1;
    req.heuristic = search::heuristic_kind::euclidean;
    r = engine.find_path(map, req);
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    // A map without a passable cell: an empty table; searches then fail on the endpoints.
    auto walls = grid::grid_map::create(4, 4).value();
    for (std::int32_t y = 0; y < 4; ++y) {
        for (std::int32_t x = 0; x < 4; ++x) walls.set_high_obstacle({x, y}, true);
    }
    EXPECT_EQ(
        search::landmark_table::build(walls, rule8, grid::obstacle_mask::high_and_low).count(), 0u);
}

TEST(landmark_table, a_table_past_the_memory_limit_is_not_built) {
    // 16 landmarks x 8 bytes on a 4100 x 4100 map pass 512 MiB: no landmark, nothing allocated.
    const auto big = grid::grid_map::create(4100, 4100).value();
    ASSERT_GT(search::landmark_table::table_bytes(big.padded_cells(), 16),
              search::landmark_table::max_table_bytes);
    const auto table =
        search::landmark_table::build(big, rule8, grid::obstacle_mask::high_and_low, 16);
    EXPECT_EQ(table.count(), 0u);
    EXPECT_LT(table.memory_bytes(), std::size_t{1} << 20);
    // The finder searches without landmarks and says why (the path is still optimal).
    auto dh = registry::find_finder("astar-dh")->make();
    const auto r = dh->find(big, {.start = {0, 0}, .goal = {40, 7}});
    ASSERT_TRUE(r.found()) << r.reason;
    EXPECT_NEAR(r.cost, 33 + 7 * std::sqrt(2.0), 1e-9);
    EXPECT_NE(r.reason.find("landmarks skipped"), std::string::npos) << r.reason;
}

TEST(landmark_astar, the_registry_marks_the_dh_finders_as_preprocessing) {
    for (const char* algo : {"astar-dh", "jps-dh", "jps+-dh"}) {
        const auto* e = registry::find_finder(algo);
        ASSERT_NE(e, nullptr) << algo;
        EXPECT_TRUE(e->caps.preprocessing) << algo;
        EXPECT_TRUE(e->caps.optimal) << algo;
    }
}

} // namespace
} // namespace xunlu
