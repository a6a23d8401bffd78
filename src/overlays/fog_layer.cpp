// The fog's bit layer: 64 cells per word, row-major.
#include "xunlu/overlays/fog_layer.hpp"

#include <bit>
#include <string>

#include "xunlu/core/limits.hpp"

namespace xunlu::overlays {

fog_layer::fog_layer(std::int32_t width, std::int32_t height)
    : width_(width), height_(height),
      bits_((static_cast<std::size_t>(width) * static_cast<std::size_t>(height) + 63) / 64, 0) {}

result<fog_layer> fog_layer::create(std::int32_t width, std::int32_t height) {
    // The maps' own limits: one fog per map.
    if (width < 1 || height < 1 || width > limits::max_map_side || height > limits::max_map_side ||
        static_cast<std::int64_t>(width) * height > limits::max_map_cells) {
        return error{"fog of " + std::to_string(width) + "x" + std::to_string(height) +
                     " cells: each side must be 1.." + std::to_string(limits::max_map_side) +
                     " and the cells at most " + std::to_string(limits::max_map_cells)};
    }
    return fog_layer(width, height);
}

bool fog_layer::explore(cell c) noexcept {
    if (!in_bounds(c)) return false;
    const std::size_t i = index(c);
    const std::uint64_t bit = std::uint64_t{1} << (i & 63);
    if (bits_[i >> 6] & bit) return false;
    bits_[i >> 6] |= bit;
    return true;
}

void fog_layer::explore_disc(cell centre, std::int32_t radius, std::vector<cell>* fresh) {
    if (radius < 0) return;
    const std::int64_t r2 = static_cast<std::int64_t>(radius) * radius;
    for (std::int32_t dy = -radius; dy <= radius; ++dy) {
        for (std::int32_t dx = -radius; dx <= radius; ++dx) {
            if (static_cast<std::int64_t>(dx) * dx + static_cast<std::int64_t>(dy) * dy > r2) {
                continue;
            }
            const cell c{centre.x + dx, centre.y + dy};
            if (explore(c) && fresh != nullptr) fresh->push_back(c);
        }
    }
}

std::size_t fog_layer::explored_count() const noexcept {
    std::size_t n = 0;
    for (const std::uint64_t w : bits_) n += static_cast<std::size_t>(std::popcount(w));
    return n;
}

} // namespace xunlu::overlays
