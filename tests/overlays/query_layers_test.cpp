// The layers one query combines (overlays::layered_map): nothing asked is the shared map itself,
// a unit size alone is built once per map version and kept with it, and fog + influence + size
// equal the same steps made by hand (believed map, weighted costs, sized map).
#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <vector>

#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/overlays/clearance_layer.hpp"
#include "xunlu/overlays/fog_file.hpp"
#include "xunlu/overlays/query_layers.hpp"

namespace xunlu {
namespace {

using overlays::query_layers;

grid::grid_map scattered_walls(std::int32_t w, std::int32_t h, unsigned seed) {
    auto map = grid::grid_map::create(w, h).value();
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> percent(0, 99);
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            const int p = percent(rng);
            if (p < 12) map.set_high_obstacle({x, y}, true);
            if (p >= 12 && p < 16) map.set_low_obstacle({x, y}, true);
            if (p >= 80) map.set_terrain_cost({x, y}, 1.0f + static_cast<float>(p - 80) / 4.0f);
        }
    }
    return map;
}

void expect_same_cells(const grid::grid_map& a, const grid::grid_map& b) {
    ASSERT_EQ(a.width(), b.width());
    ASSERT_EQ(a.height(), b.height());
    for (std::int32_t y = 0; y < a.height(); ++y) {
        for (std::int32_t x = 0; x < a.width(); ++x) {
            const cell c{x, y};
            ASSERT_EQ(a.passable(c), b.passable(c)) << "cell " << x << "," << y;
            ASSERT_EQ(a.passable(c, grid::obstacle_mask::high_only),
                      b.passable(c, grid::obstacle_mask::high_only))
                << "cell " << x << "," << y;
            ASSERT_FLOAT_EQ(a.terrain_cost(c), b.terrain_cost(c)) << "cell " << x << "," << y;
        }
    }
}

TEST(query_layers, no_layers_is_the_shared_map_itself) {
    const auto map = scattered_walls(20, 12, 1);
    const auto got = overlays::layered_map(map, {}, grid::obstacle_mask::high_and_low);
    ASSERT_TRUE(got.ok()) << got.err().message;
    EXPECT_EQ(got.value().get(), &map);
}

TEST(query_layers, a_unit_size_alone_is_built_once_per_map_version_and_mask) {
    const auto snap = grid::map_snapshot::make(scattered_walls(40, 30, 2));
    const grid::grid_map& map = snap->map();
    for (const auto mask : {grid::obstacle_mask::high_and_low, grid::obstacle_mask::high_only}) {
        for (std::int32_t size = 2; size <= 4; ++size) {
            query_layers layers;
            layers.unit_size = size;
            const auto first = overlays::layered_map(map, layers, mask);
            const auto again = overlays::layered_map(map, layers, mask);
            ASSERT_TRUE(first.ok() && again.ok());
            EXPECT_EQ(first.value().get(), again.value().get()) << "size " << size;
            const auto by_hand =
                overlays::sized_map(map, overlays::clearance_layer::build(map, mask), size);
            expect_same_cells(*first.value(), by_hand.value());
        }
    }
    // The next version has its own, with the edit in it.
    const grid::cell_edit wall[] = {grid::cell_edit::high({10, 10}, true)};
    const auto next = snap->apply(wall).value();
    query_layers layers;
    layers.unit_size = 2;
    const auto before = overlays::layered_map(map, layers, grid::obstacle_mask::high_and_low);
    const auto after =
        overlays::layered_map(next->map(), layers, grid::obstacle_mask::high_and_low);
    ASSERT_TRUE(before.ok() && after.ok());
    EXPECT_NE(before.value().get(), after.value().get());
    for (const cell c : {cell{9, 9}, cell{10, 9}, cell{9, 10}, cell{10, 10}}) {
        EXPECT_FALSE(after.value()->passable(c)) << c.x << "," << c.y;
    }
    expect_same_cells(
        *after.value(),
        overlays::sized_map(
            next->map(),
            overlays::clearance_layer::build(next->map(), grid::obstacle_mask::high_and_low), 2)
            .value());
}

TEST(query_layers, fog_then_influence_then_size_equal_the_steps_by_hand) {
    for (unsigned seed = 3; seed < 9; ++seed) {
        const auto map = scattered_walls(36, 28, seed);
        auto fog = overlays::fog_layer::create(36, 28).value();
        fog.explore_disc({10, 10}, 9);
        fog.explore_disc({28, 20}, 6);
        auto danger = overlays::influence_layer::create("danger", 36, 28).value();
        ASSERT_TRUE(danger.add({{18, 14}, 3.0f, 8}).ok());
        auto smoke = overlays::influence_layer::create("smoke", 36, 28).value();
        ASSERT_TRUE(smoke.add({{5, 20}, 2.0f, 5}).ok());
        const auto unknown =
            seed % 2 == 0 ? overlays::unknown_cells::walkable : overlays::unknown_cells::blocked;
        const auto mask =
            seed % 3 == 0 ? grid::obstacle_mask::high_only : grid::obstacle_mask::high_and_low;
        const std::int32_t size = 1 + static_cast<std::int32_t>(seed % 3);

        query_layers layers;
        layers.fog = &fog;
        layers.unknown = unknown;
        layers.influences = {{&danger, 1.5f}, {&smoke, 0.5f}};
        layers.unit_size = size;
        const auto got = overlays::layered_map(map, layers, mask);
        ASSERT_TRUE(got.ok()) << got.err().message;

        const auto believed = overlays::believed_map(overlays::belief(map, fog, unknown));
        const overlays::weighted_layer weights[] = {{&danger, 1.5f}, {&smoke, 0.5f}};
        auto by_hand = overlays::weighted_cost_map(believed, weights).value();
        if (size > 1) {
            by_hand =
                overlays::sized_map(by_hand, overlays::clearance_layer::build(by_hand, mask), size)
                    .value();
        }
        expect_same_cells(*got.value(), by_hand);
    }
}

TEST(query_layers, bad_layers_are_refused_with_a_reason) {
    const auto map = scattered_walls(20, 12, 4);
    const auto mask = grid::obstacle_mask::high_and_low;
    for (const std::int32_t size : {0, -1, overlays::clearance_cap + 1}) {
        query_layers layers;
        layers.unit_size = size;
        const auto got = overlays::layered_map(map, layers, mask);
        ASSERT_FALSE(got.ok());
        EXPECT_NE(got.err().message.find("unit size"), std::string::npos) << got.err().message;
    }
    auto small_fog = overlays::fog_layer::create(10, 12).value();
    query_layers fogged;
    fogged.fog = &small_fog;
    const auto fog_refused = overlays::layered_map(map, fogged, mask);
    ASSERT_FALSE(fog_refused.ok());
    EXPECT_NE(fog_refused.err().message.find("10 x 12"), std::string::npos);
    auto layer = overlays::influence_layer::create("danger", 20, 12).value();
    for (const float weight : {-1.0f, std::numeric_limits<float>::infinity()}) {
        query_layers weighted;
        weighted.influences = {{&layer, weight}};
        const auto refused = overlays::layered_map(map, weighted, mask);
        ASSERT_FALSE(refused.ok());
        EXPECT_NE(refused.err().message.find("danger"), std::string::npos);
    }
}

} // namespace
} // namespace xunlu
