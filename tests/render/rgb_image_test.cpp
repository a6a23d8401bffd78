// The RGB raster and its PNG encoding: clipping at the edges, cell blocks, PNG bytes and files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "xunlu/render/png_writer.hpp"
#include "xunlu/render/rgb_image.hpp"

namespace xunlu {
namespace {

TEST(rgb_image, ignores_pixels_outside) {
    render::rgb_image img(2, 2, 0x000000);
    img.set(-1, 0, 0xffffff);
    img.set(2, 1, 0xffffff);
    img.fill_cell(1, 1, 2, 0xffffff); // covers (2..3, 2..3): outside
    for (const auto p : img.pixels) EXPECT_EQ(p, 0);
    img.fill_cell(0, 0, 1, 0x102030);
    EXPECT_EQ(img.pixels[0], 0x10);
    EXPECT_EQ(img.pixels[1], 0x20);
    EXPECT_EQ(img.pixels[2], 0x30);
}

TEST(rgb_image, fill_colour_and_size) {
    const render::rgb_image img(3, 2, 0xa0b0c0);
    ASSERT_EQ(img.pixels.size(), 3u * 2u * 3u);
    for (std::size_t i = 0; i < img.pixels.size(); i += 3) {
        EXPECT_EQ(img.pixels[i], 0xa0);
        EXPECT_EQ(img.pixels[i + 1], 0xb0);
        EXPECT_EQ(img.pixels[i + 2], 0xc0);
    }
}

TEST(png_writer, encodes_a_png_signature_and_writes_the_same_bytes) {
    const render::rgb_image img(4, 3, 0x336699);
    const auto bytes = render::encode_png(img);
    ASSERT_TRUE(bytes.ok());
    ASSERT_GE(bytes->size(), 8u);
    EXPECT_EQ(bytes->substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));

    const auto path = std::filesystem::temp_directory_path() / "xunlu_png_writer_test.png";
    ASSERT_TRUE(render::write_png(img, path.string()).ok());
    std::ifstream in(path, std::ios::binary);
    const std::string written((std::istreambuf_iterator<char>(in)), {});
    EXPECT_EQ(written, *bytes);
    std::filesystem::remove(path);
}

TEST(png_writer, reports_an_unwritable_path) {
    const auto r = render::write_png(render::rgb_image(1, 1), "/nonexistent-dir/x.png");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("/nonexistent-dir/x.png"), std::string::npos);
}

} // namespace
} // namespace xunlu
