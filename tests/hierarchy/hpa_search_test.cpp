// Two-tier search against A*: exact mode equals A*'s cost on random, maze, room and open maps
// (unreachable pairs included, both cost models); fast mode finds a valid path exactly when A*
// does, never shorter; edge cases (tiny maps, clusters cut by the map edge, start on a
// transition, a path that leaves its cluster and comes back); budgets, caps and refusals.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "support/ascii_map.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/hierarchy/hpa_search.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu {
namespace {

using hierarchy::hpa_mode;
using hierarchy::hpa_search;

grid::grid_map random_map(std::int32_t w, std::int32_t h, double rate, std::uint64_t seed) {
    auto m = grid::generate_random(w, h, rate, seed);
    EXPECT_TRUE(m.ok());
    return std::move(m).value();
}

cell random_cell(const grid::grid_map& m, std::mt19937_64& rng) {
    std::uniform_int_distribution<std::int32_t> x(0, m.width() - 1);
    std::uniform_int_distribution<std::int32_t> y(0, m.height() - 1);
    return {x(rng), y(rng)};
}

/// Runs `queries` random pairs of free cells (unreachable ones included) through `engine` and
/// A*; exact mode must match A*'s cost, fast mode must be valid and never shorter.
void compare_with_astar(hpa_search& engine, const grid::grid_map& map, int queries,
                        std::uint64_t seed, const std::string& what,
                        grid::step_costs costs = grid::step_costs::exact) {
    std::mt19937_64 rng(seed);
    int compared = 0;
    int unreachable = 0;
    for (int attempt = 0; compared < queries && attempt < queries * 20; ++attempt) {
        const cell a = random_cell(map, rng);
        const cell b = random_cell(map, rng);
        if (!map.passable(a) || !map.passable(b)) continue;
        search::search_request req{.start = a, .goal = b};
        req.rules.costs = costs;
        const auto ref = search::find_path_astar(map, req);
        const auto got = engine.find_path(map, req);
        const std::string where = what + " " + search::cell_text(a) + "->" + search::cell_text(b);
        ASSERT_EQ(got.status, ref.status) << where << ": " << got.reason;
        ++compared;
        if (!ref.found()) {
            ++unreachable;
            continue;
        }
        ASSERT_EQ(got.path.front(), a) << where;
        ASSERT_EQ(got.path.back(), b) << where;
        const auto bad = grid::check_path(map, got.path, req.rules, req.mask());
        ASSERT_FALSE(bad.has_value()) << where << ": " << *bad;
        if (engine.mode() == hpa_mode::exact) {
            ASSERT_NEAR(got.cost, ref.cost, 1e-9 * std::max(1.0, ref.cost)) << where;
        } else {
            ASSERT_GE(got.cost, ref.cost - 1e-9) << where;
        }
    }
    EXPECT_EQ(compared, queries) << what;
    (void)unreachable;
}

// Both of exact mode's searches: JPS over the cells with the clusters' landmark ranges (the
// default) and A* over the abstract graph.
constexpr std::array exact_searches{hierarchy::exact_search::cells,
                                    hierarchy::exact_search::abstract};

std::string search_name(hierarchy::exact_search how) {
    return how == hierarchy::exact_search::cells ? "cells: " : "abstract: ";
}

TEST(hpa_search, exact_mode_equals_astar_on_random_maze_room_and_open_maps) {
    for (const auto how : exact_searches) {
        hpa_search exact(hpa_mode::exact);
        exact.set_exact_search(how);
        const std::string name = search_name(how);
        for (const double rate : {0.0, 10.0, 25.0, 40.0}) {
            compare_with_astar(exact, random_map(61, 45, rate, 7), 150, 11,
                               name + "random " + std::to_string(rate) + "%");
        }
        compare_with_astar(exact, grid::generate_maze(63, 47, 1, 3).value(), 100, 5, name + "maze");
        compare_with_astar(exact, grid::generate_maze(70, 70, 3, 4).value(), 100, 6,
                           name + "maze-3");
        compare_with_astar(exact, grid::generate_rooms(65, 49, 7, 9).value(), 150, 8,
                           name + "rooms");
        compare_with_astar(exact, random_map(50, 40, 30, 2), 100, 4, name + "random 10/14",
                           grid::step_costs::integer_10_14);
    }
}

TEST(hpa_search, every_cluster_size_is_exact_in_exact_mode) {
    const auto map = random_map(53, 37, 30, 21);
    for (const auto how : exact_searches) {
        for (const std::int32_t size : {4, 5, 8, 13, 16, 64}) {
            hpa_search exact(hpa_mode::exact, size);
            exact.set_exact_search(how);
            compare_with_astar(exact, map, 60, 30 + static_cast<std::uint64_t>(size),
                               search_name(how) + "cluster " + std::to_string(size));
        }
    }
}

TEST(hpa_search, fast_mode_is_valid_complete_and_near_shortest) {
    hpa_search fast(hpa_mode::fast);
    for (const double rate : {0.0, 20.0, 35.0}) {
        compare_with_astar(fast, random_map(80, 64, rate, 3), 150, 17,
                           "random " + std::to_string(rate) + "%");
    }
    compare_with_astar(fast, grid::generate_maze(63, 63, 2, 8).value(), 100, 3, "maze");
    compare_with_astar(fast, grid::generate_rooms(81, 65, 9, 2).value(), 150, 4, "rooms");
    compare_with_astar(fast, random_map(64, 64, 20, 5), 80, 4, "random 10/14",
                       grid::step_costs::integer_10_14);
    // Clusters of 32: one transition per entrance.
    hpa_search wide(hpa_mode::fast, 32);
    compare_with_astar(wide, random_map(130, 100, 20, 6), 120, 18, "random, clusters of 32");
    compare_with_astar(wide, grid::generate_rooms(129, 97, 9, 2).value(), 120, 5,
                       "rooms, clusters of 32");
    compare_with_astar(wide, grid::generate_maze(95, 95, 2, 8).value(), 80, 6,
                       "maze, clusters of 32");
    // Near-shortest on average on an open-ish map (measured over the Moving AI set in
    // docs/hierarchy.md; here a loose check that smoothing did its work).
    const auto map = random_map(96, 96, 10, 12);
    std::mt19937_64 rng(3);
    double ratio_sum = 0;
    int n = 0;
    while (n < 100) {
        const cell a = random_cell(map, rng);
        const cell b = random_cell(map, rng);
        if (!map.passable(a) || !map.passable(b) || a == b) continue;
        const auto ref = search::find_path_astar(map, {.start = a, .goal = b});
        if (!ref.found()) continue;
        ratio_sum += fast.find_path(map, {.start = a, .goal = b}).cost / ref.cost;
        ++n;
    }
    EXPECT_LT(ratio_sum / n, 1.05);
}

TEST(hpa_search, clusters_of_32_put_one_transition_in_the_middle_of_each_entrance) {
    // One open border between two 32-cell clusters: HPA*'s rule puts a transition at each end
    // of the 32-cell entrance, one per entrance puts one in its middle.
    const auto open = random_map(64, 32, 0, 1);
    hierarchy::cluster_graph_options o;
    o.cluster_size = 32;
    o.transitions = hierarchy::transition_policy::entrances;
    const auto pairs = hierarchy::cluster_graph::build(open, o);
    EXPECT_EQ(pairs.at(0).transitions.size(), 2U);
    o.split_entrances_from = 0;
    const auto middles = hierarchy::cluster_graph::build(open, o);
    ASSERT_EQ(middles.at(0).transitions.size(), 1U);
    EXPECT_EQ(middles.at(0).transitions[0], (cell{31, 15}));
    EXPECT_NE(o.cache_key(), hierarchy::cluster_graph_options{}.cache_key());
    o.split_entrances_from = 1;
    EXPECT_NE(hierarchy::cluster_graph::options_problem(o).find("split_entrances_from 1"),
              std::string::npos);
    // Engines pick it for fast mode with clusters of 32 or more (the big worlds' default).
    const search::search_request req{};
    EXPECT_EQ(hpa_search(hpa_mode::fast, 32).options_for(open, req).split_entrances_from, 0);
    EXPECT_EQ(hpa_search(hpa_mode::fast, 16).options_for(open, req).split_entrances_from, 6);
    EXPECT_EQ(hpa_search(hpa_mode::exact, 32).options_for(open, req).split_entrances_from, 6);
}

TEST(hpa_search, abstract_weight_by_map_size_unless_set) {
    const auto small = random_map(64, 64, 0, 1);
    // One cell over 2^22 in total: a big world (clusters of 32, the larger weight).
    const auto big = random_map(2049, 2048, 0, 1);
    ASSERT_GT(std::int64_t{big.width()} * big.height(), hpa_search::big_world_cells);
    hpa_search fast(hpa_mode::fast);
    EXPECT_EQ(fast.abstract_weight(small), hpa_search::fast_abstract_weight);
    EXPECT_EQ(fast.abstract_weight(big), hpa_search::big_world_abstract_weight);
    EXPECT_EQ(fast.options_for(small, {}).cluster_size, 16);
    EXPECT_EQ(fast.options_for(big, {}).cluster_size, 32);
    ASSERT_TRUE(fast.set_abstract_weight(1.2));
    EXPECT_EQ(fast.abstract_weight(small), 1.2);
    EXPECT_EQ(fast.abstract_weight(big), 1.2);
    EXPECT_FALSE(fast.set_abstract_weight(0.9));
    EXPECT_FALSE(fast.set_abstract_weight(std::nan("")));
    EXPECT_EQ(fast.abstract_weight(big), 1.2);
    hpa_search exact(hpa_mode::exact);
    EXPECT_FALSE(exact.set_abstract_weight(1.2));
    EXPECT_EQ(exact.abstract_weight(small), 1.0);
    EXPECT_EQ(exact.abstract_weight(big), 1.0);
}

TEST(hpa_search, exact_search_is_the_cell_search_on_every_size_unless_set) {
    const auto small = random_map(64, 64, 0, 1);
    // One cell over 2^22 in total: a big world. The cell search's node store pages by tiles
    // of cells there, so its memory follows the query and big worlds use it too.
    const auto big = random_map(2049, 2048, 0, 1);
    hpa_search exact(hpa_mode::exact);
    EXPECT_EQ(exact.exact_search_for(small), hierarchy::exact_search::cells);
    EXPECT_EQ(exact.exact_search_for(big), hierarchy::exact_search::cells);
    exact.set_exact_search(hierarchy::exact_search::cells);
    EXPECT_EQ(exact.exact_search_for(big), hierarchy::exact_search::cells);
    exact.set_exact_search(hierarchy::exact_search::abstract);
    EXPECT_EQ(exact.exact_search_for(small), hierarchy::exact_search::abstract);
}

TEST(hpa_search, a_path_that_leaves_its_cluster_and_comes_back) {
    // Start and goal share the top-left 8x8 cluster but a wall inside it separates them: the
    // only way round leaves the cluster.
    auto drawn = testing::parse_ascii(R"(
        S..#............
        ...#............
        ...#............
        ...#............
        ...#............
        ...#............
        ...#............
        G..#............
        ...#............
        ................
        ................
    )");
    for (const hpa_mode mode : {hpa_mode::exact, hpa_mode::fast}) {
        hpa_search engine(mode, 8);
        const search::search_request req{.start = drawn.start, .goal = drawn.goal};
        const auto got = engine.find_path(drawn.map, req);
        ASSERT_TRUE(got.found()) << got.reason;
        EXPECT_NEAR(got.cost, 7.0, 1e-9); // straight down the left column
        // Now close the left column: the way leads out of the cluster and back.
        auto blocked = drawn.map;
        blocked.set_high_obstacle({0, 4}, true);
        blocked.set_high_obstacle({1, 4}, true);
        blocked.set_high_obstacle({2, 4}, true);
        const auto ref = search::find_path_astar(blocked, req);
        const auto around = engine.find_path(blocked, req);
        ASSERT_EQ(around.status, ref.status) << around.reason;
        EXPECT_FALSE(ref.found()); // the start's corner is closed in
        // A gap in the wall at (3, 2): the way leads right, down past the wall's end at y = 8
        // (into the clusters below) and back up to the goal.
        blocked.set_high_obstacle({3, 2}, false);
        const auto ref2 = search::find_path_astar(blocked, req);
        const auto around2 = engine.find_path(blocked, req);
        ASSERT_TRUE(ref2.found());
        ASSERT_TRUE(around2.found()) << around2.reason;
        if (mode == hpa_mode::exact) {
            EXPECT_NEAR(around2.cost, ref2.cost, 1e-9);
        }
        EXPECT_FALSE(grid::check_path(blocked, around2.path, req.rules, req.mask()).has_value());
    }
}

TEST(hpa_search, fast_mode_with_start_and_goal_in_one_cluster) {
    // Pairs inside one 16-cell cluster. On open ground the abstract path is just start and goal,
    // and the look-ahead has no node beyond the goal to try (a case that once added the line
    // to the goal to the path twice). In a maze the way often leaves the cluster and comes back.
    const auto open = random_map(96, 96, 0, 1);
    const auto maze = grid::generate_maze(95, 95, 2, 8).value();
    for (const auto* map : {&open, &maze}) {
        hpa_search fast(hpa_mode::fast);
        std::mt19937_64 rng(12);
        int compared = 0;
        for (int attempt = 0; compared < 300 && attempt < 300000; ++attempt) {
            const cell a = random_cell(*map, rng);
            const cell b{(a.x / 16) * 16 + static_cast<std::int32_t>(rng() % 16),
                         (a.y / 16) * 16 + static_cast<std::int32_t>(rng() % 16)};
            if (!map->in_bounds(b) || !map->passable(a) || !map->passable(b) || a == b) continue;
            const search::search_request req{.start = a, .goal = b};
            const auto ref = search::find_path_astar(*map, req);
            if (!ref.found()) continue;
            const auto got = fast.find_path(*map, req);
            const std::string where = search::cell_text(a) + "->" + search::cell_text(b);
            ASSERT_TRUE(got.found()) << where << ": " << got.reason;
            ASSERT_FALSE(grid::check_path(*map, got.path, req.rules, req.mask()).has_value())
                << where;
            ASSERT_GE(got.cost, ref.cost - 1e-9) << where;
            if (map == &open) {
                ASSERT_NEAR(got.cost, ref.cost, 1e-9) << where; // a line
            }
            ++compared;
        }
        EXPECT_EQ(compared, 300);
    }
}

TEST(hpa_search, tiny_and_ragged_maps) {
    for (const auto& [w, h] :
         std::vector<std::pair<int, int>>{{1, 1}, {1, 9}, {9, 1}, {3, 2}, {17, 5}, {33, 9}}) {
        auto map = grid::grid_map::create(w, h).value();
        hpa_search exact(hpa_mode::exact, 4);
        hpa_search fast(hpa_mode::fast, 4);
        const search::search_request req{.start = {0, 0}, .goal = {w - 1, h - 1}};
        const auto ref = search::find_path_astar(map, req);
        const auto e = exact.find_path(map, req);
        const auto f = fast.find_path(map, req);
        ASSERT_TRUE(e.found()) << w << "x" << h << ": " << e.reason;
        ASSERT_TRUE(f.found()) << w << "x" << h << ": " << f.reason;
        EXPECT_NEAR(e.cost, ref.cost, 1e-9);
        EXPECT_NEAR(f.cost, ref.cost, 1e-9) << "an empty map's smoothed path is straight";
    }
}

TEST(hpa_search, refusals_fallbacks_budget_and_memory_cap) {
    auto map = random_map(64, 64, 20, 1);
    hpa_search engine(hpa_mode::exact);
    search::search_request four{.start = {0, 0}, .goal = {63, 63}};
    four.rules.moves = grid::connectivity::four;
    const auto refused = engine.find_path(map, four);
    EXPECT_EQ(refused.status, search::search_status::invalid_input);
    EXPECT_NE(refused.reason.find("hpa-exact: rule 4 is not supported"), std::string::npos)
        << refused.reason;

    EXPECT_EQ(engine.find_path(map, {.start = {-1, 0}, .goal = {3, 3}}).status,
              search::search_status::invalid_input);

    search::search_request near{.start = {0, 0}, .goal = {63, 63}, .stop_within = 2};
    const auto fell = engine.find_path(map, near);
    EXPECT_NE(fell.reason.find("hpa-exact fell back to A*: stop_within"), std::string::npos)
        << fell.reason;

    auto costly = map;
    costly.set_terrain_cost({5, 5}, 3.0f);
    const auto terrain = engine.find_path(costly, {.start = {0, 0}, .goal = {63, 63}});
    EXPECT_NE(terrain.reason.find("terrain costs"), std::string::npos) << terrain.reason;

    const auto budget =
        engine.find_path(map, {.start = {0, 0}, .goal = {63, 63}, .max_expansions = 5});
    EXPECT_EQ(budget.status, search::search_status::budget_exhausted) << budget.reason;
    EXPECT_TRUE(budget.partial);
    ASSERT_FALSE(budget.path.empty());
    EXPECT_EQ(budget.path.front(), (cell{0, 0}));
    EXPECT_FALSE(
        grid::check_path(map, budget.path, {}, grid::obstacle_mask::high_and_low).has_value());

    search::search_request capped{.start = {0, 0}, .goal = {63, 63}};
    capped.max_memory_bytes = 1000;
    EXPECT_EQ(engine.find_path(map, capped).status, search::search_status::resource_exhausted);

    // Exact mode refuses maps over its limit before building anything.
    const auto huge = grid::grid_map::create(4097, 4096).value();
    const auto big = engine.find_path(huge, {.start = {0, 0}, .goal = {1, 1}});
    EXPECT_EQ(big.status, search::search_status::invalid_input);
    EXPECT_NE(big.reason.find("over the exact mode's limit of 2^24"), std::string::npos)
        << big.reason;

    const auto same = engine.find_path(map, {.start = {0, 0}, .goal = {0, 0}});
    ASSERT_TRUE(same.found());
    EXPECT_EQ(same.path.size(), 1u);
}

TEST(hpa_search, trace_lists_the_abstract_nodes_it_opened_and_closed) {
    auto map = random_map(48, 48, 15, 9);
    hpa_search engine(hpa_mode::fast);
    search::search_request req{.start = {0, 0}, .goal = {47, 47}, .record_trace = true};
    const auto r = engine.find_path(map, req);
    ASSERT_TRUE(r.found()) << r.reason;
    EXPECT_LE(r.trace.expanded.size(), r.stats.expanded); // plus the in-cluster cells
    EXPECT_FALSE(r.trace.events.empty());
    EXPECT_GT(r.stats.preprocessing_bytes, 0u);
    EXPECT_GT(r.stats.memory_bytes, 0u);
}

} // namespace
} // namespace xunlu
