// An 8-bit RGB raster: what render draws maps, paths and charts into.
#pragma once

#include <cstdint>
#include <vector>

namespace xunlu::render {

/// An 8-bit RGB raster; pixels outside it are ignored when set.
struct rgb_image {
    std::int32_t width = 0;           ///< pixels
    std::int32_t height = 0;          ///< pixels
    std::vector<std::uint8_t> pixels; ///< row-major, 3 bytes per pixel

    rgb_image() = default;
    /// A w x h image (pixels, >= 0) filled with colour 0xRRGGBB.
    rgb_image(std::int32_t w, std::int32_t h, std::uint32_t fill_rgb = 0xffffff);
    void set(std::int32_t x, std::int32_t y, std::uint32_t rgb) noexcept;
    /// Fills the scale x scale block of map cell (cx, cy).
    void fill_cell(std::int32_t cx, std::int32_t cy, std::int32_t scale,
                   std::uint32_t rgb) noexcept;
};

} // namespace xunlu::render
