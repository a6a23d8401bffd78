// The walking methods of the hybrid comparison behind the common finder interface.
#include "method_finder.hpp"

#include <string>

#include "xunlu/grid/path_check.hpp"

namespace xunlu::registry::detail {

search::search_result method_finder::find(const grid::grid_map& map,
                                          const search::search_request& request) {
    search::search_result out;
    if (request.stop_within != 0) {
        out.status = search::search_status::invalid_input;
        out.reason = std::string(name_) + ": stop_within is not supported (it walks to the goal)";
        return out;
    }
    if (request.turn_penalty) {
        out.status = search::search_status::invalid_input;
        out.reason = std::string(name_) + ": turn penalties are not supported (it walks, it does "
                                          "not search over headings)";
        return out;
    }
    if (request.hex) {
        out.status = search::search_status::invalid_input;
        out.reason = std::string(name_) + ": hex maps are not supported (it walks square-grid "
                                          "lines; use astar or dijkstra)";
        return out;
    }
    hybrid::method_result m = run_(map, request);
    out.status = m.status;
    out.reason = std::move(m.reason);
    out.stats.expanded = m.expanded;
    out.stats.memory_bytes = m.memory_bytes;
    if (m.found()) {
        out.path = std::move(m.path);
        out.length = grid::path_length(out.path);
        out.cost = grid::path_cost(map, out.path, request.rules);
    }
    if (request.record_trace) out.trace.expanded = std::move(m.recorded_cells);
    return out;
}

} // namespace xunlu::registry::detail
