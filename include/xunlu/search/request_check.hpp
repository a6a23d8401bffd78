// The one validation of a grid search request: bounds, blocked start or goal, stop_within.
#pragma once

#include <optional>
#include <string>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::search {

/// Why `request` cannot be searched on `map` (start or goal outside the map, start blocked,
/// stop_within < 0, goal blocked while stop_within == 0), or nullopt when it can.
[[nodiscard]] std::optional<std::string> request_problem(const grid::grid_map& map,
                                                         const search_request& request);

/// "(x,y)": how reasons name cells.
[[nodiscard]] std::string cell_text(cell c);

} // namespace xunlu::search
