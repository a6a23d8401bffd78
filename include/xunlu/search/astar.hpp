// A* (and Dijkstra, with the zero heuristic) on grid maps: the best-first template with the
// grid neighbour expander; a reusable search object whose memory is reset per query by stamp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/grid_expander.hpp"
#include "xunlu/search/search_observer.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::search {

/// One A* search engine. Not thread-safe: use one per thread; reuse it across queries (its
/// memory is kept and reset in O(1) per query). The map must outlive a running search.
///
/// One-shot use: `find_path(map, request)`. Stepwise use (spreading work over game ticks):
/// `start`, then `step(budget)` until it returns true, then `finish`.
class astar {
  public:
    astar();
    astar(const astar&) = delete;
    astar& operator=(const astar&) = delete;
    astar(astar&&) noexcept;
    astar& operator=(astar&&) noexcept;
    ~astar();

    /// Runs a whole search.
    search_result find_path(const grid::grid_map& map, const search_request& request);

    /// Prepares a search. Returns false when the request is invalid (then `finish` reports it).
    bool start(const grid::grid_map& map, const search_request& request);
    /// Expands at most `budget` nodes (0 = no limit). Returns true once the search is over.
    bool step(std::uint64_t budget = 0);
    /// Builds the result of the last search (call once `step` returned true).
    search_result finish();

    /// Runs Dijkstra from `source` over everything reachable (no goal). Afterwards
    /// `distance(c)` gives the exact cost to each reached cell.
    void explore_all(const grid::grid_map& map, cell source, grid::movement_rules rules,
                     grid::obstacle_mask mask);
    /// Cost from the last search's start to `c`, if `c` was expanded (closed) by it (with turn
    /// penalties: the least over the headings the cell was closed with).
    [[nodiscard]] std::optional<double> distance(cell c) const noexcept;

    /// Nodes expanded so far by the current (or last) search: what a stepping caller charges
    /// against its budget.
    [[nodiscard]] std::uint64_t expanded() const noexcept { return core_.stats().expanded; }

    /// Bytes held by the node store and OPEN.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

    /// Node ids above this count use the paged node store (for tests; default 2^22).
    void set_dense_limit(std::size_t ids) noexcept { dense_limit_ = ids; }

  private:
    /// FastStack off for weighted A* (f = g + w h is not monotone along a path).
    template <class Heuristic, bool HasCosts, class Observer, bool FastStack = true>
    void run(Heuristic h, Observer& observer, std::uint64_t budget);
    /// Weighted A* (request weight above 1) on square grids, traced or not.
    void dispatch_weighted(std::uint64_t budget);
    template <class Heuristic, bool HasCosts, class Observer>
    void run_turns(Heuristic h, Observer& observer, std::uint64_t budget);
    template <bool HasCosts, class Observer> void run_hex(Observer& observer, std::uint64_t budget);
    search_result finish_turns();
    void dispatch(std::uint64_t budget);

    const grid::grid_map* map_ = nullptr;
    search_request request_{};
    best_first<step_dir> core_;
    trace_observer trace_;
    std::uint32_t goal_index_ = no_id;
    std::size_t dense_limit_ = default_dense_limit;
    std::string reason_;
};

/// Convenience: a one-off A* search with a temporary engine.
[[nodiscard]] search_result find_path_astar(const grid::grid_map& map,
                                            const search_request& request);

} // namespace xunlu::search
