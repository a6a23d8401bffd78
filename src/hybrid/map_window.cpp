// Internal: copying a box of a grid map into a window map for bounded local searches.
#include "map_window.hpp"

#include <algorithm>
#include <utility>

namespace xunlu::hybrid::detail {

cell_box box_around(const grid::grid_map& map, cell a, cell b, std::int32_t margin) noexcept {
    // 64-bit arithmetic: a huge margin must not overflow.
    auto lo = [&](std::int32_t u, std::int32_t v) {
        return static_cast<std::int32_t>(
            std::max<std::int64_t>(0, std::int64_t{std::min(u, v)} - margin));
    };
    auto hi = [&](std::int32_t u, std::int32_t v, std::int32_t side) {
        return static_cast<std::int32_t>(
            std::min<std::int64_t>(side - 1, std::int64_t{std::max(u, v)} + margin));
    };
    return {{lo(a.x, b.x), lo(a.y, b.y)}, {hi(a.x, b.x, map.width()), hi(a.y, b.y, map.height())}};
}

result<map_window> copy_window(const grid::grid_map& map, cell_box box) {
    auto created = grid::grid_map::create(box.width(), box.height());
    if (!created) return created.err();
    map_window out{std::move(created).value(), box};
    for (std::int32_t y = box.min.y; y <= box.max.y; ++y) {
        for (std::int32_t x = box.min.x; x <= box.max.x; ++x) {
            const cell c{x, y};
            const std::uint8_t f = map.flags(c);
            if (f == 0 && !map.has_terrain_costs()) continue;
            const cell w = out.to_window(c);
            if ((f & grid::high_obstacle) != 0) out.map.set_high_obstacle(w, true);
            if ((f & grid::low_obstacle) != 0) out.map.set_low_obstacle(w, true);
            if (map.has_terrain_costs() && map.terrain_cost(c) != 1.0f) {
                out.map.set_terrain_cost(w, map.terrain_cost(c));
            }
        }
    }
    return out;
}

} // namespace xunlu::hybrid::detail
