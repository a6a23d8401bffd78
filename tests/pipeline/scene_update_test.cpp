// scene::update_cells: all-or-nothing validation, increasing versions, old states unchanged,
// island labels repaired across splits and merges equal to labels built from scratch.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "route_test_support.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/pipeline/scene.hpp"

namespace xunlu {
namespace {

using grid::cell_edit;
using grid::obstacle_mask;
using pipeline::adjacency;
using testing::make_scene;

TEST(scene_update, a_bad_cell_rejects_the_whole_update_and_is_named) {
    auto d = make_scene(R"(
        S...
        ...G
    )");
    const std::vector<cell_edit> edits{cell_edit::high({1, 0}, true),
                                       cell_edit::high({4, 1}, true)};
    auto r = d.scene.update_cells(edits);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("(4, 1)"), std::string::npos) << r.err().message;
    EXPECT_EQ(d.scene.version(), 0u);
    EXPECT_FALSE(d.scene.map().is_high_obstacle({1, 0})) << "nothing applied";
}

TEST(scene_update, versions_increase_and_routes_report_the_version_they_used) {
    auto d = make_scene(R"(
        S..#...
        ...#...
        ......G
    )");
    const auto v0 = d.scene.state();
    auto r0 = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    EXPECT_EQ(r0.map_version, 0u);
    ASSERT_TRUE(r0.ok());
    const std::vector<cell_edit> close{cell_edit::high({3, 2}, true)};
    auto v = d.scene.update_cells(close);
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(*v, 1u);
    auto r1 = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    EXPECT_EQ(r1.map_version, 1u);
    EXPECT_EQ(r1.status, pipeline::route_status::no_path);
    EXPECT_FALSE(v0->map().is_high_obstacle({3, 2})) << "the old state keeps its cells";
    EXPECT_TRUE(
        v0->components(adjacency::four, obstacle_mask::high_and_low).connected({0, 0}, {6, 2}));
}

TEST(scene_update, repaired_labels_match_fresh_labels_across_splits_and_merges) {
    auto made = pipeline::scene::create(*grid::generate_random(40, 30, 30.0, 9));
    ASSERT_TRUE(made.ok());
    pipeline::scene& scene = *made;
    for (const auto adj : {adjacency::four, adjacency::eight}) {
        for (const auto mask : {obstacle_mask::high_only, obstacle_mask::high_and_low}) {
            (void)scene.components(adj, mask);
        }
    }
    std::mt19937 rng(4);
    std::uniform_int_distribution<std::int32_t> x(0, 39), y(0, 29), kind(0, 2), count(1, 6);
    for (int round = 0; round < 60; ++round) {
        const auto now = scene.state();
        std::vector<cell_edit> edits;
        for (int i = count(rng); i > 0; --i) {
            const cell c{x(rng), y(rng)};
            edits.push_back(kind(rng) == 0 ? cell_edit::low(c, !now->map().is_low_obstacle(c))
                                           : cell_edit::high(c, !now->map().is_high_obstacle(c)));
        }
        ASSERT_TRUE(scene.update_cells(edits).ok());
        const auto st = scene.state();
        for (const auto adj : {adjacency::four, adjacency::eight}) {
            for (const auto mask : {obstacle_mask::high_only, obstacle_mask::high_and_low}) {
                ASSERT_TRUE(st->has_components(adj, mask)) << "repaired eagerly by the writer";
                const auto& got = st->components(adj, mask);
                const pipeline::component_labels fresh(st->map(), adj, mask);
                // Same partition: a one-to-one map between repaired and fresh component ids.
                std::map<std::uint32_t, std::uint32_t> to_fresh, to_got;
                for (std::int32_t cy = 0; cy < 30; ++cy) {
                    for (std::int32_t cx = 0; cx < 40; ++cx) {
                        const std::uint32_t g = got.component({cx, cy});
                        const std::uint32_t f = fresh.component({cx, cy});
                        ASSERT_EQ(g == 0, f == 0) << "round " << round;
                        if (g == 0) continue;
                        const auto [gi, g_new] = to_fresh.emplace(g, f);
                        const auto [fi, f_new] = to_got.emplace(f, g);
                        ASSERT_EQ(gi->second, f)
                            << "round " << round << " split missed at " << cx << "," << cy;
                        ASSERT_EQ(fi->second, g)
                            << "round " << round << " merge missed at " << cx << "," << cy;
                    }
                }
            }
        }
    }
}

} // namespace
} // namespace xunlu
