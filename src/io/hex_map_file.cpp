// Hex map text files: the Moving AI reader in its hex dialect, and the writer.
#include "xunlu/io/hex_map_file.hpp"

#include <cmath>

#include "movingai_text.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::io {

bool looks_like_hex_map(std::string_view text) noexcept {
    line_reader lines(text);
    std::string_view line;
    while (lines.next(line)) {
        std::string_view t = line;
        while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
        while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
        if (t.empty()) continue;
        if (!t.starts_with("type") || t.size() < 5 || (t[4] != ' ' && t[4] != '\t')) return false;
        t.remove_prefix(4);
        while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
        return t == "hex";
    }
    return false;
}

result<hex_map> parse_hex_map(std::string_view text, std::string_view file) {
    detail::hex_header header;
    auto cells = detail::parse_movingai_text(text, file, detail::movingai_dialect::hex, &header);
    if (!cells) return cells.err();
    return hex_map{std::move(cells).value(), header.layout};
}

result<hex_map> load_hex_map(const std::string& path) {
    const std::string name = path == "-" ? "<stdin>" : path;
    auto content = read_file(path, max_file_bytes, [&](std::string_view head) {
        // The head may end inside the first line; refuse only what clearly is not a hex map.
        if (head.find('\n') != std::string_view::npos && !looks_like_hex_map(head)) {
            return std::optional<error>(error{name + ": not a hex map (expected 'type hex')"});
        }
        return std::optional<error>{};
    });
    if (!content) return content.err();
    return parse_hex_map(*content, name);
}

result<std::string> write_hex_map(const hex_map& map, bool lossy) {
    const grid::grid_map& m = map.cells;
    std::string out = "type hex\nlayout " + std::string(grid::hex_layout_name(map.layout)) +
                      "\nheight " + std::to_string(m.height()) + "\nwidth " +
                      std::to_string(m.width()) + "\nmap\n";
    out.reserve(out.size() +
                static_cast<std::size_t>(m.width() + 1) * static_cast<std::size_t>(m.height()));
    for (std::int32_t y = 0; y < m.height(); ++y) {
        for (std::int32_t x = 0; x < m.width(); ++x) {
            const cell c{x, y};
            const std::string where = "(" + std::to_string(x) + "," + std::to_string(y) + ")";
            if (m.is_high_obstacle(c)) {
                out += '@';
                continue;
            }
            if (m.is_low_obstacle(c) && !lossy) {
                return error{"hex map text has no low obstacles (cell " + where +
                             "); write it lossy"};
            }
            const float cost = m.terrain_cost(c);
            if (cost == 1.0f) {
                out += '.';
                continue;
            }
            if (!lossy && (cost != std::round(cost) || cost > 9.0f)) {
                return error{"hex map text holds terrain costs 1-9 only; cell " + where +
                             " costs " + std::to_string(cost) + " (write it lossy)"};
            }
            const float clamped = std::fmin(9.0f, std::fmax(1.0f, std::round(cost)));
            out += static_cast<char>('0' + static_cast<int>(clamped));
        }
        out += '\n';
    }
    return out;
}

} // namespace xunlu::io
