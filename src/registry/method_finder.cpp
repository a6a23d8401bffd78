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
    return hybrid::to_search_result(run_(map, request), map, request);
}

} // namespace xunlu::registry::detail
