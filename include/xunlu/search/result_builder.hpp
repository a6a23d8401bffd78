// The one result builder of grid searches: status and reason from the search phase, the
// cell path from the parent chain, cost, length, partial flag, statistics and trace.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/search_observer.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::search {

/// Appends the cells from `from` (exclusive) to `to` (inclusive): a straight or diagonal run
/// (one cell for neighbouring cells).
void append_segment(std::vector<cell>& path, cell from, cell to);

/// Status, reason and partial flag for a finished search phase (not idle/running-only).
void describe_outcome(search_result& out, search_phase phase, const search_request& request,
                      const search_stats& stats, const std::string& failure);

/// Fills the path (cells, start first) along a chain of node ids given end first.
void fill_path(search_result& out, const grid::grid_map& map,
               const std::vector<std::uint32_t>& chain_end_first);

/// Fills trace.expanded (closing order), trace.open (still open at the end) and trace.events.
template <class IsClosed>
void fill_trace(search_result& out, const grid::grid_map& map, const trace_observer& trace,
                IsClosed is_closed) {
    out.trace.events.reserve(trace.events().size());
    for (const auto& e : trace.events()) {
        const cell c = map.cell_of(e.id);
        out.trace.events.push_back({c, e.kind});
        if (e.kind == node_event::closed) {
            out.trace.expanded.push_back(c);
        } else if (!is_closed(e.id)) {
            out.trace.open.push_back(c);
        }
    }
}

/// Builds the result of a finished (or abandoned) grid search. `parent_id(id, record)` gives
/// the previous node on the chain or no_id; `trace` may be null.
template <class Parent, class ParentId>
search_result build_result(const best_first<Parent>& core, const grid::grid_map& map,
                           const search_request& request, ParentId parent_id,
                           const trace_observer* trace) {
    search_result out;
    const search_phase phase = core.phase();
    describe_outcome(out, phase, request, core.stats(), core.failure());
    out.stats = core.stats();
    out.stats.memory_bytes = core.memory_bytes();
    if (phase == search_phase::invalid || phase == search_phase::idle) {
        out.stats = {};
        return out;
    }
    const bool has_path = phase == search_phase::found || phase == search_phase::out_of_budget ||
                          phase == search_phase::running;
    if (has_path && core.end_id() != no_id && core.node(core.end_id()) != nullptr) {
        std::vector<std::uint32_t> chain;
        for (std::uint32_t i = core.end_id(); i != no_id; i = parent_id(i, core.parent(i))) {
            chain.push_back(i);
        }
        fill_path(out, map, chain);
        out.cost = core.node(core.end_id())->g;
    }
    if (trace != nullptr && request.record_trace) {
        fill_trace(out, map, *trace, [&](std::uint32_t id) { return core.closed(id); });
    }
    return out;
}

} // namespace xunlu::search
