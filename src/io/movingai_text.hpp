// The one reader of Moving AI–style text maps, shared by the square-grid `.map` parser and
// the hex map parser (which adds `type hex`, a `layout` line and terrain digits).
#pragma once

#include <string_view>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/hex_layout.hpp"

namespace xunlu::io::detail {

enum class movingai_dialect {
    octile, ///< any `type` but hex; cells . G S @ O T W
    hex,    ///< `type hex`, optional `layout NAME`; cells as octile plus 1-9 (terrain cost)
};

/// What the hex header said (the layout defaults to pointy-odd).
struct hex_header {
    grid::hex_layout layout{};
};

[[nodiscard]] result<grid::grid_map> parse_movingai_text(std::string_view text,
                                                         std::string_view file,
                                                         movingai_dialect dialect, hex_header* hex);

} // namespace xunlu::io::detail
