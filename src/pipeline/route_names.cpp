// Names of the route stages and statuses (CLI flags, JSON values).
#include "xunlu/pipeline/route_request.hpp"

namespace xunlu::pipeline {

std::string_view stage_name(route_stage s) noexcept {
    switch (s) {
    case route_stage::none:
        return "none";
    case route_stage::straight_line:
        return "straight_line";
    case route_stage::reachability:
        return "reachability";
    case route_stage::bounded_search:
        return "bounded_search";
    case route_stage::waypoint_graph:
        return "waypoint_graph";
    case route_stage::full_search:
        return "full_search";
    case route_stage::hierarchical:
        return "hierarchical";
    }
    return "none";
}

std::optional<route_stage> parse_stage(std::string_view name) noexcept {
    for (const auto s :
         {route_stage::straight_line, route_stage::reachability, route_stage::bounded_search,
          route_stage::waypoint_graph, route_stage::full_search, route_stage::hierarchical}) {
        if (stage_name(s) == name) return s;
    }
    return std::nullopt;
}

std::string_view status_name(route_status s) noexcept {
    switch (s) {
    case route_status::straight_line:
        return "straight_line";
    case route_status::found:
        return "found";
    case route_status::partial:
        return "partial";
    case route_status::no_path:
        return "no_path";
    case route_status::invalid:
        return "invalid";
    }
    return "invalid";
}

} // namespace xunlu::pipeline
