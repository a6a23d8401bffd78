// The one validation of a grid search request: bounds, blocked start or goal, stop_within; and
// what the uniform-cost square-grid methods leave to A*.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::search {

/// Why `request` cannot be searched on `map` (start or goal outside the map, start blocked,
/// stop_within < 0, goal blocked while stop_within == 0), or nullopt when it can.
[[nodiscard]] std::optional<std::string> request_problem(const grid::grid_map& map,
                                                         const search_request& request);

/// Why `request` on `map` runs A* instead of `family`, a method for uniform-cost square grids
/// that aims at the goal cell and keeps optimal g values (JPS, subgoal graphs), or nullopt:
/// terrain costs, stop_within > 0, turn penalties, hex maps, windows, a weight above 1.
/// `family` names it in the text ("JPS", "the subgoal graph").
[[nodiscard]] std::optional<std::string> astar_fallback_reason(const grid::grid_map& map,
                                                               const search_request& request,
                                                               std::string_view family);

/// "(x,y)": how reasons name cells.
[[nodiscard]] std::string cell_text(cell c);

} // namespace xunlu::search
