// Component labels: islands per adjacency, incremental merges, split detection against a fresh
// labelling on random maps with random cell changes, and scene-level updates.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "route_test_support.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/pipeline/components.hpp"

namespace xunlu {
namespace {

using pipeline::adjacency;
using pipeline::component_labels;

/// True when both labellings induce the same partition of the cells.
::testing::AssertionResult same_partition(const grid::grid_map& map, const component_labels& a,
                                          const component_labels& b) {
    std::map<std::uint32_t, std::uint32_t> ab, ba;
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            const std::uint32_t la = a.component({x, y}), lb = b.component({x, y});
            if ((la == 0) != (lb == 0)) {
                return ::testing::AssertionFailure() << "passability differs at " << x << "," << y;
            }
            if (la == 0) continue;
            if (ab.emplace(la, lb).first->second != lb || ba.emplace(lb, la).first->second != la) {
                return ::testing::AssertionFailure() << "partition differs at " << x << "," << y;
            }
        }
    }
    return ::testing::AssertionSuccess();
}

TEST(components, islands_under_each_adjacency) {
    auto m = testing::parse_ascii(R"(
        ..#..
        ..#..
        ###..
        ...#.
        ..#..
    )");
    component_labels four(m.map, adjacency::four, grid::obstacle_mask::high_only);
    component_labels eight(m.map, adjacency::eight, grid::obstacle_mask::high_only);
    EXPECT_FALSE(four.connected({0, 0}, {4, 4}));
    EXPECT_TRUE(four.connected({3, 0}, {4, 4}));
    EXPECT_FALSE(four.connected({0, 4}, {4, 4})); // (2,4)/(3,3) touch only at a corner
    EXPECT_TRUE(eight.connected({0, 4}, {4, 4}));
    EXPECT_EQ(four.component({2, 0}), 0u);
    EXPECT_EQ(four.component({-1, 0}), 0u);
    EXPECT_EQ(four.labelled_components(), 3u);
}

TEST(components, adjacency_follows_the_corner_rule) {
    grid::movement_rules r{};
    EXPECT_EQ(pipeline::adjacency_for(r), adjacency::four);
    r.corners = grid::corner_rule::cut_if_one_free;
    EXPECT_EQ(pipeline::adjacency_for(r), adjacency::four);
    r.corners = grid::corner_rule::always;
    EXPECT_EQ(pipeline::adjacency_for(r), adjacency::eight);
    r.moves = grid::connectivity::four;
    EXPECT_EQ(pipeline::adjacency_for(r), adjacency::four);
}

TEST(components, incremental_updates_match_fresh_labels_on_random_changes) {
    for (const auto adj : {adjacency::four, adjacency::eight}) {
        auto map = *grid::generate_random(24, 18, 40.0, 7);
        component_labels live(map, adj, grid::obstacle_mask::high_only);
        std::mt19937_64 rng(11);
        int relabels = 0;
        for (int step = 0; step < 600; ++step) {
            const cell c{static_cast<std::int32_t>(rng() % 24),
                         static_cast<std::int32_t>(rng() % 18)};
            map.set_high_obstacle(c, !map.is_high_obstacle(c));
            if (!live.update_cell(map, c)) {
                live.relabel(map);
                ++relabels;
            }
            component_labels fresh(map, adj, grid::obstacle_mask::high_only);
            ASSERT_TRUE(same_partition(map, live, fresh)) << "step " << step;
        }
        EXPECT_GT(relabels, 0);   // some changes did split
        EXPECT_LT(relabels, 300); // most were handled incrementally
    }
}

TEST(components, scene_updates_labels_when_cells_change) {
    auto d = testing::make_scene(R"(
        S...#....
        ....#....
        ....#...G
        ....#....
    )");
    pipeline::route_request req{.start = d.start_px, .goal = d.goal_px};
    auto r = pipeline::find_route(d.scene, req);
    EXPECT_EQ(r.status, pipeline::route_status::no_path);
    EXPECT_EQ(r.stats.expanded, 0u);
    const auto built = d.scene.full_relabels();

    d.scene.set_high_obstacle({4, 3}, false); // open a gap: an incremental merge
    r = pipeline::find_route(d.scene, req);
    ASSERT_EQ(r.status, pipeline::route_status::found) << r.reason;
    EXPECT_EQ(d.scene.full_relabels(), built);

    d.scene.set_high_obstacle({1, 1}, true); // cannot split anything: still incremental
    EXPECT_TRUE(pipeline::find_route(d.scene, req).ok());
    EXPECT_EQ(d.scene.full_relabels(), built);

    d.scene.set_high_obstacle({4, 3}, false); // no change at all
    d.scene.set_high_obstacle({4, 3}, true);  // close it: may split, relabelled lazily
    r = pipeline::find_route(d.scene, req);
    EXPECT_EQ(r.status, pipeline::route_status::no_path);
    EXPECT_EQ(r.stage, pipeline::route_stage::reachability);
    EXPECT_EQ(d.scene.full_relabels(), built + 1);

    d.scene.set_low_obstacle({4, 3}, false); // units do not touch the high-only labels
    d.scene.set_high_obstacle({4, 3}, false);
    d.scene.set_low_obstacle({4, 3}, true); // a unit in the gap blocks only unit-aware queries
    EXPECT_EQ(pipeline::find_route(d.scene, req).status, pipeline::route_status::no_path);
    req.low_obstacles_block = false;
    EXPECT_TRUE(pipeline::find_route(d.scene, req).ok());
}

} // namespace
} // namespace xunlu
