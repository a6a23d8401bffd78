// The walkable area of a grid map as a mesh of convex polygons whose corners are grid points:
// the lattice points on the border of the free area triangulated (Delaunay), neighbouring free
// triangles merged while their union stays convex (Hertel-Mehlhorn), and the straight runs of
// wall between two corners of one polygon joined into one side. Unlike the rectangle mesh
// (rect_mesh), sides may be slanted, so a street at an angle is a few polygons instead of one
// per row of cells, the mesh the Polyanya paper searches (a merged triangulation).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "xunlu/anyangle/polygon_blocks.hpp"
#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// A corner of the mesh: a grid point (cell corner), x right and y down in cell units.
struct mesh_point {
    std::int32_t x = 0;
    std::int32_t y = 0;
    friend bool operator==(const mesh_point&, const mesh_point&) = default;
};

/// One side of a polygon as a search reads it: its first corner (coordinates and vertex id),
/// the polygon across and the side's place there, the block of that adjacency, and whether
/// the corner is a bend corner. A polygon's sides lie together, so an expansion reads one
/// place instead of the corner, neighbour, twin and block lists and the vertex table (on big
/// maps, each a cache miss). Built after the blocks (pack_sides).
struct packed_side {
    std::int32_t x = 0; ///< corner i, where side i starts
    std::int32_t y = 0;
    std::uint32_t vertex = 0;    ///< its vertex id
    std::uint32_t neighbour = 0; ///< the polygon across side i, or no_polygon
    std::uint32_t twin = 0;      ///< side i's position in the neighbour's lists
    std::uint32_t block = 0;     ///< the adjacency's block (polygon_blocks), or no_block
    std::uint8_t bend = 0;       ///< 1: corner i is a bend corner
};

/// Built once per map and obstacle mask. Polygons list their corners in one turning sense
/// (twice the signed area, sum of x_i y_{i+1} - x_{i+1} y_i, is positive), every angle at most
/// 180 degrees; side i runs from corner i to corner i + 1 (mod n) and has a neighbour polygon
/// across it or none (a wall: cells on its far side are blocked or off the map). Two
/// neighbours share whole sides, corner to corner; polygons that meet only at a point (two
/// blocked cells touching diagonally) are not neighbours. The polygons cover exactly the free
/// cells. Time about O(p log p) for p border points. Refused above `max_points` of them or
/// `max_cells` cells: at the caps a build holds about 0.7 GiB (about 310 bytes per border
/// point, estimated from the sizes of its structures, and about 25 more while the blocks are
/// found). The mesh keeps 4 bytes per cell, 9 per vertex, 44 per polygon corner (the lists,
/// the packed sides and their blocks), 12 per polygon and 8 per block and cut polygon (the
/// block-cut tree): 12.9 MB for random512-40-0, 217,000 corners (memory_bytes()).
class XUNLU_API convex_mesh {
  public:
    static constexpr std::size_t max_points = std::size_t{1} << 21;
    static constexpr std::size_t max_cells = std::size_t{1} << 26; ///< 8192 x 8192
    static constexpr std::uint32_t no_polygon = 0xFFFFFFFF;

    struct limits {
        std::size_t points = max_points; ///< lattice points on the free area's border
        std::size_t cells = max_cells;
    };
    [[nodiscard]] static convex_mesh build(const grid::grid_map& map, grid::obstacle_mask mask,
                                           limits caps);
    [[nodiscard]] static convex_mesh build(const grid::grid_map& map, grid::obstacle_mask mask) {
        return build(map, mask, limits{});
    }

    /// Cache key in a map's derived cache for `mask`.
    [[nodiscard]] static std::uint64_t cache_key(grid::obstacle_mask mask) noexcept;

    /// Empty when the mesh was built; otherwise why not.
    [[nodiscard]] const std::string& problem() const noexcept { return problem_; }
    [[nodiscard]] std::size_t polygon_count() const noexcept {
        return begin_.empty() ? 0 : begin_.size() - 1;
    }
    [[nodiscard]] std::size_t vertex_count() const noexcept { return points_.size(); }
    [[nodiscard]] mesh_point vertex(std::uint32_t v) const noexcept { return points_[v]; }
    /// Corners of polygon `p`, as vertex ids.
    [[nodiscard]] std::span<const std::uint32_t> corners(std::uint32_t p) const noexcept {
        return {corners_.data() + begin_[p], corners_.data() + begin_[p + 1]};
    }
    /// Where polygon `p`'s corners start in the list of all polygons' corners: corner i of `p`
    /// is slot first_slot(p) + i, a dense number for the pair (polygon, corner).
    [[nodiscard]] std::uint32_t first_slot(std::uint32_t p) const noexcept { return begin_[p]; }
    [[nodiscard]] std::size_t slot_count() const noexcept { return corners_.size(); }
    /// For each side of `p` (corner i to corner i + 1), the polygon across it or no_polygon.
    [[nodiscard]] std::span<const std::uint32_t> neighbours(std::uint32_t p) const noexcept {
        return {neighbours_.data() + begin_[p], neighbours_.data() + begin_[p + 1]};
    }
    /// The sides of `p` packed for a search (the same order as corners(p)).
    [[nodiscard]] std::span<const packed_side> sides(std::uint32_t p) const noexcept {
        return {sides_.data() + begin_[p], sides_.data() + begin_[p + 1]};
    }
    /// For each side of `p`, its position in the neighbour's lists (the same side, run the
    /// other way), or no_polygon for a wall.
    [[nodiscard]] std::span<const std::uint32_t> twins(std::uint32_t p) const noexcept {
        return {twins_.data() + begin_[p], twins_.data() + begin_[p + 1]};
    }
    /// Whether a shortest path may bend at vertex `v`: exactly one of its four cells is
    /// blocked or off the map (a convex corner of the walls).
    [[nodiscard]] bool bend_corner(std::uint32_t v) const noexcept { return corner_[v] != 0; }
    /// A polygon holding the centre of cell `c` (inside or on its border; a centre on a side
    /// is held by the polygon across it too), or no_polygon for a blocked or off-map cell.
    [[nodiscard]] std::uint32_t polygon_at(cell c) const noexcept {
        if (c.x < 0 || c.y < 0 || c.x >= width_ || cell_polygon_.empty()) return no_polygon;
        const std::size_t i = static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) +
                              static_cast<std::size_t>(c.x);
        return i < cell_polygon_.size() ? cell_polygon_[i] : no_polygon;
    }
    /// Whether the centre of cell `c` lies inside polygon `p` or on its border.
    [[nodiscard]] bool holds_centre(std::uint32_t p, cell c) const noexcept;
    /// Dead ends, as in rect_mesh: polygons left with at most one neighbour after repeatedly
    /// removing such polygons. `live`, or the neighbour a dead end hangs on, or `dead_root`.
    static constexpr std::uint32_t live = 0xFFFFFFFF;
    static constexpr std::uint32_t dead_root = 0xFFFFFFFE;
    [[nodiscard]] std::uint32_t dead_parent(std::uint32_t p) const noexcept {
        return dead_parent_[p];
    }
    /// The biconnected blocks of the polygons' adjacency and their block-cut tree: a search
    /// from a to b need not cross the sides of blocks off the tree's path between them.
    [[nodiscard]] const polygon_blocks& blocks() const noexcept { return blocks_; }
    /// Lattice points on the free area's border, and the free triangles they made.
    [[nodiscard]] std::size_t border_point_count() const noexcept { return border_points_; }
    [[nodiscard]] std::size_t triangle_count() const noexcept { return triangles_; }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return points_.capacity() * sizeof(mesh_point) + corner_.capacity() +
               (begin_.capacity() + corners_.capacity() + neighbours_.capacity() +
                twins_.capacity() + dead_parent_.capacity() + cell_polygon_.capacity()) *
                   sizeof(std::uint32_t) +
               sides_.capacity() * sizeof(packed_side) + blocks_.memory_bytes();
    }
    /// Milliseconds the build took.
    [[nodiscard]] double build_ms() const noexcept { return build_ms_; }

  private:
    void find_dead_ends();
    void pack_sides();
    std::vector<mesh_point> points_;
    std::vector<std::uint32_t> begin_; ///< polygon p: [begin_[p], begin_[p + 1]) below
    std::vector<std::uint32_t> corners_;
    std::vector<std::uint32_t> neighbours_;
    std::vector<std::uint32_t> twins_;
    std::vector<std::uint8_t> corner_; ///< per vertex: 1 where a path may bend
    std::vector<std::uint32_t> dead_parent_;
    std::vector<std::uint32_t> cell_polygon_; ///< per cell, row by row
    std::vector<packed_side> sides_;          ///< per polygon corner, as corners_
    polygon_blocks blocks_;
    std::int32_t width_ = 0;
    std::size_t border_points_ = 0;
    std::size_t triangles_ = 0;
    std::string problem_;
    double build_ms_ = 0;
};

} // namespace xunlu::anyangle
