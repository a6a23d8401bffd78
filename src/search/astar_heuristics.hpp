// Private to the search module: the heuristics A* chooses at run time and the hex heuristic
// of a request, shared by astar.cpp and the search loops (astar_runs.hpp).
#pragma once

#include "xunlu/grid/hex_layout.hpp"
#include "xunlu/search/heuristic.hpp"
#include "xunlu/search/hex_expander.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::search::detail {

/// A heuristic chosen at run time (search::heuristic_value): the same values as the functors,
/// for the search variants that are not on the hot path.
struct runtime_h {
    heuristic_kind kind;
    grid::movement_rules rules;
    double weight = 1.0; ///< weighted A* (search_request::weight)
    double operator()(std::int32_t dx, std::int32_t dy) const noexcept {
        return weight * heuristic_value(kind, rules, dx, dy);
    }
};

/// The hex-distance heuristic of a hex request (zero for Dijkstra).
inline hex_heuristic hex_h(const search_request& r) noexcept {
    return {*r.hex, grid::to_axial(*r.hex, r.goal),
            r.heuristic == heuristic_kind::zero ? 0.0 : r.rules.straight_cost()};
}

} // namespace xunlu::search::detail
