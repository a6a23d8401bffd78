// map.in parser/writer and the map.out arrow rendering.
#include "xunlu/io/text_map.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <utility>
#include <vector>

#include "xunlu/core/limits.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::io {

namespace {

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        const std::size_t b = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
        if (i > b) out.push_back(s.substr(b, i - b));
    }
    return out;
}

bool parse_size(std::string_view s, std::int64_t& v) {
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc{} && p == s.data() + s.size();
}

bool is_blank(std::string_view s) {
    return s.find_first_not_of(" \t") == std::string_view::npos;
}

} // namespace

bool looks_like_text_map(std::string_view text) noexcept {
    line_reader lines(text);
    std::string_view line;
    while (lines.next(line)) {
        if (is_blank(line)) continue;
        const auto w = words(line);
        if (w.empty() || w.size() > 2) return false;
        // Number-like words ("0", "-3", "3.0" included): the parser then says what is wrong
        // with the size instead of "unrecognised map format".
        for (auto x : w) {
            if (x.find_first_of("0123456789") == std::string_view::npos ||
                x.find_first_not_of("0123456789+-.eE") != std::string_view::npos) {
                return false;
            }
        }
        return true;
    }
    return false;
}

result<grid::grid_map> parse_text_map(std::string_view text, std::string_view file) {
    line_reader lines(text);
    std::string_view line;
    bool got = false;
    while ((got = lines.next(line)) && is_blank(line)) {
    }
    if (!got) {
        return parse_error(file, lines.line_number(), 0,
                           "empty file: expected a size line ('N' or 'W H')");
    }
    const auto size_words = words(line);
    std::int64_t w = 0;
    std::int64_t h = 0;
    if (size_words.empty() || size_words.size() > 2 || !parse_size(size_words[0], w) ||
        (size_words.size() == 2 && !parse_size(size_words[1], h))) {
        return parse_error(file, lines.line_number(), 1,
                           "size line must be 'N' or 'W H' (positive integers), got '" +
                               std::string(line.substr(0, 40)) + "'");
    }
    if (size_words.size() == 1) h = w;
    if (w < 1 || h < 1 || w > limits::max_map_side || h > limits::max_map_side) {
        return parse_error(file, lines.line_number(), 1,
                           "map size " + std::to_string(w) + "x" + std::to_string(h) +
                               " is outside 1.." + std::to_string(limits::max_map_side));
    }
    // Refuse a declared size the rest of the file cannot hold before allocating for it: the
    // rows need w*h cell characters and h-1 line breaks at least.
    if (const std::int64_t need = w * h + h - 1;
        static_cast<std::int64_t>(lines.remaining()) < need) {
        return parse_error(file, lines.line_number(), 1,
                           "map size " + std::to_string(w) + "x" + std::to_string(h) +
                               " needs at least " + std::to_string(need) +
                               " more bytes, the file has " + std::to_string(lines.remaining()));
    }
    auto created =
        grid::grid_map::create(static_cast<std::int32_t>(w), static_cast<std::int32_t>(h));
    if (!created) {
        return parse_error(file, lines.line_number(), 1, created.err().message);
    }
    grid::grid_map map = std::move(created).value();
    for (std::int32_t y = 0; y < h; ++y) {
        if (!lines.next(line)) {
            return parse_error(file, lines.line_number() + 1, 0,
                               "expected " + std::to_string(h) + " rows, found " +
                                   std::to_string(y));
        }
        std::int32_t x = 0;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (c == ' ' || c == '\t') continue;
            if (c != '.' && c != '*') {
                return parse_error(file, lines.line_number(), i + 1,
                                   std::string("unknown cell character at cell (") +
                                       std::to_string(x) + "," + std::to_string(y) +
                                       "): expected '.' or '*'");
            }
            if (x >= w) {
                return parse_error(file, lines.line_number(), i + 1,
                                   "row " + std::to_string(y) + " has more than " +
                                       std::to_string(w) + " cells");
            }
            if (c == '*') map.set_high_obstacle({x, y}, true);
            ++x;
        }
        if (x != w) {
            return parse_error(file, lines.line_number(), 0,
                               "row " + std::to_string(y) + " has " + std::to_string(x) +
                                   " cells, expected " + std::to_string(w));
        }
    }
    while (lines.next(line)) {
        if (!is_blank(line)) {
            return parse_error(file, lines.line_number(), 1,
                               "unexpected text after the " + std::to_string(h) + " map rows");
        }
    }
    return map;
}

std::string write_text_map(const grid::grid_map& map) {
    std::string out = map.width() == map.height()
                          ? std::to_string(map.width())
                          : std::to_string(map.width()) + " " + std::to_string(map.height());
    out += '\n';
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (x) out += ' ';
            out += map.is_high_obstacle({x, y}) ? '*' : '.';
        }
        out += '\n';
    }
    return out;
}

std::string write_map_out(const grid::grid_map& map, std::span<const cell> path,
                          const map_out_info& info) {
    static constexpr const char* arrows[3][3] = {{"↖", "↑", "↗"}, {"←", "◎", "→"}, {"↙", "↓", "↘"}};
    const auto w = static_cast<std::size_t>(map.width());
    // The glyphs of the path's cells (cell index, arrow), sorted by cell; a cell the path
    // visits twice shows its last arrow. Not one slot per map cell: a 1-step path on a
    // 20000 x 20000 map needs no 3 GB table.
    std::vector<std::pair<std::size_t, const char*>> glyph;
    glyph.reserve(path.size());
    for (std::size_t i = 0; i < path.size(); ++i) {
        const cell c = path[i];
        if (!map.in_bounds(c)) continue;
        int dx = 0;
        int dy = 0;
        if (i + 1 < path.size()) {
            dx = path[i + 1].x - c.x;
            dy = path[i + 1].y - c.y;
            dx = dx > 0 ? 1 : (dx < 0 ? -1 : 0);
            dy = dy > 0 ? 1 : (dy < 0 ? -1 : 0);
        }
        glyph.emplace_back(static_cast<std::size_t>(c.y) * w + static_cast<std::size_t>(c.x),
                           arrows[dy + 1][dx + 1]);
    }
    char head[256];
    std::snprintf(
        head, sizeof head,
        "# xunlu map.out: status %s, length %.5f, cost %.5f, expanded %llu, time %.3f ms\n",
        info.status.c_str(), info.length, info.cost, static_cast<unsigned long long>(info.expanded),
        info.time_ms);
    std::stable_sort(glyph.begin(), glyph.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::size_t next = 0; // the first glyph not drawn yet
    std::string out = head;
    out.reserve(out.size() + 16 + w * static_cast<std::size_t>(map.height()) * 2 + path.size() * 4);
    out += map.width() == map.height()
               ? std::to_string(map.width())
               : std::to_string(map.width()) + " " + std::to_string(map.height());
    out += '\n';
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (x) out += ' ';
            const std::size_t index = static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x);
            const char* g = nullptr;
            while (next < glyph.size() && glyph[next].first <= index) g = glyph[next++].second;
            if (g != nullptr) {
                out += g;
            } else {
                out += map.is_high_obstacle({x, y}) ? '*' : '.';
            }
        }
        out += '\n';
    }
    return out;
}

} // namespace xunlu::io
