// Fog files: a Moving AI-like header, then one character per cell.
#include "xunlu/overlays/fog_file.hpp"

#include <charconv>
#include <cstdint>
#include <vector>

#include "text_lines.hpp"
#include "xunlu/core/limits.hpp"

namespace xunlu::overlays {

result<fog_layer> parse_fog(std::string_view text, std::string_view file) {
    const std::string where = file.empty() ? std::string("fog") : std::string(file);
    auto fail = [&](std::size_t line, std::size_t column, const std::string& what) {
        return error{where + ":" + std::to_string(line) +
                     (column > 0 ? ":" + std::to_string(column) : std::string()) + ": " + what};
    };
    line_reader in{text};
    std::string_view line;
    if (!in.next(line) || line != "type fog") return fail(1, 0, "expected 'type fog'");
    std::int64_t size[2] = {0, 0};
    const char* names[2] = {"height ", "width "};
    for (int k = 0; k < 2; ++k) {
        if (!in.next(line) || !line.starts_with(names[k])) {
            return fail(in.number, 0, std::string("expected '") + names[k] + "N'");
        }
        const std::string_view digits = line.substr(std::string_view(names[k]).size());
        const auto [end, ec] =
            std::from_chars(digits.data(), digits.data() + digits.size(), size[k]);
        if (ec != std::errc{} || end != digits.data() + digits.size() || size[k] < 1 ||
            size[k] > limits::max_map_side) {
            return fail(in.number, 0,
                        std::string(names[k]) + "must be 1.." +
                            std::to_string(limits::max_map_side));
        }
    }
    if (size[0] * size[1] > limits::max_map_cells) {
        return fail(in.number, 0, "more than " + std::to_string(limits::max_map_cells) + " cells");
    }
    if (!in.next(line) || line != "fog") return fail(in.number, 0, "expected 'fog'");
    const auto height = static_cast<std::int32_t>(size[0]);
    const auto width = static_cast<std::int32_t>(size[1]);
    // The rows must be there before the layer is allocated: a three-line file may not make
    // a 128 MiB fog.
    if (static_cast<std::int64_t>(text.size() - in.at) < size[0] * size[1]) {
        return fail(in.number, 0,
                    "the file is too short for " + std::to_string(height) + " rows of " +
                        std::to_string(width) + " cells");
    }
    auto made = fog_layer::create(width, height);
    if (!made) return fail(in.number, 0, made.err().message);
    fog_layer fog = std::move(made).value();
    for (std::int32_t y = 0; y < height; ++y) {
        if (!in.next(line)) {
            return fail(in.number + 1, 0,
                        "expected " + std::to_string(height) + " rows, got " + std::to_string(y));
        }
        if (line.size() != static_cast<std::size_t>(width)) {
            return fail(in.number, 0,
                        "row has " + std::to_string(line.size()) + " cells, expected " +
                            std::to_string(width));
        }
        for (std::int32_t x = 0; x < width; ++x) {
            const char c = line[static_cast<std::size_t>(x)];
            if (c == '1') {
                fog.explore({x, y});
            } else if (c != '0') {
                return fail(in.number, static_cast<std::size_t>(x) + 1,
                            std::string("cell '") + c + "' is neither 1 (explored) nor 0");
            }
        }
    }
    while (in.next(line)) {
        if (!line.empty()) return fail(in.number, 0, "text after the last row");
    }
    return fog;
}

std::string write_fog(const fog_layer& fog) {
    std::string out = "type fog\nheight " + std::to_string(fog.height()) + "\nwidth " +
                      std::to_string(fog.width()) + "\nfog\n";
    out.reserve(out.size() +
                static_cast<std::size_t>(fog.width() + 1) * static_cast<std::size_t>(fog.height()));
    for (std::int32_t y = 0; y < fog.height(); ++y) {
        for (std::int32_t x = 0; x < fog.width(); ++x) out += fog.explored({x, y}) ? '1' : '0';
        out += '\n';
    }
    return out;
}

grid::grid_map believed_map(const belief& view) {
    grid::grid_map out = view.truth();
    const bool walkable = view.unknown() == unknown_cells::walkable;
    for (std::int32_t y = 0; y < out.height(); ++y) {
        for (std::int32_t x = 0; x < out.width(); ++x) {
            const cell c{x, y};
            if (view.fog().explored(c)) continue;
            out.set_high_obstacle(c, !walkable);
            out.set_low_obstacle(c, false);
            if (out.has_terrain_costs()) out.set_terrain_cost(c, 1.0F);
        }
    }
    return out;
}

} // namespace xunlu::overlays
