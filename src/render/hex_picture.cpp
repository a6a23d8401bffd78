// Hex pictures: per-hex colours rendered pixel by pixel through the inverse hex projection.
#include "xunlu/render/hex_picture.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "xunlu/grid/hex_line.hpp"
#include "xunlu/render/map_picture.hpp"

namespace xunlu::render {

namespace {

constexpr double sqrt3 = 1.7320508075688772;
constexpr std::uint32_t border_colour = 0xd0d0d0;

/// Pixel offset of axial (q, r) for hexes of radius 1.
std::pair<double, double> unit_centre(grid::hex_orientation o, double q, double r) noexcept {
    if (o == grid::hex_orientation::pointy) return {sqrt3 * q + sqrt3 / 2 * r, 1.5 * r};
    return {1.5 * q, sqrt3 / 2 * q + sqrt3 * r};
}

/// Fractional axial coordinates of a pixel offset for hexes of radius 1.
std::pair<double, double> unit_axial(grid::hex_orientation o, double x, double y) noexcept {
    if (o == grid::hex_orientation::pointy) return {sqrt3 / 3 * x - y / 3, 2.0 / 3 * y};
    return {2.0 / 3 * x, -x / 3 + sqrt3 / 3 * y};
}

std::uint32_t base_colour(const grid::grid_map& map, cell c) {
    if (map.is_high_obstacle(c)) return colour::high_obstacle;
    if (map.is_low_obstacle(c)) return colour::low_obstacle;
    const float cost = map.terrain_cost(c);
    if (cost <= 1.0f) return colour::free_cell;
    // Greener for dearer hexes, as in draw_map.
    const double t = std::min(1.0, (static_cast<double>(cost) - 1.0) / 8.0);
    const auto fade = static_cast<std::uint32_t>(255.0 - 150.0 * t);
    return fade << 16 | 0xffu << 8 | fade;
}

} // namespace

hex_picture::hex_picture(const grid::grid_map& map, grid::hex_layout layout,
                         std::int32_t target_width, double radius)
    : map_(&map), layout_(layout) {
    // Extent of the hex centres at radius 1: the rectangle's border cells hold the extremes
    // for every layout (offset rectangles and axial rhombi alike).
    double min_x = std::numeric_limits<double>::max(), max_x = -min_x;
    double min_y = min_x, max_y = -min_x;
    auto extend = [&](cell c) {
        const auto a = grid::to_axial(layout, c);
        const auto [x, y] = unit_centre(layout.orientation, a.q, a.r);
        min_x = std::min(min_x, x);
        max_x = std::max(max_x, x);
        min_y = std::min(min_y, y);
        max_y = std::max(max_y, y);
    };
    for (std::int32_t x = 0; x < map.width(); ++x) {
        extend({x, 0});
        extend({x, map.height() - 1});
    }
    for (std::int32_t y = 0; y < map.height(); ++y) {
        extend({0, y});
        extend({map.width() - 1, y});
    }
    const double unit_width = max_x - min_x + 2.0;
    size_ = radius > 0 ? std::clamp(radius, 1.0, 64.0)
                       : std::clamp(static_cast<double>(std::max(target_width, 1)) / unit_width,
                                    1.0, 24.0);
    origin_x_ = (1.0 - min_x) * size_;
    origin_y_ = (1.0 - min_y) * size_;
    width_px_ = static_cast<std::int32_t>(std::ceil((max_x - min_x + 2.0) * size_));
    height_px_ = static_cast<std::int32_t>(std::ceil((max_y - min_y + 2.0) * size_));
    colours_.resize(static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height()));
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            colours_[static_cast<std::size_t>(y) * static_cast<std::size_t>(map.width()) +
                     static_cast<std::size_t>(x)] = base_colour(map, {x, y});
        }
    }
}

std::pair<double, double> hex_picture::centre(cell c) const noexcept {
    const auto a = grid::to_axial(layout_, c);
    const auto [x, y] = unit_centre(layout_.orientation, a.q, a.r);
    return {origin_x_ + x * size_, origin_y_ + y * size_};
}

void hex_picture::paint(std::span<const cell> cells, std::uint32_t rgb) {
    for (const cell c : cells) {
        if (!map_->in_bounds(c)) continue;
        colours_[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(map_->width()) +
                 static_cast<std::size_t>(c.x)] = rgb;
    }
}

void hex_picture::set_path(std::span<const cell> path) {
    path_.assign(path.begin(), path.end());
}

rgb_image hex_picture::render() const {
    rgb_image img(width_px_, height_px_, 0xffffff);
    const bool borders = size_ >= 6.0;
    const double edge = 1.0 - 1.5 / size_; // cube "radius" beyond which a pixel is border
    for (std::int32_t py = 0; py < height_px_; ++py) {
        for (std::int32_t px = 0; px < width_px_; ++px) {
            const double ux = (px + 0.5 - origin_x_) / size_;
            const double uy = (py + 0.5 - origin_y_) / size_;
            const auto [q, r] = unit_axial(layout_.orientation, ux, uy);
            const grid::hex_axial h = grid::hex_round(q, r);
            const cell c = grid::from_axial(layout_, h);
            if (!map_->in_bounds(c)) continue;
            std::uint32_t rgb =
                colours_[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(map_->width()) +
                         static_cast<std::size_t>(c.x)];
            if (borders) {
                const double dq = q - h.q, dr = r - h.r, ds = -dq - dr;
                const double norm =
                    std::max({std::fabs(dq - dr), std::fabs(dr - ds), std::fabs(ds - dq)});
                if (norm > edge) rgb = border_colour;
            }
            img.set(px, py, rgb);
        }
    }
    if (path_.empty()) return img;
    const double half = std::max(0.5, size_ / 5.0);
    auto dot = [&](double x, double y, std::uint32_t rgb, double radius) {
        const auto r = static_cast<std::int32_t>(std::ceil(radius));
        for (std::int32_t dy = -r; dy <= r; ++dy) {
            for (std::int32_t dx = -r; dx <= r; ++dx) {
                if (dx * dx + dy * dy <= radius * radius + 0.25) {
                    img.set(static_cast<std::int32_t>(std::lround(x)) + dx,
                            static_cast<std::int32_t>(std::lround(y)) + dy, rgb);
                }
            }
        }
    };
    for (std::size_t i = 1; i < path_.size(); ++i) {
        const auto [x0, y0] = centre(path_[i - 1]);
        const auto [x1, y1] = centre(path_[i]);
        const double len = std::hypot(x1 - x0, y1 - y0);
        const auto steps = static_cast<std::int32_t>(std::ceil(len)) + 1;
        for (std::int32_t s = 0; s <= steps; ++s) {
            const double t = static_cast<double>(s) / steps;
            dot(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, colour::path, half);
        }
    }
    const auto [sx, sy] = centre(path_.front());
    const auto [gx, gy] = centre(path_.back());
    dot(sx, sy, colour::start, std::max(1.0, size_ * 0.6));
    dot(gx, gy, colour::goal, std::max(1.0, size_ * 0.6));
    return img;
}

} // namespace xunlu::render
