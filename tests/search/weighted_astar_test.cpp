// Weighted A* (search_request::weight): on random, maze, room and terrain maps the cost stays
// within the weight times the optimum of a reference Dijkstra written without xunlu's search
// code, paths are valid, unreachable goals stay unreachable, weight 1 is plain A*, and bad
// weights and combinations are refused. The JPS variants run A* with the weight and say so.
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

namespace xunlu {
namespace {

/// The least cost from `from` to every cell under the default rule (8, no corner cutting),
/// terrain multipliers included, from the reference Dijkstra.
std::vector<double> reference_costs(const grid::grid_map& m, cell from) {
    return testing::cell_dijkstra(
        m.width(), m.height(), from,
        testing::octile_steps([&m](cell c) { return m.in_bounds(c) && m.passable(c); },
                              [&m](cell c) { return static_cast<double>(m.terrain_cost(c)); }));
}

/// Checks `weight` on `queries` of `map` against the reference; returns how many were found.
int check_bound(const grid::grid_map& map, double weight, int queries, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    search::astar engine;
    int found = 0;
    for (int q = 0; q < queries; ++q) {
        const cell from = testing::random_free(map, rng);
        const cell to = testing::random_free(map, rng);
        const auto best = reference_costs(map, from);
        const double optimum = best[static_cast<std::size_t>(to.y * map.width() + to.x)];
        const search::search_request req{.start = from, .goal = to, .weight = weight};
        const auto r = engine.find_path(map, req);
        if (std::isinf(optimum)) {
            EXPECT_EQ(r.status, search::search_status::no_path) << "query " << q;
            continue;
        }
        EXPECT_TRUE(r.found()) << "query " << q << ": " << r.reason;
        if (!r.found()) continue;
        ++found;
        EXPECT_EQ(grid::check_path(map, r.path, req.rules, req.mask()), std::nullopt);
        EXPECT_EQ(r.path.front(), from);
        EXPECT_EQ(r.path.back(), to);
        EXPECT_GE(r.cost, optimum - 1e-9 * (1 + optimum));
        EXPECT_LE(r.cost, weight * optimum + 1e-9 * (1 + optimum))
            << "weight " << weight << " query " << q << " optimum " << optimum;
    }
    return found;
}

TEST(weighted_astar, cost_stays_within_the_weight_on_random_maze_room_and_terrain_maps) {
    std::vector<grid::grid_map> maps;
    maps.push_back(testing::random_map(48, 11));
    maps.push_back(grid::generate_random(48, 40.0, 12).value());
    maps.push_back(grid::generate_maze(49, 49, 1, 13).value());
    maps.push_back(grid::generate_rooms(49, 49, 7, 14).value());
    auto terrain = testing::random_map(40, 15);
    std::mt19937_64 rng(16);
    for (int i = 0; i < 400; ++i) {
        const cell c = testing::random_free(terrain, rng);
        terrain.set_terrain_cost(c, static_cast<float>(1 + rng() % 5));
    }
    maps.push_back(std::move(terrain));
    int found = 0;
    for (std::size_t i = 0; i < maps.size(); ++i) {
        SCOPED_TRACE("map " + std::to_string(i));
        for (const double w : {1.0, 1.2, 1.5, 2.0, 5.0}) {
            found += check_bound(maps[i], w, 12, 100 + i);
        }
    }
    EXPECT_GT(found, 200); // most random pairs are connected: the checks above really ran
}

TEST(weighted_astar, a_higher_weight_expands_fewer_cells_on_an_open_map) {
    const auto map = grid::generate_random(128, 10.0, 3).value();
    search::astar engine;
    const search::search_request plain{.start = {0, 0}, .goal = {127, 127}};
    auto weighted = plain;
    weighted.weight = 2.0;
    const auto a = engine.find_path(map, plain);
    const auto b = engine.find_path(map, weighted);
    ASSERT_TRUE(a.found());
    ASSERT_TRUE(b.found());
    EXPECT_LT(b.stats.expanded * 2, a.stats.expanded);
    EXPECT_LE(b.cost, 2.0 * a.cost + 1e-9);
}

TEST(weighted_astar, weight_one_is_plain_astar_and_traced_runs_agree_with_untraced) {
    const auto map = testing::random_map(40, 21);
    search::astar engine;
    for (const auto& [from, to] : testing::random_queries(map, 20, 22)) {
        search::search_request req{.start = from, .goal = to};
        const auto plain = engine.find_path(map, req);
        req.weight = 1.0;
        testing::expect_same_result(plain, engine.find_path(map, req));
        req.weight = 1.7;
        const auto untraced = engine.find_path(map, req);
        req.record_trace = true;
        const auto traced = engine.find_path(map, req);
        EXPECT_EQ(untraced.path, traced.path);
        EXPECT_EQ(untraced.stats.expanded, traced.stats.expanded);
        EXPECT_EQ(traced.trace.expanded.size(), traced.stats.expanded);
    }
}

TEST(weighted_astar, stepping_in_small_budgets_gives_the_one_shot_answer) {
    const auto map = testing::random_map(64, 31);
    search::astar engine;
    for (const auto& [from, to] : testing::random_queries(map, 10, 32)) {
        const search::search_request req{.start = from, .goal = to, .weight = 1.5};
        const auto once = engine.find_path(map, req);
        if (engine.start(map, req)) {
            while (!engine.step(7)) {
            }
        }
        testing::expect_same_result(once, engine.finish());
    }
}

TEST(weighted_astar, bad_weights_and_combinations_are_refused) {
    const auto map = testing::random_map(16, 41);
    search::astar engine;
    for (const double w : {0.0, 0.99, -1.0, std::numeric_limits<double>::infinity(),
                           std::numeric_limits<double>::quiet_NaN()}) {
        const search::search_request req{.start = {0, 0}, .goal = {15, 15}, .weight = w};
        const auto r = engine.find_path(map, req);
        EXPECT_EQ(r.status, search::search_status::invalid_input) << w;
        EXPECT_NE(r.reason.find("weight must be a finite number >= 1"), std::string::npos)
            << r.reason;
    }
    search::search_request turns{.start = {0, 0}, .goal = {15, 15}, .weight = 2.0};
    turns.turn_penalty = 1.0;
    const auto r = engine.find_path(map, turns);
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    EXPECT_NE(r.reason.find("not combined with turn_penalty"), std::string::npos) << r.reason;
}

TEST(weighted_astar, jps_variants_run_astar_with_the_weight_and_say_so) {
    const auto map = testing::random_map(48, 51);
    const auto reference = registry::find_finder("astar")->make();
    for (const char* algo : {"jps", "jps-block", "jps-online", "jps+", "subgoal"}) {
        const auto* entry = registry::find_finder(algo);
        ASSERT_NE(entry, nullptr) << algo;
        EXPECT_EQ(entry->caps.weight, registry::support::falls_back_to_astar) << algo;
        auto finder = entry->make();
        for (const auto& [from, to] : testing::random_queries(map, 5, 52)) {
            const search::search_request req{.start = from, .goal = to, .weight = 1.5};
            const auto want = reference->find(map, req);
            const auto got = finder->find(map, req);
            EXPECT_EQ(got.status, want.status) << algo;
            EXPECT_EQ(got.path, want.path) << algo;
            if (got.found()) {
                EXPECT_NE(got.reason.find("fell back to A*"), std::string::npos) << got.reason;
            }
        }
    }
    EXPECT_EQ(registry::find_finder("dijkstra")->caps.weight, registry::support::ignored);
    EXPECT_EQ(registry::find_finder("astar")->caps.weight, registry::support::native);
}

} // namespace
} // namespace xunlu
