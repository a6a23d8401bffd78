// Simple subgoal graphs (Uras, Koenig & Hernández, "Subgoal Graphs for Optimal Pathfinding in
// Eight-Neighbor Grids", ICAPS 2013): the convex corners of obstacles as nodes, linked when one
// is directly h-reachable from the other (a shortest grid path of octile length with no other
// subgoal on it). A query links start and goal to the subgoals they reach directly and searches
// this small graph instead of the grid.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/jps/jump_table.hpp"

namespace xunlu::jps {

/// The subgoal graph of one map under one obstacle mask, for 8-connected moves without corner
/// cutting (the Moving AI rule). Immutable once built; shared by every thread.
class subgoal_graph {
  public:
    /// Largest map a graph is built for: 2^26 cells and 65,534 cells per side (the extents are
    /// 16-bit).
    static constexpr std::int64_t max_cells = std::int64_t{1} << 26;
    static constexpr std::int32_t max_side = 65534;
    static constexpr std::uint32_t none = 0xffffffffu;

    /// Finds the subgoals, the cardinal extents and every subgoal's direct-h-reachable
    /// neighbours. `progress` is called with pass 0 (rows of subgoals and extents) and pass 1
    /// (subgoals linked). Precondition: the map is within max_cells and max_side.
    static subgoal_graph build(const grid::grid_map& map, grid::obstacle_mask mask,
                               const build_progress& progress = {});

    /// Current binary format version (see docs/jps.md#subgoal-graph-file).
    static constexpr std::uint32_t format_version = 1;

    /// Reads a graph saved by `save` and checks it against `map`/`mask`: magic, version, size,
    /// rule, mask, checksum, the map's fingerprint, the subgoals (recomputed from the map and
    /// compared) and every link (in range, to another subgoal). Errors name the file and the
    /// problem; nothing larger than the header announces is read.
    static result<subgoal_graph> load(const std::string& path, const grid::grid_map& map,
                                      grid::obstacle_mask mask);
    /// Same as `load` from bytes in memory; `name` is used in messages.
    static result<subgoal_graph> parse(std::span<const std::uint8_t> bytes, const std::string& name,
                                       const grid::grid_map& map, grid::obstacle_mask mask);
    /// Serialises the graph (header, subgoal cells, links, checksum; little-endian).
    [[nodiscard]] std::vector<std::uint8_t> serialise() const;
    /// Writes `serialise()` to `path`; an error names the file.
    [[nodiscard]] std::optional<error> save(const std::string& path) const;

    [[nodiscard]] std::int32_t width() const noexcept { return width_; }
    [[nodiscard]] std::int32_t height() const noexcept { return height_; }
    [[nodiscard]] grid::obstacle_mask mask() const noexcept { return mask_; }
    [[nodiscard]] std::size_t subgoal_count() const noexcept { return cells_.size(); }
    /// Directed edges (each link is stored at both ends).
    [[nodiscard]] std::size_t edge_count() const noexcept { return targets_.size(); }
    /// The subgoal number of the cell at padded index `id`, or `none`.
    [[nodiscard]] std::uint32_t subgoal_at(std::uint32_t id) const noexcept {
        return subgoal_of_[id];
    }
    /// Padded cell index of subgoal `k`.
    [[nodiscard]] std::uint32_t cell_id(std::uint32_t k) const noexcept { return cells_[k]; }
    /// Padded indices of the subgoals directly h-reachable from subgoal `k`. Each is reached from
    /// `k` by diagonal moves first, then straight ones, on free cells.
    [[nodiscard]] std::span<const std::uint32_t> neighbours(std::uint32_t k) const noexcept {
        return {targets_.data() + offsets_[k], targets_.data() + offsets_[k + 1]};
    }

    /// The subgoals directly h-reachable from free cell `from` (padded indices, appended to
    /// `out`), each reached by diagonal moves first. Returns true when `watch` (a padded index,
    /// or `none`) lies on one of the diagonal-first lines scanned, i.e. is reachable from `from`
    /// along a path of octile length. `flags` are the padded flags of the map it was built for.
    bool reachable_from(const std::uint8_t* flags, cell from, std::uint32_t watch,
                        std::vector<std::uint32_t>& out) const;

    [[nodiscard]] std::size_t memory_bytes() const noexcept;

    [[nodiscard]] std::uint64_t map_hash() const noexcept { return map_hash_; }

  private:
    /// Subgoals and extents of `map` (the first pass of `build`, also run by `parse`).
    static subgoal_graph corners(const grid::grid_map& map, grid::obstacle_mask mask,
                                 const build_progress& progress);
    template <class Found>
    bool scan(const std::uint8_t* flags, cell from, cell watch, Found&& found) const;
    [[nodiscard]] std::int32_t extent(cell c, int direction) const noexcept {
        return extents_[(static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) +
                         static_cast<std::size_t>(c.x)) *
                            4 +
                        static_cast<std::size_t>(direction)];
    }
    [[nodiscard]] std::uint32_t padded(cell c) const noexcept {
        return static_cast<std::uint32_t>((c.y + 1) * (width_ + 2) + c.x + 1);
    }

    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    grid::obstacle_mask mask_ = grid::obstacle_mask::high_and_low;
    std::uint64_t map_hash_ = 0;
    std::vector<std::uint32_t> subgoal_of_; ///< per padded cell
    std::vector<std::uint32_t> cells_;      ///< padded index per subgoal
    /// Per cell and cardinal direction (N, E, S, W): steps to the first cell that is blocked,
    /// outside the map or a subgoal.
    std::vector<std::uint16_t> extents_;
    std::vector<std::uint32_t> offsets_; ///< CSR: subgoal k's neighbours are targets_[o[k], o[k+1])
    std::vector<std::uint32_t> targets_;
};

} // namespace xunlu::jps
