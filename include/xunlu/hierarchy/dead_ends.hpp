// Dead ends (after Björnsson & Halldórsson's dead-end heuristic, 2006): areas a path can only
// enter and leave through one gap cell (rooms with one door, alcoves, corridor ends), found as
// the subtrees behind articulation cells of the map's move graph. A search skips every dead end
// that holds neither its start nor its goal; shortest paths never enter one (they would pass
// the gap twice), so answers stay optimal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::hierarchy {

/// The dead-end areas of one map under one movement rule and obstacle mask. Areas nest: an
/// alcove of a room with one door is an area inside the room's area. Immutable once built;
/// shared by every thread (a derived value of the map: an edited map version builds its own).
class dead_end_map {
  public:
    /// Largest map a dead-end map is built for (cells): the build holds 16 bytes per cell.
    static constexpr std::int64_t max_cells = std::int64_t{1} << 24;
    static constexpr std::uint32_t none = 0; ///< area id of cells in no dead end

    /// Depth-first search over the passable cells with the rule's legal moves (iterative, one
    /// pass, Hopcroft-Tarjan low links). Precondition: width * height <= max_cells.
    static dead_end_map build(const grid::grid_map& map, grid::movement_rules rules,
                              grid::obstacle_mask mask);

    /// The innermost dead-end area holding cell `c` (an in-map cell), or `none`.
    [[nodiscard]] std::uint32_t area_of(cell c) const noexcept {
        return area_[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) +
                     static_cast<std::size_t>(c.x)];
    }
    /// The area `a` lies in (the next one out), or `none`.
    [[nodiscard]] std::uint32_t parent(std::uint32_t a) const noexcept { return parent_[a]; }
    /// Areas, plus one (ids run from 1).
    [[nodiscard]] std::size_t area_slots() const noexcept { return parent_.size(); }
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

    /// The derived-cache key for (rules, mask).
    [[nodiscard]] static std::uint64_t cache_key(grid::movement_rules rules,
                                                 grid::obstacle_mask mask) noexcept;

  private:
    std::int32_t width_ = 0;
    std::vector<std::uint32_t> area_;   ///< per cell (row-major, unpadded)
    std::vector<std::uint32_t> parent_; ///< per area id
};

/// A* that skips the dead ends holding neither start nor goal (registry `astar-deadend`). The
/// dead-end map is built on first use in the map's derived cache. Every movement rule and
/// terrain costs are searched natively; stop_within > 0, turn penalties, hex maps, windows,
/// weights and maps over dead_end_map::max_cells run plain A* (said in `reason`).
class dead_end_astar {
  public:
    dead_end_astar();
    dead_end_astar(dead_end_astar&&) noexcept;
    dead_end_astar& operator=(dead_end_astar&&) noexcept;
    ~dead_end_astar();

    search::search_result find_path(const grid::grid_map& map,
                                    const search::search_request& request);

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::hierarchy
