// The one validation of a grid search request, shared by A*, Dijkstra, JPS and the hybrid.
#include "xunlu/search/request_check.hpp"

#include <cmath>
#include <limits>
#include <string_view>

#include "xunlu/search/heading_expander.hpp"
#include "xunlu/search/landmark_ranges.hpp"
#include "xunlu/search/landmark_table.hpp"

namespace xunlu::search {

std::string cell_text(cell c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

std::optional<std::string> request_problem(const grid::grid_map& map,
                                           const search_request& request) {
    const auto mask = request.mask();
    if (!map.in_bounds(request.start)) {
        return "start " + cell_text(request.start) + " is outside the " +
               std::to_string(map.width()) + "x" + std::to_string(map.height()) + " map";
    }
    if (!map.in_bounds(request.goal)) {
        return "goal " + cell_text(request.goal) + " is outside the " +
               std::to_string(map.width()) + "x" + std::to_string(map.height()) + " map";
    }
    if (const auto& w = request.window) {
        if (w->min.x > w->max.x || w->min.y > w->max.y || !map.in_bounds(w->min) ||
            !map.in_bounds(w->max)) {
            return "window " + cell_text(w->min) + "-" + cell_text(w->max) +
                   " is empty or leaves the " + std::to_string(map.width()) + "x" +
                   std::to_string(map.height()) + " map";
        }
        if (!w->contains(request.start) || !w->contains(request.goal)) {
            return "start " + cell_text(request.start) + " and goal " + cell_text(request.goal) +
                   " must lie inside the window " + cell_text(w->min) + "-" + cell_text(w->max);
        }
    }
    if (!map.passable(request.start, mask)) {
        return "start " + cell_text(request.start) + " is blocked";
    }
    if (request.turn_penalty &&
        (!std::isfinite(*request.turn_penalty) || *request.turn_penalty < 0)) {
        return "turn_penalty must be a finite number >= 0, got " +
               std::to_string(*request.turn_penalty);
    }
    if (request.turn_penalty &&
        map.padded_cells() > (std::numeric_limits<std::uint32_t>::max() - 1) / heading_count) {
        return "turn_penalty: the map is too large for a search over (cell, heading) states "
               "(at most " +
               std::to_string((std::numeric_limits<std::uint32_t>::max() - 1) / heading_count) +
               " padded cells)";
    }
    if (!std::isfinite(request.weight) || request.weight < 1.0) {
        return "weight must be a finite number >= 1, got " + std::to_string(request.weight);
    }
    if (request.weight != 1.0 && (request.turn_penalty || request.hex)) {
        return std::string("weight (weighted A*) is not combined with turn_penalty or hex maps");
    }
    if (request.landmarks != nullptr) {
        if (request.turn_penalty || request.hex || request.weight != 1.0) {
            return std::string("landmarks (differential heuristic) are not combined with "
                               "turn_penalty, hex maps or weight");
        }
        if (resolve(request.heuristic, request.rules) == heuristic_kind::euclidean) {
            return std::string("landmarks (differential heuristic) take octile, manhattan, "
                               "chebyshev or zero as the base heuristic, not euclidean");
        }
        if (!request.landmarks->fits(map, request.rules, request.mask())) {
            return "the landmark table was built for a " +
                   std::to_string(request.landmarks->width()) + "x" +
                   std::to_string(request.landmarks->height()) +
                   " map with other rules or mask than this search";
        }
    }
    if (request.landmark_ranges != nullptr) {
        const landmark_ranges* r = request.landmark_ranges->ranges;
        if (request.landmarks != nullptr) {
            return std::string("landmark ranges and a landmark table are not combined");
        }
        if (r == nullptr || r->width() != map.width() || r->height() != map.height()) {
            return std::string("the landmark ranges were not built for this map's size");
        }
    }
    if (request.hex) {
        if (request.turn_penalty) {
            return std::string("turn_penalty is not supported on hex maps");
        }
        if (request.window) {
            return std::string("search windows are not supported on hex maps");
        }
        if (request.heuristic != heuristic_kind::automatic &&
            request.heuristic != heuristic_kind::zero) {
            return "heuristic " + std::string(heuristic_name(request.heuristic)) +
                   " is for square grids: hex maps use the hex distance (auto) or zero";
        }
    }
    if (request.stop_within < 0) {
        return std::string("stop_within must be >= 0");
    }
    if (request.stop_within == 0 && !map.passable(request.goal, mask)) {
        return "goal " + cell_text(request.goal) + " is blocked";
    }
    return std::nullopt;
}

std::optional<std::string> astar_fallback_reason(const grid::grid_map& map,
                                                 const search_request& request,
                                                 std::string_view family) {
    // The name is copied only for a reason: the plain query (every call of a JPS or subgoal
    // query) allocates nothing here.
    const auto f = [family] { return std::string(family); };
    if (map.has_terrain_costs()) {
        return "the map has terrain costs (" + f() + " needs uniform cost)";
    }
    if (request.stop_within > 0) return "stop_within > 0 is not supported by " + f();
    if (request.turn_penalty) {
        return "turn penalties are searched over (cell, heading) states, which " + f() +
               " does not have";
    }
    if (request.hex) {
        return "hex maps have six neighbours per cell; " + f() + " is for square grids";
    }
    if (request.window) return "search windows are not supported by " + f();
    if (request.weight != 1.0) {
        return "weighted A* (weight above 1): " + f() +
               " prunes on optimal g values, so the bound is kept by A* with the weight";
    }
    return std::nullopt;
}

} // namespace xunlu::search
