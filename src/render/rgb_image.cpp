// The RGB raster: filling, setting pixels and map-cell blocks.
#include "xunlu/render/rgb_image.hpp"

namespace xunlu::render {

rgb_image::rgb_image(std::int32_t w, std::int32_t h, std::uint32_t fill_rgb)
    : width(w), height(h), pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 3) {
    for (std::size_t i = 0; i < pixels.size(); i += 3) {
        pixels[i] = static_cast<std::uint8_t>(fill_rgb >> 16);
        pixels[i + 1] = static_cast<std::uint8_t>(fill_rgb >> 8);
        pixels[i + 2] = static_cast<std::uint8_t>(fill_rgb);
    }
}

void rgb_image::set(std::int32_t x, std::int32_t y, std::uint32_t rgb) noexcept {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                           static_cast<std::size_t>(x)) *
                          3;
    pixels[i] = static_cast<std::uint8_t>(rgb >> 16);
    pixels[i + 1] = static_cast<std::uint8_t>(rgb >> 8);
    pixels[i + 2] = static_cast<std::uint8_t>(rgb);
}

void rgb_image::fill_cell(std::int32_t cx, std::int32_t cy, std::int32_t scale,
                          std::uint32_t rgb) noexcept {
    for (std::int32_t dy = 0; dy < scale; ++dy)
        for (std::int32_t dx = 0; dx < scale; ++dx) set(cx * scale + dx, cy * scale + dy, rgb);
}

} // namespace xunlu::render
