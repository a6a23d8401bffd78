// The Moving AI `.map.scen` scenario format: one start/goal problem per line with its optimal
// length. Also the length comparison at the precision the file gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"

namespace xunlu::io {

struct scenario {
    std::int64_t bucket = 0;
    std::string map_name;       ///< as written (a path in the generating tree)
    std::int32_t map_width = 0; ///< width then height, as in the file
    std::int32_t map_height = 0;
    cell start;
    cell goal;
    double optimal_length = 0;
    int decimals = 0;     ///< digits after the decimal point in the file
    std::size_t line = 0; ///< 1-based line in the file

    /// True when `length` equals the optimal length at the file's precision: rounding or
    /// truncating `length` to the file's decimals gives the written value, allowing a drift of
    /// 1e-9 per unit of length (the street files carry a tiny sqrt(2) error: docs/formats.md).
    [[nodiscard]] bool matches(double length) const noexcept;
};

/// Parses a scenario file (`version 1` or `version 1.0` first line, then 9 whitespace-separated
/// fields per line; CRLF and blank lines accepted). Errors name file and line.
[[nodiscard]] result<std::vector<scenario>> parse_scenarios(std::string_view text,
                                                            std::string_view file = {});

/// The last path component of a scenario's map column ("maps/dao/arena.map" -> "arena.map").
[[nodiscard]] std::string_view map_basename(std::string_view map_name) noexcept;

} // namespace xunlu::io
