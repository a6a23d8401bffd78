// Moving AI scenario parser with located errors and precision-aware length matching.
#include "xunlu/io/movingai_scen.hpp"

#include <charconv>
#include <cmath>

#include "xunlu/core/limits.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::io {

namespace {

template <class Int> bool parse_int(std::string_view s, Int& out) {
    if (s.empty()) {
        return false;
    }
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && ptr == s.data() + s.size();
}

std::vector<std::string_view> split_fields(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t begin = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > begin) {
            fields.push_back(line.substr(begin, i - begin));
        }
    }
    return fields;
}

} // namespace

bool scenario::matches(double length) const noexcept {
    // The written length is our length rounded OR truncated to `decimals` places (the game-map
    // files write 6 significant digits and truncate some: 99.882250990 is written 99.8822).
    // A drift of 1e-9 per unit of length is allowed on top: the 8-decimal street files were
    // generated with sqrt(2) ~ 1.4142135619, 4.5e-10 short. See docs/formats.md.
    const double unit = std::pow(10.0, -decimals);
    const double drift = 1e-9 * optimal_length + 1e-12;
    const double diff = length - optimal_length;
    const bool rounded = std::fabs(diff) <= 0.5 * unit + drift;
    // Truncation keeps the true length in [written, written + unit): the upper end stays open
    // (less a hair for rounding noise), or "7" would accept 8.
    const bool truncated = diff >= -drift && diff < unit * (1 - 1e-6);
    return rounded || truncated;
}

std::string_view map_basename(std::string_view map_name) noexcept {
    const auto slash = map_name.find_last_of("/\\");
    return slash == std::string_view::npos ? map_name : map_name.substr(slash + 1);
}

result<std::vector<scenario>> parse_scenarios(std::string_view text, std::string_view file) {
    line_reader lines(text);
    std::string_view line;
    if (!lines.next(line)) {
        return parse_error(file, 1, 0, "empty file: expected 'version 1'");
    }
    {
        const auto f = split_fields(line);
        if (f.size() != 2 || f[0] != "version" || (f[1] != "1" && f[1] != "1.0")) {
            return parse_error(file, 1, 1,
                               "first line must be 'version 1' or 'version 1.0', got '" +
                                   std::string(line.substr(0, 40)) + "'");
        }
    }
    std::vector<scenario> out;
    while (lines.next(line)) {
        const std::size_t n = lines.line_number();
        const auto f = split_fields(line);
        if (f.empty()) {
            continue;
        }
        if (f.size() != 9) {
            return parse_error(file, n, 0,
                               "expected 9 fields (bucket map width height start_x start_y "
                               "goal_x goal_y length), found " +
                                   std::to_string(f.size()));
        }
        scenario s;
        s.line = n;
        s.map_name = std::string(f[1]);
        const char* names[] = {"bucket",  "map",    "map_width", "map_height", "start_x",
                               "start_y", "goal_x", "goal_y",    "length"};
        std::int32_t ints[6] = {};
        if (!parse_int(f[0], s.bucket)) {
            return parse_error(file, n, 0,
                               "field 'bucket' is not an integer: '" +
                                   std::string(f[0].substr(0, 40)) + "'");
        }
        for (int k = 0; k < 6; ++k) {
            if (!parse_int(f[static_cast<std::size_t>(k) + 2], ints[k]) || ints[k] < 0 ||
                ints[k] > limits::max_map_side) {
                return parse_error(
                    file, n, 0,
                    std::string("field '") + names[k + 2] + "' must be an integer in 0.." +
                        std::to_string(limits::max_map_side) + ", got '" +
                        std::string(f[static_cast<std::size_t>(k) + 2].substr(0, 40)) + "'");
            }
        }
        s.map_width = ints[0];
        s.map_height = ints[1];
        s.start = {ints[2], ints[3]};
        s.goal = {ints[4], ints[5]};
        const std::string_view len = f[8];
        const auto [ptr, ec] =
            std::from_chars(len.data(), len.data() + len.size(), s.optimal_length);
        if (ec != std::errc{} || ptr != len.data() + len.size() ||
            !std::isfinite(s.optimal_length) || s.optimal_length < 0) {
            return parse_error(file, n, 0,
                               "field 'length' is not a non-negative number: '" +
                                   std::string(len.substr(0, 40)) + "'");
        }
        const auto dot = len.find('.');
        s.decimals = dot == std::string_view::npos ? 0 : static_cast<int>(len.size() - dot - 1);
        if (s.decimals > 17) {
            s.decimals = 17;
        }
        if (s.start.x >= s.map_width || s.start.y >= s.map_height || s.goal.x >= s.map_width ||
            s.goal.y >= s.map_height) {
            return parse_error(file, n, 0,
                               "start or goal lies outside the declared " +
                                   std::to_string(s.map_width) + "x" +
                                   std::to_string(s.map_height) + " map");
        }
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace xunlu::io
