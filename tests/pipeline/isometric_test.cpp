// Isometric diamond tiles <-> world pixels <-> square server cells.
#include <gtest/gtest.h>

#include "xunlu/pipeline/isometric.hpp"

namespace xunlu {
namespace {

using pipeline::iso_layout;
using pipeline::iso_tile;

TEST(isometric, tile_centres_round_trip) {
    const iso_layout l{.tile_width = 64, .tile_height = 32, .origin = {320, 8}};
    for (std::int32_t i = -5; i <= 5; ++i) {
        for (std::int32_t j = -5; j <= 5; ++j) {
            const point c = pipeline::iso_tile_centre(l, {i, j});
            EXPECT_EQ(pipeline::pixel_to_iso_tile(l, c), (iso_tile{i, j}));
        }
    }
}

TEST(isometric, diamond_vertices_and_edges) {
    const iso_layout l{};
    EXPECT_EQ(pipeline::iso_tile_centre(l, {0, 0}), (point{0, 16}));
    EXPECT_EQ(pipeline::iso_tile_centre(l, {1, 0}), (point{32, 32}));
    EXPECT_EQ(pipeline::iso_tile_centre(l, {0, 1}), (point{-32, 32}));
    // Inside tile (0,0) near its left and right vertices.
    EXPECT_EQ(pipeline::pixel_to_iso_tile(l, {-31, 16}), (iso_tile{0, 0}));
    EXPECT_EQ(pipeline::pixel_to_iso_tile(l, {31, 16}), (iso_tile{0, 0}));
    // Just past the lower-right edge is tile (1,0); past the lower-left edge tile (0,1).
    EXPECT_EQ(pipeline::pixel_to_iso_tile(l, {17, 25}), (iso_tile{1, 0}));
    EXPECT_EQ(pipeline::pixel_to_iso_tile(l, {-17, 25}), (iso_tile{0, 1}));
}

TEST(isometric, tiles_to_server_cells) {
    const iso_layout l{.tile_width = 64, .tile_height = 32, .origin = {1000, 0}};
    const double s = 16;
    EXPECT_EQ(pipeline::pixel_to_cell({31.9, 16}, s), (cell{1, 1}));
    EXPECT_EQ(pipeline::cell_centre_pixel({1, 1}, s), (point{24, 24}));
    const iso_tile t{3, 2};
    const cell c = pipeline::iso_tile_to_cell(l, t, s);
    EXPECT_EQ(c, pipeline::pixel_to_cell(pipeline::iso_tile_centre(l, t), s));
    // Cells (16 px) are smaller than the diamonds' inscribed circle: tile -> cell -> tile
    // returns the same tile.
    for (std::int32_t i = -3; i <= 3; ++i) {
        for (std::int32_t j = 0; j <= 6; ++j) {
            const cell under = pipeline::iso_tile_to_cell(l, {i, j}, s);
            EXPECT_EQ(pipeline::cell_to_iso_tile(l, under, s), (iso_tile{i, j}));
        }
    }
}

} // namespace
} // namespace xunlu
