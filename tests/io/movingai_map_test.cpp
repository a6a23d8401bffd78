// Moving AI .map parser and writer: the character mapping, header variants, CRLF, and every
// kind of bad input with its exact error location (file:line[:column]).
#include <gtest/gtest.h>

#include <string>

#include "xunlu/io/movingai_map.hpp"

namespace xunlu {
namespace {

std::string parse_error_of(std::string_view text) {
    auto r = io::parse_movingai_map(text, "m.map");
    return r.ok() ? std::string("<parsed>") : r.err().message;
}

TEST(movingai_map, parses_the_character_mapping) {
    auto r = io::parse_movingai_map("type octile\nheight 2\nwidth 4\nmap\n.GS@\nOTW.\n");
    ASSERT_TRUE(r.ok()) << r.err().message;
    const auto& m = *r;
    EXPECT_EQ(m.width(), 4);
    EXPECT_EQ(m.height(), 2);
    // '.', 'G', 'S' passable; '@', 'O', 'T', 'W' high obstacles.
    const bool blocked[2][4] = {{false, false, false, true}, {true, true, true, false}};
    for (std::int32_t y = 0; y < 2; ++y)
        for (std::int32_t x = 0; x < 4; ++x)
            EXPECT_EQ(m.is_high_obstacle({x, y}), blocked[y][x]) << x << "," << y;
    EXPECT_EQ(m.count_passable(grid::obstacle_mask::high_only),
              m.count_passable(grid::obstacle_mask::high_and_low));
}

TEST(movingai_map, accepts_crlf_width_first_and_trailing_blank_lines) {
    auto crlf =
        io::parse_movingai_map("type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.@.\r\n...\r\n");
    ASSERT_TRUE(crlf.ok()) << crlf.err().message;
    EXPECT_EQ(crlf->width(), 3);
    EXPECT_TRUE(crlf->is_high_obstacle({1, 0}));
    auto swapped = io::parse_movingai_map("type octile\nwidth 3\nheight 1\nmap\n@..\n\n\n");
    ASSERT_TRUE(swapped.ok()) << swapped.err().message;
    EXPECT_EQ(swapped->width(), 3);
    EXPECT_EQ(swapped->height(), 1);
    auto no_final_newline = io::parse_movingai_map("type octile\nheight 1\nwidth 2\nmap\n.@");
    ASSERT_TRUE(no_final_newline.ok());
    EXPECT_TRUE(no_final_newline->is_high_obstacle({1, 0}));
}

TEST(movingai_map, empty_file) {
    EXPECT_EQ(parse_error_of(""), "m.map: empty file: expected a Moving AI map header");
}

TEST(movingai_map, bad_header_line) {
    EXPECT_EQ(parse_error_of("type octile\nheigth 2\nwidth 2\nmap\n..\n..\n"),
              "m.map:2:1: unexpected header line 'heigth 2' (expected type, height, width or "
              "map)");
}

TEST(movingai_map, missing_height_or_type) {
    EXPECT_EQ(parse_error_of("type octile\nwidth 3\nmap\n...\n"),
              "m.map:3: header must give 'type', 'height' and 'width' before 'map'");
    EXPECT_EQ(parse_error_of("height 1\nwidth 3\nmap\n...\n"),
              "m.map:3: header must give 'type', 'height' and 'width' before 'map'");
}

TEST(movingai_map, header_without_map_line) {
    EXPECT_EQ(parse_error_of("type octile\nheight 2\nwidth 2\n"),
              "m.map:3: header ends before the 'map' line");
}

TEST(movingai_map, bad_and_absurd_sizes) {
    EXPECT_EQ(parse_error_of("type octile\nheight 99999999\nwidth 4\nmap\n"),
              "m.map:2:8: height 99999999 exceeds the limit of 32768");
    EXPECT_EQ(parse_error_of("type octile\nheight 4\nwidth 32769\nmap\n"),
              "m.map:3:7: width 32769 exceeds the limit of 32768");
    EXPECT_EQ(parse_error_of("type octile\nheight 4\nwidth abc\nmap\n"),
              "m.map:3:7: width must be a positive integer, got 'abc'");
    EXPECT_EQ(parse_error_of("type octile\nheight 0\nwidth 4\nmap\n"),
              "m.map:2:8: height must be a positive integer, got '0'");
    EXPECT_EQ(parse_error_of("type octile\nheight -3\nwidth 4\nmap\n"),
              "m.map:2:8: height must be a positive integer, got '-3'");
    EXPECT_EQ(parse_error_of("type octile\nheight 99999999999999999999999\nwidth 4\nmap\n"),
              "m.map:2:8: height must be a positive integer, got '99999999999999999999999'");
    EXPECT_EQ(parse_error_of("type octile\nheight\nwidth 4\nmap\n"),
              "m.map:2:1: height must be a positive integer, got ''");
    EXPECT_EQ(parse_error_of("type octile\nheight 3 4\nwidth 4\nmap\n"),
              "m.map:2:8: height must be a positive integer, got '3 4'");
}

TEST(movingai_map, large_declared_size_with_a_tiny_body_is_refused_before_allocating) {
    // 32768 x 32768 is within the limits (1 GiB of cells) but the file holds 3 bytes of rows.
    EXPECT_EQ(parse_error_of("type octile\nheight 32768\nwidth 32768\nmap\n...\n"),
              "m.map:4: the header declares 32768x32768 cells but only 4 bytes follow (too short "
              "for the map rows)");
}

TEST(movingai_map, ragged_rows) {
    EXPECT_EQ(parse_error_of("type octile\nheight 3\nwidth 3\nmap\n...\n..\n....\n"),
              "m.map:6: row 1 has 2 cells, expected 3");
    EXPECT_EQ(parse_error_of("type octile\nheight 2\nwidth 3\nmap\n....\n..\n"),
              "m.map:5: row 0 has 4 cells, expected 3");
}

TEST(movingai_map, short_file) {
    EXPECT_EQ(parse_error_of("type octile\nheight 3\nwidth 3\nmap\n...\n...\n"),
              "m.map:4: the header declares 3x3 cells but only 8 bytes follow (too short for the "
              "map rows)");
    // Enough bytes (CRLF rows) but too few lines: the missing row is named where it would start.
    EXPECT_EQ(parse_error_of("type octile\nheight 2\nwidth 1\nmap\n.\r\n"),
              "m.map:6: expected 2 map rows, found 1");
}

TEST(movingai_map, unknown_character_names_line_column_and_cell) {
    EXPECT_EQ(parse_error_of("type octile\nheight 2\nwidth 3\nmap\n...\n.X.\n"),
              "m.map:6:2: unknown cell character 'X' at cell (1,1)");
    EXPECT_EQ(parse_error_of("type octile\nheight 1\nwidth 3\nmap\n..\t\n"),
              "m.map:5:3: unknown cell character byte 0x09 at cell (2,0)");
    static constexpr char with_nul[] = "type octile\nheight 1\nwidth 2\nmap\n\0.\n";
    EXPECT_EQ(parse_error_of(std::string_view(with_nul, sizeof with_nul - 1)),
              "m.map:5:1: unknown cell character byte 0x00 at cell (0,0)");
}

TEST(movingai_map, text_after_the_rows) {
    EXPECT_EQ(parse_error_of("type octile\nheight 1\nwidth 2\nmap\n..\n\n..\n"),
              "m.map:7:1: unexpected text after the 1 map rows");
}

TEST(movingai_map, binary_junk) {
    const std::string junk("\x89\x01\xff\xfe garbage\0\0\x7f", 15);
    const auto msg = parse_error_of(junk);
    EXPECT_EQ(msg.rfind("m.map:1:1: unexpected header line", 0), 0u) << msg;
}

TEST(movingai_map, unnamed_input_is_called_input) {
    auto r = io::parse_movingai_map("");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.err().message.rfind("<input>:", 0), 0u);
}

TEST(movingai_map, looks_like) {
    EXPECT_TRUE(io::looks_like_movingai_map("type octile\n"));
    EXPECT_FALSE(io::looks_like_movingai_map("3\n..."));
    EXPECT_FALSE(io::looks_like_movingai_map(""));
}

TEST(movingai_map, write_then_read_round_trip) {
    auto m = grid::grid_map::create(5, 3).value();
    m.set_high_obstacle({0, 0}, true);
    m.set_high_obstacle({4, 2}, true);
    m.set_high_obstacle({2, 1}, true);
    auto text = io::write_movingai_map(m);
    ASSERT_TRUE(text.ok());
    EXPECT_EQ(*text, "type octile\nheight 3\nwidth 5\nmap\n@....\n..@..\n....@\n");
    auto back = io::parse_movingai_map(*text);
    ASSERT_TRUE(back.ok());
    for (std::int32_t y = 0; y < 3; ++y)
        for (std::int32_t x = 0; x < 5; ++x) EXPECT_EQ(back->flags({x, y}), m.flags({x, y}));
}

TEST(movingai_map, writing_low_obstacles_or_costs_needs_lossy) {
    auto m = grid::grid_map::create(3, 1).value();
    m.set_low_obstacle({1, 0}, true);
    auto refused = io::write_movingai_map(m);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.err().message.find("cell (1,0)"), std::string::npos);
    auto lossy = io::write_movingai_map(m, true);
    ASSERT_TRUE(lossy.ok());
    EXPECT_EQ(*lossy, "type octile\nheight 1\nwidth 3\nmap\n...\n");

    auto c = grid::grid_map::create(2, 1).value();
    c.set_terrain_cost({0, 0}, 2.0f);
    EXPECT_FALSE(io::write_movingai_map(c).ok());
    EXPECT_TRUE(io::write_movingai_map(c, true).ok());
}

} // namespace
} // namespace xunlu
