// Moving AI `.map` parser and writer with located errors and size limits checked up front.
#include "xunlu/io/movingai_map.hpp"

#include <charconv>
#include <cstdint>

#include "movingai_text.hpp"
#include "xunlu/core/limits.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::io {

namespace {

bool parse_int(std::string_view s, std::int64_t& out) {
    if (s.empty()) {
        return false;
    }
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && ptr == s.data() + s.size();
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::string printable(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) {
        return std::string("'") + c + "'";
    }
    static const char* hex = "0123456789abcdef";
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

} // namespace

bool looks_like_movingai_map(std::string_view text) noexcept {
    // As the parser reads it: a byte-order mark, blank lines and leading spaces or tabs are
    // allowed before "type", and a space or a tab separates it from its value.
    line_reader lines(text);
    std::string_view line;
    while (lines.next(line)) {
        const std::string_view t = trim(line);
        if (t.empty()) continue;
        return t.size() > 4 && t.starts_with("type") && (t[4] == ' ' || t[4] == '\t');
    }
    return false;
}

namespace detail {

result<grid::grid_map> parse_movingai_text(std::string_view text, std::string_view file,
                                           movingai_dialect dialect, hex_header* hex) {
    const bool hex_map = dialect == movingai_dialect::hex;
    line_reader lines(text);
    std::string_view line;
    std::int64_t width = -1;
    std::int64_t height = -1;
    bool saw_type = false;
    bool saw_height = false;
    bool saw_width = false;
    bool saw_layout = false;
    // Header: "type X", "height H", "width W" (any order; hex maps may add "layout L"), then
    // "map".
    for (;;) {
        if (!lines.next(line)) {
            return parse_error(file, lines.line_number(), 0,
                               text.empty() ? "empty file: expected a Moving AI map header"
                                            : "header ends before the 'map' line");
        }
        const std::string_view t = trim(line);
        const std::size_t n = lines.line_number();
        if (t == "map") {
            break;
        }
        if (t.empty()) continue;
        const auto space = t.find_first_of(" \t");
        const std::string_view key = t.substr(0, space);
        const std::string_view value =
            space == std::string_view::npos ? std::string_view{} : trim(t.substr(space));
        bool& seen = key == "type"     ? saw_type
                     : key == "height" ? saw_height
                     : key == "layout" ? saw_layout
                                       : saw_width;
        if ((key == "type" || key == "height" || key == "width" || (hex_map && key == "layout")) &&
            seen) {
            return parse_error(file, n, 1, "header key '" + std::string(key) + "' is given twice");
        }
        if (key == "type") {
            saw_type = true;
            if (hex_map && value != "hex") {
                return parse_error(file, n, space + 2,
                                   "a hex map needs 'type hex', got '" +
                                       std::string(value.substr(0, 40)) + "'");
            }
            if (!hex_map && value == "hex") {
                return parse_error(file, n, space + 2,
                                   "this is a hex map ('type hex'): it has six neighbours per "
                                   "cell, so only xunlu find, scen and render read it (see "
                                   "docs/hex-maps.md)");
            }
        } else if (hex_map && key == "layout") {
            saw_layout = true;
            const auto layout = grid::parse_hex_layout(value);
            if (!layout) {
                return parse_error(file, n, space + 2,
                                   "unknown hex layout '" + std::string(value.substr(0, 40)) +
                                       "' (use pointy-odd, pointy-even, pointy-axial, flat-odd, "
                                       "flat-even or flat-axial)");
            }
            if (hex != nullptr) hex->layout = *layout;
        } else if (key == "height" || key == "width") {
            seen = true;
            std::int64_t v = 0;
            if (!parse_int(value, v) || v < 1) {
                return parse_error(file, n, space + 2,
                                   std::string(key) + " must be a positive integer, got '" +
                                       std::string(value.substr(0, 40)) + "'");
            }
            if (v > limits::max_map_side) {
                return parse_error(file, n, space + 2,
                                   std::string(key) + " " + std::to_string(v) +
                                       " exceeds the limit of " +
                                       std::to_string(limits::max_map_side));
            }
            (key == "height" ? height : width) = v;
        } else {
            return parse_error(file, n, 1,
                               "unexpected header line '" + std::string(t.substr(0, 40)) +
                                   (hex_map ? "' (expected type, layout, height, width or map)"
                                            : "' (expected type, height, width or map)"));
        }
    }
    if (!saw_type || width < 0 || height < 0) {
        return parse_error(file, lines.line_number(), 0,
                           "header must give 'type', 'height' and 'width' before 'map'");
    }
    // Refuse a declared size the rest of the file cannot hold before allocating for it: the
    // rows need width*height cell bytes and height-1 line breaks at least.
    if (const std::int64_t need = width * height + height - 1;
        static_cast<std::int64_t>(lines.remaining()) < need) {
        return parse_error(file, lines.line_number(), 0,
                           "the header declares " + std::to_string(width) + "x" +
                               std::to_string(height) + " cells but only " +
                               std::to_string(lines.remaining()) +
                               " bytes follow (too short for the map rows)");
    }
    auto created =
        grid::grid_map::create(static_cast<std::int32_t>(width), static_cast<std::int32_t>(height));
    if (!created) {
        return parse_error(file, lines.line_number(), 0, created.err().message);
    }
    grid::grid_map map = std::move(created).value();
    for (std::int32_t y = 0; y < height; ++y) {
        if (!lines.next(line)) {
            return parse_error(file, lines.line_number() + 1, 0,
                               "expected " + std::to_string(height) + " map rows, found " +
                                   std::to_string(y));
        }
        if (static_cast<std::int64_t>(line.size()) != width) {
            return parse_error(file, lines.line_number(), 0,
                               "row " + std::to_string(y) + " has " + std::to_string(line.size()) +
                                   " cells, expected " + std::to_string(width));
        }
        for (std::int32_t x = 0; x < width; ++x) {
            const char ch = line[static_cast<std::size_t>(x)];
            if (hex_map && ch >= '1' && ch <= '9') {
                if (ch != '1') map.set_terrain_cost({x, y}, static_cast<float>(ch - '0'));
                continue;
            }
            switch (ch) {
            case '.':
            case 'G':
            case 'S':
                break;
            case '@':
            case 'O':
            case 'T':
            case 'W':
                map.set_high_obstacle({x, y}, true);
                break;
            default:
                return parse_error(file, lines.line_number(), static_cast<std::size_t>(x) + 1,
                                   "unknown cell character " +
                                       printable(line[static_cast<std::size_t>(x)]) + " at cell (" +
                                       std::to_string(x) + "," + std::to_string(y) + ")");
            }
        }
    }
    while (lines.next(line)) {
        if (!trim(line).empty()) {
            return parse_error(file, lines.line_number(), 1,
                               "unexpected text after the " + std::to_string(height) + " map rows");
        }
    }
    return map;
}

} // namespace detail

result<grid::grid_map> parse_movingai_map(std::string_view text, std::string_view file) {
    return detail::parse_movingai_text(text, file, detail::movingai_dialect::octile, nullptr);
}

result<std::string> write_movingai_map(const grid::grid_map& map, bool lossy) {
    if (!lossy && map.has_terrain_costs()) {
        return error{"the Moving AI format has no terrain costs; write it lossy or use another "
                     "format"};
    }
    std::string out = "type octile\nheight " + std::to_string(map.height()) + "\nwidth " +
                      std::to_string(map.width()) + "\nmap\n";
    out.reserve(out.size() +
                static_cast<std::size_t>(map.width() + 1) * static_cast<std::size_t>(map.height()));
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (!lossy && map.is_low_obstacle({x, y}) && !map.is_high_obstacle({x, y})) {
                return error{"the Moving AI format has no low obstacles (cell (" +
                             std::to_string(x) + "," + std::to_string(y) +
                             ")); write it lossy or use another format"};
            }
            out += map.is_high_obstacle({x, y}) ? '@' : '.';
        }
        out += '\n';
    }
    return out;
}

} // namespace xunlu::io
