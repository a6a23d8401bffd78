// Hexagonal maps: the two orientations (pointy-top, flat-top) and the three ways of storing
// hexes in a rectangle of cells (odd offset, even offset, axial), their axial coordinates,
// the six neighbour directions and the hex distance.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "xunlu/core/cell.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::grid {

/// Pointy-top hexes sit in rows (each row shifted half a hex against its neighbours); flat-top
/// hexes sit in columns.
enum class hex_orientation : std::uint8_t { pointy, flat };

/// How a hex's storage cell (x, y) of the rectangular map names it.
enum class hex_coords : std::uint8_t {
    odd,   ///< offset: odd rows (pointy, "odd-r") or odd columns (flat, "odd-q") shoved right/down
    even,  ///< offset: even rows or columns shoved ("even-r" / "even-q")
    axial, ///< (x, y) = (q, r): the map is a rhombus of hexes
};

struct hex_layout {
    hex_orientation orientation = hex_orientation::pointy;
    hex_coords coords = hex_coords::odd;
    friend constexpr bool operator==(hex_layout, hex_layout) = default;
};

/// Axial hex coordinates (q, r); the third cube coordinate is s = -q - r.
struct hex_axial {
    std::int32_t q = 0;
    std::int32_t r = 0;
    friend constexpr bool operator==(hex_axial, hex_axial) = default;
};

/// The six neighbour directions in axial coordinates, counter-clockwise from "east" (pointy)
/// or "south-east" (flat): the same six for every layout.
inline constexpr std::array<hex_axial, 6> hex_directions{
    {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};

/// The axial coordinates of storage cell `c` (defined for any c, in the map or not).
[[nodiscard]] constexpr hex_axial to_axial(hex_layout l, cell c) noexcept {
    // (v & 1) is the parity for negative v too (two's complement), and v - (v & 1) is even,
    // so the halving is exact.
    switch (l.coords) {
    case hex_coords::axial:
        return {c.x, c.y};
    case hex_coords::odd:
        return l.orientation == hex_orientation::pointy
                   ? hex_axial{c.x - (c.y - (c.y & 1)) / 2, c.y}
                   : hex_axial{c.x, c.y - (c.x - (c.x & 1)) / 2};
    case hex_coords::even:
        return l.orientation == hex_orientation::pointy
                   ? hex_axial{c.x - (c.y + (c.y & 1)) / 2, c.y}
                   : hex_axial{c.x, c.y - (c.x + (c.x & 1)) / 2};
    }
    return {c.x, c.y};
}

/// The storage cell of axial coordinates `a` (the inverse of to_axial).
[[nodiscard]] constexpr cell from_axial(hex_layout l, hex_axial a) noexcept {
    switch (l.coords) {
    case hex_coords::axial:
        return {a.q, a.r};
    case hex_coords::odd:
        return l.orientation == hex_orientation::pointy ? cell{a.q + (a.r - (a.r & 1)) / 2, a.r}
                                                        : cell{a.q, a.r + (a.q - (a.q & 1)) / 2};
    case hex_coords::even:
        return l.orientation == hex_orientation::pointy ? cell{a.q + (a.r + (a.r & 1)) / 2, a.r}
                                                        : cell{a.q, a.r + (a.q + (a.q & 1)) / 2};
    }
    return {a.q, a.r};
}

/// Hex steps between two axial positions: max(|dq|, |dr|, |ds|).
[[nodiscard]] constexpr std::int32_t hex_distance(hex_axial a, hex_axial b) noexcept {
    const std::int32_t dq = a.q - b.q;
    const std::int32_t dr = a.r - b.r;
    const std::int32_t ds = -dq - dr;
    const std::int32_t aq = dq < 0 ? -dq : dq;
    const std::int32_t ar = dr < 0 ? -dr : dr;
    const std::int32_t as = ds < 0 ? -ds : ds;
    return aq > ar ? (aq > as ? aq : as) : (ar > as ? ar : as);
}

/// Hex steps between two storage cells of one layout.
[[nodiscard]] constexpr std::int32_t hex_distance(hex_layout l, cell a, cell b) noexcept {
    return hex_distance(to_axial(l, a), to_axial(l, b));
}

/// The storage cell of the neighbour of `c` in direction `d` (0..5, hex_directions order).
[[nodiscard]] constexpr cell hex_neighbour(hex_layout l, cell c, unsigned d) noexcept {
    const hex_axial a = to_axial(l, c);
    return from_axial(l, {a.q + hex_directions[d].q, a.r + hex_directions[d].r});
}

/// "pointy-odd", "pointy-even", "pointy-axial", "flat-odd", "flat-even", "flat-axial".
[[nodiscard]] XUNLU_API std::string_view hex_layout_name(hex_layout l) noexcept;
/// Parses a name of hex_layout_name; nullopt for anything else.
[[nodiscard]] XUNLU_API std::optional<hex_layout> parse_hex_layout(std::string_view name) noexcept;
/// The six layouts, in hex_layout_name order.
inline constexpr std::array<hex_layout, 6> all_hex_layouts{{
    {hex_orientation::pointy, hex_coords::odd},
    {hex_orientation::pointy, hex_coords::even},
    {hex_orientation::pointy, hex_coords::axial},
    {hex_orientation::flat, hex_coords::odd},
    {hex_orientation::flat, hex_coords::even},
    {hex_orientation::flat, hex_coords::axial},
}};

} // namespace xunlu::grid
