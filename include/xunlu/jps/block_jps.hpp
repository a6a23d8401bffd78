// Block-based Jump Point Search ("Improving Jump Point Search", Harabor & Grastien, ICAPS
// 2014): straight jumps scan 64 cells per step over bit-packed rows and a transposed copy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/jps/jump_pruning.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::jps {

class bit_grid;

/// Reusable block-based JPS engine (one per thread). Supports 8-connected moves with no
/// corner cutting (the Moving AI rule) and 4-connected moves, exact and 10/14 step costs; the
/// corner-cutting rules get invalid_input (use online_jps). Terrain costs and stop_within > 0
/// run A* (said in `reason`).
///
/// The bit rows live in the map's derived cache (grid_map::derived), one pair per obstacle
/// mask: built on the first query of any engine on that map, shared by every thread, repaired
/// from the parent snapshot's rows (copy and flip the edited cells) when the map is a
/// map_snapshot made by edits, and dropped when the map is mutated.
class block_jps {
  public:
    explicit block_jps(jump_pruning pruning = jump_pruning::none);
    block_jps(block_jps&&) noexcept;
    block_jps& operator=(block_jps&&) noexcept;
    ~block_jps();

    search::search_result find_path(const grid::grid_map& map,
                                    const search::search_request& request);
    /// Stepwise use: `start`, then `step(budget)` (at most `budget` expansions, 0 = no limit)
    /// until it returns true, then `finish`. Returns false when the request is rejected (invalid
    /// or unsupported: `finish` says why); a request run by the A* fallback starts it and
    /// returns true. step and finish work either way.
    bool start(const grid::grid_map& map, const search::search_request& request);
    /// `start` on bit grids given by the caller instead of the map's own: `rows` and its
    /// transpose `cols`, the map's size and padding, free only where the map is (a map with
    /// more cells blocked, such as dead ends left out: hierarchy::dead_end_jps). The search
    /// never enters a cell they block; start and goal must be free in them.
    bool start(const grid::grid_map& map, const search::search_request& request,
               std::shared_ptr<const bit_grid> rows, std::shared_ptr<const bit_grid> cols);
    bool step(std::uint64_t budget = 0);
    search::search_result finish();
    /// Maps with more padded cells than this use the paged node store (for tests).
    void set_dense_limit(std::size_t ids) noexcept;
    /// Lets go of the bit grids held since the last query (the map's cache keeps its own).
    void invalidate() noexcept;
    /// Bytes held by the node table, OPEN and the two bit grids.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;
    /// How many of this engine's queries built or repaired the bit grids: for tests of the cache.
    [[nodiscard]] std::size_t rebuilds() const noexcept;

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::jps
