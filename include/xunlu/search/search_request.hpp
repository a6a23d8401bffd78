// What one grid search is asked to do: endpoints, rules, heuristic, budget and deadline.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/hex_layout.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/search/heuristic.hpp"

namespace xunlu::search {

class landmark_table;
struct build_budget;
struct landmark_ranges_goal;

/// An inclusive box of cells (unpadded coordinates) a search may not leave: cells outside it
/// count as blocked. Used for local searches (the hybrid's windows) without copying the map.
struct search_window {
    cell min;
    cell max;
    [[nodiscard]] constexpr bool contains(cell c) const noexcept {
        return c.x >= min.x && c.y >= min.y && c.x <= max.x && c.y <= max.y;
    }
    [[nodiscard]] constexpr std::int64_t area() const noexcept {
        return std::int64_t{max.x - min.x + 1} * std::int64_t{max.y - min.y + 1};
    }
};

struct search_request {
    cell start;
    cell goal;
    grid::movement_rules rules{};
    heuristic_kind heuristic = heuristic_kind::automatic;
    /// Whether low obstacles (units) block this query. High obstacles always block.
    bool low_obstacles_block = true;
    /// Succeed as soon as a cell within this Chebyshev distance (cells) of the goal is expanded.
    /// 0 = the goal itself. The goal cell may then be blocked.
    std::int32_t stop_within = 0;
    /// Node budget: at most this many expansions (0 = unlimited). When it runs out the result is
    /// `budget_exhausted` with a partial path to the expanded cell nearest the goal.
    std::uint64_t max_expansions = 0;
    /// Optional wall-clock deadline, checked every 256 expansions; treated like the budget.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    /// Optional cancellation flag, checked with the deadline (every 256 expansions); once set
    /// the search stops as if the budget ran out (`budget_exhausted`, reason "cancelled").
    /// The flag must outlive the search.
    const std::atomic<bool>* cancel = nullptr;
    /// Memory cap in bytes for this search's scratch (node store and OPEN; per-map caches
    /// such as JPS tables are not counted). 0 = no cap. Passing it ends the search with
    /// `resource_exhausted`.
    std::size_t max_memory_bytes = 0;
    /// Optional budget for the per-map data a first query builds (build_budget.hpp): the
    /// subgoal graph and hierarchy stop when they pass it and the query ends
    /// `resource_exhausted` with the reason. Null: no limit. Must outlive the search.
    const build_budget* preprocess = nullptr;
    /// Optional box the search stays inside (A* and Dijkstra; the JPS variants fall back to A*
    /// and say so). Start and goal must lie in it. The node memory then follows the window.
    std::optional<search_window> window;
    /// Cost added per 45 degrees of turning between two steps (cost units, finite, >= 0), so
    /// the least-cost path itself turns less. Set (even to 0), A* and Dijkstra search over
    /// (cell, heading) states and `cost` includes the penalties; unset, plain cells. The start
    /// has no heading: its first step is free of penalty. The JPS variants fall back to A*;
    /// the walking methods refuse it (registry capability `turn_penalty`).
    std::optional<double> turn_penalty;
    /// Set: the map is a hex map stored in this layout (grid::hex_layout). A* and Dijkstra then
    /// step to the six neighbouring hexes, each step costing the straight step cost times the
    /// entered hex's terrain cost, with the hex-distance heuristic (`automatic`) or none
    /// (`zero`); `rules.moves` and `rules.corners` do not apply, `length` counts hex steps and
    /// `stop_within` is a hex distance. The JPS variants fall back to A*; the walking methods
    /// refuse it (registry capability `hex`). Not combined with turn_penalty or window.
    std::optional<grid::hex_layout> hex;
    /// Weighted A*: the heuristic is multiplied by this weight (finite, >= 1). Above 1 the
    /// search expands fewer cells and returns a path whose cost is at most `weight` times the
    /// optimal cost (bounded-suboptimal; A* with a consistent heuristic such as `octile` or
    /// `automatic`, nodes never reopened). 1 = optimal. Dijkstra has no heuristic to weigh
    /// (registry capability `weight`: ignored); the JPS variants fall back to A* with the
    /// weight; the walking methods ignore it. Not combined with turn_penalty or hex.
    double weight = 1.0;
    /// Differential heuristic: set, A* and the JPS variants use max(the request's heuristic,
    /// the landmark bounds of this table), still consistent, so answers stay optimal. The table
    /// must be built for this map's size, `rules` and mask (search::landmark_table) and outlive
    /// the search. The `astar-dh` and `jps-dh` finders build it on first use. The base heuristic
    /// may be octile, Manhattan (4-connected), Chebyshev or zero (not Euclidean); not combined
    /// with turn_penalty, hex or weight.
    const landmark_table* landmarks = nullptr;
    /// Optional landmark distance ranges per block of cells and the goal's distances
    /// (search::landmark_ranges_goal): the jps module's searches (`jps-pruned`, `jps-block`,
    /// `jps-online`, `jps+`, `subgoal`) then use max(their base heuristic, the range bounds),
    /// admissible but not consistent, and open closed nodes
    /// again, so answers stay optimal. Must be built for this map's size, `rules` (8-connected,
    /// no corner cutting) and mask, and outlive the search; set by `hpa-exact`. Not combined
    /// with `landmarks`; other searches (and the A* fallback) use their own heuristic.
    const landmark_ranges_goal* landmark_ranges = nullptr;
    /// Canonical pruning (A* and Dijkstra on 8-connected grids without corner cutting and
    /// without terrain costs, with a consistent heuristic, also inside a window): a cell expands
    /// only the moves a shortest path can continue with after the move that reached it (Sturtevant
    /// & Rabin's canonical ordering, Jump Point Search's rules one step at a time). Same costs,
    /// about the same expansions, far fewer cells generated and OPEN updates. false = every
    /// neighbour, the textbook A* (e.g. to compare with another engine's A*).
    bool canonical_pruning = true;
    /// Record the expanded and still-open cells in the result (recorded during the run).
    bool record_trace = false;

    [[nodiscard]] grid::obstacle_mask mask() const noexcept {
        return low_obstacles_block ? grid::obstacle_mask::high_and_low
                                   : grid::obstacle_mask::high_only;
    }
};

} // namespace xunlu::search
