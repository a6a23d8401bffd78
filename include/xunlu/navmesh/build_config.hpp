// The agent and the voxel grid a navmesh is built for (Recast's parameters, RecastDemo's
// defaults) and the check that names a value Recast cannot work with.
#pragma once

#include "xunlu/core/result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::navmesh {

/// Build parameters. Lengths are in level units (metres) unless a field says cells; the
/// defaults are RecastDemo's (its tile mesh sample), tile size 48 as in the figures.
struct build_config {
    float cell_size = 0.3f;         ///< voxel side in x and z
    float cell_height = 0.2f;       ///< voxel height (y)
    float agent_height = 2.0f;      ///< clearance the agent needs above the floor
    float agent_radius = 0.6f;      ///< the walkable area is eroded by this much from walls
    float agent_max_climb = 0.9f;   ///< highest step the agent walks up
    float agent_max_slope = 45.f;   ///< steepest walkable slope, degrees (0 <= value < 90)
    int tile_size = 48;             ///< tile side in cells (16 to 4096)
    int region_min_size = 8;        ///< regions smaller than this many cells squared are dropped
    int region_merge_size = 20;     ///< regions smaller than this many cells squared are merged
    float edge_max_len = 12.f;      ///< longest polygon edge along a wall (0: no limit)
    float edge_max_error = 1.3f;    ///< how far a simplified wall may stray, in cells
    int verts_per_poly = 6;         ///< most corners per polygon (3 to 6, Detour's limit)
    float detail_sample_dist = 6.f; ///< detail mesh sampling distance, in cells (>= 0.9)
    float detail_sample_max_error = 1.f; ///< detail mesh height error, in cell heights
};

/// Checks every field (finite, in its range, e.g. a cell height small enough that the agent
/// is at least 3 cells tall); the error names the field and the allowed range.
XUNLU_API result<bool> check_build_config(const build_config& config);

} // namespace xunlu::navmesh
