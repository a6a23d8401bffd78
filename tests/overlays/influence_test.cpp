// Influence layers: falloff, every cell the float sum of its covering sources in source order
// (one by one, all at once, 8-bit), builds of many overlapping sources in time linear in the
// cells covered, moves and removals that equal a build from scratch bit for bit
// while touching only the discs involved, weighted cost maps whose A* answers equal a Dijkstra
// written here over terrain + sum(weight x influence), and the source file's errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "support/cell_dijkstra.hpp"
#include "xunlu/overlays/influence_file.hpp"
#include "xunlu/overlays/influence_layer.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using overlays::influence_layer;
using overlays::influence_source;

TEST(influence_layer, sources_fall_off_linearly_to_zero_beyond_the_radius) {
    auto layer = influence_layer::create("towers", 20, 10).value();
    ASSERT_TRUE(layer.add({{5, 5}, 4.0f, 3}).ok());
    EXPECT_FLOAT_EQ(layer.at({5, 5}), 4.0f);
    EXPECT_FLOAT_EQ(layer.at({6, 5}), 3.0f); // 4 x (1 - 1/4)
    EXPECT_FLOAT_EQ(layer.at({8, 5}), 1.0f); // 4 x (1 - 3/4)
    EXPECT_FLOAT_EQ(layer.at({9, 5}), 0.0f); // beyond the radius
    EXPECT_FLOAT_EQ(layer.at({7, 7}), 4.0f * static_cast<float>(1.0 - std::sqrt(8.0) / 4.0));
    EXPECT_EQ(layer.touched(), 7 * 7);
    ASSERT_TRUE(layer.add({{6, 5}, 1.0f, 0}).ok());
    EXPECT_FLOAT_EQ(layer.at({6, 5}), 4.0f); // sources add up
    EXPECT_EQ(layer.bytes(), 20u * 10u * sizeof(float));
    // Bad sources and ids.
    EXPECT_FALSE(layer.add({{20, 0}, 1.0f, 1}).ok());
    EXPECT_FALSE(layer.add({{0, 0}, -1.0f, 1}).ok());
    EXPECT_FALSE(layer.add({{0, 0}, std::numeric_limits<float>::quiet_NaN(), 1}).ok());
    EXPECT_FALSE(layer.add({{0, 0}, 1.0f, overlays::max_influence_radius + 1}).ok());
    EXPECT_FALSE(layer.move(7, {1, 1}).ok());
    EXPECT_FALSE(layer.move(0, {-1, 1}).ok());
    EXPECT_FALSE(influence_layer::create("", 4, 4).ok());
    EXPECT_FALSE(influence_layer::create("x", 0, 4).ok());
}

/// The definition: each cell the float sum, in source order, of influence_of over the sources.
std::vector<float> summed_in_order(const std::vector<influence_source>& sources, int w, int h) {
    std::vector<float> out(static_cast<std::size_t>(w * h), 0.0f);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            float sum = 0.0f;
            for (const influence_source& s : sources) sum += overlays::influence_of(s, {x, y});
            out[static_cast<std::size_t>(y * w + x)] = sum;
        }
    }
    return out;
}

TEST(influence_layer, every_cell_is_the_sum_of_its_sources_in_order_one_by_one_or_all_at_once) {
    const int w = 61, h = 47;
    std::mt19937 rng(49);
    std::uniform_int_distribution<int> xs(0, w - 1), ys(0, h - 1), radii(0, 40);
    std::uniform_real_distribution<float> strengths(0.0f, 9.0f);
    std::vector<influence_source> sources;
    for (int i = 0; i < 150; ++i)
        sources.push_back({{xs(rng), ys(rng)}, strengths(rng), radii(rng)});
    sources.push_back({{0, 0}, 1.0f, overlays::max_influence_radius}); // clipped on every side
    sources.push_back({{w - 1, h - 1}, 3.0f, 0});
    const std::vector<float> want = summed_in_order(sources, w, h);
    const float step = 0.5f;
    auto one = influence_layer::create("a", w, h).value();
    auto all = influence_layer::create("a", w, h).value();
    auto one_bytes = influence_layer::create_bytes("a", w, h, step).value();
    auto all_bytes = influence_layer::create_bytes("a", w, h, step).value();
    for (const influence_source& s : sources) {
        ASSERT_TRUE(one.add(s).ok());
        ASSERT_TRUE(one_bytes.add(s).ok());
    }
    // In two batches: the second lands on sums the first made.
    const std::span<const influence_source> list(sources);
    EXPECT_EQ(all.add_all(list.first(70)).value(), 0u);
    EXPECT_EQ(all.add_all(list.subspan(70)).value(), 70u);
    EXPECT_EQ(all_bytes.add_all(list.first(70)).value(), 0u);
    EXPECT_EQ(all_bytes.add_all(list.subspan(70)).value(), 70u);
    EXPECT_EQ(all.sources().size(), sources.size());
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const float exact = want[static_cast<std::size_t>(y * w + x)];
            const float rounded = std::min(std::round(exact / step), 255.0f) * step;
            ASSERT_EQ(one.at({x, y}), exact) << x << "," << y;
            ASSERT_EQ(all.at({x, y}), exact) << x << "," << y;
            ASSERT_EQ(one_bytes.at({x, y}), rounded) << x << "," << y;
            ASSERT_EQ(all_bytes.at({x, y}), rounded) << x << "," << y;
        }
    }
    // All or nothing: a bad source refuses the list, named by its index.
    const std::vector<influence_source> bad{{{1, 1}, 1.0f, 2}, {{1, 1}, -1.0f, 2}};
    const auto refused = all.add_all(bad);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.err().message.find("source 1"), std::string::npos) << refused.err().message;
    EXPECT_EQ(all.sources().size(), sources.size());
    EXPECT_EQ(all.at({1, 1}), want[static_cast<std::size_t>(w + 1)]);
}

TEST(influence_layer, many_overlapping_sources_build_in_time_linear_in_the_cells_they_cover) {
    // Issue 49: 1,000 sources of radius 24 on a 49 x 49 map took 12 s (each add summed its
    // disc again from every source under it). Stamped, the work is 1,000 discs of ~1,800
    // cells; the bound is generous (slow machines, sanitizers).
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> at(0, 48);
    std::vector<influence_source> sources;
    for (int i = 0; i < 1000; ++i) sources.push_back({{at(rng), at(rng)}, 1.5f, 24});
    const auto t0 = std::chrono::steady_clock::now();
    auto one = influence_layer::create("a", 49, 49).value();
    for (const influence_source& s : sources) ASSERT_TRUE(one.add(s).ok());
    auto bytes = influence_layer::create_bytes("a", 49, 49, 0.25f).value();
    ASSERT_TRUE(bytes.add_all(sources).ok());
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(s, 3.0);
    const auto want = summed_in_order(sources, 49, 49);
    EXPECT_EQ(one.at({24, 24}), want[24 * 49 + 24]);
    EXPECT_EQ(one.at({0, 48}), want[48 * 49]);
}

TEST(influence_layer, moves_and_removals_equal_a_fresh_build_and_touch_only_their_discs) {
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> xs(0, 79), ys(0, 59), radii(0, 12), pick(0, 9);
    std::uniform_real_distribution<float> strengths(0.0f, 6.0f);
    auto layer = influence_layer::create("danger", 80, 60).value();
    for (int i = 0; i < 10; ++i) {
        ASSERT_TRUE(layer.add({{xs(rng), ys(rng)}, strengths(rng), radii(rng)}).ok());
    }
    for (int round = 0; round < 200; ++round) {
        const auto id = static_cast<std::size_t>(pick(rng));
        if (!layer.sources()[id]) {
            continue;
        }
        const influence_source before = *layer.sources()[id];
        if (round % 50 == 49) {
            ASSERT_TRUE(layer.remove(id).ok());
        } else {
            ASSERT_TRUE(layer.move(id, {xs(rng), ys(rng)}).ok());
        }
        const auto side = static_cast<std::int64_t>(2 * before.radius + 1);
        EXPECT_LE(layer.touched(), 2 * side * side);
        auto fresh = influence_layer::create("danger", 80, 60).value();
        for (const auto& s : layer.sources()) {
            if (s) {
                ASSERT_TRUE(fresh.add(*s).ok());
            }
        }
        for (int y = 0; y < 60; ++y) {
            for (int x = 0; x < 80; ++x) {
                ASSERT_EQ(layer.at({x, y}), fresh.at({x, y})) << round << " " << x << "," << y;
            }
        }
    }
}

TEST(influence_layer, eight_bit_layers_round_to_their_step_in_one_byte_per_cell) {
    std::mt19937 rng(9);
    std::uniform_int_distribution<int> xs(0, 63), ys(0, 47), radii(0, 10), pick(0, 7);
    std::uniform_real_distribution<float> strengths(0.0f, 20.0f);
    const float step = 0.25f; // values up to 63.75
    auto wide = influence_layer::create("smoke", 64, 48).value();
    auto narrow = influence_layer::create_bytes("smoke", 64, 48, step).value();
    EXPECT_EQ(narrow.step(), step);
    EXPECT_EQ(wide.step(), 0.0f);
    EXPECT_EQ(narrow.bytes(), 64u * 48u);
    EXPECT_EQ(wide.bytes(), 64u * 48u * sizeof(float));
    for (int i = 0; i < 8; ++i) {
        const influence_source s{{xs(rng), ys(rng)}, strengths(rng), radii(rng)};
        ASSERT_TRUE(wide.add(s).ok());
        ASSERT_TRUE(narrow.add(s).ok());
    }
    auto same_but_rounded = [&](int round) {
        for (int y = 0; y < 48; ++y) {
            for (int x = 0; x < 64; ++x) {
                const float exact = wide.at({x, y});
                const float want = std::min(std::round(exact / step), 255.0f) * step;
                ASSERT_EQ(narrow.at({x, y}), want) << round << " " << x << "," << y;
            }
        }
    };
    same_but_rounded(-1);
    for (int round = 0; round < 60; ++round) { // moves keep it equal to a fresh rounding
        const auto id = static_cast<std::size_t>(pick(rng));
        const cell to{xs(rng), ys(rng)};
        ASSERT_TRUE(wide.move(id, to).ok());
        ASSERT_TRUE(narrow.move(id, to).ok());
        same_but_rounded(round);
    }
    ASSERT_TRUE(narrow.add({{10, 10}, 1e6f, 2}).ok()); // capped at 255 steps
    EXPECT_EQ(narrow.at({10, 10}), 255.0f * step);
    for (const float bad : {0.0f, -1.0f, std::numeric_limits<float>::quiet_NaN()}) {
        EXPECT_FALSE(influence_layer::create_bytes("smoke", 64, 48, bad).ok());
    }
    EXPECT_FALSE(influence_layer::create_bytes("", 64, 48, 1.0f).ok());
}

/// Dijkstra over cells, 8-connected without corner cutting, a step costing 1 or sqrt(2) times
/// the multiplier of the entered cell: terrain + sum(weight x influence), computed here.
double priced_dijkstra(const grid::grid_map& map, cell from, cell to,
                       const std::function<double(cell)>& multiplier) {
    const auto dist = testing::cell_dijkstra(
        map.width(), map.height(), from,
        testing::octile_steps([&map](cell c) { return map.passable(c); }, multiplier));
    const double d = dist[static_cast<std::size_t>(to.y * map.width() + to.x)];
    return std::isfinite(d) ? d : -1;
}

TEST(weighted_cost_map, astar_on_it_equals_a_dijkstra_over_terrain_plus_weighted_influence) {
    std::mt19937 rng(9);
    std::uniform_int_distribution<int> xs(0, 39), ys(0, 29);
    std::bernoulli_distribution wall(0.15), swamp(0.1);
    int compared = 0;
    for (int round = 0; round < 12; ++round) {
        auto map = grid::grid_map::create(40, 30).value();
        for (int y = 0; y < 30; ++y) {
            for (int x = 0; x < 40; ++x) {
                if (wall(rng)) map.set_high_obstacle({x, y}, true);
                if (swamp(rng)) map.set_terrain_cost({x, y}, 3.0f);
            }
        }
        auto towers = influence_layer::create("towers", 40, 30).value();
        auto smoke = influence_layer::create("smoke", 40, 30).value();
        for (int i = 0; i < 4; ++i) {
            ASSERT_TRUE(towers.add({{xs(rng), ys(rng)}, 5.0f, 6}).ok());
            ASSERT_TRUE(smoke.add({{xs(rng), ys(rng)}, 2.0f, 3}).ok());
        }
        const float wt = 0.5f * static_cast<float>(round % 4), ws = 1.5f;
        const overlays::weighted_layer weights[] = {{&towers, wt}, {&smoke, ws}};
        const auto priced = overlays::weighted_cost_map(map, weights).value();
        auto multiplier = [&](cell c) {
            return static_cast<double>(map.terrain_cost(c) + wt * towers.at(c) + ws * smoke.at(c));
        };
        for (int q = 0; q < 10; ++q) {
            const cell from{xs(rng), ys(rng)}, to{xs(rng), ys(rng)};
            if (!map.passable(from) || !map.passable(to)) continue;
            const double expected = priced_dijkstra(map, from, to, multiplier);
            const auto r = search::find_path_astar(priced, {.start = from, .goal = to});
            if (expected < 0) {
                EXPECT_FALSE(r.found());
                continue;
            }
            ++compared;
            ASSERT_TRUE(r.found());
            EXPECT_NEAR(r.cost, expected, 1e-6 * expected + 1e-9);
            // The uniform map's optimal path, re-priced, never costs less.
            const auto uniform = search::find_path_astar(map, {.start = from, .goal = to});
            double repriced = 0;
            for (std::size_t i = 1; i < uniform.path.size(); ++i) {
                const cell a = uniform.path[i - 1], b = uniform.path[i];
                repriced += (a.x != b.x && a.y != b.y ? std::sqrt(2.0) : 1.0) * multiplier(b);
            }
            EXPECT_GE(repriced, r.cost - 1e-6);
        }
    }
    EXPECT_GT(compared, 60);
    // Bad weights and layers of another size.
    const auto map = grid::grid_map::create(8, 8).value();
    const auto small = influence_layer::create("small", 4, 4).value();
    const overlays::weighted_layer wrong_size[] = {{&small, 1.0f}};
    EXPECT_FALSE(overlays::weighted_cost_map(map, wrong_size).ok());
    const auto fits = influence_layer::create("fits", 8, 8).value();
    const overlays::weighted_layer negative[] = {{&fits, -1.0f}};
    EXPECT_FALSE(overlays::weighted_cost_map(map, negative).ok());
}

TEST(influence_file, parses_layers_and_names_file_line_and_column_on_errors) {
    const auto parsed = overlays::parse_influence_file("# towers and smoke\n"
                                                       "xunlu-influence 1\n"
                                                       "\n"
                                                       "towers 4 2 5 3\r\n"
                                                       "smoke\t1 1 2.5 1\n"
                                                       "towers 7 7 1 0\n",
                                                       "army.influence");
    ASSERT_TRUE(parsed.ok()) << parsed.err().message;
    ASSERT_EQ(parsed->size(), 3u);
    EXPECT_EQ((*parsed)[1].layer, "smoke");
    EXPECT_FLOAT_EQ((*parsed)[1].source.strength, 2.5f);
    EXPECT_EQ((*parsed)[2].line, 6u);
    const auto layers = overlays::build_influence_layers(*parsed, 8, 8, "army.influence");
    ASSERT_TRUE(layers.ok()) << layers.err().message;
    ASSERT_EQ(layers->size(), 2u);
    EXPECT_EQ((*layers)[0].name(), "towers");
    EXPECT_FLOAT_EQ((*layers)[0].at({7, 7}), 1.0f);
    const auto outside = overlays::build_influence_layers(*parsed, 6, 6, "army.influence");
    ASSERT_FALSE(outside.ok());
    EXPECT_NE(outside.err().message.find("army.influence:6: influence source (7,7) is outside"),
              std::string::npos)
        << outside.err().message;

    const struct {
        const char* text;
        const char* where;
    } bad[] = {
        {"", "f:1: empty file"},
        {"xunlu-influence 2\n", "f:1: expected 'xunlu-influence 1'"},
        {"xunlu-influence 1\ntowers 1 2 3\n", "f:2: expected 'layer x y strength radius'"},
        {"xunlu-influence 1\ntow?rs 1 2 3 4\n", "f:2:4: a layer name"},
        {"xunlu-influence 1\ntowers -1 2 3 4\n", "f:2:8: x '-1'"},
        {"xunlu-influence 1\ntowers 1 y 3 4\n", "f:2:10: y 'y'"},
        {"xunlu-influence 1\ntowers 1 2 nan 4\n", "f:2:12: strength 'nan'"},
        {"xunlu-influence 1\ntowers 1 2 3 -4\n", "f:2:14: radius '-4'"},
        {"xunlu-influence 1\ntowers 1 2 3 257\n", "f:2:14: radius '257'"},
    };
    for (const auto& b : bad) {
        const auto r = overlays::parse_influence_file(b.text, "f");
        ASSERT_FALSE(r.ok()) << b.text;
        EXPECT_NE(r.err().message.find(b.where), std::string::npos) << r.err().message;
    }
}

} // namespace
} // namespace xunlu
