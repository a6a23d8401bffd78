// Reading comma-separated rows with line numbers: the field splitting, number parsing and
// row loop shared by the graph loader (graph_csv.hpp) and the waypoint loader.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::graph::csv {

/// `s` without leading and trailing blanks (spaces, tabs, a trailing '\r').
[[nodiscard]] std::string_view trim(std::string_view s) noexcept;
/// Splits a line at commas into `out` (trimmed fields; cleared first).
void split_fields(std::string_view line, std::vector<std::string_view>& out);
/// Whole-field integer / number ("+" allowed; numbers also accept nan and inf: callers check).
[[nodiscard]] bool parse_int(std::string_view s, std::int64_t& v) noexcept;
[[nodiscard]] bool parse_number(std::string_view s, double& v) noexcept;
/// `s` in quotes for a message: at most 40 characters, non-printable ones as '?'.
[[nodiscard]] std::string quote(std::string_view s);
/// True when a first field starts with a letter or '_' (a header line such as "id,x,y").
[[nodiscard]] bool looks_like_header(std::string_view field) noexcept;

/// Calls `comment(text, line)` for '#' lines and `row(fields, line)` for data lines; skips
/// blank lines, a UTF-8 byte-order mark and one header line before the first data line. Both
/// return result<bool>; the first error stops the loop and is returned. A NUL byte is an
/// error naming `file` and the line.
template <class Comment, class Row>
result<bool> for_each_row(std::string_view text, std::string_view file, Comment&& comment,
                          Row&& row) {
    io::line_reader lines(text);
    std::string_view line;
    std::vector<std::string_view> fields;
    bool seen_data = false;
    while (lines.next(line)) {
        const std::string_view t = trim(line);
        if (t.empty()) continue;
        if (t.front() == '#') {
            if (auto r = comment(t, lines.line_number()); !r) return r.err();
            continue;
        }
        if (t.find('\0') != std::string_view::npos) {
            return io::parse_error(file, lines.line_number(), 0, "binary data (NUL byte)");
        }
        split_fields(t, fields);
        if (!seen_data && looks_like_header(fields.front())) {
            seen_data = true;
            continue;
        }
        seen_data = true;
        if (auto r = row(std::span<const std::string_view>(fields), lines.line_number()); !r) {
            return r.err();
        }
    }
    return true;
}

} // namespace xunlu::graph::csv
