// Step-by-step validation of cell paths; used by tests, the CLI and every algorithm's checks.
#include "xunlu/grid/path_check.hpp"

#include <cmath>
#include <cstdlib>

namespace xunlu::grid {

bool can_step(const grid_map& map, cell from, int dx, int dy, movement_rules rules,
              obstacle_mask mask) noexcept {
    if ((dx == 0 && dy == 0) || std::abs(dx) > 1 || std::abs(dy) > 1) {
        return false;
    }
    const cell to{from.x + dx, from.y + dy};
    if (!map.passable(from, mask) || !map.passable(to, mask)) {
        return false;
    }
    if (dx == 0 || dy == 0) {
        return true;
    }
    if (rules.moves == connectivity::four) {
        return false;
    }
    const bool side_x = map.passable({from.x + dx, from.y}, mask);
    const bool side_y = map.passable({from.x, from.y + dy}, mask);
    switch (rules.corners) {
    case corner_rule::no_cut:
        return side_x && side_y;
    case corner_rule::cut_if_one_free:
        return side_x || side_y;
    case corner_rule::always:
        return true;
    }
    return false;
}

namespace {
std::string cell_text(cell c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}
} // namespace

std::optional<std::string> check_path(const grid_map& map, std::span<const cell> path,
                                      movement_rules rules, obstacle_mask mask) {
    if (path.empty()) {
        return std::string("path is empty");
    }
    if (!map.passable(path[0], mask)) {
        return "path cell 0 " + cell_text(path[0]) + " is blocked or outside the map";
    }
    for (std::size_t i = 1; i < path.size(); ++i) {
        const int dx = path[i].x - path[i - 1].x;
        const int dy = path[i].y - path[i - 1].y;
        if (!can_step(map, path[i - 1], dx, dy, rules, mask)) {
            return "illegal step " + std::to_string(i) + " from " + cell_text(path[i - 1]) +
                   " to " + cell_text(path[i]);
        }
    }
    return std::nullopt;
}

double path_length(std::span<const cell> path) noexcept {
    double len = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        const bool diag = path[i].x != path[i - 1].x && path[i].y != path[i - 1].y;
        len += diag ? 1.4142135623730951 : 1.0;
    }
    return len;
}

double path_cost(const grid_map& map, std::span<const cell> path, movement_rules rules) noexcept {
    double cost = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        const bool diag = path[i].x != path[i - 1].x && path[i].y != path[i - 1].y;
        cost += (diag ? rules.diagonal_cost() : rules.straight_cost()) *
                static_cast<double>(map.terrain_cost(path[i]));
    }
    return cost;
}

} // namespace xunlu::grid
