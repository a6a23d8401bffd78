// Hex path validity and cost.
#include "xunlu/grid/hex_path.hpp"

namespace xunlu::grid {

namespace {
std::string text(cell c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}
} // namespace

std::optional<std::string> check_hex_path(const grid_map& map, hex_layout layout,
                                          std::span<const cell> path, obstacle_mask mask) {
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (!map.in_bounds(path[i])) {
            return "step " + std::to_string(i) + ": hex " + text(path[i]) + " is outside the map";
        }
        if (!map.passable(path[i], mask)) {
            return "step " + std::to_string(i) + ": hex " + text(path[i]) + " is blocked";
        }
        if (i > 0 && hex_distance(layout, path[i - 1], path[i]) != 1) {
            return "step " + std::to_string(i) + ": hex " + text(path[i]) +
                   " is not a neighbour of " + text(path[i - 1]) + " in layout " +
                   std::string(hex_layout_name(layout));
        }
    }
    return std::nullopt;
}

double hex_path_cost(const grid_map& map, std::span<const cell> path, double straight_cost) {
    double cost = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        cost += straight_cost * static_cast<double>(map.terrain_cost(path[i]));
    }
    return cost;
}

} // namespace xunlu::grid
