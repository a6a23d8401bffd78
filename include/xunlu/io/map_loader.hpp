// Loads a grid map from any supported file, detecting the format from the content.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::io {

enum class map_format { movingai, text_map, png };

[[nodiscard]] std::string_view map_format_name(map_format f) noexcept;

/// Detects the format from the first bytes: PNG signature, "type " (Moving AI), or a size
/// line (map.in). Returns an error naming the file when none fits.
[[nodiscard]] result<map_format> detect_map_format(std::string_view content,
                                                   std::string_view file = {});

/// Refuses a map file from its first bytes (read_file's head check, up to 64 KiB): content of
/// no map format (hex maps included), or a header declaring a side above limits::max_map_side,
/// so an oversized body (a piped 40000 x 40000 map) is never read. Nothing when the head may
/// still be a map.
[[nodiscard]] std::optional<error> check_map_head(std::string_view head, std::string_view file);

struct loaded_map {
    grid::grid_map map;
    map_format format;
};

/// Reads and parses a map file of any supported format.
[[nodiscard]] result<loaded_map> load_map(const std::string& path);

/// Parses map content of any supported format (used by load_map and the fuzz target).
[[nodiscard]] result<loaded_map> parse_map(std::string_view content, std::string_view file = {});

} // namespace xunlu::io
