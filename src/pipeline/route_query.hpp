// Private: the state of one route query as it passes through the stages.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/pipeline/route_request.hpp"
#include "xunlu/pipeline/scene.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::pipeline::detail {

/// The state of one query.
struct route_query {
    const scene& s;
    const grid::grid_map& map;
    const route_request& req;
    grid::obstacle_mask mask;
    double scale; ///< pixels per cell
    point sp, gp; ///< start and goal in cell units
    point sp_px, gp_px;
    cell sc, gc;
    route_result out;
    bool answered = false;
    std::optional<search::search_result> partial; ///< best budget-exhausted search so far
    std::string partial_algo;
    route_stage partial_stage = route_stage::none;
    std::uint64_t bounded_budget = 0; ///< budget the bounded stage ran with (0 = not run)
};

} // namespace xunlu::pipeline::detail
