// Content-based format detection and dispatch to the map parsers.
#include "xunlu/io/map_loader.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>

#include "xunlu/core/limits.hpp"
#include "xunlu/io/hex_map_file.hpp"
#include "xunlu/io/movingai_map.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/io/png_map.hpp"
#include "xunlu/io/text_map.hpp"

namespace xunlu::io {

std::string_view map_format_name(map_format f) noexcept {
    switch (f) {
    case map_format::movingai:
        return "movingai";
    case map_format::text_map:
        return "map.in";
    case map_format::png:
        return "png";
    }
    return "unknown";
}

result<map_format> detect_map_format(std::string_view content, std::string_view file) {
    if (looks_like_png(content)) return map_format::png;
    if (looks_like_movingai_map(content)) return map_format::movingai;
    if (looks_like_text_map(content)) return map_format::text_map;
    if (content.empty()) return parse_error(file, 0, 0, "empty file: not a map");
    return parse_error(file, 1, 1,
                       "unrecognised map format (expected a Moving AI map starting 'type', a "
                       "map.in starting with its size line, or a PNG image)");
}

namespace {

/// The first line of the head that declares a side above the limit, as an error: Moving AI
/// and hex headers ("height H", "width W" before "map") and the map.in size line ("N", "W H").
std::optional<error> oversized_header(std::string_view head, std::string_view file, bool movingai) {
    line_reader lines(head);
    std::string_view line;
    auto too_big = [&](std::string_view word, std::int64_t& v) {
        const auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
        return p == word.data() + word.size() && (ec == std::errc::result_out_of_range ||
                                                  (ec == std::errc{} && v > limits::max_map_side));
    };
    while (lines.next(line)) {
        if (!lines.remaining() && head.back() != '\n') return std::nullopt; // cut short
        const auto first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos) continue;
        line.remove_prefix(first);
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
        std::int64_t v = 0;
        if (!movingai) { // the size line: one or two numbers
            const auto space = line.find_first_of(" \t");
            for (std::string_view word :
                 {line.substr(0, space), space == std::string_view::npos
                                             ? std::string_view{}
                                             : line.substr(line.find_first_not_of(" \t", space))}) {
                if (!word.empty() && too_big(word, v)) {
                    return parse_error(file, lines.line_number(), 1,
                                       "map side " + std::string(word.substr(0, 20)) +
                                           " exceeds the limit of " +
                                           std::to_string(limits::max_map_side));
                }
            }
            return std::nullopt;
        }
        if (line == "map") return std::nullopt;
        for (std::string_view key : {std::string_view("height"), std::string_view("width")}) {
            if (!line.starts_with(key) || line.size() <= key.size() ||
                (line[key.size()] != ' ' && line[key.size()] != '\t')) {
                continue;
            }
            std::string_view value = line.substr(key.size());
            value.remove_prefix(std::min(value.size(), value.find_first_not_of(" \t")));
            if (too_big(value, v)) {
                return parse_error(file, lines.line_number(), key.size() + 2,
                                   std::string(key) + " " + std::string(value.substr(0, 20)) +
                                       " exceeds the limit of " +
                                       std::to_string(limits::max_map_side));
            }
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<error> check_map_head(std::string_view head, std::string_view file) {
    if (looks_like_hex_map(head)) return oversized_header(head, file, true);
    auto format = detect_map_format(head, file);
    if (!format) return format.err();
    if (*format == map_format::png) return std::nullopt; // the PNG reader checks its header
    return oversized_header(head, file, *format == map_format::movingai);
}

result<loaded_map> parse_map(std::string_view content, std::string_view file) {
    auto format = detect_map_format(content, file);
    if (!format) return format.err();
    result<grid::grid_map> map = error{};
    switch (*format) {
    case map_format::movingai:
        map = parse_movingai_map(content, file);
        break;
    case map_format::text_map:
        map = parse_text_map(content, file);
        break;
    case map_format::png:
        map = parse_png_map(content, file);
        break;
    }
    if (!map) return map.err();
    return loaded_map{std::move(map).value(), *format};
}

result<loaded_map> load_map(const std::string& path) {
    // The format is known from the first bytes: garbage is refused before the rest is read.
    const std::string name = path == "-" ? "<stdin>" : path;
    auto content = read_file(path, max_file_bytes,
                             [&](std::string_view head) { return check_map_head(head, name); });
    if (!content) return content.err();
    return parse_map(*content, name);
}

} // namespace xunlu::io
