// Parsing "PX,PY" pixel arguments for the route and ray sub-commands.
#pragma once

#include <string>

#include "cli_common.hpp"
#include "xunlu/core/point.hpp"

namespace xunlu::cli {

/// Parses "PX,PY" (decimal numbers, pixels) or throws command_error naming the option.
[[nodiscard]] point parse_pixel(const std::string& text, const std::string& what);

/// A number as the CLI prints pixels: shortest form (%g, "1.5", "16"), never "-0".
[[nodiscard]] std::string pixel_number(double v);
/// "(PX,PY)" with pixel_number.
[[nodiscard]] std::string pixel_text(point p);

} // namespace xunlu::cli
