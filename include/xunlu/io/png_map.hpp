// PNG images as maps (brightness threshold -> walkable). Writing PNGs belongs to render.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

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

} // namespace xunlu::io
