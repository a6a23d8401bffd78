// Conversions between the client's isometric diamond tiles (radar coordinates), world pixels
// and the server's square grid cells. Convention documented in docs/pipeline.md.
#pragma once

#include <cmath>
#include <cstdint>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"

namespace xunlu::pipeline {

/// A diamond tile of the client's isometric map: i grows towards the lower right of the screen,
/// j towards the lower left (the usual "diamond" layout).
struct iso_tile {
    std::int32_t i = 0;
    std::int32_t j = 0;
    friend constexpr bool operator==(iso_tile, iso_tile) = default;
};

/// Where the diamonds lie in world pixels. Tile (0,0) has its top vertex at `origin`; each
/// diamond is `tile_width` pixels wide and `tile_height` high (2:1 in most games), so tile
/// (i,j) has its top vertex at origin + ((i - j) * tile_width / 2, (i + j) * tile_height / 2).
/// World pixels are the coordinates client and server share (x right, y down).
struct iso_layout {
    double tile_width = 64;
    double tile_height = 32;
    point origin{0, 0};
};

/// Centre of a diamond tile, in world pixels.
[[nodiscard]] constexpr point iso_tile_centre(const iso_layout& l, iso_tile t) noexcept {
    return {l.origin.x + (t.i - t.j) * l.tile_width / 2,
            l.origin.y + (t.i + t.j + 1) * l.tile_height / 2};
}

/// The diamond tile holding world pixel `p`. A pixel on a diamond edge belongs to the tile
/// below/right of it (the coordinates a = (x-ox)/W + (y-oy)/H and b = (y-oy)/H - (x-ox)/W are
/// floored: tile (i,j) covers i <= a < i+1, j <= b < j+1).
[[nodiscard]] inline iso_tile pixel_to_iso_tile(const iso_layout& l, point p) noexcept {
    const double u = (p.x - l.origin.x) / l.tile_width;
    const double v = (p.y - l.origin.y) / l.tile_height;
    return {static_cast<std::int32_t>(std::floor(v + u)),
            static_cast<std::int32_t>(std::floor(v - u))};
}

/// The square server cell holding world pixel `p`, for cells of `cell_size` pixels:
/// (floor(x / cell_size), floor(y / cell_size)).
[[nodiscard]] inline cell pixel_to_cell(point p, double cell_size) noexcept {
    return {static_cast<std::int32_t>(std::floor(p.x / cell_size)),
            static_cast<std::int32_t>(std::floor(p.y / cell_size))};
}

/// Centre of a server cell in world pixels.
[[nodiscard]] constexpr point cell_centre_pixel(cell c, double cell_size) noexcept {
    return {(c.x + 0.5) * cell_size, (c.y + 0.5) * cell_size};
}

/// The server cell under the centre of a diamond tile.
[[nodiscard]] inline cell iso_tile_to_cell(const iso_layout& l, iso_tile t,
                                           double cell_size) noexcept {
    return pixel_to_cell(iso_tile_centre(l, t), cell_size);
}

/// The diamond tile under the centre of a server cell.
[[nodiscard]] inline iso_tile cell_to_iso_tile(const iso_layout& l, cell c,
                                               double cell_size) noexcept {
    return pixel_to_iso_tile(l, cell_centre_pixel(c, cell_size));
}

} // namespace xunlu::pipeline
