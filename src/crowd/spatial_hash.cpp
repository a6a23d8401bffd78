// The per-tick broad phase of bodies (spatial_hash.hpp).
#include "xunlu/crowd/spatial_hash.hpp"

#include <bit>

namespace xunlu::crowd {

void spatial_hash::build(std::span<const vec2> points, std::span<const std::uint32_t> ids,
                         double bucket) {
    inverse_ = 1.0 / bucket;
    const std::size_t n = points.size();
    const std::size_t table = std::bit_ceil(std::max<std::size_t>(16, 2 * n));
    mask_ = table - 1;
    start_.assign(table + 1, 0);
    slot_of_.resize(n);
    items_.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t s = slot(coord(points[i].x), coord(points[i].y));
        slot_of_[i] = static_cast<std::uint32_t>(s);
        ++start_[s + 1];
    }
    for (std::size_t s = 1; s <= table; ++s) start_[s] += start_[s - 1];
    std::vector<std::uint32_t> fill(start_.begin(), start_.end() - 1);
    for (std::size_t i = 0; i < n; ++i) {
        items_[fill[slot_of_[i]]++] =
            item{points[i], coord(points[i].x), coord(points[i].y), ids[i]};
    }
}

} // namespace xunlu::crowd
