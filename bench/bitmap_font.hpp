// A 5x7 pixel bitmap font (upper-case letters, digits, some punctuation) for chart labels.
#pragma once

#include <cstdint>
#include <string_view>

#include "xunlu/render/rgb_image.hpp"

namespace xunlu::bench {

/// Width of `text` in pixels when drawn at `scale` (each glyph 5 pixels plus 1 of spacing).
[[nodiscard]] std::int32_t text_width(std::string_view text, std::int32_t scale) noexcept;
/// Height of a line of text in pixels at `scale` (7 pixels per unit).
[[nodiscard]] constexpr std::int32_t text_height(std::int32_t scale) noexcept {
    return 7 * scale;
}

/// Draws `text` with its top-left corner at (x, y). Lower-case letters are drawn upper-case;
/// characters without a glyph are drawn as a hollow box. Pixels outside the image are skipped.
void draw_text(render::rgb_image& image, std::int32_t x, std::int32_t y, std::string_view text,
               std::uint32_t rgb, std::int32_t scale = 1) noexcept;

} // namespace xunlu::bench
