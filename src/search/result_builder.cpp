// The non-template parts of the result builder: outcome text and path cells.
#include "xunlu/search/result_builder.hpp"

#include <algorithm>
#include <cstdlib>
#include <numbers>

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
    const std::int32_t dx = to.x - from.x;
    const std::int32_t dy = to.y - from.y;
    const std::int32_t ax = std::abs(dx);
    const std::int32_t ay = std::abs(dy);
    const std::int32_t diagonal = std::min(ax, ay);
    const std::int32_t straight = std::max(ax, ay) - diagonal;
    // Sized once and written through a pointer: the cell-by-cell push_back loop was a tenth of
    // a short JPS+ query.
    const std::size_t at = path.size();
    path.resize(at + static_cast<std::size_t>(diagonal + straight));
    cell* out = path.data() + at;
    cell c = from;
    const std::int32_t sx = sign(dx);
    const std::int32_t sy = sign(dy);
    for (std::int32_t i = 0; i < diagonal; ++i) {
        c.x += sx;
        c.y += sy;
        *out++ = c;
    }
    const std::int32_t tx = ax > ay ? sx : 0;
    const std::int32_t ty = ay > ax ? sy : 0;
    for (std::int32_t i = 0; i < straight; ++i) {
        c.x += tx;
        c.y += ty;
        *out++ = c;
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
    // The step counts first: one allocation for the whole path, and its length from whole
    // numbers of straight and diagonal steps instead of a second pass adding 1 or sqrt 2 per
    // cell (together about a sixth of a short JPS+ query). A segment walks its diagonal steps,
    // min(|dx|, |dy|), then its straight ones (append_segment).
    std::int64_t straight = 0;
    std::int64_t diagonal = 0;
    for (std::size_t k = chain_end_first.size() - 1; k > 0; --k) {
        const cell a = map.cell_of(chain_end_first[k]);
        const cell b = map.cell_of(chain_end_first[k - 1]);
        const std::int64_t dx = std::abs(std::int64_t{b.x} - a.x);
        const std::int64_t dy = std::abs(std::int64_t{b.y} - a.y);
        diagonal += std::min(dx, dy);
        straight += std::max(dx, dy) - std::min(dx, dy);
    }
    out.path.clear();
    out.path.reserve(static_cast<std::size_t>(1 + straight + diagonal));
    out.path.push_back(map.cell_of(chain_end_first.back()));
    for (std::size_t k = chain_end_first.size() - 1; k > 0; --k) {
        append_segment(out.path, map.cell_of(chain_end_first[k]),
                       map.cell_of(chain_end_first[k - 1]));
    }
    out.length =
        static_cast<double>(straight) + static_cast<double>(diagonal) * std::numbers::sqrt2;
}

} // namespace xunlu::search
