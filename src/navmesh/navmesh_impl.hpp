// navmesh's private state: the Detour mesh over tile bytes it owns, the polygon_mesh made from
// it, and (for built navmeshes) what a tile rebuild needs. Only src/navmesh includes this.
#pragma once

#include <DetourNavMesh.h>

#include <memory>
#include <optional>
#include <vector>

#include "xunlu/navmesh/navmesh.hpp"

namespace xunlu::navmesh {

struct dt_navmesh_deleter {
    void operator()(dtNavMesh* m) const noexcept { dtFreeNavMesh(m); }
};

/// One tile's Detour data (dtCreateNavMeshData's layout) and the reference it is added under
/// (0: Detour picks one).
struct tile_blob {
    std::vector<unsigned char> data;
    dtTileRef ref = 0;
};

/// What rebuilding a tile needs: the geometry, the parameters and each tile's triangles.
struct build_source {
    level_geometry geometry;
    build_config config;
    float origin[3] = {0, 0, 0}; ///< the geometry's minimum corner
    float extent_max[3] = {0, 0, 0};
    int tiles_x = 0;
    int tiles_y = 0;
    std::vector<std::vector<int>> tile_triangles; ///< per tile (y * tiles_x + x)
};

struct navmesh::impl {
    std::unique_ptr<dtNavMesh, dt_navmesh_deleter> mesh;
    /// Tile bytes, owned here (Detour writes its links into them while adding a tile).
    std::vector<std::vector<unsigned char>> tile_data;
    std::vector<tile_coord> tiles;
    std::vector<dtTileRef> tile_refs; ///< parallel to tiles
    navmesh_params params;
    std::array<vec3, 2> bounds{};
    polygon_mesh polygons;
    std::vector<std::uint32_t> refs; ///< polygon index -> dtPolyRef
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ref_to_index; ///< sorted by ref
    std::vector<off_mesh_link> links;
    std::shared_ptr<const build_source> source;
    std::vector<std::pair<std::uint32_t, obstacle>> obstacles;
    std::uint32_t next_obstacle = 1;
    std::uint64_t version = 1;
};

/// Makes a navmesh from tiles: dtNavMesh::init with `params`, every tile added (in order), then
/// the polygon_mesh conversion. The tiles must be checked already (built here, or validated by
/// the set loader).
/// `base`, when given, passes on its obstacles (replaced by `obstacles`), next obstacle id and
/// version + 1.
struct version_change {
    const navmesh::impl* base = nullptr;
    std::vector<std::pair<std::uint32_t, obstacle>> obstacles;
    std::uint32_t next_obstacle = 1;
};
result<navmesh> assemble_navmesh(const dtNavMeshParams& params, std::vector<tile_blob> tiles,
                                 std::shared_ptr<const build_source> source,
                                 version_change change = {});

/// Fills impl.polygons, refs, ref_to_index and links from impl.mesh (navmesh_polygons.cpp).
result<bool> convert_to_polygons(navmesh::impl& impl);

} // namespace xunlu::navmesh
