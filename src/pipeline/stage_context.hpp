// Private: what the route stages share across queries (search engines and their scratch) and
// the helpers that run a grid search and turn its outcome into the query's answer.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "route_query.hpp"
#include "xunlu/hierarchy/hpa_search.hpp"
#include "xunlu/pipeline/grid_search_choice.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/finder.hpp"
#include "xunlu/waypoint/graph_search.hpp"

namespace xunlu::pipeline::detail {

struct grid_answer {
    search::search_result result;
    std::string_view algorithm;
};

/// Per-thread engines of the stages (one per route_finder).
struct stage_context {
    search::astar astar;
    std::unique_ptr<search::finder> grid; ///< the caller's grid search; null = astar
    grid_search_choice grid_choice;
    waypoint::graph_search graph;
    hierarchy::hpa_search hierarchy; ///< the hierarchical stage's engine

    /// `short_leg`: a joining or bridging search with a small node budget. It always runs A*,
    /// whose cost per expansion is bounded (a JPS expansion may scan a long line of cells).
    grid_answer grid_search(route_query& q, cell from, cell to, std::int32_t stop_within,
                            std::uint64_t budget, bool short_leg = false);

    /// Sets the answer from a polyline in cell units whose consecutive points see each other.
    static void answer(route_query& q, route_status status, route_stage stage,
                       const std::vector<point>& poly, bool ends_at_goal);

    /// Polyline of a grid path from the exact start: start, cell centres, exact goal if reached.
    static std::vector<point> path_polyline(const route_query& q, const std::vector<cell>& path);

    static void answer_search(route_query& q, route_stage stage, grid_answer& a);

    /// Handles a grid search outcome for the bounded and full stages.
    static void take_search(route_query& q, route_stage stage, grid_answer& a, bool last_resort);
};

} // namespace xunlu::pipeline::detail
