// The one check of a request's cell against a scene's map: the service's queries and the web
// visualizer's traced searches name the field and the map's size alike.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "service_error.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::server {

/// An invalid_argument error naming `field` when `c` lies outside `map`.
[[nodiscard]] inline std::optional<service_error> check_cell(const grid::grid_map& map, cell c,
                                                             std::string_view field) {
    if (!map.in_bounds(c)) {
        return bad_field(field, "cell " + search::cell_text(c) + " is outside the map (" +
                                    std::to_string(map.width()) + " x " +
                                    std::to_string(map.height()) + " cells)");
    }
    return std::nullopt;
}

} // namespace xunlu::server
