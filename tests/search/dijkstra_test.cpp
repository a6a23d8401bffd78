// Dijkstra two ways: the registry's "dijkstra" finder, and astar::explore_all's one-to-all
// distance field, both checked against A* on random maps.
#include <gtest/gtest.h>

#include <random>

#include "support/ascii_map.hpp"
#include "support/search_checks.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using search::search_status;

using testing::random_free;

TEST(dijkstra, registry_lists_astar_and_dijkstra_as_optimal) {
    const auto* a = registry::find_finder("astar");
    const auto* d = registry::find_finder("dijkstra");
    ASSERT_NE(a, nullptr);
    ASSERT_NE(d, nullptr);
    EXPECT_TRUE(a->caps.optimal);
    EXPECT_TRUE(d->caps.optimal);
    EXPECT_FALSE(d->caps.preprocessing);
    EXPECT_EQ(registry::find_finder("nope"), nullptr);
    EXPECT_NE(registry::finder_names().find("dijkstra"), std::string::npos);
    EXPECT_GE(registry::finders().size(), 2u);
}

TEST(dijkstra, registry_finder_matches_astar_on_random_maps) {
    auto dijkstra = registry::find_finder("dijkstra")->make();
    auto astar = registry::find_finder("astar")->make();
    std::mt19937_64 rng(42);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const auto map =
            grid::generate_random(80, 60, 25.0 + 3.0 * static_cast<double>(seed), seed).value();
        for (const auto rule : {"4", "8", "8-cut1", "8-always"}) {
            const auto rules = *grid::parse_movement_rules(rule);
            for (int q = 0; q < 15; ++q) {
                const search::search_request req{
                    .start = random_free(map, rng), .goal = random_free(map, rng), .rules = rules};
                const auto a = astar->find(map, req);
                const auto d = dijkstra->find(map, req);
                ASSERT_EQ(a.status, d.status) << rule << " seed " << seed;
                if (!a.found()) continue;
                EXPECT_NEAR(a.cost, d.cost, 1e-9) << rule << " seed " << seed;
                EXPECT_EQ(grid::check_path(map, d.path, rules, req.mask()), std::nullopt);
                // Dijkstra ignores the heuristic, so it expands at least as much as A*.
                EXPECT_GE(d.stats.expanded, a.stats.expanded);
            }
        }
    }
}

TEST(dijkstra, registry_dijkstra_ignores_a_requested_heuristic) {
    auto m = testing::parse_ascii(R"(
        ..###..
        #......
        ###....
        #.#...S
        .....#.
        ##G....
    )");
    auto dijkstra = registry::find_finder("dijkstra")->make();
    const auto r = dijkstra->find(
        m.map, {.start = m.start, .goal = m.goal, .heuristic = search::heuristic_kind::manhattan});
    ASSERT_EQ(r.status, search_status::found);
    EXPECT_NEAR(r.cost, 2 + 2 * 1.4142135623730951, 1e-12);
}

TEST(dijkstra, distance_field_matches_astar_everywhere) {
    search::astar field;
    search::astar engine;
    std::mt19937_64 rng(7);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const auto map = grid::generate_random(50, 40, 30, seed).value();
        for (const auto rule : {"4", "8", "8-cut1"}) {
            const auto rules = *grid::parse_movement_rules(rule);
            const cell source = random_free(map, rng);
            field.explore_all(map, source, rules, grid::obstacle_mask::high_and_low);
            EXPECT_EQ(field.distance(source), 0.0);
            std::int64_t reached = 0;
            for (std::int32_t y = 0; y < map.height(); ++y) {
                for (std::int32_t x = 0; x < map.width(); ++x) {
                    const auto d = field.distance({x, y});
                    if (!map.passable({x, y})) {
                        EXPECT_FALSE(d.has_value());
                        continue;
                    }
                    const auto r =
                        engine.find_path(map, {.start = source, .goal = {x, y}, .rules = rules});
                    if (r.found()) {
                        ++reached;
                        ASSERT_TRUE(d.has_value()) << x << "," << y;
                        EXPECT_NEAR(*d, r.cost, 1e-9) << x << "," << y << " " << rule;
                    } else {
                        EXPECT_EQ(r.status, search_status::no_path);
                        EXPECT_FALSE(d.has_value()) << x << "," << y;
                    }
                }
            }
            EXPECT_GT(reached, 1);
        }
    }
}

TEST(dijkstra, distance_field_handles_terrain_low_obstacles_and_bad_queries) {
    auto m = testing::parse_ascii(R"(
        S.9.
        .u..
        ....
    )");
    search::astar field;
    field.explore_all(m.map, m.start, {}, grid::obstacle_mask::high_and_low);
    EXPECT_FALSE(field.distance({1, 1}).has_value());     // unit blocks
    EXPECT_NEAR(*field.distance({2, 0}), 1 + 9.0, 1e-12); // entering the 9 cell costs 9
    EXPECT_NEAR(*field.distance({3, 0}), 5 + 1.4142135623730951, 1e-12); // around below
    field.explore_all(m.map, m.start, {}, grid::obstacle_mask::high_only);
    EXPECT_NEAR(*field.distance({1, 1}), 1.4142135623730951, 1e-12);
    EXPECT_FALSE(field.distance({-1, 0}).has_value());
    EXPECT_FALSE(field.distance({4, 0}).has_value());
    // A blocked source explores nothing (and leaves no stale distances behind).
    field.explore_all(m.map, {1, 1}, {}, grid::obstacle_mask::high_and_low);
    EXPECT_FALSE(field.distance({0, 0}).has_value());
}

} // namespace
} // namespace xunlu
