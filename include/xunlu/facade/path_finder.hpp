// One path query by algorithm name (path_query in, path_result out) and the per-thread search
// object that answers it, reusing its finder between queries.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "xunlu/facade/map.hpp"
#include "xunlu/overlays/query_layers.hpp"
#include "xunlu/search/finder.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::facade {

/// One query: which registered algorithm (see `xunlu algorithms`: "astar", "dijkstra", "jps",
/// "jps-block", "jps+", ...) and the search request (start and goal in cells, movement rule,
/// stop_within in cells, expansion budget, deadline, memory cap). Meant for designated
/// initialisers: `{.algorithm = "jps", .search = {.start = {0, 0}, .goal = {9, 4}}}`.
struct path_query {
    std::string algorithm = "astar";
    search::search_request search{};
    /// What the unit knows and prefers (borrowed for the call): a player's fog, influence
    /// layers weighted into the terrain, a unit size N (start, goal and path then name the
    /// N x N footprint's top-left cell). See overlays::layered_map; a size alone costs one sized
    /// map per (map version, size), kept with the map.
    overlays::query_layers layers{};
};

/// The answer: status (found, no_path, budget_exhausted, invalid_input, resource_exhausted) with
/// a reason, the path in cells from start to goal, its cost in cost units and its length in
/// cells (1 per straight step, sqrt 2 per diagonal one), and statistics.
using path_result = search::search_result;

/// Answers path queries. Holds the finder of the last algorithm asked for, with its scratch
/// memory, so repeated queries allocate little.
///
/// Thread safety: not thread-safe; keep one path_finder per thread. The maps it searches may be
/// shared by all threads.
class XUNLU_API path_finder {
  public:
    /// Never throws. An unknown algorithm name, a start or goal outside the map give
    /// `invalid_input` with a reason; nothing is searched. Running out of memory gives
    /// `resource_exhausted`. Cancels a sliced search that is running.
    [[nodiscard]] path_result find(const map& m, const path_query& query);

    /// Sliced search: one search spread over several calls (game ticks), as Detour's
    /// init / update / finalize. `start` prepares `query` on `m`; then `step(budget)` until it
    /// returns true; then `finish` gives the same result `find` would have. Only algorithms
    /// whose algorithm_info::stepping is true pause inside (see facade::algorithms()); for the
    /// others, an unknown name or a bad request `start` returns false and `finish` gives the
    /// invalid_input result with its reason. The finder keeps its own reference to the map
    /// version (and to the grid the layers make), so `m` may go; the layers themselves are read
    /// during start only. A search already running is cancelled first. Never throws.
    [[nodiscard]] bool start(const map& m, const path_query& query);
    /// Expands at most `budget` more nodes (0 = no limit) of the running search. Returns true
    /// once the search is over (found, no path, its request's own max_expansions or deadline
    /// reached, refused, out of memory) and false when it needs more steps; true when no search
    /// is running. Never throws.
    [[nodiscard]] bool step(std::uint64_t budget);
    /// The result of the search started last, running what is left of it first when `step`
    /// has not returned true yet. Ends the search. Without a started search: invalid_input
    /// saying so. Never throws.
    [[nodiscard]] path_result finish();
    /// Drops the running search without finishing it; nothing more is expanded.
    void cancel() noexcept;
    /// True from a `start` until its `finish` or `cancel`.
    [[nodiscard]] bool searching() const noexcept { return sliced_ != slice_state::idle; }

  private:
    enum class slice_state : std::uint8_t { idle, running, done, refused };

    path_result find_unguarded(const map& m, const path_query& query);
    /// The finder for `algorithm` (made or kept); nullptr and `refusal` set for an unknown name.
    search::finder* finder_for(const std::string& algorithm, path_result& refusal);
    /// The grid the query's layers make of `m` (m's own grid without layers), or the refusal.
    result<std::shared_ptr<const grid::grid_map>> searched_grid(const map& m,
                                                                const path_query& query);
    void forget_finder() noexcept;

    std::string algorithm_;
    std::unique_ptr<search::finder> finder_;
    // The sliced search: what it runs on, and its answer when it was refused at start.
    slice_state sliced_ = slice_state::idle;
    std::shared_ptr<const grid::map_snapshot> sliced_snapshot_;
    std::shared_ptr<const grid::grid_map> sliced_grid_;
    path_result sliced_refusal_;
};

/// One query with a fresh path_finder (convenient; a loop of queries should keep a path_finder).
/// Thread-safe for distinct calls.
[[nodiscard]] XUNLU_API path_result find_path(const map& m, const path_query& query);

} // namespace xunlu::facade
