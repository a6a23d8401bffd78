// Hex map text: header variants, terrain digits, located errors, the Moving AI parser's
// refusal of hex maps, and write/read round trips.
#include <gtest/gtest.h>

#include "xunlu/io/hex_map_file.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_map.hpp"

namespace xunlu {
namespace {

constexpr const char* small = "type hex\nlayout flat-even\nheight 3\nwidth 4\nmap\n"
                              "..@.\n"
                              "1.29\n"
                              "T...\n";

TEST(hex_map_file, parses_layout_cells_and_terrain_digits) {
    auto m = io::parse_hex_map(small, "s.map");
    ASSERT_TRUE(m.ok()) << m.err().message;
    EXPECT_EQ(m->layout, (grid::hex_layout{grid::hex_orientation::flat, grid::hex_coords::even}));
    EXPECT_EQ(m->cells.width(), 4);
    EXPECT_EQ(m->cells.height(), 3);
    EXPECT_TRUE(m->cells.is_high_obstacle({2, 0}));
    EXPECT_TRUE(m->cells.is_high_obstacle({0, 2}));
    EXPECT_EQ(m->cells.terrain_cost({0, 1}), 1.0f);
    EXPECT_EQ(m->cells.terrain_cost({2, 1}), 2.0f);
    EXPECT_EQ(m->cells.terrain_cost({3, 1}), 9.0f);
    EXPECT_TRUE(io::looks_like_hex_map(small));
    EXPECT_TRUE(io::looks_like_hex_map("\xEF\xBB\xBF\n  type\thex\r\n"));
    EXPECT_FALSE(io::looks_like_hex_map("type octile\n"));
    EXPECT_FALSE(io::looks_like_hex_map("type hexagon\n"));
}

TEST(hex_map_file, the_layout_defaults_to_pointy_odd) {
    auto m = io::parse_hex_map("type hex\nheight 1\nwidth 2\nmap\n..\n");
    ASSERT_TRUE(m.ok()) << m.err().message;
    EXPECT_EQ(m->layout, grid::hex_layout{});
}

TEST(hex_map_file, errors_name_file_line_column_and_cell) {
    struct bad_case {
        const char* text;
        const char* expect;
    };
    const bad_case cases[] = {
        {"type octile\nheight 1\nwidth 1\nmap\n.\n", "needs 'type hex'"},
        {"type hex\nlayout diamond\nheight 1\nwidth 1\nmap\n.\n", "b.map:2:8: unknown hex layout"},
        {"type hex\nlayout flat-odd\nlayout flat-odd\nheight 1\nwidth 1\nmap\n.\n", "given twice"},
        {"type hex\nheight 2\nwidth 2\nmap\n..\n.0\n", "b.map:6:2: unknown cell character '0' "
                                                       "at cell (1,1)"},
        {"type hex\nheight 2\nwidth 2\nmap\n..\n", "too short"},
        {"type hex\nheight 1\nwidth 1\nmapp\n.\n", "unexpected header line"},
    };
    for (const auto& c : cases) {
        auto m = io::parse_hex_map(c.text, "b.map");
        ASSERT_FALSE(m.ok()) << c.text;
        EXPECT_NE(m.err().message.find(c.expect), std::string::npos) << m.err().message;
    }
}

TEST(hex_map_file, square_grid_readers_refuse_hex_maps_clearly) {
    auto sq = io::parse_movingai_map(small, "s.map");
    ASSERT_FALSE(sq.ok());
    EXPECT_NE(sq.err().message.find("this is a hex map"), std::string::npos);
    auto any = io::parse_map(small, "s.map");
    ASSERT_FALSE(any.ok());
    EXPECT_NE(any.err().message.find("hex map"), std::string::npos);
    // The square-grid parser does not take the hex extras either.
    EXPECT_FALSE(io::parse_movingai_map("type octile\nheight 1\nwidth 1\nmap\n2\n").ok());
    EXPECT_FALSE(
        io::parse_movingai_map("type octile\nlayout flat-odd\nheight 1\nwidth 1\nmap\n.\n").ok());
}

TEST(hex_map_file, write_then_read_gives_the_same_map) {
    auto m = io::parse_hex_map(small);
    ASSERT_TRUE(m.ok());
    auto text = io::write_hex_map(*m);
    ASSERT_TRUE(text.ok()) << text.err().message;
    auto back = io::parse_hex_map(*text);
    ASSERT_TRUE(back.ok()) << back.err().message;
    EXPECT_EQ(back->layout, m->layout);
    for (int y = 0; y < 3; ++y) {
        for (int x = 0; x < 4; ++x) {
            EXPECT_EQ(back->cells.flags({x, y}), m->cells.flags({x, y}));
            EXPECT_EQ(back->cells.terrain_cost({x, y}), m->cells.terrain_cost({x, y}));
        }
    }
}

TEST(hex_map_file, writing_refuses_what_the_text_cannot_hold_unless_lossy) {
    io::hex_map m{grid::grid_map::create(2, 1).value(), {}};
    m.cells.set_terrain_cost({0, 0}, 2.5f);
    auto refused = io::write_hex_map(m);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.err().message.find("(0,0)"), std::string::npos);
    auto lossy = io::write_hex_map(m, true);
    ASSERT_TRUE(lossy.ok());
    EXPECT_NE(lossy->find("\n3.\n"), std::string::npos) << *lossy;
    m.cells.clear_terrain_costs();
    m.cells.set_low_obstacle({1, 0}, true);
    EXPECT_FALSE(io::write_hex_map(m).ok());
}

} // namespace
} // namespace xunlu
