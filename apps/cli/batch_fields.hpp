// The fields of a batch query line (JSON), read with messages that name the field: cells,
// pixels, flags, names and budgets, for `find --batch` and `route --batch`.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <type_traits>

#include "batch_lines.hpp"
#include "cli_common.hpp"
#include "xunlu/core/point.hpp"

namespace xunlu::cli {

/// "<stdin>" for "-", else the path: how batch errors name their input.
[[nodiscard]] std::string batch_source_name(const std::string& path);

/// The query of one batch line: a JSON object (parse_bounded_json: depth, duplicate keys, NUL
/// bytes checked). Throws command_error saying what is wrong (a line too long, invalid JSON, a
/// value that is not an object).
[[nodiscard]] nlohmann::json parse_query_line(const batch_line& line);

/// Refuses a query key outside `known` (a misspelt option must not be ignored silently).
void refuse_unknown_keys(const nlohmann::json& q, std::initializer_list<const char*> known);

/// Refuses a batch and a map (or a layer file) that would both be read from standard input.
void refuse_two_standard_inputs(const std::string& batch, const std::string& map,
                                const std::string& layers);

/// A cell: [x, y] of integers or "X,Y". Throws command_error naming `key`.
[[nodiscard]] cell json_cell(const nlohmann::json& q, const char* key);

/// A pixel position: [x, y] of finite numbers or "PX,PY". Throws command_error naming `key`.
[[nodiscard]] point json_pixel(const nlohmann::json& q, const char* key);

/// An optional field: `fallback` when absent; a bool, a string or an unsigned integer (a
/// negative or fractional number is refused), else command_error naming `key`.
template <class T> T json_get(const nlohmann::json& q, const char* key, T fallback) {
    if (!q.contains(key)) return fallback;
    const auto& v = q[key];
    if constexpr (std::is_same_v<T, bool>) {
        if (!v.is_boolean()) {
            throw command_error{std::string("\"") + key + "\" must be true or false"};
        }
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (!v.is_string()) throw command_error{std::string("\"") + key + "\" must be a string"};
    } else if constexpr (std::is_floating_point_v<T>) {
        // Any JSON number (1, 1.5, 2e0); whether it is in range is the option's own check.
        if (!v.is_number()) throw command_error{std::string("\"") + key + "\" must be a number"};
    } else {
        if (!v.is_number_unsigned()) {
            throw command_error{std::string("\"") + key + "\" must be an integer >= 0"};
        }
        if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) {
            throw command_error{std::string("\"") + key + "\" is too large"};
        }
    }
    return v.get<T>();
}

} // namespace xunlu::cli
