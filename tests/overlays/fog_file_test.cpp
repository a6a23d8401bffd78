// Fog files: written and read back, every malformed input refused with file, line and column,
// and the believed map that `find --fog` searches.
#include <gtest/gtest.h>

#include <string>

#include "xunlu/overlays/fog_file.hpp"

namespace xunlu {
namespace {

TEST(fog_file, what_is_written_reads_back) {
    auto fog = overlays::fog_layer::create(7, 3).value();
    fog.explore({0, 0});
    fog.explore({6, 2});
    fog.explore({3, 1});
    const std::string text = overlays::write_fog(fog);
    EXPECT_EQ(text, "type fog\nheight 3\nwidth 7\nfog\n1000000\n0001000\n0000001\n");
    auto back = overlays::parse_fog(text, "p.fog");
    ASSERT_TRUE(back.ok()) << back.err().message;
    EXPECT_EQ(back->explored_count(), 3u);
    EXPECT_TRUE(back->explored({6, 2}));
    // Windows line ends are fine too.
    EXPECT_TRUE(overlays::parse_fog("type fog\r\nheight 1\r\nwidth 2\r\nfog\r\n10\r\n").ok());
}

TEST(fog_file, malformed_files_name_the_line_and_column) {
    const std::pair<const char*, const char*> cases[] = {
        {"", "p.fog:1: expected 'type fog'"},
        {"type map\n", "p.fog:1: expected 'type fog'"},
        {"type fog\nwidth 3\n", "p.fog:2: expected 'height N'"},
        {"type fog\nheight 0\nwidth 3\nfog\n", "p.fog:2: height must be 1..32768"},
        {"type fog\nheight 2\nwidth 99999\nfog\n", "p.fog:3: width must be 1..32768"},
        {"type fog\nheight 2\nwidth 3x\nfog\n", "p.fog:3: width must be 1..32768"},
        {"type fog\nheight 30000\nwidth 30000\nfog\n",
         "p.fog:4: the file is too short for 30000 rows of 30000 cells"},
        {"type fog\nheight 1\nwidth 3\nmap\n", "p.fog:4: expected 'fog'"},
        {"type fog\nheight 2\nwidth 3\nfog\n101\n", "p.fog:4: the file is too short for 2 rows"},
        {"type fog\nheight 1\nwidth 3\nfog\n1011\n", "p.fog:5: row has 4 cells, expected 3"},
        {"type fog\nheight 1\nwidth 3\nfog\n1#1\n", "p.fog:5:2: cell '#' is neither 1"},
        {"type fog\nheight 1\nwidth 3\nfog\n101\n111\n", "p.fog:6: text after the last row"},
    };
    for (const auto& [text, expected] : cases) {
        const auto r = overlays::parse_fog(text, "p.fog");
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_NE(r.err().message.find(expected), std::string::npos)
            << r.err().message << " vs " << expected;
    }
}

TEST(fog_file, the_believed_map_keeps_explored_cells_and_assumes_the_rest) {
    auto map = grid::grid_map::create(3, 1).value();
    map.set_high_obstacle({0, 0}, true);
    map.set_high_obstacle({2, 0}, true);
    auto fog = overlays::fog_layer::create(3, 1).value();
    fog.explore({0, 0});
    const auto optimist =
        overlays::believed_map(overlays::belief(map, fog, overlays::unknown_cells::walkable));
    EXPECT_FALSE(optimist.passable({0, 0}));
    EXPECT_TRUE(optimist.passable({2, 0}));
    const auto pessimist =
        overlays::believed_map(overlays::belief(map, fog, overlays::unknown_cells::blocked));
    EXPECT_FALSE(pessimist.passable({1, 0}));
}

} // namespace
} // namespace xunlu
