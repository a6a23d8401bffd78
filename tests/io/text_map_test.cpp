// map.in parser/writer and map.out arrows: size line forms, spacing, bad input with its exact
// location, round trips.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "xunlu/io/text_map.hpp"

namespace xunlu {
namespace {

std::string text_error(std::string_view text) {
    auto r = io::parse_text_map(text, "map.in");
    return r.ok() ? std::string("<parsed>") : r.err().message;
}

TEST(text_map, square_size_line_with_spaced_cells) {
    auto r = io::parse_text_map("3\n. * .\n. . .\n* . *\n");
    ASSERT_TRUE(r.ok()) << r.err().message;
    EXPECT_EQ(r->width(), 3);
    EXPECT_EQ(r->height(), 3);
    EXPECT_TRUE(r->is_high_obstacle({1, 0}));
    EXPECT_TRUE(r->is_high_obstacle({0, 2}));
    EXPECT_TRUE(r->is_high_obstacle({2, 2}));
    EXPECT_EQ(r->count_passable(grid::obstacle_mask::high_and_low), 6);
}

TEST(text_map, width_height_size_line_packed_cells_crlf_and_tabs) {
    auto r = io::parse_text_map("\n  \n4 2\r\n.*..\r\n..\t* .\r\n\r\n");
    ASSERT_TRUE(r.ok()) << r.err().message;
    EXPECT_EQ(r->width(), 4);
    EXPECT_EQ(r->height(), 2);
    EXPECT_TRUE(r->is_high_obstacle({1, 0}));
    EXPECT_TRUE(r->is_high_obstacle({2, 1}));
    EXPECT_FALSE(r->is_high_obstacle({3, 1}));
}

TEST(text_map, empty_and_blank_files) {
    EXPECT_EQ(text_error(""), "map.in: empty file: expected a size line ('N' or 'W H')");
    EXPECT_EQ(text_error("\n \n"), "map.in:2: empty file: expected a size line ('N' or 'W H')");
}

TEST(text_map, bad_size_lines) {
    EXPECT_EQ(text_error("3 x\n...\n"),
              "map.in:1:1: size line must be 'N' or 'W H' (positive integers), got '3 x'");
    EXPECT_EQ(text_error("1 2 3\n"),
              "map.in:1:1: size line must be 'N' or 'W H' (positive integers), got '1 2 3'");
    EXPECT_EQ(text_error("0\n"), "map.in:1:1: map size 0x0 is outside 1..32768");
    EXPECT_EQ(text_error("3 -1\n"), "map.in:1:1: map size 3x-1 is outside 1..32768");
    EXPECT_EQ(text_error("99999999\n"),
              "map.in:1:1: map size 99999999x99999999 is outside 1..32768");
    EXPECT_EQ(text_error("\n5 40000\n"), "map.in:2:1: map size 5x40000 is outside 1..32768");
}

TEST(text_map, declared_size_larger_than_the_file_is_refused_before_allocating) {
    EXPECT_EQ(text_error("32768\n. .\n"),
              "map.in:1:1: map size 32768x32768 needs at least 1073774591 more bytes, the file "
              "has 4");
}

TEST(text_map, ragged_rows_and_size_mismatch) {
    EXPECT_EQ(text_error("3\n...\n..\n...\n"), "map.in:3: row 1 has 2 cells, expected 3");
    EXPECT_EQ(text_error("3\n...\n....\n...\n"), "map.in:3:4: row 1 has more than 3 cells");
    EXPECT_EQ(text_error("2 1\n. . .\n"), "map.in:2:5: row 0 has more than 2 cells");
    // More rows than declared.
    EXPECT_EQ(text_error("2\n..\n..\n..\n"), "map.in:4:1: unexpected text after the 2 map rows");
    // Fewer rows than declared (padding makes the file long enough to get past the size check).
    EXPECT_EQ(text_error("2 3\n.    .\n.    .\n"), "map.in:4: expected 3 rows, found 2");
}

TEST(text_map, unknown_character_names_line_column_and_cell) {
    EXPECT_EQ(text_error("3\n...\n. # .\n...\n"),
              "map.in:3:3: unknown cell character at cell (1,1): expected '.' or '*'");
    EXPECT_EQ(text_error("2\n.@\n..\n"),
              "map.in:2:2: unknown cell character at cell (1,0): expected '.' or '*'");
}

TEST(text_map, looks_like) {
    EXPECT_TRUE(io::looks_like_text_map("3\n..."));
    EXPECT_TRUE(io::looks_like_text_map("\n  4 5 \n"));
    EXPECT_FALSE(io::looks_like_text_map("type octile\n"));
    // Number-like size lines are map.in, so the parser says what is wrong with the size
    // (issue 49: "0", "-3" and "3.0" were called an unrecognised map format).
    EXPECT_TRUE(io::looks_like_text_map("0\n"));
    EXPECT_TRUE(io::looks_like_text_map("-3\n"));
    EXPECT_TRUE(io::looks_like_text_map("3.0\n"));
    EXPECT_FALSE(io::looks_like_text_map("three\n"));
    EXPECT_EQ(text_error("0\n"), "map.in:1:1: map size 0x0 is outside 1..32768");
    EXPECT_EQ(text_error("-3\n"), "map.in:1:1: map size -3x-3 is outside 1..32768");
    EXPECT_NE(text_error("3.0\n").find("size line must be 'N' or 'W H'"), std::string::npos);
    EXPECT_FALSE(io::looks_like_text_map("1 2 3\n"));
    EXPECT_FALSE(io::looks_like_text_map(""));
}

TEST(text_map, write_then_read_round_trip) {
    auto m = grid::grid_map::create(4, 2).value();
    m.set_high_obstacle({0, 0}, true);
    m.set_high_obstacle({3, 1}, true);
    const auto text = io::write_text_map(m);
    EXPECT_EQ(text, "4 2\n* . . .\n. . . *\n");
    auto back = io::parse_text_map(text);
    ASSERT_TRUE(back.ok());
    for (std::int32_t y = 0; y < 2; ++y)
        for (std::int32_t x = 0; x < 4; ++x)
            EXPECT_EQ(back->is_high_obstacle({x, y}), m.is_high_obstacle({x, y}));
    auto square = grid::grid_map::create(2, 2).value();
    EXPECT_EQ(io::write_text_map(square), "2\n. .\n. .\n");
}

TEST(text_map, map_out_draws_arrows_towards_the_next_cell) {
    auto m = grid::grid_map::create(3, 3).value();
    m.set_high_obstacle({0, 2}, true);
    const std::vector<cell> path{{0, 0}, {1, 0}, {2, 1}, {2, 2}, {1, 2}};
    const auto out = io::write_map_out(m, path, {"found", 3 + 1.41421356, 4.5, 12, 0.25});
    EXPECT_EQ(out, "# xunlu map.out: status found, length 4.41421, cost 4.50000, expanded 12, "
                   "time 0.250 ms\n"
                   "3\n"
                   "→ ↘ .\n"
                   ". . ↓\n"
                   "* ◎ ←\n");
    // The other directions.
    auto big = grid::grid_map::create(3, 3).value();
    const std::vector<cell> ring{{0, 0}, {1, 1}, {2, 0}, {2, 1}, {1, 2}, {0, 2}, {0, 1}};
    const auto o = io::write_map_out(big, ring, {"found", 0, 0, 0, 0});
    EXPECT_NE(o.find("\n3\n↘ . ↓\n◎ ↗ ↙\n↑ ← .\n"), std::string::npos) << o;
    const std::vector<cell> up_left{{1, 1}, {0, 0}};
    const auto u = io::write_map_out(big, up_left, {"found", 0, 0, 0, 0});
    EXPECT_NE(u.find("\n3\n◎ . .\n. ↖ .\n. . .\n"), std::string::npos) << u;
}

} // namespace
} // namespace xunlu
