// The classic text map `map.in` (size line, then rows of '.' free and '*' blocked) and the
// `map.out` rendering of a path with arrow glyphs. Exact grammar: docs/formats.md.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::io {

/// True when the first non-blank line is one or two positive integers.
[[nodiscard]] bool looks_like_text_map(std::string_view text) noexcept;

/// Parses `map.in`. Errors name file, line and cell.
[[nodiscard]] result<grid::grid_map> parse_text_map(std::string_view text,
                                                    std::string_view file = {});

/// Writes `map.in` text: "N" for a square map, else "W H"; cells separated by spaces.
[[nodiscard]] std::string write_text_map(const grid::grid_map& map);

/// Figures printed in the map.out header.
struct map_out_info {
    std::string status;
    double length = 0;
    double cost = 0;
    std::uint64_t expanded = 0;
    double time_ms = 0;
};

/// Writes `map.out`: a '#' header with the figures, then the map with each path cell but the
/// goal drawn as the arrow (→ ↘ ↓ ↙ ← ↖ ↑ ↗) pointing to the next cell; the goal is '◎'.
[[nodiscard]] std::string write_map_out(const grid::grid_map& map, std::span<const cell> path,
                                        const map_out_info& info);

} // namespace xunlu::io
