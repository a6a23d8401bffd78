// Names of the compared methods and turning directions, for the CLI and JSON output.
#include "xunlu/hybrid/method_result.hpp"

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

} // namespace xunlu::hybrid
