// The Moving AI `.map` grid format (movingai.com/benchmarks/formats.html): read and write.
#pragma once

#include <string>
#include <string_view>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::io {

/// True when `text` starts like a Moving AI map ("type " on the first line).
[[nodiscard]] bool looks_like_movingai_map(std::string_view text) noexcept;

/// Parses a Moving AI map. `.`, `G` and `S` are passable; `@`, `O`, `T` and `W` are high
/// obstacles; any other cell character is an error naming line and column. `file` is used
/// in error messages only.
[[nodiscard]] result<grid::grid_map> parse_movingai_map(std::string_view text,
                                                        std::string_view file = {});

/// Writes a map as Moving AI text (`.` free, `@` high obstacle). The format has no low
/// obstacles or terrain costs: a map with either is refused unless `lossy` is true, in which
/// case low obstacles are written as free and costs dropped.
[[nodiscard]] result<std::string> write_movingai_map(const grid::grid_map& map, bool lossy = false);

} // namespace xunlu::io
