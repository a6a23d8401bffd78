// Internal: the request validation shared by the single-object walk and the hybrid.
#pragma once

#include <optional>
#include <string>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::hybrid::detail {

/// Why a request cannot be run (start or goal outside the map or blocked), or nullopt.
[[nodiscard]] std::optional<std::string> request_problem(const grid::grid_map& map,
                                                         const search::search_request& request);

[[nodiscard]] std::string cell_text(cell c);

} // namespace xunlu::hybrid::detail
