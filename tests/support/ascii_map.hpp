// Test helper: build a grid map from an ASCII drawing, with start 'S' and goal 'G' marked.
// '.' free, '#' or '@' high obstacle, 'u' low obstacle (unit), digits 2..9 terrain cost.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::testing {

struct ascii_map {
    grid::grid_map map;
    cell start{-1, -1};
    cell goal{-1, -1};
};

/// Rows are separated by '\n'; leading/trailing blank lines and leading indentation common to
/// all rows are ignored, so raw string literals can be indented with the test code.
inline ascii_map parse_ascii(std::string_view drawing) {
    std::vector<std::string> rows;
    std::size_t pos = 0;
    while (pos <= drawing.size()) {
        const auto end = drawing.find('\n', pos);
        std::string_view line =
            drawing.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
        const auto first = line.find_first_not_of(" \t");
        if (first != std::string_view::npos) {
            line.remove_prefix(first);
            while (!line.empty() && (line.back() == ' ' || line.back() == '\r'))
                line.remove_suffix(1);
            rows.emplace_back(line);
        }
        if (end == std::string_view::npos) break;
        pos = end + 1;
    }
    if (rows.empty()) throw std::invalid_argument("empty drawing");
    const auto w = static_cast<std::int32_t>(rows[0].size());
    auto created = grid::grid_map::create(w, static_cast<std::int32_t>(rows.size()));
    if (!created) throw std::invalid_argument(created.err().message);
    ascii_map out{std::move(created).value()};
    for (std::int32_t y = 0; y < static_cast<std::int32_t>(rows.size()); ++y) {
        if (static_cast<std::int32_t>(rows[static_cast<std::size_t>(y)].size()) != w) {
            throw std::invalid_argument("ragged drawing row " + std::to_string(y));
        }
        for (std::int32_t x = 0; x < w; ++x) {
            const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
            const cell at{x, y};
            switch (c) {
            case '.':
                break;
            case '#':
            case '@':
                out.map.set_high_obstacle(at, true);
                break;
            case 'u':
                out.map.set_low_obstacle(at, true);
                break;
            case 'S':
                out.start = at;
                break;
            case 'G':
                out.goal = at;
                break;
            default:
                if (c >= '2' && c <= '9') {
                    out.map.set_terrain_cost(at, static_cast<float>(c - '0'));
                } else {
                    throw std::invalid_argument(std::string("unknown drawing char ") + c);
                }
            }
        }
    }
    return out;
}

} // namespace xunlu::testing
