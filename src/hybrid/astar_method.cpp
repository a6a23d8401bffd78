// A* (unchanged, from the search module) reported in the comparison's terms.
#include "xunlu/hybrid/astar_method.hpp"

#include <chrono>

#include "xunlu/search/astar.hpp"

namespace xunlu::hybrid {

method_result find_path_astar_method(const grid::grid_map& map,
                                     const search::search_request& request) {
    method_result out;
    out.method = method_kind::astar;
    search::astar engine;
    // Cells recorded in OPEN: every cell that got a node (expanded or still open), counted by
    // the trace observer in the one timed run (the engine may keep some open nodes outside its
    // heap, so heap pushes would undercount). The walking methods' local searches record the
    // same way, so both sides pay for it.
    auto traced = request;
    traced.record_trace = true;
    const auto t0 = std::chrono::steady_clock::now();
    auto r = engine.find_path(map, traced);
    out.time_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    out.recorded = r.trace.expanded.size() + r.trace.open.size();
    if (request.record_trace) {
        out.recorded_cells = std::move(r.trace.expanded);
        out.recorded_cells.insert(out.recorded_cells.end(), r.trace.open.begin(),
                                  r.trace.open.end());
    }
    out.status = r.status;
    out.reason = std::move(r.reason);
    out.expanded = r.stats.expanded;
    out.memory_bytes = r.stats.memory_bytes;
    if (r.found()) {
        out.path = std::move(r.path);
        out.length = r.length;
    }
    return out;
}

} // namespace xunlu::hybrid
