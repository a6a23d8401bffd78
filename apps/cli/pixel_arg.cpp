// "PX,PY" pixel argument parsing shared by `xunlu route` and `xunlu ray`.
#include "pixel_arg.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace xunlu::cli {

point parse_pixel(const std::string& text, const std::string& what) {
    const auto comma = text.find(',');
    point p{};
    auto parse = [](std::string_view s, double& v) {
        if (!s.empty() && s.front() == '+') s.remove_prefix(1);
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        return !s.empty() && ec == std::errc{} && end == s.data() + s.size() && std::isfinite(v);
    };
    if (comma == std::string::npos || !parse(std::string_view(text).substr(0, comma), p.x) ||
        !parse(std::string_view(text).substr(comma + 1), p.y)) {
        throw command_error{what + " must be PX,PY with finite pixel numbers, got '" + text + "'"};
    }
    p.x += 0.0; // -0 becomes 0
    p.y += 0.0;
    return p;
}

std::string pixel_number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v + 0.0); // + 0.0: -0 becomes 0
    return buf;
}

std::string pixel_text(point p) {
    return "(" + pixel_number(p.x) + "," + pixel_number(p.y) + ")";
}

} // namespace xunlu::cli
