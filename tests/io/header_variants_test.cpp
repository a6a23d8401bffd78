// What docs/formats.md promises for the text formats' headers: tabs and leading spaces in a
// Moving AI header (also through the format detector), a repeated key refused with its line, and
// a UTF-8 byte-order mark accepted alike by .map, .scen and map.in.
#include <gtest/gtest.h>

#include <string>

#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_map.hpp"
#include "xunlu/io/movingai_scen.hpp"

namespace xunlu {
namespace {

TEST(header_variants, tab_separated_and_indented_moving_ai_header_is_detected_and_parsed) {
    for (const char* text : {"type\toctile\nheight\t1\nwidth\t3\nmap\n.@.\n",
                             "  type octile\n  height 1\n\twidth 3\nmap\n.@.\n",
                             "\ntype octile\nheight 1\nwidth 3\nmap\n.@.\n"}) {
        auto r = io::parse_map(text, "m.map");
        ASSERT_TRUE(r.ok()) << text << ": " << r.err().message;
        EXPECT_EQ(r->map.width(), 3);
        EXPECT_TRUE(r->map.is_high_obstacle({1, 0}));
    }
}

TEST(header_variants, repeated_header_key_is_refused_with_its_line) {
    auto r =
        io::parse_movingai_map("type octile\nheight 1\nheight 2\nwidth 3\nmap\n.@.\n", "m.map");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("m.map:3"), std::string::npos) << r.err().message;
    EXPECT_NE(r.err().message.find("'height' is given twice"), std::string::npos);
    EXPECT_FALSE(io::parse_movingai_map("type a\ntype b\nheight 1\nwidth 1\nmap\n.\n").ok());
}

TEST(header_variants, byte_order_mark_is_accepted_by_every_text_format) {
    const std::string bom = "\xEF\xBB\xBF";
    auto map = io::parse_map(bom + "type octile\nheight 1\nwidth 2\nmap\n..\n", "m.map");
    ASSERT_TRUE(map.ok()) << map.err().message;
    auto text_map = io::parse_map(bom + "2\n..\n.*\n", "m.in");
    ASSERT_TRUE(text_map.ok()) << text_map.err().message;
    EXPECT_TRUE(text_map->map.is_high_obstacle({1, 1}));
    auto scen = io::parse_scenarios(bom + "version 1\n0\tm.map\t2\t1\t0\t0\t1\t0\t1\n", "m.scen");
    ASSERT_TRUE(scen.ok()) << scen.err().message;
    EXPECT_EQ(scen->size(), 1u);
}

} // namespace
} // namespace xunlu
