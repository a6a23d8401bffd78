// PNG maps: encode tiny images with render::encode_png and read them back through the brightness
// threshold; truncated, corrupt and oversized PNGs are errors.
#include <gtest/gtest.h>

#include <string>

#include "xunlu/io/png_map.hpp"
#include "xunlu/render/map_picture.hpp"
#include "xunlu/render/png_writer.hpp"

namespace xunlu {
namespace {

std::string grey_png(const std::vector<std::uint8_t>& levels, std::int32_t w, std::int32_t h) {
    render::rgb_image img(w, h);
    for (std::int32_t y = 0; y < h; ++y)
        for (std::int32_t x = 0; x < w; ++x) {
            const std::uint32_t v = levels[static_cast<std::size_t>(y * w + x)];
            img.set(x, y, v << 16 | v << 8 | v);
        }
    auto bytes = render::encode_png(img);
    EXPECT_TRUE(bytes.ok());
    return bytes.ok() ? *bytes : std::string{};
}

TEST(png_map, encode_then_parse_applies_the_threshold) {
    const std::vector<std::uint8_t> levels{0, 127, 128, 255, 200, 50};
    const auto png = grey_png(levels, 3, 2);
    ASSERT_TRUE(io::looks_like_png(png));
    auto m = io::parse_png_map(png, "t.png");
    ASSERT_TRUE(m.ok()) << m.err().message;
    EXPECT_EQ(m->width(), 3);
    EXPECT_EQ(m->height(), 2);
    // Walkable when brightness >= 128.
    EXPECT_TRUE(m->is_high_obstacle({0, 0}));
    EXPECT_TRUE(m->is_high_obstacle({1, 0}));
    EXPECT_FALSE(m->is_high_obstacle({2, 0}));
    EXPECT_FALSE(m->is_high_obstacle({0, 1}));
    EXPECT_FALSE(m->is_high_obstacle({1, 1}));
    EXPECT_TRUE(m->is_high_obstacle({2, 1}));

    auto strict = io::parse_png_map(png, "t.png", {.threshold = 201});
    ASSERT_TRUE(strict.ok());
    EXPECT_TRUE(strict->is_high_obstacle({1, 1}));
    EXPECT_FALSE(strict->is_high_obstacle({0, 1}));
}

TEST(png_map, colours_use_their_grey_brightness) {
    render::rgb_image img(3, 1);
    img.set(0, 0, 0xff0000); // pure red: dark in grey
    img.set(1, 0, 0x00ff00); // pure green: bright in grey
    img.set(2, 0, 0xffffff);
    auto m = io::parse_png_map(*render::encode_png(img), "c.png");
    ASSERT_TRUE(m.ok());
    EXPECT_TRUE(m->is_high_obstacle({0, 0}));
    EXPECT_FALSE(m->is_high_obstacle({1, 0}));
    EXPECT_FALSE(m->is_high_obstacle({2, 0}));
}

TEST(png_map, rendered_map_reads_back_as_the_same_map) {
    auto m = grid::grid_map::create(7, 4).value();
    m.set_high_obstacle({0, 0}, true);
    m.set_high_obstacle({6, 3}, true);
    m.set_high_obstacle({3, 2}, true);
    const auto img = render::draw_map(m, 1);
    auto back = io::parse_png_map(*render::encode_png(img), "r.png");
    ASSERT_TRUE(back.ok());
    for (std::int32_t y = 0; y < 4; ++y)
        for (std::int32_t x = 0; x < 7; ++x)
            EXPECT_EQ(back->is_high_obstacle({x, y}), m.is_high_obstacle({x, y})) << x << "," << y;
}

TEST(png_map, truncated_png_is_an_error) {
    const std::vector<std::uint8_t> levels(64 * 64, 255);
    const auto png = grey_png(levels, 64, 64);
    for (const std::size_t keep :
         {std::size_t{8}, std::size_t{20}, std::size_t{40}, png.size() / 2, png.size() - 16}) {
        // (Cutting only the final IEND chunk leaves complete pixel data, which libpng accepts.)
        auto r = io::parse_png_map(std::string_view(png).substr(0, keep), "cut.png");
        ASSERT_FALSE(r.ok()) << "kept " << keep << " of " << png.size() << " bytes";
        EXPECT_EQ(r.err().message.rfind("cut.png: ", 0), 0u) << r.err().message;
    }
}

TEST(png_map, corrupt_data_is_an_error) {
    const std::vector<std::uint8_t> levels(16 * 16, 255);
    auto png = grey_png(levels, 16, 16);
    // Flip bytes inside the compressed image data (after the 8-byte signature and IHDR).
    for (std::size_t i = 40; i < png.size() - 12; ++i) png[i] = static_cast<char>(png[i] ^ 0x5a);
    auto r = io::parse_png_map(png, "bad.png");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.err().message.rfind("bad.png: ", 0), 0u) << r.err().message;
    auto junk = io::parse_png_map("not a png at all", "junk.png");
    ASSERT_FALSE(junk.ok());
    EXPECT_EQ(junk.err().message.rfind("junk.png: not a readable PNG", 0), 0u);
}

TEST(png_map, header_declaring_a_huge_image_is_refused_before_allocating) {
    auto png = grey_png({255}, 1, 1);
    // IHDR width and height are big-endian at bytes 16..23; set 30000 x 30000 (a legal map size
    // that this 1-pixel file cannot back). The CRC no longer matches, which libpng reports only
    // while reading, so the size check must come first.
    auto put = [&](std::size_t at, std::uint32_t v) {
        for (int k = 0; k < 4; ++k) png[at + k] = static_cast<char>(v >> (24 - 8 * k));
    };
    put(16, 30000);
    put(20, 30000);
    auto r = io::parse_png_map(png, "big.png");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.err().message.rfind("big.png: ", 0), 0u) << r.err().message;
}

} // namespace
} // namespace xunlu
