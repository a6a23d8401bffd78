// Grid maps as polygon scenes: the walkable components of a map (rule 8, no squeezing between
// diagonal walls, off-map blocked) traced into exact cell-boundary polygons, one scene each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "xunlu/anyangle/polygon_scene.hpp"
#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// [in] What blocks, and how large a map may be traced.
struct grid_polygon_options {
    grid::obstacle_mask mask = grid::obstacle_mask::high_and_low;
    /// Maps with more cells are refused with an error (16 MiB of labels at the default).
    std::int64_t max_cells = std::int64_t{1} << 22;
};

/// One walkable component: a 4-connected set of free cells (rule 8 joins no others, since a
/// diagonal step needs both cells beside it free) as a polygon scene in cell units (cell (x, y)
/// covers [x, x+1] x [y, y+1], y up).
struct grid_region {
    polygon_scene scene;     ///< boundary: the component's outline; obstacles: the walls inside it
    std::int64_t cells = 0;  ///< free cells in the component
    cell first_cell;         ///< its first cell in row order (lowest y, then lowest x)
    std::size_t pinches = 0; ///< points where two of its polygons' corners meet
};

/// The walkable components of a grid map as polygon scenes, one per component. Polygons run
/// along cell edges with collinear vertices merged. Where two blocked (or off-map) cells touch
/// only at a corner and both free cells there belong to the component, the scene has a
/// **pinch**: two polygon corners at one point, which `polygon_graph` never lets a path pass
/// (the no-squeezing rule) though a path may start or end on it. So on each scene,
/// `polygon_graph` finds exactly the length of the grid's `visgraph` between cell centres.
class XUNLU_API grid_polygons {
  public:
    static constexpr std::size_t none = static_cast<std::size_t>(-1);

    /// Traces every walkable component. Errors: a map over `options.max_cells` cells (nothing
    /// allocated), or a component over polygon_scene::max_vertices vertices.
    [[nodiscard]] static result<grid_polygons> trace(const grid::grid_map& map,
                                                     const grid_polygon_options& options = {});

    [[nodiscard]] std::span<const grid_region> regions() const noexcept { return regions_; }
    /// The region holding free cell `c`, or `none` (blocked or off the map).
    [[nodiscard]] std::size_t region_of(cell c) const noexcept;
    /// The largest region (most cells; the first on ties), or `none` when no cell is free.
    [[nodiscard]] std::size_t largest() const noexcept;

  private:
    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    std::vector<std::uint32_t> labels_; ///< per cell, row by row: region index, or none
    std::vector<grid_region> regions_;
};

} // namespace xunlu::anyangle
