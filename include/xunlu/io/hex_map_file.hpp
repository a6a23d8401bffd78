// Hex maps as text: the Moving AI header with `type hex` and an optional `layout` line, one
// character per hex (docs/hex-maps.md). Read and write.
#pragma once

#include <string>
#include <string_view>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/hex_layout.hpp"

namespace xunlu::io {

/// A hex map: its hexes in a rectangle of storage cells, and how they are laid out.
struct hex_map {
    grid::grid_map cells;
    grid::hex_layout layout;
};

/// True when `text` is a Moving AI–style map whose type is `hex` (a byte-order mark, blank
/// lines and leading blanks allowed before it, as the parser reads it).
[[nodiscard]] bool looks_like_hex_map(std::string_view text) noexcept;

/// Parses a hex map. Header: `type hex`, `layout L` (optional, default pointy-odd; one of
/// grid::hex_layout_name), `height H`, `width W`, `map`; then H rows of W characters: `.`, `G`,
/// `S` free; `@`, `O`, `T`, `W` blocked; `1`-`9` free with that terrain cost. Errors name the
/// file, line and column (and the cell for a bad character). `file` is for messages only.
[[nodiscard]] result<hex_map> parse_hex_map(std::string_view text, std::string_view file = {});

/// Reads and parses a hex map file.
[[nodiscard]] result<hex_map> load_hex_map(const std::string& path);

/// Writes a hex map as text. Terrain costs must be whole numbers 1-9 and low obstacles are
/// not representable: either is refused with the cell, unless `lossy` (then costs are rounded
/// and clamped to 1-9 and low obstacles written free).
[[nodiscard]] result<std::string> write_hex_map(const hex_map& map, bool lossy = false);

} // namespace xunlu::io
