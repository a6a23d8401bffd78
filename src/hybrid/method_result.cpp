// Names of the compared methods and turning directions, for the CLI and JSON output.
#include "xunlu/hybrid/method_result.hpp"

#include "xunlu/grid/path_check.hpp"

namespace xunlu::hybrid {

std::string_view method_name(method_kind m) noexcept {
    switch (m) {
    case method_kind::astar:
        return "astar";
    case method_kind::single_object:
        return "single_object";
    case method_kind::hybrid:
        return "hybrid";
    }
    return "astar";
}

std::optional<method_kind> parse_method(std::string_view name) noexcept {
    if (name == "astar") return method_kind::astar;
    if (name == "single_object" || name == "single-object" || name == "bug") {
        return method_kind::single_object;
    }
    if (name == "hybrid") return method_kind::hybrid;
    return std::nullopt;
}

std::string_view turn_name(turn_direction t) noexcept {
    switch (t) {
    case turn_direction::clockwise:
        return "cw";
    case turn_direction::counter_clockwise:
        return "ccw";
    case turn_direction::both:
        return "both";
    }
    return "both";
}

std::optional<turn_direction> parse_turn(std::string_view name) noexcept {
    if (name == "cw" || name == "clockwise") return turn_direction::clockwise;
    if (name == "ccw" || name == "counter-clockwise" || name == "counterclockwise") {
        return turn_direction::counter_clockwise;
    }
    if (name == "both") return turn_direction::both;
    return std::nullopt;
}

search::search_result to_search_result(method_result m, const grid::grid_map& map,
                                       const search::search_request& request) {
    search::search_result out;
    out.status = m.status;
    out.reason = std::move(m.reason);
    out.stats.expanded = m.expanded;
    out.stats.memory_bytes = m.memory_bytes;
    if (m.found()) {
        out.path = std::move(m.path);
        out.length = grid::path_length(out.path);
        out.cost = grid::path_cost(map, out.path, request.rules);
    }
    if (request.record_trace) out.trace.expanded = std::move(m.recorded_cells);
    return out;
}

} // namespace xunlu::hybrid
