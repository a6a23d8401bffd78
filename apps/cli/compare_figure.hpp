// The three-panel picture of `xunlu compare` (like the paper's Figure 3): per method the map,
// its path, and the cells it recorded in OPEN drawn as dots.
#pragma once

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hybrid/method_comparison.hpp"
#include "xunlu/render/rgb_image.hpp"

namespace xunlu::cli {

/// Panels left to right: A*, single-object walk, hybrid; separated by a grey gap. Each panel
/// is about `panel_pixels` wide. Recorded cells are dots (a full cell when cells are tiny),
/// hit/leave points of the single-object walk included.
[[nodiscard]] render::rgb_image draw_comparison(const grid::grid_map& map,
                                                const hybrid::comparison& c,
                                                std::int32_t panel_pixels = 480);

} // namespace xunlu::cli
