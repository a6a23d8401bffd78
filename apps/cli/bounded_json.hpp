// JSON text parsed with limits: nesting depth, duplicate keys and NUL bytes refused with a
// message naming what is wrong, for the JSON the CLI reads (batch query lines).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string_view>

namespace xunlu::cli {

/// Deepest nesting of arrays and objects accepted in a batch line (documented in docs/cli.md).
inline constexpr std::size_t max_json_depth = 64;

/// Parses one JSON text. Throws command_error ("not valid JSON: ...") for a syntax error or a
/// number out of range (with the column), a NUL byte, nesting deeper than `max_depth` or a key
/// given twice in one object. The parse itself never recurses, and the value returned is at most
/// `max_depth` deep, so copying and printing it cannot exhaust the stack.
[[nodiscard]] nlohmann::json parse_bounded_json(std::string_view text,
                                                std::size_t max_depth = max_json_depth);

} // namespace xunlu::cli
