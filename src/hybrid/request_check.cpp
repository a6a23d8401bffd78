// Internal: request validation for the walking methods (A* validates its own requests).
#include "request_check.hpp"

namespace xunlu::hybrid::detail {

std::string cell_text(cell c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

std::optional<std::string> request_problem(const grid::grid_map& map,
                                           const search::search_request& request) {
    const std::string size = std::to_string(map.width()) + "x" + std::to_string(map.height());
    if (!map.in_bounds(request.start)) {
        return "start " + cell_text(request.start) + " is outside the " + size + " map";
    }
    if (!map.in_bounds(request.goal)) {
        return "goal " + cell_text(request.goal) + " is outside the " + size + " map";
    }
    if (!map.passable(request.start, request.mask())) {
        return "start " + cell_text(request.start) + " is blocked";
    }
    if (!map.passable(request.goal, request.mask())) {
        return "goal " + cell_text(request.goal) + " is blocked";
    }
    return std::nullopt;
}

} // namespace xunlu::hybrid::detail
