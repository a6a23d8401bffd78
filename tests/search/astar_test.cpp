// A* on small hand-drawn maps and random maps: optimal costs, corner rules, obstacle classes,
// heuristics, integer costs, budgets and deadlines, stepwise runs, engine reuse, determinism.
#include <gtest/gtest.h>

#include <chrono>
#include <numbers>
#include <random>

#include "support/ascii_map.hpp"
#include "support/search_checks.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using search::search_status;

TEST(astar, open_field_diagonal_is_octile) {
    auto m = testing::parse_ascii(R"(
        S....
        .....
        ....G
    )");
    search::astar engine;
    auto r = engine.find_path(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_NEAR(r.cost, 2 + 2 * 1.4142135623730951, 1e-9);
    EXPECT_FALSE(grid::check_path(m.map, r.path, {}, grid::obstacle_mask::high_and_low));
}

TEST(astar, no_corner_cutting_by_default) {
    auto m = testing::parse_ascii(R"(
        S#
        .G
    )");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_NEAR(r.cost, 2.0, 1e-12);
    r = search::find_path_astar(m.map, {.start = m.start,
                                        .goal = m.goal,
                                        .rules = {.corners = grid::corner_rule::cut_if_one_free}});
    EXPECT_NEAR(r.cost, 1.4142135623730951, 1e-12);
}

TEST(astar, low_obstacles_block_unless_ignored) {
    auto m = testing::parse_ascii(R"(
        #####
        S.u.G
        #####
    )");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    EXPECT_EQ(r.status, search_status::no_path);
    r = search::find_path_astar(m.map,
                                {.start = m.start, .goal = m.goal, .low_obstacles_block = false});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_NEAR(r.cost, 4.0, 1e-12);
}

TEST(astar, budget_returns_partial_path_toward_goal) {
    auto m = testing::parse_ascii(R"(
        S.........................G
    )");
    auto r =
        search::find_path_astar(m.map, {.start = m.start, .goal = m.goal, .max_expansions = 5});
    ASSERT_EQ(r.status, search_status::budget_exhausted);
    EXPECT_TRUE(r.partial);
    ASSERT_FALSE(r.path.empty());
    EXPECT_EQ(r.path.front(), m.start);
    EXPECT_GT(r.path.back().x, 0);
}

TEST(astar, invalid_endpoints_are_reported) {
    auto m = testing::parse_ascii(R"(
        S#.
    )");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = {1, 0}});
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_NE(r.reason.find("goal (1,0) is blocked"), std::string::npos);
    r = search::find_path_astar(m.map, {.start = {-1, 0}, .goal = {2, 0}});
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_NE(r.reason.find("outside"), std::string::npos);
}

using std::numbers::sqrt2;

using testing::random_free;

void expect_same(const search::search_result& a, const search::search_result& b) {
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.path, b.path);
    EXPECT_EQ(a.cost, b.cost);
    EXPECT_EQ(a.length, b.length);
    EXPECT_EQ(a.partial, b.partial);
    EXPECT_EQ(a.stats.expanded, b.stats.expanded);
    EXPECT_EQ(a.stats.generated, b.stats.generated);
    EXPECT_EQ(a.stats.heap_pushes, b.stats.heap_pushes);
    EXPECT_EQ(a.stats.decrease_keys, b.stats.decrease_keys);
    EXPECT_EQ(a.stats.peak_open, b.stats.peak_open);
}

TEST(astar, start_equal_to_goal_is_a_one_cell_path) {
    auto m = testing::parse_ascii("..S..");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.start});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_EQ(r.path, (std::vector<cell>{m.start}));
    EXPECT_EQ(r.cost, 0.0);
    EXPECT_EQ(r.length, 0.0);
    EXPECT_FALSE(r.partial);
    EXPECT_EQ(r.stats.expanded, 1u);
}

TEST(astar, walled_off_goal_is_no_path_with_a_reason) {
    auto m = testing::parse_ascii(R"(
        S..#...
        ...#.G.
        ...#...
    )");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    EXPECT_EQ(r.status, search_status::no_path);
    EXPECT_TRUE(r.path.empty());
    EXPECT_EQ(r.reason, "goal (5,1) is unreachable from start (0,0)");
    EXPECT_EQ(r.stats.expanded, 9u); // the whole left region
}

TEST(astar, four_connected_moves_around_corners) {
    auto m = testing::parse_ascii(R"(
        S...
        .##.
        ...G
    )");
    const grid::movement_rules four{.moves = grid::connectivity::four};
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal, .rules = four});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_EQ(r.cost, 5.0);
    EXPECT_EQ(r.path.size(), 6u);
    EXPECT_EQ(grid::check_path(m.map, r.path, four, grid::obstacle_mask::high_and_low),
              std::nullopt);
}

TEST(astar, corner_rules_give_different_optimal_costs) {
    // S must pass the diagonal gap between the two walls.
    auto m = testing::parse_ascii(R"(
        S#..
        #...
        ...G
    )");
    const auto cost = [&](grid::corner_rule rule) {
        auto r = search::find_path_astar(
            m.map, {.start = m.start, .goal = m.goal, .rules = {.corners = rule}});
        return r.found() ? r.cost : -1.0;
    };
    EXPECT_EQ(cost(grid::corner_rule::no_cut), -1.0); // boxed in
    EXPECT_EQ(cost(grid::corner_rule::cut_if_one_free), -1.0);
    EXPECT_NEAR(cost(grid::corner_rule::always), 1 + 2 * sqrt2, 1e-12);
}

TEST(astar, every_admissible_heuristic_is_optimal_on_random_maps) {
    std::mt19937_64 rng(3);
    search::astar engine;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        const auto map = grid::generate_random(70, 50, 30, seed).value();
        for (int q = 0; q < 20; ++q) {
            search::search_request req{.start = random_free(map, rng),
                                       .goal = random_free(map, rng),
                                       .heuristic = search::heuristic_kind::zero};
            const auto truth = engine.find_path(map, req);
            for (const auto h :
                 {search::heuristic_kind::automatic, search::heuristic_kind::octile,
                  search::heuristic_kind::euclidean, search::heuristic_kind::chebyshev}) {
                req.heuristic = h;
                const auto r = engine.find_path(map, req);
                ASSERT_EQ(r.status, truth.status);
                if (!r.found()) continue;
                EXPECT_NEAR(r.cost, truth.cost, 1e-9) << search::heuristic_name(h);
                EXPECT_LE(r.stats.expanded, truth.stats.expanded) << search::heuristic_name(h);
                EXPECT_EQ(
                    grid::check_path(map, r.path, req.rules, grid::obstacle_mask::high_and_low),
                    std::nullopt);
            }
        }
    }
}

// Traced runs and turn-penalty runs with a heuristic other than octile take the heuristic at
// run time (compiled once, not per heuristic): the answers must not change.
TEST(astar, traced_and_turn_penalty_runs_answer_alike_for_every_heuristic) {
    const auto map = testing::random_map(48, 17);
    const auto queries = testing::random_queries(map, 12, 4);
    for (const auto kind : {search::heuristic_kind::octile, search::heuristic_kind::manhattan,
                            search::heuristic_kind::euclidean, search::heuristic_kind::chebyshev,
                            search::heuristic_kind::zero}) {
        for (const auto& [from, to] : queries) {
            search::search_request plain{.start = from, .goal = to, .heuristic = kind};
            auto traced = plain;
            traced.record_trace = true;
            const auto a = search::find_path_astar(map, plain);
            const auto b = search::find_path_astar(map, traced);
            EXPECT_EQ(a.status, b.status);
            EXPECT_EQ(a.cost, b.cost);
            EXPECT_EQ(a.path, b.path);
            EXPECT_EQ(a.stats.expanded, b.stats.expanded);
            EXPECT_EQ(b.trace.expanded.size(), b.stats.expanded);
            auto turns = plain;
            turns.turn_penalty = 0.5;
            auto turns_traced = turns;
            turns_traced.record_trace = true;
            const auto c = search::find_path_astar(map, turns);
            const auto d = search::find_path_astar(map, turns_traced);
            EXPECT_EQ(c.status, d.status);
            EXPECT_EQ(c.cost, d.cost);
            EXPECT_EQ(c.path, d.path);
            if (kind != search::heuristic_kind::manhattan) { // admissible: same optimum
                EXPECT_NEAR(
                    c.cost,
                    search::find_path_astar(map, {.start = from, .goal = to, .turn_penalty = 0.5})
                        .cost,
                    1e-9);
            }
        }
    }
}

TEST(astar, manhattan_on_eight_connected_can_return_a_longer_path) {
    auto m = testing::parse_ascii(R"(
        S...####
        .#......
        .#.#...#
        .##.....
        .......G
        #.....#.
    )");
    const auto octile = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    const auto manhattan = search::find_path_astar(
        m.map, {.start = m.start, .goal = m.goal, .heuristic = search::heuristic_kind::manhattan});
    ASSERT_TRUE(octile.found());
    ASSERT_TRUE(manhattan.found());
    EXPECT_NEAR(octile.cost, 3 + 4 * sqrt2, 1e-12);
    EXPECT_GT(manhattan.cost, octile.cost + 1); // inadmissible: not optimal
    EXPECT_EQ(grid::check_path(m.map, manhattan.path, {}, grid::obstacle_mask::high_and_low),
              std::nullopt);
}

TEST(astar, manhattan_on_eight_connected_is_never_shorter_and_often_longer) {
    std::mt19937_64 rng(13);
    search::astar engine;
    int longer = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const auto map = grid::generate_random(60, 40, 30, seed).value();
        for (int q = 0; q < 50; ++q) {
            search::search_request req{.start = random_free(map, rng),
                                       .goal = random_free(map, rng)};
            const auto optimal = engine.find_path(map, req);
            req.heuristic = search::heuristic_kind::manhattan;
            const auto r = engine.find_path(map, req);
            ASSERT_EQ(r.status, optimal.status);
            if (!r.found()) continue;
            EXPECT_GE(r.cost, optimal.cost - 1e-9);
            longer += r.cost > optimal.cost + 1e-9 ? 1 : 0;
            EXPECT_EQ(grid::check_path(map, r.path, req.rules, req.mask()), std::nullopt);
        }
    }
    EXPECT_GT(longer, 0);
}

TEST(astar, manhattan_is_optimal_on_four_connected_random_maps) {
    std::mt19937_64 rng(5);
    const grid::movement_rules four{.moves = grid::connectivity::four};
    search::astar engine;
    const auto map = grid::generate_random(60, 60, 30, 9).value();
    for (int q = 0; q < 40; ++q) {
        search::search_request req{.start = random_free(map, rng),
                                   .goal = random_free(map, rng),
                                   .rules = four,
                                   .heuristic = search::heuristic_kind::zero};
        const auto truth = engine.find_path(map, req);
        req.heuristic = search::heuristic_kind::manhattan;
        const auto r = engine.find_path(map, req);
        ASSERT_EQ(r.status, truth.status);
        if (r.found()) {
            EXPECT_EQ(r.cost, truth.cost);
        }
    }
}

TEST(astar, integer_10_14_costs) {
    auto m = testing::parse_ascii(R"(
        S.....
        ......
        ....G.
    )");
    const grid::movement_rules ints{.costs = grid::step_costs::integer_10_14};
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal, .rules = ints});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_EQ(r.cost, 2 * 14 + 2 * 10);
    EXPECT_NEAR(r.length, 2 * sqrt2 + 2, 1e-12); // length stays geometric
    EXPECT_EQ(r.cost, grid::path_cost(m.map, r.path, ints));

    // Integer costs stay integers on random maps and agree with Dijkstra.
    std::mt19937_64 rng(11);
    const auto map = grid::generate_random(50, 50, 25, 4).value();
    search::astar engine;
    for (int q = 0; q < 30; ++q) {
        search::search_request req{
            .start = random_free(map, rng), .goal = random_free(map, rng), .rules = ints};
        const auto a = engine.find_path(map, req);
        req.heuristic = search::heuristic_kind::zero;
        const auto d = engine.find_path(map, req);
        ASSERT_EQ(a.status, d.status);
        if (!a.found()) continue;
        EXPECT_EQ(a.cost, d.cost);
        EXPECT_EQ(a.cost, std::round(a.cost));
    }
}

TEST(astar, terrain_costs_steer_the_path_and_are_charged_on_entry) {
    auto m = testing::parse_ascii(R"(
        .....
        S999G
        .....
    )");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_EQ(r.status, search_status::found);
    // Around the expensive row: diagonal up, two straight, diagonal down.
    EXPECT_NEAR(r.cost, 2 + 2 * sqrt2, 1e-12);
    EXPECT_NEAR(r.cost, grid::path_cost(m.map, r.path, {}), 1e-12);
    for (const cell c : r.path) EXPECT_EQ(m.map.terrain_cost(c), 1.0f);

    auto cheap = testing::parse_ascii(R"(
        S22G
    )");
    r = search::find_path_astar(cheap.map, {.start = cheap.start, .goal = cheap.goal});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_EQ(r.cost, 2 + 2 + 1);
    EXPECT_EQ(r.length, 3.0);
}

TEST(astar, terrain_costs_agree_with_dijkstra_on_random_maps) {
    std::mt19937_64 rng(21);
    auto map = grid::generate_random(40, 40, 20, 2).value();
    for (int i = 0; i < 300; ++i) {
        map.set_terrain_cost(random_free(map, rng), 1.0f + static_cast<float>(rng() % 8));
    }
    search::astar engine;
    for (int q = 0; q < 30; ++q) {
        search::search_request req{.start = random_free(map, rng), .goal = random_free(map, rng)};
        const auto a = engine.find_path(map, req);
        req.heuristic = search::heuristic_kind::zero;
        const auto d = engine.find_path(map, req);
        ASSERT_EQ(a.status, d.status);
        if (!a.found()) continue;
        EXPECT_NEAR(a.cost, d.cost, 1e-9);
        EXPECT_NEAR(a.cost, grid::path_cost(map, a.path, req.rules), 1e-9);
    }
}

TEST(astar, ties_break_the_same_way_every_time) {
    // An open field has many optimal paths; the chosen one must never change.
    const auto map = grid::generate_random(120, 120, 10, 17).value();
    std::mt19937_64 rng(1);
    std::vector<search::search_request> queries;
    for (int q = 0; q < 25; ++q)
        queries.push_back({.start = random_free(map, rng), .goal = random_free(map, rng)});
    search::astar reused;
    std::vector<search::search_result> first;
    for (const auto& q : queries) first.push_back(reused.find_path(map, q));
    for (std::size_t i = 0; i < queries.size(); ++i) {
        SCOPED_TRACE(i);
        expect_same(reused.find_path(map, queries[i]), first[i]);
        expect_same(search::find_path_astar(map, queries[i]), first[i]);
    }
}

TEST(astar, prefers_larger_g_on_equal_f) {
    // On an empty corridor every cell on the straight line has equal f; preferring larger g
    // walks straight to the goal, expanding only the cells on the path.
    auto m = testing::parse_ascii("S..................G");
    auto r = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_EQ(r.stats.expanded, r.path.size());
    // 4-connected with Manhattan: all f values on the many optimal paths tie exactly.
    auto open = testing::parse_ascii(R"(
        S.........
        ..........
        ..........
        ..........
        .........G
    )");
    r = search::find_path_astar(
        open.map,
        {.start = open.start, .goal = open.goal, .rules = {.moves = grid::connectivity::four}});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_EQ(r.stats.expanded, r.path.size());
}

TEST(astar, stepwise_equals_find_path) {
    const auto map = grid::generate_random(150, 100, 32, 5).value();
    std::mt19937_64 rng(8);
    search::astar whole;
    search::astar stepped;
    for (int q = 0; q < 12; ++q) {
        const search::search_request req{.start = random_free(map, rng),
                                         .goal = random_free(map, rng)};
        const auto expected = whole.find_path(map, req);
        for (const std::uint64_t budget : {1u, 7u, 100u, 0u}) {
            ASSERT_TRUE(stepped.start(map, req));
            std::uint64_t calls = 1;
            while (!stepped.step(budget)) ++calls;
            const auto got = stepped.finish();
            SCOPED_TRACE(budget);
            expect_same(got, expected);
            if (budget != 0) {
                EXPECT_GE(calls * budget, got.stats.expanded);
                EXPECT_LE((calls - 1) * budget, got.stats.expanded);
            }
        }
    }
}

TEST(astar, stepwise_reports_invalid_requests_and_finish_without_start) {
    auto m = testing::parse_ascii("S#G");
    search::astar engine;
    EXPECT_EQ(engine.finish().status, search_status::invalid_input);
    EXPECT_FALSE(engine.start(m.map, {.start = m.start, .goal = {1, 0}}));
    EXPECT_TRUE(engine.step(10));
    const auto r = engine.finish();
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_EQ(r.reason, "goal (1,0) is blocked");
    EXPECT_FALSE(engine.start(m.map, {.start = {0, 0}, .goal = {0, 0}, .stop_within = -1}));
    EXPECT_EQ(engine.finish().reason, "stop_within must be >= 0");
    EXPECT_FALSE(engine.start(m.map, {.start = {1, 0}, .goal = {0, 0}}));
    EXPECT_EQ(engine.finish().reason, "start (1,0) is blocked");
    EXPECT_FALSE(engine.start(m.map, {.start = {0, 0}, .goal = {0, 5}}));
    EXPECT_EQ(engine.finish().reason, "goal (0,5) is outside the 3x1 map");
}

TEST(astar, node_budget_gives_a_valid_partial_path_to_the_best_expanded_cell) {
    const auto map = grid::generate_random(100, 100, 20, 3).value();
    search::astar engine;
    const search::search_request base{.start = {0, 0}, .goal = {99, 99}, .record_trace = true};
    const auto full = engine.find_path(map, base);
    ASSERT_TRUE(full.found());
    for (const std::uint64_t budget : {1u, 10u, 200u}) {
        auto req = base;
        req.max_expansions = budget;
        const auto r = engine.find_path(map, req);
        ASSERT_EQ(r.status, search_status::budget_exhausted);
        EXPECT_TRUE(r.partial);
        EXPECT_EQ(r.stats.expanded, budget);
        EXPECT_EQ(r.trace.expanded.size(), budget);
        EXPECT_EQ(r.reason, "node budget of " + std::to_string(budget) + " expansions exhausted");
        ASSERT_FALSE(r.path.empty());
        EXPECT_EQ(r.path.front(), base.start);
        EXPECT_EQ(grid::check_path(map, r.path, {}, grid::obstacle_mask::high_and_low),
                  std::nullopt);
        EXPECT_NEAR(r.cost, grid::path_cost(map, r.path, {}), 1e-9);
        // The path ends at the expanded cell nearest the goal by the heuristic.
        const auto h = [](cell c) {
            return search::heuristic_value(search::heuristic_kind::octile, {}, 99 - c.x, 99 - c.y);
        };
        for (const cell c : r.trace.expanded) EXPECT_LE(h(r.path.back()), h(c) + 1e-12);
    }
    // A budget larger than needed changes nothing.
    auto req = base;
    req.max_expansions = full.stats.expanded + 1;
    expect_same(engine.find_path(map, req), full);
}

TEST(astar, past_deadline_stops_at_the_first_check) {
    // The goal is walled off, so without the deadline the search would flood the map.
    auto map = grid::generate_random(200, 200, 0, 1).value();
    for (std::int32_t x = 197; x < 200; ++x) map.set_high_obstacle({x, 197}, true);
    for (std::int32_t y = 197; y < 200; ++y) map.set_high_obstacle({197, y}, true);
    const search::search_request req{.start = {0, 0},
                                     .goal = {199, 199},
                                     .deadline = std::chrono::steady_clock::now() -
                                                 std::chrono::seconds(1)};
    const auto r = search::find_path_astar(map, req);
    ASSERT_EQ(r.status, search_status::budget_exhausted);
    EXPECT_EQ(r.reason, "deadline passed");
    EXPECT_TRUE(r.partial);
    EXPECT_EQ(r.stats.expanded, 256u); // the deadline is read every 256 expansions
    EXPECT_EQ(r.path.front(), req.start);
    EXPECT_EQ(grid::check_path(map, r.path, {}, grid::obstacle_mask::high_and_low), std::nullopt);

    // A far deadline does not interfere.
    auto later = req;
    later.deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
    EXPECT_EQ(search::find_path_astar(map, later).status, search_status::no_path);
}

TEST(astar, stop_within_reaches_the_neighbourhood_of_a_blocked_goal) {
    auto m = testing::parse_ascii(R"(
        S.......
        ........
        ....G...
        ........
    )");
    m.map.set_high_obstacle(m.goal, true);
    search::astar engine;
    auto r = engine.find_path(m.map, {.start = m.start, .goal = m.goal});
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_EQ(r.reason, "goal (4,2) is blocked");
    for (const std::int32_t radius : {1, 2, 3}) {
        r = engine.find_path(m.map, {.start = m.start, .goal = m.goal, .stop_within = radius});
        ASSERT_EQ(r.status, search_status::found) << radius;
        const cell end = r.path.back();
        EXPECT_LE(std::max(std::abs(end.x - m.goal.x), std::abs(end.y - m.goal.y)), radius);
        EXPECT_EQ(r.path.front(), m.start);
        EXPECT_EQ(grid::check_path(m.map, r.path, {}, grid::obstacle_mask::high_and_low),
                  std::nullopt);
        EXPECT_NEAR(r.cost, grid::path_cost(m.map, r.path, {}), 1e-12);
    }
    // A goal walled in by a ring one cell thick: radius 1 reaches nothing, radius 2 does.
    auto ring = testing::parse_ascii(R"(
        S......
        ...###.
        ...#G#.
        ...###.
    )");
    r = engine.find_path(ring.map, {.start = ring.start, .goal = ring.goal, .stop_within = 1});
    EXPECT_EQ(r.status, search_status::no_path);
    r = engine.find_path(ring.map, {.start = ring.start, .goal = ring.goal, .stop_within = 2});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_LE(std::max(std::abs(r.path.back().x - 4), std::abs(r.path.back().y - 2)), 2);
}

TEST(astar, statistics_and_trace_are_consistent) {
    const auto map = grid::generate_random(80, 80, 20, 12).value();
    auto r =
        search::find_path_astar(map, {.start = {0, 0}, .goal = {79, 79}, .record_trace = true});
    ASSERT_TRUE(r.found());
    EXPECT_EQ(r.trace.expanded.size(), r.stats.expanded);
    // Every cell that entered OPEN (the start, or a generated neighbour) is now closed or open.
    const auto touched = r.trace.expanded.size() + r.trace.open.size();
    EXPECT_GE(r.stats.generated + 1, touched);
    EXPECT_GE(r.stats.generated, r.stats.decrease_keys);
    EXPECT_GE(r.stats.heap_pushes, 1u);
    EXPECT_LE(r.stats.heap_pushes, touched);
    EXPECT_GE(r.stats.peak_open, 1u);
    EXPECT_GE(r.stats.memory_bytes, map.padded_cells() * 8);
    for (const cell c : r.trace.expanded) EXPECT_TRUE(map.passable(c));
    const auto plain = search::find_path_astar(map, {.start = {0, 0}, .goal = {79, 79}});
    EXPECT_TRUE(plain.trace.expanded.empty());
    EXPECT_EQ(plain.path, r.path);
}

TEST(astar, one_engine_serves_many_queries_on_maps_of_different_sizes) {
    // Generation stamps must isolate every query from the previous ones, whatever the map.
    std::vector<grid::grid_map> maps;
    maps.push_back(grid::generate_random(200, 150, 30, 1).value());
    maps.push_back(grid::generate_random(7, 5, 20, 2).value());
    maps.push_back(grid::generate_maze(301, 41, 2, 3).value());
    maps.push_back(grid::generate_random(1, 1, 0, 4).value());
    maps.push_back(grid::generate_rooms(90, 260, 8, 5).value());
    search::astar shared;
    std::mt19937_64 rng(77);
    for (int round = 0; round < 3; ++round) {
        for (const auto& map : maps) {
            for (int q = 0; q < 40; ++q) {
                search::search_request req{.start = random_free(map, rng),
                                           .goal = random_free(map, rng)};
                if (q % 5 == 0) req.rules.moves = grid::connectivity::four;
                if (q % 7 == 0) req.max_expansions = 50;
                const auto got = shared.find_path(map, req);
                const auto fresh = search::find_path_astar(map, req);
                SCOPED_TRACE(q);
                expect_same(got, fresh);
                if (got.found()) {
                    EXPECT_EQ(grid::check_path(map, got.path, req.rules, req.mask()), std::nullopt);
                }
            }
        }
    }
}

TEST(astar, engine_can_be_moved) {
    auto m = testing::parse_ascii("S...G");
    search::astar a;
    (void)a.find_path(m.map, {.start = m.start, .goal = m.goal});
    search::astar b = std::move(a);
    auto r = b.find_path(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_TRUE(r.found());
    EXPECT_EQ(r.cost, 4.0);
}

} // namespace
} // namespace xunlu
