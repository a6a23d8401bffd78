// A* from the search module wrapped in the comparison's result type.
#pragma once

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hybrid/method_result.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::hybrid {

/// Runs search::astar unchanged and reports it as a method_result: `recorded` = cells ever
/// put in OPEN (expanded plus still open), `recorded_cells` = those cells when
/// `request.record_trace` is set. Both come from a second, untimed run with a trace.
[[nodiscard]] method_result find_path_astar_method(const grid::grid_map& map,
                                                   const search::search_request& request);

} // namespace xunlu::hybrid
