// A Recast/Detour navigation mesh built from a xunlu grid map, for bench/detour_compare: a square
// of voxels per grid cell, a walkable span under every passable cell and none under blocked ones,
// then the standard Recast pipeline tile by tile (Detour indexes a tile's vertices in 16 bits).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "xunlu/grid/grid_map.hpp"

class dtNavMesh;

namespace xunlu::bench {

/// How Recast partitions a tile's walkable cells into regions before tracing contours.
enum class region_method {
    watershed, ///< rcBuildDistanceField + rcBuildRegions (Recast's default)
    monotone,  ///< rcBuildRegionsMonotone
    layers,    ///< rcBuildLayerRegions
};

[[nodiscard]] const char* region_method_name(region_method m) noexcept;

/// The Recast parameters, in Recast's units (vx = voxels, wu = world units). One world unit is
/// one grid cell: grid x maps to world x, grid y to world z, and the floor lies at y = ch (the top
/// of a span [0, 1]).
///
/// Each cell is `voxels_per_cell` x `voxels_per_cell` voxels. With 1, Recast loses cells: its
/// contour tracing skips every span whose four edges are region boundaries (a region of one
/// span), which a dead-end cell at a tile edge or a watershed partition of one-cell corridors
/// produces. With 2 and monotone regions (runs of whole cells, so at least two voxels wide) no
/// region is a single span, and voxel edges still fall on cell edges. The watershed partition
/// still makes some at 2 on random maps, and its contours break where free cells touch only
/// diagonally ("Multiple outlines for region", "Bad triangulation"), so monotone is the default.
struct navmesh_params {
    int voxels_per_cell = 2;     ///< cs = 1 / voxels_per_cell wu
    int tile_size = 64;          ///< cells per tile side (tile_size * voxels_per_cell vx)
    int border_size = 4;         ///< vx of neighbouring data around each tile (walkable radius + 3,
                                 ///< rounded up to whole cells so voxels stay aligned with cells)
    float cell_height = 1;       ///< ch (wu)
    int walkable_height = 2;     ///< vx of clearance; the column above every floor is open
    int walkable_climb = 1;      ///< vx; every floor is at the same height
    int walkable_radius = 0;     ///< vx; 0: no erosion (rcErodeWalkableArea is not called)
    int min_region_area = 0;     ///< vx; 0 keeps every island, however small
    int merge_region_area = 400; ///< vx (RecastDemo's 20 x 20)
    region_method regions = region_method::monotone;
    float max_simplification_error = 0; ///< vx; 0: contours follow the cell edges exactly
    int max_edge_len = 0;               ///< vx; 0: walls are not split
    int max_verts_per_poly = 6;         ///< nvp (DT_VERTS_PER_POLYGON)
    /// wu (RecastDemo's default 6). The floor is flat, so no sample is added; 0 would mean "no
    /// samples" but hangs this Recast (1.5.1: triangulateHull loops with an empty hull, upstream
    /// issue 650).
    float detail_sample_dist = 6;
    float detail_sample_max_error = 1; ///< wu

    [[nodiscard]] float cell_size() const noexcept {
        return 1.0f / static_cast<float>(voxels_per_cell);
    }
};

/// What a build made and how long it took.
struct navmesh_stats {
    double build_ms = 0;      ///< the whole build: heightfields to dtNavMesh::addTile
    int tile_columns = 0;     ///< tiles along x
    int tile_rows = 0;        ///< tiles along z
    std::size_t tiles = 0;    ///< tiles holding polygons
    std::size_t polygons = 0; ///< all tiles
    std::size_t vertices = 0; ///< all tiles (shared tile-border vertices counted per tile)
    std::size_t max_tile_polygons = 0;
    std::size_t max_tile_vertices = 0;
    int tile_bits = 0; ///< Detour's 32-bit polygon reference: tile, polygon and salt bits
    int poly_bits = 0;
    std::size_t data_bytes = 0;        ///< Detour tile data
    std::vector<std::string> messages; ///< Recast's warnings and errors, as logged
};

/// A dtNavMesh over a grid map's passable cells under one obstacle mask.
class detour_navmesh {
  public:
    /// Builds the mesh. On failure `problem()` says which step failed (Recast's messages are in
    /// `stats().messages`); the mesh is then null.
    [[nodiscard]] static detour_navmesh build(const grid::grid_map& map, grid::obstacle_mask mask,
                                              const navmesh_params& params);

    [[nodiscard]] const dtNavMesh* mesh() const noexcept { return mesh_.get(); }
    [[nodiscard]] const navmesh_stats& stats() const noexcept { return stats_; }
    [[nodiscard]] const std::string& problem() const noexcept { return problem_; }

  private:
    struct mesh_deleter {
        void operator()(dtNavMesh* mesh) const noexcept;
    };
    std::unique_ptr<dtNavMesh, mesh_deleter> mesh_;
    navmesh_stats stats_;
    std::string problem_;
};

} // namespace xunlu::bench
