// Map, search-trace and path rasterisation.
#include "xunlu/render/map_picture.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace xunlu::render {

std::int32_t auto_scale(const grid::grid_map& map, std::int32_t target) {
    const std::int32_t side = std::max(map.width(), map.height());
    return std::clamp(target / std::max(1, side), 1, 16);
}

rgb_image draw_map(const grid::grid_map& map, std::int32_t scale) {
    rgb_image img(map.width() * scale, map.height() * scale, colour::free_cell);
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            const cell c{x, y};
            if (map.is_high_obstacle(c)) {
                img.fill_cell(x, y, scale, colour::high_obstacle);
            } else if (map.is_low_obstacle(c)) {
                img.fill_cell(x, y, scale, colour::low_obstacle);
            } else if (map.has_terrain_costs() && map.terrain_cost(c) > 1.0f) {
                const float t = std::min(map.terrain_cost(c), 10.0f);
                const auto shade = static_cast<std::uint32_t>(230.0f - 12.0f * t);
                img.fill_cell(x, y, scale, (shade << 16) | (0xe0u << 8) | shade);
            }
        }
    }
    return img;
}

void draw_cells(rgb_image& image, std::span<const cell> cells, std::int32_t scale,
                std::uint32_t rgb) {
    for (const cell c : cells) image.fill_cell(c.x, c.y, scale, rgb);
}

void draw_polyline(rgb_image& image, std::span<const point> points, std::int32_t scale) {
    if (points.empty()) return;
    const std::int32_t thick = std::max(1, scale / 3);
    const auto dot = [&](double x, double y, std::int32_t size, std::uint32_t rgb) {
        const auto px = static_cast<std::int32_t>(std::lround(x * scale));
        const auto py = static_cast<std::int32_t>(std::lround(y * scale));
        for (std::int32_t t = 0; t < size; ++t)
            for (std::int32_t u = 0; u < size; ++u)
                image.set(px - size / 2 + t, py - size / 2 + u, rgb);
    };
    const auto cell_at = [](point p) {
        return cell{static_cast<std::int32_t>(std::floor(p.x)),
                    static_cast<std::int32_t>(std::floor(p.y))};
    };
    const cell first = cell_at(points.front());
    const cell last = cell_at(points.back());
    image.fill_cell(first.x, first.y, scale, colour::start);
    image.fill_cell(last.x, last.y, scale, colour::goal);
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const double dx = (points[i + 1].x - points[i].x) * scale;
        const double dy = (points[i + 1].y - points[i].y) * scale;
        const auto n = static_cast<std::int32_t>(std::ceil(std::max(std::fabs(dx), std::fabs(dy))));
        for (std::int32_t k = 0; k <= n; ++k) {
            const double f = n == 0 ? 0.0 : static_cast<double>(k) / n;
            dot(points[i].x + (points[i + 1].x - points[i].x) * f,
                points[i].y + (points[i + 1].y - points[i].y) * f, thick, colour::path);
        }
    }
    for (std::size_t i = 1; i + 1 < points.size(); ++i) {
        dot(points[i].x, points[i].y, thick + 2, colour::jump_point);
    }
}

void draw_path(rgb_image& image, std::span<const cell> path, std::int32_t scale) {
    if (path.empty()) return;
    // Connect consecutive cells with a line through the cell centres.
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const std::int32_t x0 = path[i].x * scale + scale / 2;
        const std::int32_t y0 = path[i].y * scale + scale / 2;
        const std::int32_t x1 = path[i + 1].x * scale + scale / 2;
        const std::int32_t y1 = path[i + 1].y * scale + scale / 2;
        const std::int32_t n = std::max(std::abs(x1 - x0), std::abs(y1 - y0));
        const std::int32_t thick = std::max(1, scale / 3);
        for (std::int32_t k = 0; k <= n; ++k) {
            const std::int32_t px = n == 0 ? x0 : x0 + (x1 - x0) * k / n;
            const std::int32_t py = n == 0 ? y0 : y0 + (y1 - y0) * k / n;
            for (std::int32_t t = 0; t < thick; ++t)
                for (std::int32_t u = 0; u < thick; ++u)
                    image.set(px - thick / 2 + t, py - thick / 2 + u, colour::path);
        }
    }
    if (path.size() == 1) image.fill_cell(path[0].x, path[0].y, scale, colour::path);
    image.fill_cell(path.front().x, path.front().y, scale, colour::start);
    image.fill_cell(path.back().x, path.back().y, scale, colour::goal);
}

} // namespace xunlu::render
