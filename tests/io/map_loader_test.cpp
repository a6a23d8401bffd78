// Format detection from content (not file names), load_map on real files, and round trips
// through every format.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_map.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/io/png_map.hpp"
#include "xunlu/io/text_map.hpp"
#include "xunlu/render/map_picture.hpp"
#include "xunlu/render/png_writer.hpp"

namespace xunlu {
namespace {

namespace fs = std::filesystem;

class map_loader : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("xunlu_io_test_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string write(const std::string& name, std::string_view bytes) {
        const auto p = dir_ / name;
        std::ofstream(p, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
        return p.string();
    }
    fs::path dir_;
};

bool same_obstacles(const grid::grid_map& a, const grid::grid_map& b) {
    if (a.width() != b.width() || a.height() != b.height()) return false;
    for (std::int32_t y = 0; y < a.height(); ++y)
        for (std::int32_t x = 0; x < a.width(); ++x)
            if (a.is_high_obstacle({x, y}) != b.is_high_obstacle({x, y})) return false;
    return true;
}

TEST_F(map_loader, detects_each_format_from_content) {
    EXPECT_EQ(*io::detect_map_format("type octile\nheight 1\n"), io::map_format::movingai);
    EXPECT_EQ(*io::detect_map_format("3\n...\n"), io::map_format::text_map);
    EXPECT_EQ(*io::detect_map_format("4 2\n....\n"), io::map_format::text_map);
    EXPECT_EQ(*io::detect_map_format(*render::encode_png(render::rgb_image(1, 1))),
              io::map_format::png);
    auto empty = io::detect_map_format("", "e.map");
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.err().message, "e.map: empty file: not a map");
    auto junk = io::detect_map_format(std::string("\x7f\x45LF\x02\x01\x01\0\0", 9), "a.out");
    ASSERT_FALSE(junk.ok());
    EXPECT_EQ(junk.err().message.rfind("a.out:1:1: unrecognised map format", 0), 0u);
    EXPECT_EQ(io::map_format_name(io::map_format::movingai), "movingai");
    EXPECT_EQ(io::map_format_name(io::map_format::text_map), "map.in");
    EXPECT_EQ(io::map_format_name(io::map_format::png), "png");
}

TEST_F(map_loader, file_names_do_not_decide_the_format) {
    const std::string movingai = "type octile\nheight 2\nwidth 2\nmap\n.@\n..\n";
    auto as_png = io::load_map(write("actually_movingai.png", movingai));
    ASSERT_TRUE(as_png.ok()) << as_png.err().message;
    EXPECT_EQ(as_png->format, io::map_format::movingai);
    EXPECT_TRUE(as_png->map.is_high_obstacle({1, 0}));

    const auto png = *render::encode_png(render::rgb_image(3, 2, 0xffffff));
    auto png_as_map = io::load_map(write("picture.map", png));
    ASSERT_TRUE(png_as_map.ok()) << png_as_map.err().message;
    EXPECT_EQ(png_as_map->format, io::map_format::png);
    EXPECT_EQ(png_as_map->map.width(), 3);

    auto text_as_scen = io::load_map(write("grid.map.scen", "2\n.*\n..\n"));
    ASSERT_TRUE(text_as_scen.ok());
    EXPECT_EQ(text_as_scen->format, io::map_format::text_map);
}

TEST_F(map_loader, errors_name_the_file_path) {
    const auto bad = write("bad.map", "type octile\nheight 1\nwidth 2\nmap\n.x\n");
    auto r = io::load_map(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.err().message, bad + ":5:2: unknown cell character 'x' at cell (1,0)");

    const auto missing = (dir_ / "nope.map").string();
    auto m = io::load_map(missing);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.err().message, missing + ": cannot open: No such file or directory");

    auto d = io::load_map(dir_.string());
    ASSERT_FALSE(d.ok());
    EXPECT_EQ(d.err().message, dir_.string() + ": is a directory, expected a file");

    const auto empty = write("empty.map", "");
    auto e = io::load_map(empty);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.err().message, empty + ": empty file: not a map");
}

TEST_F(map_loader, read_file_refuses_files_above_the_limit) {
    const auto path = write("big.txt", std::string(100, '.'));
    EXPECT_TRUE(io::read_file(path, 100).ok());
    auto r = io::read_file(path, 99);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.err().message, path + ": file of 100 bytes is larger than the limit of 99");
}

TEST_F(map_loader, round_trips_through_every_format) {
    const auto original = grid::generate_random(37, 23, 35, 9).value();
    auto movingai = io::load_map(write("a.map", *io::write_movingai_map(original)));
    ASSERT_TRUE(movingai.ok());
    EXPECT_TRUE(same_obstacles(movingai->map, original));
    auto text = io::load_map(write("map.in", io::write_text_map(original)));
    ASSERT_TRUE(text.ok());
    EXPECT_TRUE(same_obstacles(text->map, original));
    const auto path = (dir_ / "a.png").string();
    ASSERT_TRUE(render::write_png(render::draw_map(original, 1), path).ok());
    auto png = io::load_map(path);
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png->format, io::map_format::png);
    EXPECT_TRUE(same_obstacles(png->map, original));
}

TEST_F(map_loader, line_reader_splits_lf_and_crlf) {
    io::line_reader r("a\r\nb\n\nc\r");
    std::string_view line;
    std::vector<std::string> got;
    while (r.next(line)) got.emplace_back(line);
    EXPECT_EQ(got, (std::vector<std::string>{"a", "b", "", "c"}));
    EXPECT_EQ(r.line_number(), 4u);
    EXPECT_EQ(r.remaining(), 0u);
}

TEST_F(map_loader, parse_error_formats_locations) {
    EXPECT_EQ(io::parse_error("f", 3, 7, "bad").message, "f:3:7: bad");
    EXPECT_EQ(io::parse_error("f", 3, 0, "bad").message, "f:3: bad");
    EXPECT_EQ(io::parse_error("f", 0, 7, "bad").message, "f: bad");
    EXPECT_EQ(io::parse_error("", 1, 1, "bad").message, "<input>:1:1: bad");
}

} // namespace
} // namespace xunlu

namespace xunlu {
namespace {

// Issue 49: a header declaring a side above the limit is refused from the first bytes, so a
// piped 40000 x 40000 map is never read whole; the head of a valid map passes.
TEST(map_head, a_head_declaring_an_oversized_map_is_refused) {
    const std::string movingai =
        "type octile\nheight 40000\nwidth 16\nmap\n" + std::string(64, '.');
    const auto refused = io::check_map_head(movingai, "big.map");
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->message, "big.map:2:8: height 40000 exceeds the limit of 32768");
    const auto text = io::check_map_head("16 99999999999999999999\n....", "big.in");
    ASSERT_TRUE(text.has_value());
    EXPECT_NE(text->message.find("big.in:1:1: map side 99999999999999999999 exceeds"),
              std::string::npos)
        << text->message;
    EXPECT_FALSE(io::check_map_head("type octile\nheight 4\nwidth 4\nmap\n....\n", "ok.map"));
    EXPECT_FALSE(io::check_map_head("4 4\n....\n", "ok.in"));
    // A head cut inside the size line is not judged (the rest may hold more digits).
    EXPECT_FALSE(io::check_map_head("type octile\nheight 4", "cut.map"));
    EXPECT_TRUE(io::check_map_head(std::string("\x7f"
                                               "ELF",
                                               4),
                                   "a.out")
                    .has_value());
}

} // namespace
} // namespace xunlu
