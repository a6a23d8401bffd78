// The walkable area of a grid map as a mesh of axis-aligned rectangles: maximal runs of free
// cells in a row, stacked where rows repeat the same run. The navigation mesh polyanya_search
// walks: every rectangle is convex, its left and right sides are walls, and it meets its
// neighbours along horizontal grid lines only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// Cells [x0, x1) x [y0, y1), i.e. the closed box with corners x0..x1, y0..y1 in cell units.
/// Links on its y0 side are `low` links (neighbours with smaller y), on its y1 side `high`.
struct mesh_rect {
    std::int32_t x0 = 0;
    std::int32_t y0 = 0;
    std::int32_t x1 = 0;
    std::int32_t y1 = 0;
    std::uint32_t low_begin = 0; ///< links on the y0 line: [low_begin, high_begin)
    std::uint32_t high_begin = 0;
    std::uint32_t high_end = 0; ///< links on the y1 line: [high_begin, high_end)
};

/// A stretch [x0, x1] of a horizontal grid line shared by two rectangles (positive length, so
/// two rectangles touching only at a corner, the diagonal squeeze, are never linked), and the
/// rectangle on the other side.
struct mesh_link {
    std::int32_t x0 = 0;
    std::int32_t x1 = 0;
    std::uint32_t rect = 0;
    /// Bit 0: the grid corner at x0 on the link's line is convex (exactly one of its four cells
    /// blocked or off the map), the only kind of corner a shortest path bends at; bit 1: at x1.
    std::uint8_t convex = 0;
};

/// Built once per map and obstacle mask (a derived value of the map, shared by threads):
/// row runs of free cells (maximal, so the cells beside a run are blocked or off the map),
/// a run that repeats the run above it exactly extends that rectangle, and overlapping runs of
/// consecutive rows in different rectangles are linked. O(cells) time; memory follows the
/// number of runs. Refused (with `problem()`) above `max_rects` rectangles or `max_runs` runs,
/// so a mesh stays under about 1.5 GiB whatever the map.
class XUNLU_API rect_mesh {
  public:
    static constexpr std::size_t max_rects = std::size_t{1} << 24; ///< about 0.5 GiB
    static constexpr std::size_t max_runs = std::size_t{1} << 26;  ///< 0.75 GiB

    /// Limits on what a build holds (the defaults above; tests pass smaller ones).
    struct limits {
        std::size_t rects = max_rects;
        std::size_t runs = max_runs;
    };
    [[nodiscard]] static rect_mesh build(const grid::grid_map& map, grid::obstacle_mask mask,
                                         limits caps);
    [[nodiscard]] static rect_mesh build(const grid::grid_map& map, grid::obstacle_mask mask) {
        return build(map, mask, limits{});
    }
    /// Cache key in a map's derived cache for `mask`.
    [[nodiscard]] static std::uint64_t cache_key(grid::obstacle_mask mask) noexcept;

    /// Empty when the mesh was built; otherwise why not.
    [[nodiscard]] const std::string& problem() const noexcept { return problem_; }
    [[nodiscard]] std::size_t rect_count() const noexcept { return rects_.size(); }
    [[nodiscard]] std::size_t link_count() const noexcept { return links_.size(); }
    [[nodiscard]] const mesh_rect& rect(std::uint32_t i) const noexcept { return rects_[i]; }
    /// Links on rectangle `i`'s y0 line, in increasing x.
    [[nodiscard]] std::span<const mesh_link> low_links(std::uint32_t i) const noexcept {
        return {links_.data() + rects_[i].low_begin, links_.data() + rects_[i].high_begin};
    }
    /// Links on rectangle `i`'s y1 line, in increasing x.
    [[nodiscard]] std::span<const mesh_link> high_links(std::uint32_t i) const noexcept {
        return {links_.data() + rects_[i].high_begin, links_.data() + rects_[i].high_end};
    }
    /// Dead ends: rectangles left with at most one neighbour after repeatedly removing such
    /// rectangles (alcoves, corridor ends, whole tree-shaped pockets). A path enters a dead
    /// end's rectangle from the neighbour it hangs on only to reach the goal inside it.
    static constexpr std::uint32_t live = 0xFFFFFFFF;      ///< not a dead end
    static constexpr std::uint32_t dead_root = 0xFFFFFFFE; ///< a dead end hanging on nothing
    /// For a dead end, the neighbour it hangs on (towards the rest of the mesh) or dead_root;
    /// `live` otherwise.
    [[nodiscard]] std::uint32_t dead_parent(std::uint32_t i) const noexcept {
        return dead_parent_[i];
    }
    /// The rectangle holding free cell `c`, or -1 when `c` is blocked or off the map.
    /// O(log runs in the row).
    [[nodiscard]] std::int64_t rect_at(cell c) const noexcept;
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return rects_.capacity() * sizeof(mesh_rect) + links_.capacity() * sizeof(mesh_link) +
               dead_parent_.capacity() * sizeof(std::uint32_t) + runs_.capacity() * sizeof(run) +
               row_start_.capacity() * sizeof(std::uint32_t);
    }
    /// Milliseconds the build took.
    [[nodiscard]] double build_ms() const noexcept { return build_ms_; }

  private:
    void find_dead_ends();
    struct run {
        std::int32_t x0;
        std::int32_t x1;
        std::uint32_t rect;
    };
    std::vector<mesh_rect> rects_;
    std::vector<mesh_link> links_;
    std::vector<std::uint32_t> dead_parent_;
    std::vector<run> runs_;                ///< every row's runs, row by row, increasing x
    std::vector<std::uint32_t> row_start_; ///< runs of row y: [row_start_[y], row_start_[y+1])
    std::string problem_;
    double build_ms_ = 0;
};

} // namespace xunlu::anyangle
