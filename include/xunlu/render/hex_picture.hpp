// Pictures of hex maps, searches and paths drawn in hexagons (pointy- or flat-top, any storage
// layout), as an RGB raster for render::write_png.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/hex_layout.hpp"
#include "xunlu/render/rgb_image.hpp"

namespace xunlu::render {

/// Builds a picture of a hex map in layers (cells painted, then a path), then renders it.
/// Every pixel is assigned to the hex whose centre is nearest (cube rounding), so the hexes
/// tile the picture exactly; hex borders are drawn in a light grey when hexes are >= 6 pixels.
class hex_picture {
  public:
    /// `target_width`: about how many pixels wide (the hex radius clamped to 1..24 pixels);
    /// or, when `radius` > 0, hexes of that radius in pixels (clamped to 1..64).
    hex_picture(const grid::grid_map& map, grid::hex_layout layout, std::int32_t target_width = 800,
                double radius = 0);

    /// Paints hexes (storage cells; those outside the map are ignored) in one colour.
    void paint(std::span<const cell> cells, std::uint32_t rgb);
    /// A path drawn as a line through the hex centres, its first and last hexes marked.
    void set_path(std::span<const cell> path);

    [[nodiscard]] rgb_image render() const;
    /// Size of the picture render() makes, in pixels (check it before rendering a huge map).
    [[nodiscard]] std::int32_t width_px() const noexcept { return width_px_; }
    [[nodiscard]] std::int32_t height_px() const noexcept { return height_px_; }
    /// Hex radius (centre to corner) in pixels.
    [[nodiscard]] double hex_size() const noexcept { return size_; }

  private:
    /// Pixel position of a hex centre.
    [[nodiscard]] std::pair<double, double> centre(cell c) const noexcept;

    const grid::grid_map* map_;
    grid::hex_layout layout_;
    double size_ = 8;
    double origin_x_ = 0; ///< pixel of axial (0, 0), minus the picture's left edge
    double origin_y_ = 0;
    std::int32_t width_px_ = 0;
    std::int32_t height_px_ = 0;
    std::vector<std::uint32_t> colours_; ///< per storage cell
    std::vector<cell> path_;
};

} // namespace xunlu::render
