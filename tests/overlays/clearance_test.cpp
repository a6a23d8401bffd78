// Unit sizes: clearances against a brute-force scan of squares, repairs after edits against a
// fresh build, and searches for N x N units on the sized map against a Dijkstra written here
// over footprints on the original map (the rule: footprints before and after free, and
// for a diagonal step those of both orthogonal intermediate positions too).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "support/cell_dijkstra.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/overlays/clearance_layer.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using overlays::clearance_layer;

/// Random walls, and some low obstacles when `lows` is set.
grid::grid_map scattered_walls(std::mt19937& rng, int w, int h, double rate, bool lows = false) {
    auto map = grid::grid_map::create(w, h).value();
    std::bernoulli_distribution wall(rate), low(0.05);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            map.set_high_obstacle({x, y}, wall(rng));
            if (lows && low(rng)) map.set_low_obstacle({x, y}, true);
        }
    }
    return map;
}

bool square_free(const grid::grid_map& map, cell at, int n, grid::obstacle_mask mask) {
    for (int dy = 0; dy < n; ++dy) {
        for (int dx = 0; dx < n; ++dx) {
            if (!map.passable({at.x + dx, at.y + dy}, mask)) return false;
        }
    }
    return true;
}

/// The largest free square anchored at `c`, by trying every side (capped like the layer).
int brute_clearance(const grid::grid_map& map, cell c, grid::obstacle_mask mask) {
    int n = 0;
    while (n < overlays::clearance_cap && square_free(map, c, n + 1, mask)) ++n;
    return n;
}

void expect_equal_layers(const clearance_layer& a, const clearance_layer& b) {
    ASSERT_EQ(a.width(), b.width());
    ASSERT_EQ(a.height(), b.height());
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            ASSERT_EQ(a.at({x, y}), b.at({x, y})) << x << "," << y;
        }
    }
}

TEST(clearance_layer, equals_the_largest_free_square_at_every_cell) {
    std::mt19937 rng(7);
    for (int round = 0; round < 20; ++round) {
        const bool lows = round % 2 == 1;
        const auto map =
            scattered_walls(rng, 5 + round * 3, 4 + round * 2, 0.04 * (round % 5), lows);
        for (const auto mask :
             {grid::obstacle_mask::high_and_low, grid::obstacle_mask::high_only}) {
            const auto layer = clearance_layer::build(map, mask);
            for (int y = 0; y < map.height(); ++y) {
                for (int x = 0; x < map.width(); ++x) {
                    ASSERT_EQ(layer.at({x, y}), brute_clearance(map, {x, y}, mask))
                        << "round " << round << " cell " << x << "," << y;
                }
            }
        }
    }
    // An empty 40 x 40 map: the corner reads the cap, the edges count down to 1.
    const auto open = grid::grid_map::create(40, 40).value();
    const auto layer = clearance_layer::build(open, grid::obstacle_mask::high_and_low);
    EXPECT_EQ(layer.at({0, 0}), overlays::clearance_cap);
    EXPECT_EQ(layer.at({39, 0}), 1);
    EXPECT_EQ(layer.at({37, 30}), 3);
    EXPECT_EQ(layer.at({40, 0}), 0);
    EXPECT_EQ(layer.bytes(), 1600u);
}

TEST(clearance_layer, repairs_after_edits_equal_a_fresh_build_and_touch_few_cells) {
    std::mt19937 rng(11);
    auto snapshot = grid::map_snapshot::make(scattered_walls(rng, 120, 90, 0.1));
    const auto mask = grid::obstacle_mask::high_and_low;
    auto before = clearance_layer::of(snapshot->map(), mask);
    std::uniform_int_distribution<int> xs(0, 119), ys(0, 89), kinds(0, 3);
    for (int round = 0; round < 40; ++round) {
        std::vector<grid::cell_edit> edits;
        const int count = round % 4 == 0 ? 25 : 1 + round % 3; // a building, or a door or two
        const cell corner{xs(rng), ys(rng)};
        for (int i = 0; i < count; ++i) {
            const cell at =
                count == 25 ? cell{std::min(119, corner.x + i % 5), std::min(89, corner.y + i / 5)}
                            : cell{xs(rng), ys(rng)};
            switch (kinds(rng)) {
            case 0:
                edits.push_back(grid::cell_edit::high(at, true));
                break;
            case 1:
                edits.push_back(grid::cell_edit::high(at, false));
                break;
            case 2:
                edits.push_back(grid::cell_edit::low(at, true));
                break;
            default:
                edits.push_back(grid::cell_edit::terrain(at, 3.0f));
                break;
            }
        }
        auto next = snapshot->apply(edits).value();
        const auto repaired = clearance_layer::of(next->map(), mask);
        ASSERT_NE(repaired.get(), before.get());
        expect_equal_layers(*repaired, clearance_layer::build(next->map(), mask));
        // Repaired, not rebuilt: at most cap x cap cells per edited cell.
        EXPECT_LE(repaired->recomputed(), static_cast<std::int64_t>(edits.size()) *
                                              overlays::clearance_cap * overlays::clearance_cap);
        EXPECT_LT(repaired->recomputed(), 120 * 90);
        // ...and stored apart only in the bands of 32 rows it wrote: one edit reaches two.
        if (edits.size() == 1) {
            EXPECT_LE(repaired->own_bands(), 2u);
        }
        snapshot = next;
        before = repaired;
    }
}

/// Dijkstra over anchors of an N x N unit on the original map, 8-connected, no corner cutting
/// for the footprint: the reference the sized map's searches must equal (-1: no path).
double footprint_dijkstra(const grid::grid_map& map, cell from, cell to, int n) {
    auto fits = [&map, n](cell c) {
        return square_free(map, c, n, grid::obstacle_mask::high_and_low);
    };
    if (!fits(from) || !fits(to)) return -1;
    const auto dist = testing::cell_dijkstra(map.width(), map.height(), from,
                                             testing::octile_steps(fits, [](cell) { return 1.0; }));
    const double d = dist[static_cast<std::size_t>(to.y * map.width() + to.x)];
    return std::isfinite(d) ? d : -1;
}

TEST(sized_map, searches_for_big_units_equal_a_dijkstra_over_footprints) {
    std::mt19937 rng(3);
    int found = 0, compared = 0;
    for (int round = 0; round < 24; ++round) {
        const auto map = scattered_walls(rng, 30, 24, 0.06 + 0.02 * (round % 4), round % 3 == 0);
        const auto layer = clearance_layer::of(map, grid::obstacle_mask::high_and_low);
        for (int n = 1; n <= 4; ++n) {
            const auto sized = overlays::sized_map(map, *layer, n).value();
            std::uniform_int_distribution<int> xs(0, 29), ys(0, 23);
            for (int q = 0; q < 6; ++q) {
                const cell from{xs(rng), ys(rng)}, to{xs(rng), ys(rng)};
                const double expected = footprint_dijkstra(map, from, to, n);
                if (expected < 0 && !(sized.passable(from) && sized.passable(to))) continue;
                ++compared;
                for (const char* algo : {"astar", "jps"}) {
                    const auto r = registry::find_finder(algo)->make()->find(
                        sized, search::search_request{.start = from, .goal = to});
                    if (expected < 0) {
                        EXPECT_FALSE(r.found()) << algo << " n=" << n;
                        continue;
                    }
                    ASSERT_TRUE(r.found()) << algo << " n=" << n;
                    EXPECT_NEAR(r.length, expected, 1e-9) << algo << " n=" << n;
                    // Every step: footprints free, diagonal intermediates too.
                    for (std::size_t i = 1; i < r.path.size(); ++i) {
                        const cell a = r.path[i - 1], b = r.path[i];
                        ASSERT_TRUE(square_free(map, b, n, grid::obstacle_mask::high_and_low));
                        if (a.x != b.x && a.y != b.y) {
                            ASSERT_TRUE(
                                square_free(map, {b.x, a.y}, n, grid::obstacle_mask::high_and_low));
                            ASSERT_TRUE(
                                square_free(map, {a.x, b.y}, n, grid::obstacle_mask::high_and_low));
                        }
                    }
                }
                if (expected >= 0) ++found;
            }
        }
    }
    EXPECT_GT(found, 100); // the comparison is not vacuous
    EXPECT_GT(compared, found);
}

TEST(sized_map, costs_the_largest_terrain_under_the_footprint_and_refuses_bad_sizes) {
    auto map = grid::grid_map::create(6, 5).value();
    map.set_terrain_cost({3, 2}, 4.0f);
    map.set_terrain_cost({1, 1}, 2.0f);
    map.set_high_obstacle({5, 4}, true);
    const auto layer = clearance_layer::build(map, grid::obstacle_mask::high_and_low);
    const auto sized = overlays::sized_map(map, layer, 2).value();
    EXPECT_FLOAT_EQ(sized.terrain_cost({2, 1}), 4.0f); // covers (3,2)
    EXPECT_FLOAT_EQ(sized.terrain_cost({0, 0}), 2.0f); // covers (1,1)
    EXPECT_FLOAT_EQ(sized.terrain_cost({0, 2}), 1.0f);
    EXPECT_FALSE(sized.passable({4, 3})); // covers the wall at (5,4)
    EXPECT_FALSE(sized.passable({5, 0})); // leaves the map
    EXPECT_TRUE(sized.passable({3, 3}));
    EXPECT_FALSE(overlays::sized_map(map, layer, 0).ok());
    EXPECT_FALSE(overlays::sized_map(map, layer, overlays::clearance_cap + 1).ok());
    const auto other = grid::grid_map::create(3, 3).value();
    const auto message = overlays::sized_map(other, layer, 1).err().message;
    EXPECT_NE(message.find("another map size"), std::string::npos) << message;
}

} // namespace
} // namespace xunlu
