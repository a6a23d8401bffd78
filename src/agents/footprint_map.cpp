// Footprint maps by 2-D prefix sums of blocked cells.
#include "xunlu/agents/footprint_map.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace xunlu::agents {

result<grid::grid_map> footprint_map(const grid::grid_map& map, std::int32_t size,
                                     grid::obstacle_mask mask) {
    if (size < 1 || size > max_unit_size) {
        return error{"unit size " + std::to_string(size) + " is outside 1.." +
                     std::to_string(max_unit_size)};
    }
    const std::int32_t w = map.width(), h = map.height();
    auto created = grid::grid_map::create(w, h);
    if (!created) return created.err();
    grid::grid_map out = std::move(created).value();
    // blocked[y][x] prefix sums over (w + 1) x (h + 1).
    const auto stride = static_cast<std::size_t>(w) + 1;
    std::vector<std::int32_t> sum(stride * (static_cast<std::size_t>(h) + 1), 0);
    for (std::int32_t y = 0; y < h; ++y) {
        std::int32_t row = 0;
        for (std::int32_t x = 0; x < w; ++x) {
            row += map.passable({x, y}, mask) ? 0 : 1;
            sum[(static_cast<std::size_t>(y) + 1) * stride + static_cast<std::size_t>(x) + 1] =
                sum[static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(x) + 1] + row;
        }
    }
    auto blocked_in = [&](std::int32_t x0, std::int32_t y0) {
        const auto x1 = static_cast<std::size_t>(x0 + size),
                   y1 = static_cast<std::size_t>(y0 + size);
        const auto xa = static_cast<std::size_t>(x0), ya = static_cast<std::size_t>(y0);
        return sum[y1 * stride + x1] - sum[ya * stride + x1] - sum[y1 * stride + xa] +
               sum[ya * stride + xa];
    };
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            if (x + size > w || y + size > h || blocked_in(x, y) != 0) {
                out.set_high_obstacle({x, y}, true);
                continue;
            }
            if (map.has_terrain_costs()) {
                float cost = 1.0f;
                for (std::int32_t dy = 0; dy < size; ++dy) {
                    for (std::int32_t dx = 0; dx < size; ++dx) {
                        cost = std::max(cost, map.terrain_cost({x + dx, y + dy}));
                    }
                }
                if (cost > 1.0f) out.set_terrain_cost({x, y}, cost);
            }
        }
    }
    return out;
}

bool footprint_free(const grid::grid_map& map, cell at, std::int32_t size,
                    grid::obstacle_mask mask) noexcept {
    for (std::int32_t dy = 0; dy < size; ++dy) {
        for (std::int32_t dx = 0; dx < size; ++dx) {
            if (!map.passable({at.x + dx, at.y + dy}, mask)) return false;
        }
    }
    return true;
}

} // namespace xunlu::agents
