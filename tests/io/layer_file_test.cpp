// The layer file: records applied to a map, every error located at FILE:LINE[:COLUMN], the map
// left unchanged by a file that fails, and the writer read back to the same layers.
#include <gtest/gtest.h>

#include <string>

#include "xunlu/io/layer_file.hpp"

namespace xunlu::io {
namespace {

grid::grid_map blank(std::int32_t w, std::int32_t h) {
    return grid::grid_map::create(w, h).value();
}

std::string apply_error(std::string_view text, grid::grid_map& map) {
    auto parsed = parse_layer_file(text, "u.layers");
    if (!parsed) return parsed.err().message;
    auto applied = apply_layer_file(*parsed, map, "u.layers");
    return applied ? std::string("ok") : applied.err().message;
}

TEST(layer_file, records_set_low_obstacles_and_costs_in_file_order) {
    auto map = blank(8, 5);
    const std::string text = "\xEF\xBB\xBF# made by hand\r\n"
                             "\r\n"
                             "  xunlu-layers\t1\r\n"
                             "size 8 5   # the map's size\r\n"
                             "low 1 1\r\n"
                             "low 6 4 4 3\r\n" // corners in any order
                             "cost 2.5\t0 0 7 0\r\n"
                             "cost 4 2 0\r\n"; // a later line wins
    auto parsed = parse_layer_file(text, "u.layers");
    ASSERT_TRUE(parsed.ok()) << parsed.err().message;
    EXPECT_EQ(parsed->width, 8);
    EXPECT_EQ(parsed->records.size(), 4u);
    ASSERT_TRUE(apply_layer_file(*parsed, map, "u.layers").ok());
    EXPECT_TRUE(map.is_low_obstacle({1, 1}));
    for (std::int32_t y = 3; y <= 4; ++y) {
        for (std::int32_t x = 4; x <= 6; ++x) EXPECT_TRUE(map.is_low_obstacle({x, y}));
    }
    EXPECT_FALSE(map.is_low_obstacle({3, 3}));
    EXPECT_FALSE(map.is_low_obstacle({7, 4}));
    EXPECT_EQ(map.count_passable(grid::obstacle_mask::high_only), 40);
    EXPECT_EQ(map.count_passable(grid::obstacle_mask::high_and_low), 40 - 7);
    EXPECT_FLOAT_EQ(map.terrain_cost({0, 0}), 2.5f);
    EXPECT_FLOAT_EQ(map.terrain_cost({2, 0}), 4.0f);
    EXPECT_FLOAT_EQ(map.terrain_cost({7, 0}), 2.5f);
    EXPECT_FLOAT_EQ(map.terrain_cost({0, 1}), 1.0f);
}

TEST(layer_file, errors_name_the_line_and_column) {
    struct bad {
        const char* text;
        const char* message;
    };
    const bad cases[] = {
        {"", "u.layers: empty file: expected the layer file header"},
        {"# only a comment\n", "u.layers: no layer file header"},
        {"low 1 1\n", "u.layers:1:1: expected the layer file header 'xunlu-layers 1', found 'low'"},
        {"xunlu-layers 2\n", "u.layers:1:14: unsupported layer file version"},
        {"xunlu-layers 1\nunit 1 1\n", "u.layers:2:1: unknown record 'unit'"},
        {"xunlu-layers 1\nlow 1\n", "u.layers:2: expected 'low X Y' or 'low X0 Y0 X1 Y1'"},
        {"xunlu-layers 1\nlow 1 2 3\n", "u.layers:2: expected 'low X Y'"},
        {"xunlu-layers 1\nlow 1 -2\n", "u.layers:2:7: y '-2' is not a cell coordinate"},
        {"xunlu-layers 1\nlow 1.5 2\n", "u.layers:2:5: x '1.5' is not a cell coordinate"},
        {"xunlu-layers 1\ncost 0.5 1 1\n", "u.layers:2:6: cost '0.5' is not a finite number"},
        {"xunlu-layers 1\ncost nan 1 1\n", "u.layers:2:6: cost 'nan' is not a finite number"},
        {"xunlu-layers 1\ncost inf 1 1\n", "u.layers:2:6: cost 'inf' is not a finite number"},
        {"xunlu-layers 1\ncost 1e39 1 1\n", "u.layers:2:6: cost '1e39' is not a finite number"},
        {"xunlu-layers 1\ncost 2 1 1 1\n", "u.layers:2: expected 'cost C X Y'"},
        {"xunlu-layers 1\nsize 8\n", "u.layers:2: expected 'size WIDTH HEIGHT'"},
        {"xunlu-layers 1\nsize 8 0\n", "u.layers:2:8: height '0' is not a whole number"},
        {"xunlu-layers 1\nsize 8 5\nsize 8 5\n", "u.layers:3:1: 'size' is given twice (first on "
                                                 "line 2)"},
        {"xunlu-layers 1\nlow 0 0\nsize 8 5\n", "u.layers:3:1: 'size' must come before"},
        {"xunlu-layers 1\nsize 9 5\n", "u.layers:2: layers were made for a 9 x 5 map, but the "
                                       "map is 8 x 5"},
        {"xunlu-layers 1\nlow 0 0\nlow 8 4\n", "u.layers:3:5: cell (8,4) is outside the 8 x 5 "
                                               "map"},
        {"xunlu-layers 1\ncost 3 0 0 7 5\n", "u.layers:2:8: cells (0,0)..(7,5) reach outside"},
        {"xunlu-layers 1\nlow 0\x01 0\n", "u.layers:2:5: x '0\\x01' is not a cell coordinate"},
    };
    for (const auto& c : cases) {
        auto map = blank(8, 5);
        const std::string got = apply_error(c.text, map);
        EXPECT_EQ(got.rfind(c.message, 0), 0u) << "input: " << c.text << "\ngot: " << got;
        // A file that fails changes nothing, not even the lines before the bad one.
        EXPECT_EQ(map.count_passable(grid::obstacle_mask::high_and_low), 40) << c.text;
        EXPECT_FALSE(map.has_terrain_costs()) << c.text;
    }
}

TEST(layer_file, written_layers_read_back_to_the_same_map) {
    auto map = blank(9, 4);
    map.set_high_obstacle({4, 0}, true);
    map.set_low_obstacle({4, 0}, true); // a low obstacle under a high one is kept too
    for (std::int32_t x = 2; x < 7; ++x) map.set_low_obstacle({x, 2}, true);
    map.set_low_obstacle({8, 3}, true);
    map.set_terrain_cost({0, 1}, 1.1f);
    map.set_terrain_cost({1, 1}, 1.1f);
    map.set_terrain_cost({2, 1}, 7.25f);
    map.set_terrain_cost({8, 1}, 3.4e38f);
    ASSERT_TRUE(has_layers(map));
    const std::string text = write_layer_file(map);
    EXPECT_EQ(text.rfind("xunlu-layers 1\nsize 9 4\n", 0), 0u) << text;
    EXPECT_NE(text.find("low 2 2 6 2\n"), std::string::npos) << text;

    auto back = blank(9, 4);
    back.set_high_obstacle({4, 0}, true);
    EXPECT_FALSE(has_layers(back));
    auto parsed = parse_layer_file(text, "w.layers");
    ASSERT_TRUE(parsed.ok()) << parsed.err().message;
    ASSERT_TRUE(apply_layer_file(*parsed, back, "w.layers").ok());
    for (std::int32_t y = 0; y < 4; ++y) {
        for (std::int32_t x = 0; x < 9; ++x) {
            EXPECT_EQ(back.flags({x, y}), map.flags({x, y})) << x << "," << y;
            EXPECT_EQ(back.terrain_cost({x, y}), map.terrain_cost({x, y})) << x << "," << y;
        }
    }
}

TEST(layer_file, load_layers_names_a_missing_file) {
    auto map = blank(2, 2);
    auto r = load_layers("/nonexistent/dir/u.layers", map);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("/nonexistent/dir/u.layers"), std::string::npos);
}

} // namespace
} // namespace xunlu::io
