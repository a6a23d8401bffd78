// The façade's map: loading (file, bytes, cell codes), line of sight and edits on snapshots.
#include "xunlu/facade/map.hpp"

#include <cmath>
#include <utility>

#include "xunlu/core/limits.hpp"
#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::facade {
namespace {

using search::cell_text;

std::string size_text(std::int32_t width, std::int32_t height) {
    return std::to_string(width) + "x" + std::to_string(height);
}

} // namespace

result<map> map::load_file(const std::string& path) {
    auto loaded = io::load_map(path);
    if (!loaded) return loaded.err();
    return from_grid(std::move(loaded.value().map));
}

result<map> map::from_bytes(std::string_view bytes, std::string_view name) {
    if (bytes.empty()) return error{std::string(name) + ": map bytes are empty"};
    auto loaded = io::parse_map(bytes, name);
    if (!loaded) return loaded.err();
    return from_grid(std::move(loaded.value().map));
}

result<map> map::from_cells(const cell_array& cells) {
    const std::string size = size_text(cells.width, cells.height);
    if (cells.width < 1 || cells.height < 1 || cells.width > limits::max_map_side ||
        cells.height > limits::max_map_side) {
        return error{"cell array: a " + size + " map is not allowed (sides 1 to " +
                     std::to_string(limits::max_map_side) + " cells)"};
    }
    const auto count = static_cast<std::size_t>(std::int64_t{cells.width} * cells.height);
    if (cells.codes.size() != count) {
        return error{"cell array: " + std::to_string(cells.codes.size()) + " codes given, a " +
                     size + " map needs " + std::to_string(count)};
    }
    if (!cells.costs.empty() && cells.costs.size() != count) {
        return error{"cell array: " + std::to_string(cells.costs.size()) + " costs given, a " +
                     size + " map needs " + std::to_string(count) + " (or none)"};
    }
    auto built = grid::grid_map::create(cells.width, cells.height);
    if (!built) return built.err();
    grid::grid_map g = std::move(built).value();
    std::size_t i = 0;
    for (std::int32_t y = 0; y < cells.height; ++y) {
        for (std::int32_t x = 0; x < cells.width; ++x, ++i) {
            const cell c{x, y};
            switch (cells.codes[i]) {
            case cell_code::free:
                break;
            case cell_code::high_obstacle:
                g.set_high_obstacle(c, true);
                break;
            case cell_code::low_obstacle:
                g.set_low_obstacle(c, true);
                break;
            case cell_code::terrain_cost: {
                if (cells.costs.empty()) {
                    return error{"cell array: cell " + cell_text(c) +
                                 " is terrain_cost but no costs were given"};
                }
                const float cost = cells.costs[i];
                if (!std::isfinite(cost) || cost < 1.0f) {
                    return error{"cell array: cell " + cell_text(c) + " has cost " +
                                 std::to_string(cost) + " (a finite number >= 1 is needed)"};
                }
                g.set_terrain_cost(c, cost);
                break;
            }
            default:
                return error{"cell array: cell " + cell_text(c) + " has unknown code " +
                             std::to_string(static_cast<int>(cells.codes[i]))};
            }
        }
    }
    return from_grid(std::move(g));
}

map map::from_grid(grid::grid_map grid) {
    return map(grid::map_snapshot::make(std::move(grid)));
}

result<cell_code> map::cell_at(cell c) const {
    if (!in_bounds(c)) {
        return error{"cell_at: cell " + cell_text(c) + " is outside the " +
                     size_text(width(), height()) + " map"};
    }
    const grid::grid_map& g = grid();
    if (g.is_high_obstacle(c)) return cell_code::high_obstacle;
    if (g.is_low_obstacle(c)) return cell_code::low_obstacle;
    if (g.terrain_cost(c) != 1.0f) return cell_code::terrain_cost;
    return cell_code::free;
}

result<float> map::cost_at(cell c) const {
    if (!in_bounds(c)) {
        return error{"cost_at: cell " + cell_text(c) + " is outside the " +
                     size_text(width(), height()) + " map"};
    }
    return grid().terrain_cost(c);
}

result<bool> map::line_of_sight(cell a, cell b, bool low_obstacles_block) const {
    for (const cell c : {a, b}) {
        if (!in_bounds(c)) {
            return error{"line of sight: cell " + cell_text(c) + " is outside the " +
                         size_text(width(), height()) + " map"};
        }
    }
    return grid::line_of_sight(grid(), a, b,
                               low_obstacles_block ? grid::obstacle_mask::high_and_low
                                                   : grid::obstacle_mask::high_only);
}

result<map> map::with_edits(std::span<const grid::cell_edit> edits) const {
    auto next = snapshot_->apply(edits);
    if (!next) return next.err();
    return map(std::move(next).value());
}

} // namespace xunlu::facade
