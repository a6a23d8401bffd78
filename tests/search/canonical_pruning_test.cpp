// Canonical pruning (search_request::canonical_pruning): the move table says what each arrival
// keeps; A*, Dijkstra, the landmark heuristic and explore_all stay optimal against a reference
// Dijkstra written without xunlu's search code, on random, maze and room maps with unreachable
// pairs and low obstacles, also inside windows; the pruning is really on (far fewer cells
// generated) and off where it does not apply (terrain costs, corner cutting, 4-connected,
// weighted A*).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "support/cell_dijkstra.hpp"
#include "support/search_checks.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/canonical_moves.hpp"
#include "xunlu/search/landmark_table.hpp"

namespace xunlu {
namespace {

using search::canonical_move_table;
using search::canonical_start_row;

// Direction bits (grid::direction_dx order): 0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW.
constexpr unsigned N = 1u << 0, E = 1u << 1, S = 1u << 2, W = 1u << 3;
constexpr unsigned NE = 1u << 4, SE = 1u << 5, SW = 1u << 6, NW = 1u << 7;
constexpr unsigned all_free = 0xff;

unsigned kept(unsigned arrival, unsigned free) {
    return canonical_move_table[arrival * 256 + free];
}

TEST(canonical_moves, the_start_keeps_every_move) {
    for (unsigned free = 0; free < 256; ++free) {
        EXPECT_EQ(kept(canonical_start_row, free), 0xffu) << free;
    }
}

TEST(canonical_moves, a_diagonal_arrival_keeps_the_diagonal_and_its_two_components) {
    EXPECT_EQ(kept(4, all_free), NE | N | E); // arrived going north-east
    EXPECT_EQ(kept(6, all_free), SW | S | W);
    EXPECT_EQ(kept(5, 0),
              SE | S | E); // what is free is the corner rule's business, not this table's
}

TEST(canonical_moves, a_straight_arrival_keeps_straight_on_unless_a_side_is_forced) {
    EXPECT_EQ(kept(1, all_free), E); // arrived going east over open ground
    // The cell behind on the north side (NW) is blocked and north is free: north and north-east
    // are forced (the parent could not reach them as cheaply without passing here).
    EXPECT_EQ(kept(1, all_free & ~NW), E | N | NE);
    // Both sides forced.
    EXPECT_EQ(kept(1, all_free & ~NW & ~SW), E | N | NE | S | SE);
    // North itself blocked: nothing forced on that side.
    EXPECT_EQ(kept(1, all_free & ~NW & ~N), E);
    // Going north with the cell behind on the west (SW) blocked: west and north-west forced.
    EXPECT_EQ(kept(0, all_free & ~SW), N | W | NW);
}

/// Reference least costs from `from` to every cell under the default rule, over the cells `m`
/// lets through under `mask` (and inside `window`, when given).
std::vector<double> reference_costs(const grid::grid_map& m, cell from, grid::obstacle_mask mask,
                                    std::optional<search::search_window> window = std::nullopt) {
    return testing::cell_dijkstra(m.width(), m.height(), from,
                                  testing::octile_steps(
                                      [&m, mask, window](cell c) {
                                          return m.passable(c, mask) &&
                                                 (!window || window->contains(c));
                                      },
                                      [](cell) { return 1.0; }));
}

double reference_cost(const grid::grid_map& m, cell from, cell to, grid::obstacle_mask mask,
                      std::optional<search::search_window> window = std::nullopt) {
    return reference_costs(m, from, mask,
                           window)[static_cast<std::size_t>(to.y * m.width() + to.x)];
}

std::vector<grid::grid_map> test_maps() {
    std::vector<grid::grid_map> maps;
    maps.push_back(grid::generate_random(48, 10.0, 1).value());
    maps.push_back(testing::random_map(48, 2));
    maps.push_back(grid::generate_random(48, 40.0, 3).value()); // many unreachable pairs
    maps.push_back(grid::generate_maze(49, 49, 1, 4).value());
    maps.push_back(grid::generate_maze(49, 49, 3, 5).value());
    maps.push_back(grid::generate_rooms(49, 49, 7, 6).value());
    auto units = testing::random_map(40, 7);
    std::mt19937_64 rng(8);
    for (int i = 0; i < 200; ++i) units.set_low_obstacle(testing::random_free(units, rng), true);
    maps.push_back(std::move(units));
    return maps;
}

/// Calls `check(map, from, to, q)` for queries q = 0..per_map-1 on each test map: two free
/// cells drawn by a generator seeded per map, and the map and query named in any failure.
template <class Check> void for_each_query(std::uint64_t seed, int per_map, Check&& check) {
    const auto maps = test_maps();
    for (std::size_t i = 0; i < maps.size(); ++i) {
        std::mt19937_64 rng(seed + i);
        for (int q = 0; q < per_map; ++q) {
            SCOPED_TRACE("map " + std::to_string(i) + " query " + std::to_string(q));
            const cell from = testing::random_free(maps[i], rng);
            const cell to = testing::random_free(maps[i], rng);
            check(maps[i], from, to, q);
        }
    }
}

/// What a batch of pruned and unpruned searches found and generated.
struct tally {
    int found = 0;
    int unreachable = 0;
    std::uint64_t generated_pruned = 0;
    std::uint64_t generated_plain = 0;
    void add(const search::search_result& pruned, const search::search_result& plain) {
        generated_pruned += pruned.stats.generated;
        generated_plain += plain.stats.generated;
    }
};

TEST(canonical_pruning, astar_and_dijkstra_stay_optimal_and_prune_most_generated_cells) {
    search::astar engine;
    tally t;
    for_each_query(100, 25, [&](const grid::grid_map& map, cell from, cell to, int q) {
        const bool low_block = q % 2 == 0;
        const auto mask =
            low_block ? grid::obstacle_mask::high_and_low : grid::obstacle_mask::high_only;
        const auto cost_unit =
            q % 5 == 4 ? grid::step_costs::integer_10_14 : grid::step_costs::exact;
        const grid::movement_rules rules{.costs = cost_unit};
        for (const auto h : {search::heuristic_kind::automatic, search::heuristic_kind::zero}) {
            search::search_request req{.start = from,
                                       .goal = to,
                                       .rules = rules,
                                       .heuristic = h,
                                       .low_obstacles_block = low_block};
            const auto pruned = engine.find_path(map, req);
            req.canonical_pruning = false;
            const auto plain = engine.find_path(map, req);
            t.add(pruned, plain);
            ASSERT_EQ(pruned.status, plain.status) << pruned.reason;
            if (!pruned.found()) {
                ++t.unreachable;
                continue;
            }
            ++t.found;
            EXPECT_NEAR(pruned.cost, plain.cost, 1e-9 * (1 + plain.cost));
            EXPECT_EQ(grid::check_path(map, pruned.path, rules, mask), std::nullopt);
            EXPECT_EQ(pruned.path.front(), from);
            EXPECT_EQ(pruned.path.back(), to);
            // The reference's diagonal is sqrt 2 straights; with 10/14 the unpruned search is
            // the reference.
            if (cost_unit == grid::step_costs::exact) {
                const double optimum = reference_cost(map, from, to, mask);
                EXPECT_NEAR(pruned.cost, optimum, 1e-9 * (1 + optimum));
            }
        }
    });
    EXPECT_GT(t.found, 250);                              // the comparisons above really ran
    EXPECT_GT(t.unreachable, 5);                          // and so did unreachable pairs
    EXPECT_LT(t.generated_pruned * 2, t.generated_plain); // the pruning is on
}

TEST(canonical_pruning, explore_all_reaches_every_cell_at_its_least_cost) {
    search::astar engine;
    const auto maps = test_maps();
    for (std::size_t i = 0; i < maps.size(); ++i) {
        SCOPED_TRACE("map " + std::to_string(i));
        const auto& map = maps[i];
        std::mt19937_64 rng(200 + i);
        const cell source = testing::random_free(map, rng);
        engine.explore_all(map, source, {}, grid::obstacle_mask::high_and_low);
        const auto best = reference_costs(map, source, grid::obstacle_mask::high_and_low);
        for (std::int32_t y = 0; y < map.height(); ++y) {
            for (std::int32_t x = 0; x < map.width(); ++x) {
                const double want = best[static_cast<std::size_t>(y * map.width() + x)];
                const auto got = engine.distance({x, y});
                if (std::isinf(want)) {
                    EXPECT_FALSE(got.has_value()) << x << "," << y;
                } else if (!got) {
                    ADD_FAILURE() << "cell " << x << "," << y << " not reached";
                } else {
                    EXPECT_NEAR(*got, want, 1e-9 * (1 + want)) << x << "," << y;
                }
            }
        }
    }
}

TEST(canonical_pruning, the_landmark_heuristic_stays_optimal_with_it) {
    const auto map = grid::generate_rooms(64, 64, 8, 9).value();
    const auto table = search::landmark_table::build(map, {}, grid::obstacle_mask::high_and_low, 4);
    search::astar engine;
    for (const auto& [from, to] : testing::random_queries(map, 30, 10)) {
        search::search_request req{.start = from, .goal = to, .landmarks = &table};
        const auto pruned = engine.find_path(map, req);
        req.canonical_pruning = false;
        const auto plain = engine.find_path(map, req);
        ASSERT_EQ(pruned.status, plain.status);
        if (!plain.found()) continue;
        EXPECT_NEAR(pruned.cost, plain.cost, 1e-9 * (1 + plain.cost));
        EXPECT_LT(pruned.stats.generated, plain.stats.generated);
    }
}

TEST(canonical_pruning, inside_a_window_stays_optimal_with_the_outside_as_obstacles) {
    // The reference sees the cells outside the window as blocked; the pruned search must find
    // the same least costs, and generate fewer cells than the unpruned one.
    search::astar engine;
    tally t;
    for_each_query(300, 40, [&](const grid::grid_map& map, cell a, cell b, int q) {
        // Tight windows (margin 0-2 around the two cells): paths often run along their edges.
        const int m = q % 3;
        const search::search_window window{
            {std::max(0, std::min(a.x, b.x) - m), std::max(0, std::min(a.y, b.y) - m)},
            {std::min(map.width() - 1, std::max(a.x, b.x) + m),
             std::min(map.height() - 1, std::max(a.y, b.y) + m)}};
        search::search_request req{.start = a, .goal = b, .window = window};
        const auto pruned = engine.find_path(map, req);
        req.canonical_pruning = false;
        const auto plain = engine.find_path(map, req);
        t.add(pruned, plain);
        const double optimum = reference_cost(map, a, b, grid::obstacle_mask::high_and_low, window);
        ASSERT_EQ(pruned.status, plain.status) << pruned.reason;
        if (std::isinf(optimum)) {
            EXPECT_EQ(pruned.status, search::search_status::no_path);
            ++t.unreachable;
            return;
        }
        ASSERT_TRUE(pruned.found()) << pruned.reason;
        ++t.found;
        EXPECT_NEAR(pruned.cost, optimum, 1e-9 * (1 + optimum));
        EXPECT_NEAR(plain.cost, optimum, 1e-9 * (1 + optimum));
        EXPECT_EQ(grid::check_path(map, pruned.path, req.rules, req.mask()), std::nullopt);
        for (const cell c : pruned.path) EXPECT_TRUE(window.contains(c));
    });
    EXPECT_GT(t.found, 50);       // pairs joined inside their window
    EXPECT_GT(t.unreachable, 10); // and pairs the window cuts apart
    EXPECT_LT(t.generated_pruned * 2, t.generated_plain);
}

TEST(canonical_pruning, is_off_where_it_does_not_apply) {
    // Terrain costs, corner cutting, 4-connected moves and weighted A*: the pruning is not used,
    // so the flag changes nothing.
    auto terrain = testing::random_map(32, 11);
    std::mt19937_64 rng(12);
    for (int i = 0; i < 100; ++i) {
        terrain.set_terrain_cost(testing::random_free(terrain, rng), 3.0F);
    }
    const auto plain_map = testing::random_map(32, 13);
    struct variant {
        const grid::grid_map* map;
        grid::movement_rules rules;
        double weight;
    };
    const variant variants[] = {
        {&terrain, {}, 1.0},
        {&plain_map, {.corners = grid::corner_rule::cut_if_one_free}, 1.0},
        {&plain_map, {.moves = grid::connectivity::four}, 1.0},
        {&plain_map, {}, 1.5},
    };
    search::astar engine;
    for (std::size_t v = 0; v < std::size(variants); ++v) {
        SCOPED_TRACE("variant " + std::to_string(v));
        for (const auto& [from, to] : testing::random_queries(*variants[v].map, 10, 14)) {
            search::search_request req{.start = from,
                                       .goal = to,
                                       .rules = variants[v].rules,
                                       .weight = variants[v].weight};
            const auto on = engine.find_path(*variants[v].map, req);
            req.canonical_pruning = false;
            testing::expect_same_result(on, engine.find_path(*variants[v].map, req));
        }
    }
}

} // namespace
} // namespace xunlu
