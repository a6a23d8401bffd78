// Map snapshots: validating an edit list, copying the map, applying the edits, and linking the
// new map's derived cache to the parent's so caches can be repaired instead of rebuilt.
#include "xunlu/grid/map_snapshot.hpp"

#include <cmath>
#include <string>

namespace xunlu::grid {

std::shared_ptr<const map_snapshot> map_snapshot::make(grid_map map) {
    return std::shared_ptr<const map_snapshot>(new map_snapshot(std::move(map), 0, nullptr));
}

std::optional<error> map_snapshot::validate(const grid_map& map, std::span<const cell_edit> edits) {
    for (std::size_t i = 0; i < edits.size(); ++i) {
        const cell_edit& e = edits[i];
        const std::string where = "edit " + std::to_string(i) + ": cell (" +
                                  std::to_string(e.at.x) + ", " + std::to_string(e.at.y) + ")";
        if (!map.in_bounds(e.at)) {
            return error{where + " is outside the map (" + std::to_string(map.width()) + " x " +
                         std::to_string(map.height()) + " cells)"};
        }
        if (e.kind == edit_kind::terrain_cost && !std::isfinite(e.cost)) {
            return error{where + ": terrain cost must be a finite number"};
        }
    }
    return std::nullopt;
}

result<std::shared_ptr<const map_snapshot>>
map_snapshot::apply(std::span<const cell_edit> edits) const {
    if (auto problem = validate(map_, edits)) return std::move(*problem);
    grid_map next = map_; // copies the flags, shares the cost layer, empty derived cache
    for (const cell_edit& e : edits) {
        switch (e.kind) {
        case edit_kind::high_obstacle:
            next.set_high_obstacle(e.at, e.blocked);
            break;
        case edit_kind::low_obstacle:
            next.set_low_obstacle(e.at, e.blocked);
            break;
        case edit_kind::terrain_cost:
            next.set_terrain_cost(e.at, e.cost);
            break;
        }
    }
    auto list = std::make_shared<const std::vector<cell_edit>>(edits.begin(), edits.end());
    next.derived_ = std::make_shared<derived_cache>(map_.derived_, list);
    return std::shared_ptr<const map_snapshot>(
        new map_snapshot(std::move(next), version_ + 1, std::move(list)));
}

} // namespace xunlu::grid
