// Layer file parser, applier and writer: low obstacles and terrain costs beside a map.
#include "xunlu/io/layer_file.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "xunlu/core/limits.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::io {

namespace {

struct token {
    std::string_view text;
    std::size_t column = 0; // 1-based
};

/// Splits a line at runs of spaces and tabs; a token starting with '#' ends the line.
std::vector<token> split_fields(std::string_view line) {
    std::vector<token> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i == line.size() || line[i] == '#') break;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        out.push_back({line.substr(start, i - start), start + 1});
    }
    return out;
}

std::string quoted(std::string_view s) {
    constexpr std::size_t shown = 40;
    std::string out = "'";
    for (const char c : s.substr(0, shown)) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
            out += c;
        } else {
            static const char* hex = "0123456789abcdef";
            out += std::string("\\x") + hex[u >> 4] + hex[u & 15];
        }
    }
    if (s.size() > shown) out += "...";
    return out + "'";
}

/// A whole number in [lo, hi], or nothing.
std::optional<std::int32_t> parse_int(std::string_view s, std::int64_t lo, std::int64_t hi) {
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc{} || p != s.data() + s.size() || v < lo || v > hi) {
        return std::nullopt;
    }
    return static_cast<std::int32_t>(v);
}

} // namespace

result<layer_file> parse_layer_file(std::string_view text, std::string_view file) {
    layer_file out;
    line_reader lines(text);
    std::string_view line;
    bool saw_header = false;
    while (lines.next(line)) {
        const std::size_t n = lines.line_number();
        const auto f = split_fields(line);
        if (f.empty()) continue;
        if (!saw_header) {
            if (f[0].text != "xunlu-layers") {
                return parse_error(file, n, f[0].column,
                                   "expected the layer file header 'xunlu-layers 1', found " +
                                       quoted(f[0].text));
            }
            if (f.size() != 2 || f[1].text != "1") {
                return parse_error(file, n, f.size() > 1 ? f[1].column : 0,
                                   "unsupported layer file version (this xunlu reads "
                                   "'xunlu-layers 1')");
            }
            saw_header = true;
            continue;
        }
        const std::string_view key = f[0].text;
        if (key == "size") {
            if (f.size() != 3) {
                return parse_error(file, n, 0, "expected 'size WIDTH HEIGHT'");
            }
            if (out.size_line != 0) {
                return parse_error(file, n, 1,
                                   "'size' is given twice (first on line " +
                                       std::to_string(out.size_line) + ")");
            }
            if (!out.records.empty()) {
                return parse_error(file, n, 1, "'size' must come before any 'low' or 'cost' line");
            }
            for (std::size_t i = 1; i < 3; ++i) {
                const auto v = parse_int(f[i].text, 1, limits::max_map_side);
                if (!v) {
                    return parse_error(file, n, f[i].column,
                                       std::string(i == 1 ? "width" : "height") + " " +
                                           quoted(f[i].text) + " is not a whole number from 1 to " +
                                           std::to_string(limits::max_map_side));
                }
                (i == 1 ? out.width : out.height) = *v;
            }
            out.size_line = n;
            continue;
        }
        layer_record r;
        std::size_t first = 1; // index of the first coordinate
        if (key == "low") {
            r.kind = layer_kind::low_obstacle;
            if (f.size() != 3 && f.size() != 5) {
                return parse_error(file, n, 0, "expected 'low X Y' or 'low X0 Y0 X1 Y1'");
            }
        } else if (key == "cost") {
            r.kind = layer_kind::terrain_cost;
            if (f.size() != 4 && f.size() != 6) {
                return parse_error(file, n, 0, "expected 'cost C X Y' or 'cost C X0 Y0 X1 Y1'");
            }
            double c = 0;
            const auto& t = f[1].text;
            const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), c);
            if (ec != std::errc{} || p != t.data() + t.size() || !std::isfinite(c) || c < 1.0 ||
                c > static_cast<double>(std::numeric_limits<float>::max())) {
                return parse_error(file, n, f[1].column,
                                   "cost " + quoted(t) +
                                       " is not a finite number from 1 to 3.4e38 (a multiplier "
                                       "of the step cost)");
            }
            r.cost = static_cast<float>(c);
            first = 2;
        } else {
            return parse_error(file, n, f[0].column,
                               "unknown record " + quoted(key) + " (expected size, low or cost)");
        }
        std::int32_t v[4] = {};
        const std::size_t count = f.size() - first;
        for (std::size_t i = 0; i < count; ++i) {
            const auto c = parse_int(f[first + i].text, 0, limits::max_map_side - 1);
            if (!c) {
                return parse_error(file, n, f[first + i].column,
                                   std::string(i % 2 == 0 ? "x " : "y ") +
                                       quoted(f[first + i].text) +
                                       " is not a cell coordinate (a whole number from 0 to " +
                                       std::to_string(limits::max_map_side - 1) + ")");
            }
            v[i] = *c;
        }
        if (count == 2) {
            v[2] = v[0];
            v[3] = v[1];
        }
        r.x0 = std::min(v[0], v[2]);
        r.x1 = std::max(v[0], v[2]);
        r.y0 = std::min(v[1], v[3]);
        r.y1 = std::max(v[1], v[3]);
        r.line = n;
        r.column = f[first].column;
        out.records.push_back(r);
    }
    if (!saw_header) {
        return parse_error(file, 0, 0,
                           text.empty() ? "empty file: expected the layer file header "
                                          "'xunlu-layers 1'"
                                        : "no layer file header 'xunlu-layers 1'");
    }
    return out;
}

result<bool> apply_layer_file(const layer_file& layers, grid::grid_map& map,
                              std::string_view file) {
    if (layers.width && (*layers.width != map.width() || *layers.height != map.height())) {
        return parse_error(file, layers.size_line, 0,
                           "layers were made for a " + std::to_string(*layers.width) + " x " +
                               std::to_string(*layers.height) + " map, but the map is " +
                               std::to_string(map.width()) + " x " + std::to_string(map.height()));
    }
    for (const auto& r : layers.records) {
        if (r.x1 >= map.width() || r.y1 >= map.height()) {
            const auto at = [](std::int32_t x, std::int32_t y) {
                return "(" + std::to_string(x) + "," + std::to_string(y) + ")";
            };
            const bool one = r.x0 == r.x1 && r.y0 == r.y1;
            return parse_error(
                file, r.line, r.column,
                (one ? "cell " + at(r.x0, r.y0) + " is"
                     : "cells " + at(r.x0, r.y0) + ".." + at(r.x1, r.y1) + " reach") +
                    " outside the " + std::to_string(map.width()) + " x " +
                    std::to_string(map.height()) + " map");
        }
    }
    for (const auto& r : layers.records) {
        for (std::int32_t y = r.y0; y <= r.y1; ++y) {
            for (std::int32_t x = r.x0; x <= r.x1; ++x) {
                if (r.kind == layer_kind::low_obstacle) {
                    map.set_low_obstacle({x, y}, true);
                } else {
                    map.set_terrain_cost({x, y}, r.cost);
                }
            }
        }
    }
    return true;
}

result<bool> load_layers(const std::string& path, grid::grid_map& map) {
    const std::string name = path == "-" ? "<stdin>" : path;
    // The header is checked from the first bytes: a big file that is no layer file is refused
    // without reading it whole.
    auto text = read_file(path, max_file_bytes, [&](std::string_view head) -> std::optional<error> {
        line_reader lines(head);
        std::string_view line;
        while (lines.next(line)) {
            if (split_fields(line).empty()) continue;
            const std::size_t end =
                static_cast<std::size_t>(line.data() - head.data()) + line.size();
            // A line cut at the end of the head is judged only by its first field.
            const bool cut = end >= head.size();
            if (cut && layer_file_header.starts_with(split_fields(line)[0].text)) {
                return std::nullopt;
            }
            auto first = parse_layer_file(head.substr(0, end), name);
            return first ? std::nullopt : std::optional<error>(first.err());
        }
        return std::optional<error>{};
    });
    if (!text) return text.err();
    auto parsed = parse_layer_file(*text, name);
    if (!parsed) return parsed.err();
    return apply_layer_file(*parsed, map, name);
}

std::string write_layer_file(const grid::grid_map& map) {
    std::string out(layer_file_header);
    out += "\nsize " + std::to_string(map.width()) + " " + std::to_string(map.height()) + "\n";
    auto run = [&](const char* key, std::int32_t x0, std::int32_t x1, std::int32_t y) {
        out += key;
        out += ' ' + std::to_string(x0) + ' ' + std::to_string(y);
        if (x1 != x0) out += ' ' + std::to_string(x1) + ' ' + std::to_string(y);
        out += '\n';
    };
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width();) {
            if (!map.is_low_obstacle({x, y})) {
                ++x;
                continue;
            }
            std::int32_t end = x;
            while (end + 1 < map.width() && map.is_low_obstacle({end + 1, y})) ++end;
            run("low", x, end, y);
            x = end + 1;
        }
    }
    if (map.has_terrain_costs()) {
        for (std::int32_t y = 0; y < map.height(); ++y) {
            for (std::int32_t x = 0; x < map.width();) {
                const float c = map.terrain_cost({x, y});
                if (!(c > 1.0f)) {
                    ++x;
                    continue;
                }
                std::int32_t end = x;
                while (end + 1 < map.width() && map.terrain_cost({end + 1, y}) == c) ++end;
                char number[32];
                std::snprintf(number, sizeof number, "cost %.9g", static_cast<double>(c));
                run(number, x, end, y);
                x = end + 1;
            }
        }
    }
    return out;
}

bool has_layers(const grid::grid_map& map) noexcept {
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (map.is_low_obstacle({x, y}) || map.terrain_cost({x, y}) > 1.0f) return true;
        }
    }
    return false;
}

} // namespace xunlu::io
