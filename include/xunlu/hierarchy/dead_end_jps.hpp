// Jump Point Search on the map's core: the map with every dead end (dead_end_map) blocked, for
// queries whose start and goal lie in no dead end. Registry `jps-deadend`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/jps/bit_grid.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::hierarchy {

class dead_end_map;

/// The bit grids (rows and their transpose) of a map with its small dead ends blocked: a
/// derived value of the map version, built from its dead-end map on first use (after an edit,
/// built again from the repaired dead-end map). Dead-end areas are relative to where the
/// map's depth-first search began (from a small pocket, the rest of the map is "behind" its
/// gap), so areas holding at least 1/open_share of the free cells, with their sub-areas, stay
/// open; the others are blocked.
struct dead_end_core {
    static constexpr std::size_t open_share = 16;
    std::shared_ptr<const jps::bit_grid> rows;
    std::shared_ptr<const jps::bit_grid> cols;
    std::vector<std::uint8_t> open; ///< per dead-end area id: 1 when not blocked (`none`: 1)
    std::size_t blocked = 0;        ///< free cells of the map the core blocks

    static dead_end_core build(const grid::grid_map& map, const dead_end_map& ends,
                               grid::obstacle_mask mask);
    /// The derived-cache key for (rules, mask).
    [[nodiscard]] static std::uint64_t cache_key(grid::movement_rules rules,
                                                 grid::obstacle_mask mask) noexcept;
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return rows->memory_bytes() + cols->memory_bytes() + open.capacity();
    }
};

/// Pruned block-based JPS (jps-pruned) that, when neither the start nor the goal lies in a
/// blocked dead end, searches the core instead of the map. Some shortest path avoids every dead
/// end holding neither (a path in and out of one can walk along its gap instead), so answers
/// stay optimal.
/// Other queries, maps with terrain costs (gates are exact on uniform costs only), maps over
/// dead_end_map::max_cells (said in `reason`), and what jps-pruned does not search natively
/// (corner-cutting rules, stop_within, windows, ...) run jps-pruned on the map itself. One per
/// thread.
class dead_end_jps {
  public:
    dead_end_jps();

    search::search_result find_path(const grid::grid_map& map,
                                    const search::search_request& request);
    /// Stepwise use, as jps::block_jps.
    bool start(const grid::grid_map& map, const search::search_request& request);
    bool step(std::uint64_t budget = 0);
    search::search_result finish();
    /// Bytes the engine holds: its node table and OPEN, and the core's two bit grids (shared
    /// with the map's cache, counted here as block_jps counts them).
    [[nodiscard]] std::size_t memory_bytes() const noexcept { return engine_.memory_bytes(); }

  private:
    jps::block_jps engine_;
    std::size_t ends_bytes_ = 0; ///< the last query's dead-end map, counted as preprocessing
    std::string note_;           ///< said in `reason`: why the map itself was searched
};

} // namespace xunlu::hierarchy
