// Fog of war and D* Lite: the bit layer, what a player believes, and a unit walking through
// the fog on random maps, where after every discovery the incremental re-plan must cost what
// a from-scratch A* on the same knowledge costs, and every step must be a legal move.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "xunlu/overlays/dstar_lite.hpp"
#include "xunlu/overlays/fog_layer.hpp"
#include "xunlu/overlays/fog_walk.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using overlays::unknown_cells;

TEST(fog_layer, one_bit_per_cell_and_discs_of_explored_cells) {
    auto fog = overlays::fog_layer::create(1024, 1024).value();
    EXPECT_EQ(fog.bytes(), 1024u * 1024u / 8u); // 128 KiB per player
    EXPECT_EQ(fog.explored_count(), 0u);
    EXPECT_TRUE(fog.explore({5, 5}));
    EXPECT_FALSE(fog.explore({5, 5}));
    EXPECT_FALSE(fog.explore({-1, 5}));
    EXPECT_TRUE(fog.explored({5, 5}));
    EXPECT_FALSE(fog.explored({6, 5}));
    std::vector<cell> fresh;
    fog.explore_disc({100, 100}, 2, &fresh);
    EXPECT_EQ(fresh.size(), 13u); // dx^2 + dy^2 <= 4
    fog.explore_disc({0, 0}, 2, &fresh);
    EXPECT_EQ(fog.explored_count(), 13u + 6u + 1u); // the corner disc lost its outer parts
    EXPECT_FALSE(overlays::fog_layer::create(0, 10).ok());
    EXPECT_FALSE(overlays::fog_layer::create(40000, 10).ok());
}

TEST(fog_layer, a_belief_is_the_truth_where_explored_and_the_assumption_elsewhere) {
    auto map = grid::grid_map::create(4, 1).value();
    map.set_high_obstacle({1, 0}, true);
    map.set_high_obstacle({2, 0}, true);
    auto fog = overlays::fog_layer::create(4, 1).value();
    fog.explore({1, 0});
    const overlays::belief optimist(map, fog, unknown_cells::walkable);
    const overlays::belief pessimist(map, fog, unknown_cells::blocked);
    EXPECT_FALSE(optimist.passable({1, 0}));
    EXPECT_TRUE(optimist.passable({2, 0})); // blocked, but nobody has seen it
    EXPECT_FALSE(pessimist.passable({3, 0}));
    EXPECT_FALSE(optimist.passable({4, 0}));
}

grid::grid_map random_map(std::mt19937& rng, int side, double rate) {
    auto map = grid::grid_map::create(side, side).value();
    std::bernoulli_distribution wall(rate);
    for (int y = 0; y < side; ++y) {
        for (int x = 0; x < side; ++x) map.set_high_obstacle({x, y}, wall(rng));
    }
    return map;
}

cell random_free(std::mt19937& rng, const grid::grid_map& map) {
    std::uniform_int_distribution<int> x(0, map.width() - 1), y(0, map.height() - 1);
    for (;;) {
        const cell c{x(rng), y(rng)};
        if (map.passable(c)) return c;
    }
}

/// The map as the unit believes it, for A* from scratch: walls, and terrain costs where seen.
grid::grid_map believed(const overlays::belief& view) {
    auto out = grid::grid_map::create(view.truth().width(), view.truth().height()).value();
    for (int y = 0; y < out.height(); ++y) {
        for (int x = 0; x < out.width(); ++x) {
            out.set_high_obstacle({x, y}, !view.passable({x, y}));
            if (view.fog().explored({x, y})) {
                out.set_terrain_cost({x, y}, view.truth().terrain_cost({x, y}));
            }
        }
    }
    return out;
}

double astar_cost(const grid::grid_map& map, cell from, cell to, std::uint64_t* expanded) {
    const auto r = search::find_path_astar(map, {.start = from, .goal = to});
    if (expanded != nullptr) *expanded += r.stats.expanded;
    return r.found() ? r.cost : std::numeric_limits<double>::infinity();
}

TEST(dstar_lite, on_a_fully_known_map_it_costs_what_astar_costs) {
    std::mt19937 rng(21);
    for (int run = 0; run < 60; ++run) {
        const auto map = random_map(rng, 40, 0.3);
        auto fog = overlays::fog_layer::create(40, 40).value();
        fog.explore_disc({20, 20}, 60);
        const overlays::belief view(map, fog, unknown_cells::walkable);
        const cell a = random_free(rng, map), b = random_free(rng, map);
        overlays::dstar_lite d(view, a, b);
        const bool found = d.plan();
        const double expected = astar_cost(map, a, b, nullptr);
        ASSERT_EQ(found, std::isfinite(expected)) << run;
        if (!found) {
            EXPECT_TRUE(d.path().empty());
            continue;
        }
        EXPECT_NEAR(d.cost(), expected, 1e-9) << run;
        const auto path = d.path();
        ASSERT_FALSE(path.empty());
        EXPECT_EQ(path.front(), a);
        EXPECT_EQ(path.back(), b);
    }
}

/// Every step of a walk: to an 8-neighbour, truly free, no corner cut in the truth.
void expect_legal_walk(const grid::grid_map& truth, const std::vector<cell>& walked) {
    for (std::size_t i = 1; i < walked.size(); ++i) {
        const cell a = walked[i - 1], b = walked[i];
        ASSERT_LE(std::abs(a.x - b.x), 1);
        ASSERT_LE(std::abs(a.y - b.y), 1);
        ASSERT_TRUE(truth.passable(b)) << "step " << i;
        if (a.x != b.x && a.y != b.y) {
            ASSERT_TRUE(truth.passable({a.x, b.y}) && truth.passable({b.x, a.y}))
                << "corner cut at step " << i;
        }
    }
}

TEST(dstar_lite, every_replan_in_the_fog_costs_what_a_fresh_astar_costs) {
    std::mt19937 rng(8);
    std::uint64_t dstar_work = 0, astar_work = 0, replans = 0;
    for (int run = 0; run < 120; ++run) {
        const int side = 24 + run % 3 * 12;
        const auto map = random_map(rng, side, 0.2 + 0.05 * (run % 4));
        auto fog = overlays::fog_layer::create(side, side).value();
        const cell a = random_free(rng, map), b = random_free(rng, map);
        overlays::fog_walk_options options;
        options.sensor_radius = run % 4; // 0 too: the unit still feels before it steps
        options.unknown = unknown_cells::walkable;
        if (run % 5 == 4) {
            // Planning through explored cells only: most of the map is known already.
            options.unknown = unknown_cells::blocked;
            std::bernoulli_distribution seen(0.8);
            for (int y = 0; y < side; ++y) {
                for (int x = 0; x < side; ++x) {
                    if (seen(rng)) fog.explore({x, y});
                }
            }
            fog.explore(b);
        }
        const overlays::belief view(map, fog, options.unknown);
        std::uint64_t astar_here = 0;
        const auto walk = overlays::walk_through_fog(
            map, fog, a, b, options,
            [&](const overlays::dstar_lite& search, cell at, std::span<const cell> changed) {
                for (const cell c : changed) {
                    ASSERT_TRUE(fog.explored(c)); // a discovery is something seen
                }
                const double fresh = astar_cost(believed(view), at, b, &astar_here);
                if (std::isfinite(fresh)) {
                    ASSERT_NEAR(search.cost(), fresh, 1e-9)
                        << "run " << run << " at " << at.x << "," << at.y;
                } else {
                    ASSERT_FALSE(std::isfinite(search.cost())) << "run " << run;
                }
            });
        expect_legal_walk(map, walk.walked);
        ASSERT_EQ(walk.walked.front(), a);
        const bool reachable = std::isfinite(astar_cost(map, a, b, nullptr));
        if (options.unknown == unknown_cells::walkable) {
            // Optimism finds the way whenever one exists, and learns when none does.
            EXPECT_EQ(walk.status == overlays::fog_walk_status::arrived, reachable) << run;
            if (reachable) {
                EXPECT_EQ(walk.walked.back(), b);
                EXPECT_GE(walk.length + 1e-9, astar_cost(map, a, b, nullptr));
            } else {
                EXPECT_EQ(walk.status, overlays::fog_walk_status::no_path) << walk.reason;
            }
        } else if (!reachable) {
            EXPECT_NE(walk.status, overlays::fog_walk_status::arrived);
        }
        dstar_work += walk.search.expanded - walk.first_plan_expanded;
        replans += walk.replans;
        // A* from scratch at every re-plan (not counting the first plan, which both do alike).
        astar_work += astar_here - std::min(astar_here, walk.first_plan_expanded);
    }
    EXPECT_GT(replans, 200u);
    // The point of D* Lite: repairs cost less than searches from scratch.
    EXPECT_LT(dstar_work, astar_work) << dstar_work << " vs " << astar_work;
}

TEST(fog_walk, bad_inputs_are_refused_with_the_reason) {
    auto map = grid::grid_map::create(8, 8).value();
    map.set_high_obstacle({0, 0}, true);
    auto fog = overlays::fog_layer::create(8, 8).value();
    auto other = overlays::fog_layer::create(9, 8).value();
    const overlays::fog_walk_options options;
    auto r = overlays::walk_through_fog(map, fog, {0, 0}, {7, 7}, options);
    EXPECT_EQ(r.status, overlays::fog_walk_status::invalid);
    EXPECT_NE(r.reason.find("blocked"), std::string::npos) << r.reason;
    r = overlays::walk_through_fog(map, fog, {1, 1}, {70, 7}, options);
    EXPECT_EQ(r.status, overlays::fog_walk_status::invalid);
    r = overlays::walk_through_fog(map, other, {1, 1}, {7, 7}, options);
    EXPECT_EQ(r.status, overlays::fog_walk_status::invalid);
    EXPECT_NE(r.reason.find("fog"), std::string::npos) << r.reason;
}

TEST(dstar_lite, swamps_seen_on_the_way_are_priced_and_replans_still_equal_astar) {
    std::mt19937 rng(31);
    std::uint64_t replans = 0;
    for (int run = 0; run < 60; ++run) {
        const int side = 24 + run % 3 * 8;
        auto map = random_map(rng, side, 0.15);
        std::bernoulli_distribution swamp(0.2);
        std::uniform_real_distribution<float> dear(1.5f, 6.0f);
        for (int y = 0; y < side; ++y) {
            for (int x = 0; x < side; ++x) {
                if (swamp(rng)) map.set_terrain_cost({x, y}, dear(rng));
            }
        }
        auto fog = overlays::fog_layer::create(side, side).value();
        const cell a = random_free(rng, map), b = random_free(rng, map);
        overlays::fog_walk_options options;
        options.sensor_radius = 1 + run % 3;
        const overlays::belief view(map, fog, options.unknown);
        const auto walk = overlays::walk_through_fog(
            map, fog, a, b, options,
            [&](const overlays::dstar_lite& search, cell at, std::span<const cell>) {
                const double fresh = astar_cost(believed(view), at, b, nullptr);
                if (std::isfinite(fresh)) {
                    ASSERT_NEAR(search.cost(), fresh, 1e-9 * fresh)
                        << "run " << run << " at " << at.x << "," << at.y;
                } else {
                    ASSERT_FALSE(std::isfinite(search.cost())) << "run " << run;
                }
            });
        expect_legal_walk(map, walk.walked);
        replans += walk.replans;
        if (walk.status == overlays::fog_walk_status::arrived) {
            // The walk paid the true costs: never less than the optimum on the full map.
            EXPECT_GE(walk.cost + 1e-9, astar_cost(map, a, b, nullptr)) << run;
            EXPECT_GE(walk.cost + 1e-9, walk.length) << run;
        }
    }
    EXPECT_GT(replans, 100u); // swamps seen on the way made the unit think again
}

} // namespace
} // namespace xunlu
