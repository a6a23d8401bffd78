// The non-template parts of the result builder: outcome text and path cells.
#include "xunlu/search/result_builder.hpp"

#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::search {

namespace {

int sign(std::int32_t v) noexcept {
    return (v > 0) - (v < 0);
}

} // namespace

/// Cells after `from` up to `to`: diagonal moves while both coordinates differ, then straight
/// ones. Consecutive chain nodes are on one line, or (pruned JPS) a diagonal run followed by a
/// straight one, which is exactly this walk.
void append_segment(std::vector<cell>& path, cell from, cell to) {
    cell c = from;
    while (c != to) {
        c.x += sign(to.x - c.x);
        c.y += sign(to.y - c.y);
        path.push_back(c);
    }
}

void describe_outcome(search_result& out, search_phase phase, const search_request& request,
                      const search_stats& stats, const std::string& failure) {
    switch (phase) {
    case search_phase::found:
        out.status = search_status::found;
        return;
    case search_phase::exhausted_open:
        out.status = search_status::no_path;
        out.reason = "goal " + cell_text(request.goal) + " is unreachable from start " +
                     cell_text(request.start);
        return;
    case search_phase::out_of_budget:
    case search_phase::running:
        out.status = search_status::budget_exhausted;
        out.reason = request.max_expansions != 0 && stats.expanded >= request.max_expansions
                         ? "node budget of " + std::to_string(request.max_expansions) +
                               " expansions exhausted"
                     : request.cancel != nullptr && request.cancel->load(std::memory_order_relaxed)
                         ? "cancelled"
                         : "deadline passed";
        out.partial = true;
        return;
    case search_phase::out_of_memory:
        out.status = search_status::resource_exhausted;
        out.reason = failure.empty() ? std::string("out of memory") : failure;
        return;
    case search_phase::idle:
        out.status = search_status::invalid_input;
        out.reason = "no search was started";
        return;
    case search_phase::invalid:
        out.status = search_status::invalid_input;
        return;
    }
}

void fill_path(search_result& out, const grid::grid_map& map,
               const std::vector<std::uint32_t>& chain_end_first) {
    if (chain_end_first.empty()) return;
    out.path.push_back(map.cell_of(chain_end_first.back()));
    for (std::size_t k = chain_end_first.size() - 1; k > 0; --k) {
        append_segment(out.path, map.cell_of(chain_end_first[k]),
                       map.cell_of(chain_end_first[k - 1]));
    }
    out.length = grid::path_length(out.path);
}

} // namespace xunlu::search
