// Pictures of maps, paths and searches as RGB rasters (encode with render::write_png).
#pragma once

#include <cstdint>
#include <span>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/render/rgb_image.hpp"

namespace xunlu::render {

/// Colours (0xRRGGBB) of a picture's layers.
namespace colour {
inline constexpr std::uint32_t free_cell = 0xffffff;
inline constexpr std::uint32_t high_obstacle = 0x303030;
inline constexpr std::uint32_t low_obstacle = 0x9a7b4f;
inline constexpr std::uint32_t expanded = 0x9ecae1;
inline constexpr std::uint32_t open = 0xfdd49e;
inline constexpr std::uint32_t path = 0xd7301f;
inline constexpr std::uint32_t start = 0x31a354;
inline constexpr std::uint32_t goal = 0x756bb1;
inline constexpr std::uint32_t jump_point = 0x08519c;
} // namespace colour

/// Pixels per cell so that a map is drawn about `target` pixels wide (>= 1, <= 16).
[[nodiscard]] std::int32_t auto_scale(const grid::grid_map& map, std::int32_t target = 800);

/// A picture of the map: free cells white, high obstacles dark, low obstacles brown,
/// terrain costs as shades of green.
[[nodiscard]] rgb_image draw_map(const grid::grid_map& map, std::int32_t scale);

/// Paints cells in one colour (expanded, open, jump points...).
void draw_cells(rgb_image& image, std::span<const cell> cells, std::int32_t scale,
                std::uint32_t rgb);

/// Paints a cell path, with the start and goal cells marked.
void draw_path(rgb_image& image, std::span<const cell> path, std::int32_t scale);

/// Paints a polyline in cell units (an any-angle path's waypoints: segments through cell
/// corners), with its start and goal cells marked and a dot on every bend.
void draw_polyline(rgb_image& image, std::span<const point> points, std::int32_t scale);

} // namespace xunlu::render
