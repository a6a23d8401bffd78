// PNG images as maps (brightness threshold -> walkable) and RGB image encoding to PNG.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::io {

[[nodiscard]] bool looks_like_png(std::string_view content) noexcept;

struct png_map_options {
    /// A pixel is walkable when its grey brightness (0..255, alpha-composited on black)
    /// is >= threshold; darker pixels are high obstacles.
    std::uint8_t threshold = 128;
};

/// Decodes a PNG (any colour type libpng reads) into a map, one pixel per cell.
[[nodiscard]] result<grid::grid_map>
parse_png_map(std::string_view content, std::string_view file = {}, png_map_options options = {});

/// An 8-bit RGB raster.
struct rgb_image {
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::vector<std::uint8_t> pixels; ///< row-major, 3 bytes per pixel

    rgb_image() = default;
    rgb_image(std::int32_t w, std::int32_t h, std::uint32_t fill_rgb = 0xffffff);
    void set(std::int32_t x, std::int32_t y, std::uint32_t rgb) noexcept;
    /// Fills the scale x scale block of map cell (cx, cy).
    void fill_cell(std::int32_t cx, std::int32_t cy, std::int32_t scale,
                   std::uint32_t rgb) noexcept;
};

/// Encodes an image as PNG bytes.
[[nodiscard]] result<std::string> encode_png(const rgb_image& image);
/// Encodes and writes a PNG file.
[[nodiscard]] result<bool> write_png(const rgb_image& image, const std::string& path);

} // namespace xunlu::io
