// Moving AI .map.scen parser: versions, separators, CRLF and blank lines, every malformed line
// with its file:line, map base names, and the length-matching rule at the file's precision.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "xunlu/io/movingai_scen.hpp"

namespace xunlu {
namespace {

std::string scen_error(std::string_view text) {
    auto r = io::parse_scenarios(text, "s.scen");
    return r.ok() ? std::string("<parsed>") : r.err().message;
}

TEST(movingai_scen, parses_fields_tabs_spaces_and_versions) {
    const std::string text = "version 1\n"
                             "0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1.00000000\n"
                             "3 maps/bgmaps/AR0011SR.map 512 512 10 20 30 40 14.24\n";
    auto r = io::parse_scenarios(text, "s.scen");
    ASSERT_TRUE(r.ok()) << r.err().message;
    ASSERT_EQ(r->size(), 2u);
    const auto& a = (*r)[0];
    EXPECT_EQ(a.bucket, 0);
    EXPECT_EQ(a.map_name, "maps/dao/arena.map");
    EXPECT_EQ(a.map_width, 49);
    EXPECT_EQ(a.map_height, 49);
    EXPECT_EQ(a.start, (cell{1, 11}));
    EXPECT_EQ(a.goal, (cell{1, 12}));
    EXPECT_EQ(a.optimal_length, 1.0);
    EXPECT_EQ(a.decimals, 8);
    EXPECT_EQ(a.line, 2u);
    const auto& b = (*r)[1];
    EXPECT_EQ(b.bucket, 3);
    EXPECT_EQ(b.map_width, 512);
    EXPECT_EQ(b.start, (cell{10, 20}));
    EXPECT_EQ(b.goal, (cell{30, 40}));
    EXPECT_DOUBLE_EQ(b.optimal_length, 14.24);
    EXPECT_EQ(b.decimals, 2);
    EXPECT_EQ(b.line, 3u);

    auto v10 = io::parse_scenarios("version 1.0\n0 a.map 4 4 0 0 3 3 4.24264069\n");
    ASSERT_TRUE(v10.ok());
    EXPECT_EQ(v10->size(), 1u);
}

TEST(movingai_scen, accepts_crlf_blank_lines_and_mixed_whitespace) {
    const std::string text = "version 1\r\n"
                             "\r\n"
                             "0\t a.map \t4  4\t0 0 1 0\t1\r\n"
                             "   \t  \r\n"
                             "1 a.map 4 4 0 0 3 3 4.24264\r\n"
                             "\r\n\r\n";
    auto r = io::parse_scenarios(text, "s.scen");
    ASSERT_TRUE(r.ok()) << r.err().message;
    ASSERT_EQ(r->size(), 2u);
    EXPECT_EQ((*r)[0].line, 3u);
    EXPECT_EQ((*r)[0].decimals, 0);
    EXPECT_EQ((*r)[1].line, 5u);
    EXPECT_EQ((*r)[1].decimals, 5);
    auto only_header = io::parse_scenarios("version 1\n");
    ASSERT_TRUE(only_header.ok());
    EXPECT_TRUE(only_header->empty());
}

TEST(movingai_scen, bad_version_line) {
    EXPECT_EQ(scen_error(""), "s.scen:1: empty file: expected 'version 1'");
    EXPECT_EQ(scen_error("version 2\n"),
              "s.scen:1:1: first line must be 'version 1' or 'version 1.0', got 'version 2'");
    EXPECT_EQ(scen_error("0 a.map 4 4 0 0 1 1 1.4\n"),
              "s.scen:1:1: first line must be 'version 1' or 'version 1.0', got '0 a.map 4 4 0 0 "
              "1 1 1.4'");
    EXPECT_EQ(scen_error("version\n"),
              "s.scen:1:1: first line must be 'version 1' or 'version 1.0', got 'version'");
    EXPECT_EQ(scen_error("version 1.00\n"),
              "s.scen:1:1: first line must be 'version 1' or 'version 1.0', got 'version 1.00'");
}

TEST(movingai_scen, wrong_field_count) {
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 0 0 1 1 1\n0 a.map 4 4 0 0 1 1\n"),
              "s.scen:3: expected 9 fields (bucket map width height start_x start_y goal_x "
              "goal_y length), found 8");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 0 0 1 1 1 7\n"),
              "s.scen:2: expected 9 fields (bucket map width height start_x start_y goal_x "
              "goal_y length), found 10");
}

TEST(movingai_scen, non_numeric_fields) {
    EXPECT_EQ(scen_error("version 1\nx a.map 4 4 0 0 1 1 1\n"),
              "s.scen:2: field 'bucket' is not an integer: 'x'");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 zero 0 1 1 1\n"),
              "s.scen:2: field 'start_x' must be an integer in 0..32768, got 'zero'");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 0 0 1 1.5 1\n"),
              "s.scen:2: field 'goal_y' must be an integer in 0..32768, got '1.5'");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 0 0 1 1 abc\n"),
              "s.scen:2: field 'length' is not a non-negative number: 'abc'");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 0 0 1 1 -1\n"),
              "s.scen:2: field 'length' is not a non-negative number: '-1'");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 0 0 1 1 inf\n"),
              "s.scen:2: field 'length' is not a non-negative number: 'inf'");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 0 0 1 1 1.5x\n"),
              "s.scen:2: field 'length' is not a non-negative number: '1.5x'");
}

TEST(movingai_scen, out_of_range_coordinates) {
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 -1 0 1 1 1\n"),
              "s.scen:2: field 'start_x' must be an integer in 0..32768, got '-1'");
    EXPECT_EQ(scen_error("version 1\n0 a.map 99999 4 0 0 1 1 1\n"),
              "s.scen:2: field 'map_width' must be an integer in 0..32768, got '99999'");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 0 0 4 1 1\n"),
              "s.scen:2: start or goal lies outside the declared 4x4 map");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 3 0 3 1 1 1\n"),
              "s.scen:2: start or goal lies outside the declared 4x3 map");
    EXPECT_EQ(scen_error("version 1\n0 a.map 4 4 0 0 1 1 1\n0 a.map 0 0 0 0 0 0 0\n"),
              "s.scen:3: start or goal lies outside the declared 0x0 map");
}

TEST(movingai_scen, map_basename_resolves_the_map_column) {
    EXPECT_EQ(io::map_basename("maps/dao/arena.map"), "arena.map");
    EXPECT_EQ(io::map_basename("maps/bgmaps/AR0011SR.map"), "AR0011SR.map");
    EXPECT_EQ(io::map_basename("Berlin_0_256.map"), "Berlin_0_256.map");
    EXPECT_EQ(io::map_basename("C:\\maps\\x.map"), "x.map");
    EXPECT_EQ(io::map_basename(""), "");
}

io::scenario with_length(double length, int decimals) {
    io::scenario s;
    s.optimal_length = length;
    s.decimals = decimals;
    return s;
}

TEST(movingai_scen, matches_at_the_written_precision) {
    // Two decimals: 14.24 stands for anything that rounds (or truncates) to it.
    const auto two = with_length(14.24, 2);
    EXPECT_TRUE(two.matches(14.2426406871)); // 10 + 3 sqrt 2
    EXPECT_TRUE(two.matches(14.235));
    EXPECT_TRUE(two.matches(14.2449));
    EXPECT_FALSE(two.matches(14.2301));
    EXPECT_FALSE(two.matches(14.2551));
    // Truncation: 99.8822 written for 99.88225...; one full unit above is still accepted,
    // nothing below.
    const auto four = with_length(99.8822, 4);
    EXPECT_TRUE(four.matches(99.882250990));
    EXPECT_TRUE(four.matches(99.88229));
    EXPECT_FALSE(four.matches(99.88231));
    EXPECT_FALSE(four.matches(99.88214));
    // Integers (no decimals).
    const auto whole = with_length(7, 0);
    EXPECT_TRUE(whole.matches(7.0));
    EXPECT_TRUE(whole.matches(7.4));
    EXPECT_FALSE(whole.matches(8.0));
    EXPECT_FALSE(whole.matches(6.4));
}

TEST(movingai_scen, eight_decimals_allow_the_sqrt2_drift_of_long_street_paths) {
    // The street files used sqrt(2) ~ 1.4142135619: a path of 600 diagonals is written about
    // 2.7e-7 below the exact octile length, far beyond half a unit of the 8th decimal.
    const double exact = 600 * 1.4142135623730951;
    const double written = std::floor(600 * 1.4142135619 * 1e8 + 0.5) / 1e8;
    const auto s = with_length(written, 8);
    EXPECT_GT(exact - written, 1e-7);
    EXPECT_TRUE(s.matches(exact));
    // The allowance is 1e-9 per unit of length, no more.
    EXPECT_FALSE(s.matches(written + 1e-9 * written * 3 + 1e-8));
    EXPECT_FALSE(s.matches(written - 1e-9 * written * 3));
    const auto short_path = with_length(1.41421356, 8);
    EXPECT_TRUE(short_path.matches(1.4142135623730951));
    EXPECT_FALSE(short_path.matches(1.41421358));
}

TEST(movingai_scen, parsed_decimals_drive_matching) {
    auto r = io::parse_scenarios("version 1\n0 a.map 9 9 0 0 8 8 11.31\n"
                                 "0 a.map 9 9 0 0 8 8 11.3137085\n");
    ASSERT_TRUE(r.ok());
    const double octile = 8 * 1.4142135623730951; // 11.3137084990
    EXPECT_TRUE((*r)[0].matches(octile));
    EXPECT_TRUE((*r)[1].matches(octile));
    EXPECT_FALSE((*r)[1].matches(11.31));
}

} // namespace
} // namespace xunlu
