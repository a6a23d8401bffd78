// Internal: the box of a local search window around two cells, clamped to the map.
#include "cell_box.hpp"

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

} // namespace xunlu::hybrid::detail
