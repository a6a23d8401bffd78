// A* (and Dijkstra, with the zero heuristic) on grid maps: a reusable search object whose
// node table is reset per query by a generation stamp, with an indexed binary heap for OPEN.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/indexed_heap.hpp"
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
    /// Cost from the last search's start to `c`, if `c` was expanded (closed) by it.
    [[nodiscard]] std::optional<double> distance(cell c) const noexcept;

    /// Bytes held by the node table and the heap.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    /// 16 bytes per cell: four neighbours share a cache line. The parent is kept apart as a
    /// direction byte (parent_dir_), written only when g improves.
    struct node {
        double g;
        std::uint32_t heap_slot;
        std::uint32_t stamp;
    };
    /// Direction 0..7 of the step from the parent into a cell. An enum, not a char type, so
    /// writes to it do not alias (and force reloads of) everything else in the hot loop.
    enum class step_dir : std::uint8_t {};
    static constexpr step_dir no_parent = step_dir{0xff};
    struct slot_of {
        node* nodes = nullptr;
        std::uint32_t& operator()(std::uint32_t id) const noexcept { return nodes[id].heap_slot; }
    };
    static constexpr std::uint32_t closed_slot = std::numeric_limits<std::uint32_t>::max();
    static constexpr std::uint32_t fast_slot = closed_slot - 1; ///< open, on the fast stack
    static constexpr std::uint32_t no_slot = closed_slot - 2;
    static constexpr std::uint32_t no_index = std::numeric_limits<std::uint32_t>::max();

    enum class phase : std::uint8_t {
        idle,
        running,
        found,
        exhausted_open,
        out_of_budget,
        invalid
    };

    void prepare(const grid::grid_map& map);
    node& touch(std::uint32_t index) noexcept;
    template <class Heuristic, bool HasCosts> void run(Heuristic h, std::uint64_t budget);
    void dispatch(std::uint64_t budget);

    const grid::grid_map* map_ = nullptr;
    search_request request_{};
    std::vector<node> nodes_;
    std::vector<step_dir> parent_dir_; ///< direction (0..7) from the parent to the cell
    indexed_heap<slot_of> open_;
    std::vector<std::uint32_t> fast_; ///< OPEN nodes with minimal f that bypass the heap
    std::uint32_t generation_ = 0;
    std::uint32_t start_index_ = 0;
    std::uint32_t goal_index_ = no_index;
    std::uint32_t best_index_ = 0;
    double best_h_ = 0;
    phase phase_ = phase::idle;
    std::string reason_;
    search_stats stats_{};
};

/// Convenience: a one-off A* search with a temporary engine.
[[nodiscard]] search_result find_path_astar(const grid::grid_map& map,
                                            const search_request& request);

} // namespace xunlu::search
