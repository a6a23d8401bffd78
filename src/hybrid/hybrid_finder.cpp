// The hybrid of the paper's section 3: straight-line walking, local window A* when an obstacle
// is within k cells ahead, widening windows, and a visible full-map A* fallback.
#include "xunlu/hybrid/hybrid_finder.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <vector>

#include "cell_box.hpp"
#include "line_walk.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::hybrid {

namespace {

std::int32_t chebyshev(cell a, cell b) {
    return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y));
}

std::int64_t distance2(cell a, cell b) {
    const std::int64_t dx = a.x - b.x;
    const std::int64_t dy = a.y - b.y;
    return dx * dx + dy * dy;
}

/// Mutable state of one hybrid run.
class hybrid_run {
  public:
    hybrid_run(const grid::grid_map& map, const search::search_request& request,
               const hybrid_options& options)
        : map_(map), request_(request), options_(options) {
        out_.method = method_kind::hybrid;
        local_ = request;
        local_.stop_within = 0;
        local_.max_expansions = 0;
        local_.deadline.reset();
        local_.cancel = nullptr;
        local_.record_trace = true; // counts the cells recorded in OPEN (window-sized)
        max_local_ = options.max_local_searches != 0
                         ? options.max_local_searches
                         : 2u * static_cast<std::uint32_t>(map.width() + map.height()) + 16u;
    }

    method_result run() {
        const auto mask = request_.mask();
        cell pos = request_.start;
        out_.path.push_back(pos);
        std::int64_t last_trigger_distance = distance2(pos, request_.goal) + 1;
        const std::int32_t k = std::max(1, options_.k);
        for (;;) {
            const detail::straight_line line(pos, request_.goal);
            const auto& cells = line.cells();
            line_bytes_ = std::max(line_bytes_, line.memory_bytes());
            peak_ = std::max(peak_, line_bytes_);
            // Walk straight while no blocked line cell is within k cells ahead.
            std::size_t i = 0;
            std::size_t blocked_at = 0;
            for (;;) {
                if (i == line.last()) return finish_found();
                for (std::size_t j = i + 1; j <= line.last(); ++j) {
                    if (chebyshev(cells[j], cells[i]) > k) break;
                    if (!map_.passable(cells[j], mask)) {
                        blocked_at = j;
                        break;
                    }
                }
                if (blocked_at != 0) break;
                const auto move = detail::next_line_move(map_, line, i, request_.rules, mask);
                i = move.next; // advanced: the next cell is within k >= 1 and free
                detail::append_step(out_.path, cells[i], map_, request_.rules, mask);
                ++out_.steps;
            }
            pos = cells[i];
            ++out_.obstacle_hits;
            const std::int64_t d = distance2(pos, request_.goal);
            if (d >= last_trigger_distance || out_.local_searches >= max_local_) {
                return fallback(pos); // no progress since the last local search: stop guessing
            }
            last_trigger_distance = d;
            // Rejoin candidates: past each blocked run of the line, its first free cell a
            // unit may stand on (the goal, last on the line, is always one).
            std::vector<cell> candidates;
            std::size_t r = blocked_at;
            while (candidates.size() < max_candidates && r <= line.last()) {
                while (r < line.last() && (!map_.passable(cells[r], mask) || !line.standable(r))) {
                    ++r;
                }
                candidates.push_back(cells[r]);
                while (r <= line.last() && map_.passable(cells[r], mask)) ++r;
            }
            const auto reached = local_search(pos, candidates);
            if (!reached) return fallback(pos);
            pos = *reached;
        }
    }

  private:
    /// A* between the unit and a rejoin candidate inside a window; windows are widened on
    /// failure. Each search runs from the candidate back to the unit, so a candidate in a
    /// closed pocket fails after flooding only the pocket; a candidate whose failed search
    /// never reached the window's edge (away from the map's edge) is dropped for good.
    /// Returns the candidate reached, with the path appended.
    std::optional<cell> local_search(cell from, const std::vector<cell>& candidates) {
        std::vector<bool> dead(candidates.size(), false);
        std::vector<detail::cell_box> previous(candidates.size(), {{-1, -1}, {-1, -1}});
        for (std::int32_t attempt = 0; attempt <= options_.widen_steps; ++attempt) {
            const std::int64_t margin = std::int64_t{std::max(1, options_.window)}
                                        << std::min(attempt, 20);
            bool any_live = false;
            for (std::size_t c = 0; c < candidates.size(); ++c) {
                if (dead[c]) continue;
                const cell to = candidates[c];
                const auto box = detail::box_around(
                    map_, from, to,
                    static_cast<std::int32_t>(std::min<std::int64_t>(margin, 1 << 30)));
                if (box.min == previous[c].min && box.max == previous[c].max) {
                    dead[c] = true; // the window already covers the map
                    continue;
                }
                previous[c] = box;
                local_.start = to;
                local_.goal = from;
                local_.window = search::search_window{box.min, box.max};
                auto r = engine_.find_path(map_, local_);
                ++out_.local_searches;
                if (attempt > 0) ++out_.widenings;
                out_.recorded += r.trace.expanded.size() + r.trace.open.size();
                out_.expanded += r.stats.expanded;
                peak_ = std::max(peak_, engine_.memory_bytes() + line_bytes_);
                if (request_.record_trace) {
                    out_.recorded_cells.insert(out_.recorded_cells.end(), r.trace.expanded.begin(),
                                               r.trace.expanded.end());
                    out_.recorded_cells.insert(out_.recorded_cells.end(), r.trace.open.begin(),
                                               r.trace.open.end());
                }
                if (r.found()) {
                    for (std::size_t s = r.path.size() - 1; s-- > 0;) {
                        detail::append_step(out_.path, r.path[s], map_, request_.rules,
                                            request_.mask());
                    }
                    return to;
                }
                if (r.status != search::search_status::no_path) return std::nullopt;
                if (!touches_inner_edge(r.trace.expanded, box)) {
                    dead[c] = true; // a closed pocket: no window makes it reachable
                } else {
                    any_live = true;
                }
            }
            if (!any_live) break;
        }
        return std::nullopt;
    }

    /// True when a cell lies on an edge of the window that is not an edge of the map: the
    /// search would have gone on in a bigger window.
    bool touches_inner_edge(const std::vector<cell>& expanded, const detail::cell_box& b) const {
        for (const cell c : expanded) {
            if ((c.x == b.min.x && b.min.x > 0) || (c.y == b.min.y && b.min.y > 0) ||
                (c.x == b.max.x && b.max.x < map_.width() - 1) ||
                (c.y == b.max.y && b.max.y < map_.height() - 1)) {
                return true;
            }
        }
        return false;
    }

    /// Full-map A* from the unit's cell to the goal; decides for good.
    method_result fallback(cell from) {
        out_.fallback = true;
        local_.window.reset(); // the whole map
        local_.start = from;
        local_.goal = request_.goal;
        auto r = engine_.find_path(map_, local_);
        out_.recorded += r.trace.expanded.size() + r.trace.open.size();
        out_.expanded += r.stats.expanded;
        peak_ = std::max(peak_, engine_.memory_bytes() + line_bytes_);
        if (request_.record_trace) {
            out_.recorded_cells.insert(out_.recorded_cells.end(), r.trace.expanded.begin(),
                                       r.trace.expanded.end());
            out_.recorded_cells.insert(out_.recorded_cells.end(), r.trace.open.begin(),
                                       r.trace.open.end());
        }
        if (!r.found()) {
            out_.status = r.status == search::search_status::no_path
                              ? search::search_status::no_path
                              : r.status;
            out_.reason = r.status == search::search_status::no_path
                              ? "goal " + search::cell_text(request_.goal) +
                                    " is unreachable from start " +
                                    search::cell_text(request_.start) +
                                    " (confirmed by the full-map fallback A*)"
                              : r.reason;
            out_.path.clear();
            out_.memory_bytes = peak_;
            return std::move(out_);
        }
        for (std::size_t s = 1; s < r.path.size(); ++s) {
            detail::append_step(out_.path, r.path[s], map_, request_.rules, request_.mask());
        }
        return finish_found();
    }

    method_result finish_found() {
        out_.status = search::search_status::found;
        out_.length = grid::path_length(out_.path);
        out_.memory_bytes = peak_;
        return std::move(out_);
    }

    const grid::grid_map& map_;
    const search::search_request& request_;
    const hybrid_options& options_;
    search::search_request local_;
    search::astar engine_;
    method_result out_;
    std::size_t peak_ = 0;
    std::size_t line_bytes_ = 0;
    std::uint32_t max_local_ = 0;
    static constexpr std::size_t max_candidates = 4;
};

} // namespace

method_result find_path_hybrid(const grid::grid_map& map, const search::search_request& request,
                               const hybrid_options& options) {
    const auto t0 = std::chrono::steady_clock::now();
    method_result out;
    // The one request validation; these methods ignore stop_within, so the goal must be free.
    search::search_request checked = request;
    checked.stop_within = 0;
    if (auto problem = search::request_problem(map, checked)) {
        out.method = method_kind::hybrid;
        out.status = search::search_status::invalid_input;
        out.reason = std::move(*problem);
    } else {
        out = hybrid_run(map, request, options).run();
    }
    out.time_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

} // namespace xunlu::hybrid
