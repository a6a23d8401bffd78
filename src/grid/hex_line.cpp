// Hex line drawing by cube interpolation and rounding.
#include "xunlu/grid/hex_line.hpp"

#include <cmath>

namespace xunlu::grid {

namespace {

/// Visits the hexes of the line a-b in order; `visit(cell)` returns false to stop.
template <class Visit> bool walk_line(hex_layout layout, cell a, cell b, Visit&& visit) {
    const hex_axial from = to_axial(layout, a);
    const hex_axial to = to_axial(layout, b);
    const std::int32_t n = hex_distance(from, to);
    if (n == 0) return visit(a);
    // The nudge keeps points on a hex border off the exact tie of cube rounding; it is the
    // same for every line, so a-b and the same line again agree.
    constexpr double nudge = 1e-6;
    const double q0 = from.q + nudge;
    const double r0 = from.r + nudge;
    const double dq = static_cast<double>(to.q - from.q);
    const double dr = static_cast<double>(to.r - from.r);
    for (std::int32_t i = 0; i <= n; ++i) {
        const double t = static_cast<double>(i) / static_cast<double>(n);
        const hex_axial h = i == 0 ? from : (i == n ? to : hex_round(q0 + dq * t, r0 + dr * t));
        if (!visit(from_axial(layout, h))) return false;
    }
    return true;
}

} // namespace

hex_axial hex_round(double q, double r) noexcept {
    const double s = -q - r;
    double rq = std::round(q);
    double rr = std::round(r);
    const double rs = std::round(s);
    const double eq = std::fabs(rq - q);
    const double er = std::fabs(rr - r);
    const double es = std::fabs(rs - s);
    if (eq > er && eq > es) {
        rq = -rr - rs;
    } else if (er > es) {
        rr = -rq - rs;
    }
    return {static_cast<std::int32_t>(rq), static_cast<std::int32_t>(rr)};
}

std::vector<cell> hex_line(hex_layout layout, cell a, cell b) {
    std::vector<cell> out;
    // Reserve for ordinary lines only: far-apart endpoints (outside any map) grow as they go.
    const auto n = static_cast<std::size_t>(hex_distance(layout, a, b)) + 1;
    out.reserve(n < 65536 ? n : 65536);
    walk_line(layout, a, b, [&](cell c) {
        out.push_back(c);
        return true;
    });
    return out;
}

bool hex_line_of_sight(const grid_map& map, hex_layout layout, cell a, cell b, obstacle_mask mask) {
    return walk_line(layout, a, b, [&](cell c) { return map.passable(c, mask); });
}

} // namespace xunlu::grid
