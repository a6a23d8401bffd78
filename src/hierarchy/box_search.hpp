// Shortest paths that stay inside one box of cells (a cluster): Dijkstra from a cell to every
// cell of the box, or A* to one cell, with the box's own small arrays (memory follows the box,
// never the map). 8-connected moves without corner cutting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hierarchy/cluster_graph.hpp"

namespace xunlu::hierarchy::detail {

/// An inclusive-exclusive box of cells: [origin, origin + (width, height)).
struct cell_box {
    cell origin;
    std::int32_t width = 0;
    std::int32_t height = 0;

    [[nodiscard]] bool contains(cell c) const noexcept {
        return c.x >= origin.x && c.y >= origin.y && c.x < origin.x + width &&
               c.y < origin.y + height;
    }
    [[nodiscard]] std::size_t local(cell c) const noexcept {
        return static_cast<std::size_t>(c.y - origin.y) * static_cast<std::size_t>(width) +
               static_cast<std::size_t>(c.x - origin.x);
    }
    [[nodiscard]] std::size_t area() const noexcept {
        return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    }
};

/// Whether the step from the free cell `a` to its neighbour `b` is legal: `b` in the map and
/// free, and for a diagonal step both cells beside it free (8-connected, no corner cutting).
[[nodiscard]] inline bool legal_step(const grid::grid_map& map, cell a, cell b,
                                     std::uint8_t mask) noexcept {
    if (!map.in_bounds(b) || (map.flags(b) & mask) != 0) return false;
    if (a.x != b.x && a.y != b.y) {
        return (map.flags({b.x, a.y}) & mask) == 0 && (map.flags({a.x, b.y}) & mask) == 0;
    }
    return true;
}

/// The packed octile step counts between two cells (the path of an empty grid).
[[nodiscard]] packed_steps octile_steps(cell a, cell b) noexcept;

/// Reusable in-box search (one per thread).
class box_search {
  public:
    /// Dijkstra from `source` (passable, in the box) over the box. Afterwards `steps(c)` is the
    /// packed step count of a shortest in-box path to any cell of the box, or no_route.
    void from(const grid::grid_map& map, const cell_box& box, cell source,
              const grid::movement_rules& rules, grid::obstacle_mask mask);
    /// A* from `source` to `target` inside the box; true when a path was found, then
    /// `append_path(target, out)` gives it.
    bool to(const grid::grid_map& map, const cell_box& box, cell source, cell target,
            const grid::movement_rules& rules, grid::obstacle_mask mask);

    [[nodiscard]] packed_steps steps(cell c) const noexcept { return steps_[box_.local(c)]; }
    /// Appends the cells after the source up to `target` (reached by the last search).
    void append_path(cell target, std::vector<cell>& out) const;
    /// Cells expanded by every search of this object (statistics).
    [[nodiscard]] std::uint64_t expanded() const noexcept { return expanded_; }
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    template <bool ToTarget>
    void run(const grid::grid_map& map, cell source, cell target, const grid::movement_rules& rules,
             grid::obstacle_mask mask);

    cell_box box_;
    std::vector<packed_steps> steps_;
    std::vector<std::int8_t> move_; ///< per cell: the move (0..7) that reached it, -1 none
    std::vector<std::uint8_t> closed_;
    struct entry {
        double f;
        std::uint32_t local;
    };
    std::vector<entry> heap_;
    std::uint64_t expanded_ = 0;
};

/// True when the straight octile line from `a` to `b` (Bresenham: max(dx, dy) steps, the
/// diagonal ones spread evenly) is walkable without corner cutting; then its cells after `a`
/// are appended to `out` when `out` is not null.
bool octile_line(const grid::grid_map& map, cell a, cell b, grid::obstacle_mask mask,
                 std::vector<cell>* out);

/// True when the elbow from `a` to `b` (every diagonal step first and then the straight ones,
/// or the straight ones first) is walkable without corner cutting; then its cells after `a`
/// are appended to `out` when `out` is not null. Like the line, a shortest path of the empty
/// grid, and it stays in the box spanned by `a` and `b`.
bool octile_elbow(const grid::grid_map& map, cell a, cell b, grid::obstacle_mask mask,
                  bool diagonal_first, std::vector<cell>* out);

/// The line, else either elbow: true when one of these shortest paths of the empty grid is
/// walkable (then `b` lies at its octile distance from `a`, inside any box holding both, and
/// the path's cells after `a` are appended to `out` when `out` is not null).
bool octile_walk(const grid::grid_map& map, cell a, cell b, grid::obstacle_mask mask,
                 std::vector<cell>* out);

} // namespace xunlu::hierarchy::detail
