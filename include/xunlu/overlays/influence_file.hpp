// The influence source file: named layers made of sources, as text that game tools can write.
//
//   xunlu-influence 1
//   # layer  x   y   strength  radius
//   towers   40  12  5         8
//   smoke    10  10  2.5       4
//
// Blank lines and lines starting with '#' are skipped. Errors name the file, line and column.
// docs/formats.md has the format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/overlays/influence_layer.hpp"

namespace xunlu::overlays {

/// The first line every influence source file starts with (after blank and comment lines).
inline constexpr std::string_view influence_file_header = "xunlu-influence 1";
/// Most sources one file may hold.
inline constexpr std::size_t max_influence_sources = 100000;

/// One line of the file: a source of layer `layer`.
struct influence_record {
    std::string layer;
    influence_source source;
    std::size_t line = 0; ///< 1-based, for errors
};

/// Parses the file's text; `file` is used in errors only. Sources are not yet checked against
/// a map (see build_influence_layers).
[[nodiscard]] result<std::vector<influence_record>>
parse_influence_file(std::string_view text, std::string_view file = {});

/// The layers the records make on a width x height map, one per distinct name, in order of
/// first appearance. A source outside the map is an error naming its line.
[[nodiscard]] result<std::vector<influence_layer>>
build_influence_layers(const std::vector<influence_record>& records, std::int32_t width,
                       std::int32_t height, std::string_view file = {});

} // namespace xunlu::overlays
