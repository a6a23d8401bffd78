// A Recast/Detour navigation mesh built from a xunlu grid map (see detour_navmesh.hpp).
#include "detour_navmesh.hpp"

#include <DetourAlloc.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <Recast.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace xunlu::bench {
namespace {

/// Keeps Recast's warnings and errors (progress messages are dropped), prefixed with the tile.
class logging_context final : public rcContext {
  public:
    explicit logging_context(std::vector<std::string>& out) : rcContext(true), out_(out) {}
    void set_tile(int x, int y) { tile_ = "tile " + std::to_string(x) + "," + std::to_string(y); }

  protected:
    void doLog(const rcLogCategory category, const char* msg, const int len) override {
        if (category == RC_LOG_PROGRESS) return;
        out_.push_back(tile_ + (category == RC_LOG_WARNING ? ": warning: " : ": error: ") +
                       std::string(msg, static_cast<std::size_t>(std::max(len, 0))));
    }

  private:
    std::vector<std::string>& out_;
    std::string tile_;
};

template <class T, void (*Free)(T*)> struct rc_free {
    void operator()(T* p) const noexcept { Free(p); }
};
using heightfield_ptr = std::unique_ptr<rcHeightfield, rc_free<rcHeightfield, rcFreeHeightField>>;
using compact_ptr =
    std::unique_ptr<rcCompactHeightfield, rc_free<rcCompactHeightfield, rcFreeCompactHeightfield>>;
using contours_ptr = std::unique_ptr<rcContourSet, rc_free<rcContourSet, rcFreeContourSet>>;
using poly_mesh_ptr = std::unique_ptr<rcPolyMesh, rc_free<rcPolyMesh, rcFreePolyMesh>>;
using detail_mesh_ptr =
    std::unique_ptr<rcPolyMeshDetail, rc_free<rcPolyMeshDetail, rcFreePolyMeshDetail>>;

struct dt_free_data {
    void operator()(unsigned char* p) const noexcept { dtFree(p); }
};

/// One tile's Detour data; `data` stays null when the tile has no walkable cell.
struct built_tile {
    int x = 0;
    int y = 0;
    std::unique_ptr<unsigned char, dt_free_data> data;
    int size = 0;
    int polygons = 0;
    int vertices = 0;
};

/// Builds tile (tx, ty). Returns an empty string on success (an empty tile included), else the
/// step that failed.
std::string build_tile(const grid::grid_map& map, grid::obstacle_mask mask, const navmesh_params& p,
                       rcContext& ctx, built_tile& out) {
    const int v = p.voxels_per_cell;
    const int b = p.border_size;                 // vx, a multiple of v (checked by build)
    const int side = p.tile_size * v + 2 * b;    // vx
    const int cx0 = out.x * p.tile_size - b / v; // grid cell under voxel column 0
    const int cy0 = out.y * p.tile_size - b / v;
    const float bmin[3] = {static_cast<float>(cx0), 0.0f, static_cast<float>(cy0)};
    const float bmax[3] = {static_cast<float>(cx0) + static_cast<float>(side) * p.cell_size(),
                           static_cast<float>(p.walkable_height + 1) * p.cell_height,
                           static_cast<float>(cy0) + static_cast<float>(side) * p.cell_size()};

    // The tile proper (without its border) must hold a passable cell, else it stays empty.
    bool any = false;
    for (int y = out.y * p.tile_size; !any && y < (out.y + 1) * p.tile_size; ++y) {
        for (int x = out.x * p.tile_size; x < (out.x + 1) * p.tile_size; ++x) {
            if (map.passable(cell{x, y}, mask)) {
                any = true;
                break;
            }
        }
    }
    if (!any) return {};

    // v x v voxel columns per cell: a walkable span [0, 1] under a passable cell, none under a
    // blocked or off-map one. No rasterised triangles and no filters (rcFilter*): the spans are
    // exactly the passable cells, all at one height.
    heightfield_ptr hf(rcAllocHeightfield());
    if (!hf ||
        !rcCreateHeightfield(&ctx, *hf, side, side, bmin, bmax, p.cell_size(), p.cell_height)) {
        return "rcCreateHeightfield failed";
    }
    for (int z = 0; z < side; ++z) {
        for (int x = 0; x < side; ++x) {
            if (!map.passable(cell{cx0 + x / v, cy0 + z / v}, mask)) continue;
            if (!rcAddSpan(&ctx, *hf, x, z, 0, 1, RC_WALKABLE_AREA, p.walkable_climb)) {
                return "rcAddSpan failed";
            }
        }
    }
    compact_ptr chf(rcAllocCompactHeightfield());
    if (!chf || !rcBuildCompactHeightfield(&ctx, p.walkable_height, p.walkable_climb, *hf, *chf)) {
        return "rcBuildCompactHeightfield failed";
    }
    hf.reset();
    if (p.walkable_radius > 0 && !rcErodeWalkableArea(&ctx, p.walkable_radius, *chf)) {
        return "rcErodeWalkableArea failed";
    }
    switch (p.regions) {
    case region_method::watershed:
        if (!rcBuildDistanceField(&ctx, *chf)) return "rcBuildDistanceField failed";
        if (!rcBuildRegions(&ctx, *chf, b, p.min_region_area, p.merge_region_area)) {
            return "rcBuildRegions failed";
        }
        break;
    case region_method::monotone:
        if (!rcBuildRegionsMonotone(&ctx, *chf, b, p.min_region_area, p.merge_region_area)) {
            return "rcBuildRegionsMonotone failed";
        }
        break;
    case region_method::layers:
        if (!rcBuildLayerRegions(&ctx, *chf, b, p.min_region_area)) {
            return "rcBuildLayerRegions failed";
        }
        break;
    }
    contours_ptr cset(rcAllocContourSet());
    if (!cset || !rcBuildContours(&ctx, *chf, p.max_simplification_error, p.max_edge_len, *cset,
                                  RC_CONTOUR_TESS_WALL_EDGES)) {
        return "rcBuildContours failed";
    }
    if (cset->nconts == 0) return {};
    poly_mesh_ptr pmesh(rcAllocPolyMesh());
    if (!pmesh || !rcBuildPolyMesh(&ctx, *cset, p.max_verts_per_poly, *pmesh)) {
        return "rcBuildPolyMesh failed";
    }
    detail_mesh_ptr dmesh(rcAllocPolyMeshDetail());
    if (!dmesh || !rcBuildPolyMeshDetail(&ctx, *pmesh, *chf, p.detail_sample_dist,
                                         p.detail_sample_max_error, *dmesh)) {
        return "rcBuildPolyMeshDetail failed";
    }
    if (pmesh->npolys == 0) return {};
    if (pmesh->nverts >= 0xffff) {
        return "tile has " + std::to_string(pmesh->nverts) +
               " vertices, over Detour's 16-bit limit (use a smaller tile size)";
    }
    for (int i = 0; i < pmesh->npolys; ++i) {
        pmesh->flags[i] = pmesh->areas[i] == RC_WALKABLE_AREA ? 1 : 0;
    }

    dtNavMeshCreateParams cp{};
    cp.verts = pmesh->verts;
    cp.vertCount = pmesh->nverts;
    cp.polys = pmesh->polys;
    cp.polyAreas = pmesh->areas;
    cp.polyFlags = pmesh->flags;
    cp.polyCount = pmesh->npolys;
    cp.nvp = pmesh->nvp;
    cp.detailMeshes = dmesh->meshes;
    cp.detailVerts = dmesh->verts;
    cp.detailVertsCount = dmesh->nverts;
    cp.detailTris = dmesh->tris;
    cp.detailTriCount = dmesh->ntris;
    cp.tileX = out.x;
    cp.tileY = out.y;
    cp.tileLayer = 0;
    rcVcopy(cp.bmin, pmesh->bmin);
    rcVcopy(cp.bmax, pmesh->bmax);
    cp.walkableHeight = static_cast<float>(p.walkable_height) * p.cell_height;
    cp.walkableRadius = static_cast<float>(p.walkable_radius) * p.cell_size();
    cp.walkableClimb = static_cast<float>(p.walkable_climb) * p.cell_height;
    cp.cs = p.cell_size();
    cp.ch = p.cell_height;
    cp.buildBvTree = true;
    unsigned char* data = nullptr;
    int size = 0;
    if (!dtCreateNavMeshData(&cp, &data, &size)) return "dtCreateNavMeshData failed";
    out.data.reset(data);
    out.size = size;
    out.polygons = pmesh->npolys;
    out.vertices = pmesh->nverts;
    return {};
}

int bits_for(std::size_t n) {
    return static_cast<int>(std::bit_width(std::bit_ceil(std::max<std::size_t>(n, 1)))) - 1;
}

} // namespace

const char* region_method_name(region_method m) noexcept {
    switch (m) {
    case region_method::watershed:
        return "watershed";
    case region_method::monotone:
        return "monotone";
    case region_method::layers:
        return "layers";
    }
    return "?";
}

void detour_navmesh::mesh_deleter::operator()(dtNavMesh* mesh) const noexcept {
    dtFreeNavMesh(mesh);
}

detour_navmesh detour_navmesh::build(const grid::grid_map& map, grid::obstacle_mask mask,
                                     const navmesh_params& params) {
    detour_navmesh out;
    navmesh_stats& st = out.stats_;
    if (params.voxels_per_cell < 1 || params.tile_size < 1 || params.border_size < 0 ||
        params.border_size % params.voxels_per_cell != 0 || params.max_verts_per_poly < 3 ||
        params.max_verts_per_poly > DT_VERTS_PER_POLYGON) {
        out.problem_ = "bad navmesh parameters";
        return out;
    }
    if (!(params.detail_sample_dist > 0)) { // Recast 1.5.1 never returns from 0 (issue 650)
        out.problem_ = "detail_sample_dist must be > 0";
        return out;
    }
    const auto t0 = std::chrono::steady_clock::now();
    logging_context ctx(st.messages);
    st.tile_columns = (map.width() + params.tile_size - 1) / params.tile_size;
    st.tile_rows = (map.height() + params.tile_size - 1) / params.tile_size;
    std::vector<built_tile> tiles;
    for (int ty = 0; ty < st.tile_rows; ++ty) {
        for (int tx = 0; tx < st.tile_columns; ++tx) {
            built_tile t;
            t.x = tx;
            t.y = ty;
            ctx.set_tile(tx, ty);
            if (std::string why = build_tile(map, mask, params, ctx, t); !why.empty()) {
                out.problem_ = "tile " + std::to_string(tx) + "," + std::to_string(ty) + ": " + why;
                return out;
            }
            if (!t.data) continue;
            st.polygons += static_cast<std::size_t>(t.polygons);
            st.vertices += static_cast<std::size_t>(t.vertices);
            st.max_tile_polygons =
                std::max(st.max_tile_polygons, static_cast<std::size_t>(t.polygons));
            st.max_tile_vertices =
                std::max(st.max_tile_vertices, static_cast<std::size_t>(t.vertices));
            st.data_bytes += static_cast<std::size_t>(t.size);
            tiles.push_back(std::move(t));
        }
    }
    st.tiles = tiles.size();
    if (tiles.empty()) {
        out.problem_ = "no passable cell: the navmesh is empty";
        return out;
    }
    // A 32-bit dtPolyRef holds salt, tile and polygon bits; Detour wants >= 10 salt bits.
    st.tile_bits = bits_for(tiles.size());
    st.poly_bits = bits_for(st.max_tile_polygons);
    if (st.tile_bits + st.poly_bits > 22) {
        out.problem_ = std::to_string(tiles.size()) + " tiles of up to " +
                       std::to_string(st.max_tile_polygons) +
                       " polygons do not fit a 32-bit dtPolyRef (use another tile size)";
        return out;
    }
    dtNavMeshParams np{};
    np.orig[0] = np.orig[1] = np.orig[2] = 0.0f;
    np.tileWidth = static_cast<float>(params.tile_size); // one world unit per cell
    np.tileHeight = np.tileWidth;
    np.maxTiles = static_cast<int>(tiles.size());
    np.maxPolys = static_cast<int>(st.max_tile_polygons);
    out.mesh_.reset(dtAllocNavMesh());
    if (!out.mesh_ || dtStatusFailed(out.mesh_->init(&np))) {
        out.mesh_.reset();
        out.problem_ = "dtNavMesh::init failed";
        return out;
    }
    for (built_tile& t : tiles) {
        const dtStatus s = out.mesh_->addTile(t.data.get(), t.size, DT_TILE_FREE_DATA, 0, nullptr);
        if (dtStatusFailed(s)) {
            out.mesh_.reset();
            out.problem_ = "dtNavMesh::addTile failed for tile " + std::to_string(t.x) + "," +
                           std::to_string(t.y);
            return out;
        }
        (void)t.data.release(); // the navmesh owns it now (DT_TILE_FREE_DATA)
    }
    st.build_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

} // namespace xunlu::bench
