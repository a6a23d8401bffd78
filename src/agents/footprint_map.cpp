// Footprint maps: the sized maps of the clearance layer (overlays).
#include "xunlu/agents/footprint_map.hpp"

#include <string>

#include "xunlu/overlays/clearance_layer.hpp"

namespace xunlu::agents {

result<grid::grid_map> footprint_map(const grid::grid_map& map, std::int32_t size,
                                     grid::obstacle_mask mask) {
    if (size < 1 || size > max_unit_size) {
        return error{"unit size " + std::to_string(size) + " is outside 1.." +
                     std::to_string(max_unit_size)};
    }
    return overlays::sized_map(map, overlays::clearance_layer::build(map, mask), size);
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
