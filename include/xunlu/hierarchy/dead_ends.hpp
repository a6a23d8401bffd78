// Dead ends (after Björnsson & Halldórsson's dead-end heuristic, 2006): areas a path can only
// enter and leave through one gap (rooms with one door, alcoves, corridor ends), found as the
// subtrees behind articulation nodes of the map's move graph, where a node is a cell or a gate:
// a straight run of up to 8 free cells between two blocked ones, open on both sides (a door
// several cells wide).
// A search skips every dead end that holds neither its start nor its goal: a path that enters
// one leaves it through the same gap, and walking along the gap instead is never longer on
// uniform costs, so answers stay optimal. With terrain costs only one-cell gaps are skipped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::hierarchy {

/// What a repair did (or that a build was made instead): for logs, benchmarks and tests.
struct dead_end_repair {
    bool rebuilt = false;            ///< built from scratch (no repair: see dead_end_map::repair)
    std::size_t edits = 0;           ///< obstacle edits seen
    std::size_t areas_dissolved = 0; ///< areas an edit could have opened, given up
    std::size_t areas_added = 0;     ///< dead ends found again or anew around the edits
    std::size_t windows = 0;         ///< boxes searched around the edits
    std::size_t window_cells = 0;    ///< cells in those boxes
    double microseconds = 0;
};

/// The dead-end areas of one map under one movement rule and obstacle mask. Areas nest: an
/// alcove of a room with one door is an area inside the room's area. Immutable once built;
/// shared by every thread (a derived value of the map). An edited map version repairs its
/// parent's map around the edits (`repair`) instead of building anew.
class dead_end_map {
  public:
    /// Largest map a dead-end map is built for (cells): the build holds 16 bytes per cell.
    static constexpr std::int64_t max_cells = std::int64_t{1} << 24;
    static constexpr std::uint32_t none = 0; ///< area id of cells in no dead end
    /// Cells per side of the chunks the per-cell area ids are held in (shared between versions).
    static constexpr std::int32_t chunk_side = 64;
    /// Cells searched on each side of an edited cell when a repair looks for dead ends again.
    static constexpr std::int32_t repair_radius = 32;
    /// Longest gate: a maximal run of this many free cells or fewer, in a row (or a column,
    /// among cells in no row gate), with a blocked or off-map cell at each end and a free cell
    /// on both sides of each of its cells (a door across a wall, not a corridor along it).
    static constexpr std::int32_t max_gate_cells = 8;

    /// Depth-first search over the passable cells with the rule's legal moves (iterative, one
    /// pass, Hopcroft-Tarjan low links). Precondition: width * height <= max_cells.
    static dead_end_map build(const grid::grid_map& map, grid::movement_rules rules,
                              grid::obstacle_mask mask);

    /// The dead-end map of `map`, made from `old` (the map of the version `edits` were applied
    /// to). Every area holding a cell within one step of an obstacle edit (a new step may open
    /// it) is given up with the areas around it; the others stay dead ends, since edits add no
    /// other step. Then the dead ends inside a box of `repair_radius` cells around the edits are
    /// found again (a depth-first search in which everything outside the box is one node), so a
    /// closed door makes the room behind it a dead end. Areas the box does not hold whole are
    /// found again only by a build; given-up areas are kept as ids that resolve to the area
    /// around them, and a repair builds anew once they outnumber the live ones (`last_repair`).
    static dead_end_map repair(const dead_end_map& old, const grid::grid_map& map,
                               std::span<const grid::cell_edit> edits);

    /// The innermost dead-end area holding cell `c` (an in-map cell), or `none`.
    [[nodiscard]] std::uint32_t area_of(cell c) const noexcept {
        const std::uint32_t* chunk = chunk_cells_[static_cast<std::size_t>(c.y / chunk_side) *
                                                      static_cast<std::size_t>(chunks_x_) +
                                                  static_cast<std::size_t>(c.x / chunk_side)];
        return resolved_[chunk[(c.y % chunk_side) * chunk_side + c.x % chunk_side]];
    }
    /// The area `a` (a live area) lies in (the next live one out), or `none`.
    [[nodiscard]] std::uint32_t parent(std::uint32_t a) const noexcept {
        return resolved_[parent_[a]];
    }
    /// Whether area id `a` is a live area (a repair may have given it up).
    [[nodiscard]] bool alive(std::uint32_t a) const noexcept {
        return a != none && resolved_[a] == a;
    }
    /// Area ids, plus one (ids run from 1; given-up ones included).
    [[nodiscard]] std::size_t area_slots() const noexcept { return parent_.size(); }
    /// Live areas.
    [[nodiscard]] std::size_t area_count() const noexcept { return live_; }
    /// Per area id: cells in the gap it is entered through (1, or a gate's 2 to max_gate_cells).
    [[nodiscard]] std::span<const std::uint8_t> gate_lengths() const noexcept {
        return gate_length_;
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept;
    /// What the repair (or build) that made this map did.
    [[nodiscard]] const dead_end_repair& last_repair() const noexcept { return report_; }

    /// The derived-cache key for (rules, mask).
    [[nodiscard]] static std::uint64_t cache_key(grid::movement_rules rules,
                                                 grid::obstacle_mask mask) noexcept;
    /// The dead-end map of `map` from its derived cache: built on first use, or repaired from
    /// the parent version's map while that is alive. Precondition: cells <= max_cells.
    [[nodiscard]] static std::shared_ptr<const dead_end_map>
    of(const grid::grid_map& map, grid::movement_rules rules, grid::obstacle_mask mask);

  private:
    using cell_block = std::vector<std::uint32_t>;
    /// Area ids of the cells of chunk `k`, copied first when another version shares them.
    std::uint32_t* writable_chunk(std::size_t k);
    /// Given-up areas resolve to their nearest live ancestor (parents have smaller ids).
    void resolve();
    /// Finds the dead ends in the box [lo, hi) of `map` again and files those holding a cell
    /// within one step of an `edited` cell (see repair).
    void redetect(const grid::grid_map& map, cell lo, cell hi, const std::vector<cell>& edited);
    /// Records how many cells area `area`'s gap has.
    void file_gate(std::uint32_t area, std::uint8_t length);

    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    std::int32_t chunks_x_ = 0;
    grid::movement_rules rules_{};
    grid::obstacle_mask mask_ = grid::obstacle_mask::high_and_low;
    /// Raw area id per cell, by chunk; a chunk is written only while one map holds it.
    std::vector<std::shared_ptr<cell_block>> chunks_;
    std::vector<const std::uint32_t*> chunk_cells_; ///< chunks_[k]->data()
    std::vector<std::uint32_t> parent_;             ///< per area id (raw)
    std::vector<std::uint8_t> live_flag_;           ///< per area id
    std::vector<std::uint32_t> resolved_;           ///< per area id: itself or a live ancestor
    std::vector<std::uint8_t> gate_length_;         ///< per area id: cells in its gap
    std::size_t live_ = 0;
    dead_end_repair report_;
};

/// The dead-end areas one query needs: those holding its start or its goal and every area
/// around them. One per search engine, reused from query to query.
class dead_end_keep {
  public:
    /// Forgets the previous query's areas and keeps those `start` and `goal` lie in. Without
    /// `wide_gates` (maps with terrain costs, where walking along a gate may cost more than a
    /// detour behind it) the areas behind gates of two or more cells are kept too.
    void mark(const dead_end_map& ends, cell start, cell goal, bool wide_gates);
    /// Whether area `a` (of the map given to mark) may be searched.
    [[nodiscard]] bool needed(std::uint32_t a) const noexcept {
        return a == dead_end_map::none || keep_[a] == mark_ ||
               (wide_kept_ != nullptr && wide_kept_[a] > 1);
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return keep_.capacity() * sizeof(std::uint32_t);
    }

  private:
    std::vector<std::uint32_t> keep_; ///< per area id: == mark_ when kept
    std::uint32_t mark_ = 0;
    const std::uint8_t* wide_kept_ = nullptr; ///< gate lengths, when wide gates are kept
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
