// Recast's tiled build (as RecastDemo's tile mesh sample does it): each tile rasterises the
// triangles that touch it plus a border, filters, regions, contours, polygons, detail mesh and
// Detour data, independently of the others, on several threads.
#include <DetourAlloc.h>
#include <DetourNavMeshBuilder.h>
#include <Recast.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <mutex>
#include <thread>

#include "navmesh_impl.hpp"

namespace xunlu::navmesh {

namespace {

static_assert(sizeof(vec3) == 3 * sizeof(float), "vec3 must be three packed floats for Recast");

/// Detour's 32-bit references: 10 bits of salt (dtNavMesh::init's minimum), 22 for tile and
/// polygon; at least 8 of those for polygons leaves 14 for tiles.
constexpr int max_tile_bits = 14;
constexpr std::size_t max_tiles = std::size_t{1} << max_tile_bits;

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

result<bool> field_error(const char* name, const char* range) {
    return error{std::string("build parameter ") + name + " must be " + range};
}

std::size_t tiles_for(int cells_x, int cells_z, int tile_size) {
    return static_cast<std::size_t>((cells_x + tile_size - 1) / tile_size) *
           static_cast<std::size_t>((cells_z + tile_size - 1) / tile_size);
}

/// The Recast configuration of one tile (RecastDemo's Sample_TileMesh::buildTileMesh).
rcConfig tile_config(const build_source& s, tile_coord t) {
    const build_config& c = s.config;
    rcConfig cfg{};
    cfg.cs = c.cell_size;
    cfg.ch = c.cell_height;
    cfg.walkableSlopeAngle = c.agent_max_slope;
    cfg.walkableHeight = static_cast<int>(std::ceil(c.agent_height / c.cell_height));
    cfg.walkableClimb = static_cast<int>(std::floor(c.agent_max_climb / c.cell_height));
    cfg.walkableRadius = static_cast<int>(std::ceil(c.agent_radius / c.cell_size));
    cfg.maxEdgeLen = static_cast<int>(c.edge_max_len / c.cell_size);
    cfg.maxSimplificationError = c.edge_max_error;
    cfg.minRegionArea = c.region_min_size * c.region_min_size;
    cfg.mergeRegionArea = c.region_merge_size * c.region_merge_size;
    cfg.maxVertsPerPoly = c.verts_per_poly;
    cfg.tileSize = c.tile_size;
    cfg.borderSize = cfg.walkableRadius + 3;
    cfg.width = cfg.tileSize + cfg.borderSize * 2;
    cfg.height = cfg.tileSize + cfg.borderSize * 2;
    cfg.detailSampleDist = c.cell_size * c.detail_sample_dist;
    cfg.detailSampleMaxError = c.cell_height * c.detail_sample_max_error;
    const float tcs = static_cast<float>(c.tile_size) * c.cell_size;
    cfg.bmin[0] = s.origin[0] + static_cast<float>(t.x) * tcs;
    cfg.bmin[1] = s.origin[1];
    cfg.bmin[2] = s.origin[2] + static_cast<float>(t.y) * tcs;
    cfg.bmax[0] = s.origin[0] + static_cast<float>(t.x + 1) * tcs;
    cfg.bmax[1] = s.extent_max[1];
    cfg.bmax[2] = s.origin[2] + static_cast<float>(t.y + 1) * tcs;
    const float pad = static_cast<float>(cfg.borderSize) * cfg.cs;
    cfg.bmin[0] -= pad;
    cfg.bmin[2] -= pad;
    cfg.bmax[0] += pad;
    cfg.bmax[2] += pad;
    return cfg;
}

/// Builds tile `t`: its Detour data in `out` (left empty when nothing is walkable there), or
/// the step that failed.
using obstacle_list = std::vector<std::pair<std::uint32_t, obstacle>>;

/// Cuts the obstacles, grown by the agent radius, out of the eroded walkable area.
void mark_obstacles(rcContext& ctx, const build_source& s, const obstacle_list& obstacles,
                    rcCompactHeightfield& chf) {
    const float grow = s.config.agent_radius;
    for (const auto& [id, o] : obstacles) {
        if (o.kind == obstacle::shape::cylinder) {
            const float pos[3] = {o.a.x, o.a.y, o.a.z};
            rcMarkCylinderArea(&ctx, pos, o.radius + grow, o.height, RC_NULL_AREA, chf);
        } else {
            const float lo[3] = {o.a.x - grow, o.a.y, o.a.z - grow};
            const float hi[3] = {o.b.x + grow, o.b.y, o.b.z + grow};
            rcMarkBoxArea(&ctx, lo, hi, RC_NULL_AREA, chf);
        }
    }
}

std::string build_tile(const build_source& s, tile_coord t, int max_polys,
                       const obstacle_list& obstacles, tile_blob& out) {
    const auto& tris = s.tile_triangles[static_cast<std::size_t>(t.y) * s.tiles_x + t.x];
    if (tris.empty()) return {};
    rcContext ctx(false);
    const rcConfig cfg = tile_config(s, t);
    const float* verts = &s.geometry.vertices.front().x;
    const int nverts = static_cast<int>(s.geometry.vertices.size());
    const int ntris = static_cast<int>(tris.size() / 3);

    heightfield_ptr solid(rcAllocHeightfield());
    if (!solid || !rcCreateHeightfield(&ctx, *solid, cfg.width, cfg.height, cfg.bmin, cfg.bmax,
                                       cfg.cs, cfg.ch))
        return "rcCreateHeightfield failed (out of memory?)";
    std::vector<unsigned char> areas(static_cast<std::size_t>(ntris), 0);
    rcMarkWalkableTriangles(&ctx, cfg.walkableSlopeAngle, verts, nverts, tris.data(), ntris,
                            areas.data());
    if (!rcRasterizeTriangles(&ctx, verts, nverts, tris.data(), areas.data(), ntris, *solid,
                              cfg.walkableClimb))
        return "rcRasterizeTriangles failed";
    rcFilterLowHangingWalkableObstacles(&ctx, cfg.walkableClimb, *solid);
    rcFilterLedgeSpans(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid);
    rcFilterWalkableLowHeightSpans(&ctx, cfg.walkableHeight, *solid);

    compact_ptr chf(rcAllocCompactHeightfield());
    if (!chf ||
        !rcBuildCompactHeightfield(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid, *chf))
        return "rcBuildCompactHeightfield failed";
    solid.reset();
    if (!rcErodeWalkableArea(&ctx, cfg.walkableRadius, *chf)) return "rcErodeWalkableArea failed";
    mark_obstacles(ctx, s, obstacles, *chf);
    if (!rcBuildDistanceField(&ctx, *chf)) return "rcBuildDistanceField failed";
    if (!rcBuildRegions(&ctx, *chf, cfg.borderSize, cfg.minRegionArea, cfg.mergeRegionArea))
        return "rcBuildRegions failed";
    contours_ptr cset(rcAllocContourSet());
    if (!cset || !rcBuildContours(&ctx, *chf, cfg.maxSimplificationError, cfg.maxEdgeLen, *cset))
        return "rcBuildContours failed";
    if (cset->nconts == 0) return {};
    poly_mesh_ptr pmesh(rcAllocPolyMesh());
    if (!pmesh || !rcBuildPolyMesh(&ctx, *cset, cfg.maxVertsPerPoly, *pmesh))
        return "rcBuildPolyMesh failed";
    detail_mesh_ptr dmesh(rcAllocPolyMeshDetail());
    if (!dmesh || !rcBuildPolyMeshDetail(&ctx, *pmesh, *chf, cfg.detailSampleDist,
                                         cfg.detailSampleMaxError, *dmesh))
        return "rcBuildPolyMeshDetail failed";
    chf.reset();
    cset.reset();
    if (pmesh->npolys == 0) return {};
    if (pmesh->nverts >= 0xffff)
        return std::to_string(pmesh->nverts) +
               " vertices, over Detour's 65,535 per tile (use a smaller tile size)";
    if (pmesh->npolys > max_polys)
        return std::to_string(pmesh->npolys) + " polygons, over the " + std::to_string(max_polys) +
               " per tile that Detour's 32-bit references leave at this tile count (use a "
               "smaller tile size)";
    for (int i = 0; i < pmesh->npolys; ++i)
        pmesh->flags[i] = pmesh->areas[i] == RC_WALKABLE_AREA ? 1 : 0;

    dtNavMeshCreateParams p{};
    p.verts = pmesh->verts;
    p.vertCount = pmesh->nverts;
    p.polys = pmesh->polys;
    p.polyAreas = pmesh->areas;
    p.polyFlags = pmesh->flags;
    p.polyCount = pmesh->npolys;
    p.nvp = pmesh->nvp;
    p.detailMeshes = dmesh->meshes;
    p.detailVerts = dmesh->verts;
    p.detailVertsCount = dmesh->nverts;
    p.detailTris = dmesh->tris;
    p.detailTriCount = dmesh->ntris;
    p.walkableHeight = s.config.agent_height;
    p.walkableRadius = s.config.agent_radius;
    p.walkableClimb = s.config.agent_max_climb;
    p.tileX = t.x;
    p.tileY = t.y;
    p.tileLayer = 0;
    rcVcopy(p.bmin, pmesh->bmin);
    rcVcopy(p.bmax, pmesh->bmax);
    p.cs = cfg.cs;
    p.ch = cfg.ch;
    p.buildBvTree = true;
    unsigned char* data = nullptr;
    int size = 0;
    if (!dtCreateNavMeshData(&p, &data, &size)) return "dtCreateNavMeshData failed";
    out.data.assign(data, data + size);
    dtFree(data);
    return {};
}

/// Builds `which` tiles on up to `threads` threads; results in the same order.
result<std::vector<tile_blob>> build_tiles(const build_source& s, const obstacle_list& obstacles,
                                           const std::vector<tile_coord>& which, int max_polys,
                                           const build_options& options) {
    std::vector<tile_blob> out(which.size());
    std::vector<std::string> problems(which.size());
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::mutex progress_mutex;
    std::size_t done = 0;
    const auto work = [&] {
        for (std::size_t i = next++; i < which.size() && !failed; i = next++) {
            problems[i] = build_tile(s, which[i], max_polys, obstacles, out[i]);
            if (!problems[i].empty()) failed = true;
            if (options.progress) {
                const std::lock_guard lock(progress_mutex);
                options.progress(++done, which.size());
            }
        }
    };
    unsigned threads = options.threads ? options.threads : std::thread::hardware_concurrency();
    threads = std::clamp<unsigned>(threads, 1, 256);
    threads = static_cast<unsigned>(std::min<std::size_t>(threads, which.size()));
    std::vector<std::thread> pool;
    for (unsigned k = 1; k < threads; ++k) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    for (std::size_t i = 0; i < which.size(); ++i)
        if (!problems[i].empty())
            return error{"navmesh build: tile " + std::to_string(which[i].x) + "," +
                         std::to_string(which[i].y) + ": " + problems[i]};
    return out;
}

dtNavMeshParams mesh_params(const build_source& s) {
    dtNavMeshParams p{};
    rcVcopy(p.orig, s.origin);
    p.tileWidth = static_cast<float>(s.config.tile_size) * s.config.cell_size;
    p.tileHeight = p.tileWidth;
    const auto tiles = static_cast<std::size_t>(s.tiles_x) * static_cast<std::size_t>(s.tiles_y);
    const int tile_bits = std::max(1, static_cast<int>(std::bit_width(std::bit_ceil(tiles))) - 1);
    p.maxTiles = 1 << tile_bits;
    p.maxPolys = 1 << (22 - tile_bits);
    return p;
}

} // namespace

result<bool> check_build_config(const build_config& c) {
    const auto finite = [](float v) { return std::isfinite(v); };
    if (!finite(c.cell_size) || c.cell_size < 0.001f || c.cell_size > 100.f)
        return field_error("cell_size", "a number from 0.001 to 100");
    if (!finite(c.cell_height) || c.cell_height < 0.001f || c.cell_height > 100.f)
        return field_error("cell_height", "a number from 0.001 to 100");
    if (!finite(c.agent_height) || c.agent_height < 3 * c.cell_height ||
        c.agent_height > 255 * c.cell_height)
        return field_error("agent_height", "from 3 to 255 cell heights (3 * cell_height up)");
    if (!finite(c.agent_radius) || c.agent_radius < 0 || c.agent_radius > 255 * c.cell_size)
        return field_error("agent_radius", "from 0 to 255 cells (255 * cell_size)");
    if (!finite(c.agent_max_climb) || c.agent_max_climb < 0 ||
        c.agent_max_climb > 255 * c.cell_height)
        return field_error("agent_max_climb", "from 0 to 255 cell heights");
    if (!finite(c.agent_max_slope) || c.agent_max_slope < 0 || c.agent_max_slope >= 90)
        return field_error("agent_max_slope", "an angle from 0 to below 90 degrees");
    if (c.tile_size < 16 || c.tile_size > 4096)
        return field_error("tile_size", "from 16 to 4096 cells");
    if (c.region_min_size < 0 || c.region_min_size > 150)
        return field_error("region_min_size", "from 0 to 150 cells");
    if (c.region_merge_size < 0 || c.region_merge_size > 150)
        return field_error("region_merge_size", "from 0 to 150 cells");
    if (!finite(c.edge_max_len) || c.edge_max_len < 0 || c.edge_max_len > 4096 * c.cell_size)
        return field_error("edge_max_len", "from 0 to 4096 cells");
    if (!finite(c.edge_max_error) || c.edge_max_error < 0.1f || c.edge_max_error > 100.f)
        return field_error("edge_max_error", "from 0.1 to 100 cells");
    if (c.verts_per_poly < 3 || c.verts_per_poly > DT_VERTS_PER_POLYGON)
        return field_error("verts_per_poly", "from 3 to 6");
    // Recast 1.5.1 never returns from a detail sample distance of 0 (its issue 650).
    if (!finite(c.detail_sample_dist) || c.detail_sample_dist < 0.9f ||
        c.detail_sample_dist > 1000.f)
        return field_error("detail_sample_dist", "from 0.9 to 1000 cells");
    if (!finite(c.detail_sample_max_error) || c.detail_sample_max_error < 0 ||
        c.detail_sample_max_error > 1000.f)
        return field_error("detail_sample_max_error", "from 0 to 1000 cell heights");
    return true;
}

result<navmesh> build_navmesh(const level_geometry& geometry, const build_config& config,
                              const build_options& options) {
    if (auto ok = check_build_config(config); !ok) return ok.err();
    if (geometry.vertices.empty() || geometry.triangles.empty())
        return error{"navmesh build: the level has no triangles"};
    for (const auto& t : geometry.triangles)
        for (auto v : t)
            if (v >= geometry.vertices.size())
                return error{"navmesh build: a triangle names vertex " + std::to_string(v) +
                             ", out of range"};
    if (geometry.triangles.size() > static_cast<std::size_t>(INT32_MAX / 3) ||
        geometry.vertices.size() > static_cast<std::size_t>(INT32_MAX / 3))
        return error{"navmesh build: the level is too large for Recast"};
    auto src = std::make_shared<build_source>();
    src->geometry = geometry;
    src->config = config;
    const auto box = geometry.bounds();
    src->origin[0] = box[0].x;
    src->origin[1] = box[0].y;
    src->origin[2] = box[0].z;
    src->extent_max[0] = box[1].x;
    src->extent_max[1] = box[1].y;
    src->extent_max[2] = box[1].z;
    for (const vec3& corner : box)
        for (const float c : {corner.x, corner.y, corner.z})
            if (std::abs(c) > 1e7f)
                return error{"navmesh build: the level reaches beyond 1e7 of the origin (the "
                             "limit of query points and navmesh files)"};
    const double cells_x = std::ceil((double{box[1].x} - box[0].x) / config.cell_size);
    const double cells_z = std::ceil((double{box[1].z} - box[0].z) / config.cell_size);
    if (cells_x > 1e8 || cells_z > 1e8)
        return error{"navmesh build: the level spans too many cells at cell_size " +
                     std::to_string(config.cell_size)};
    const int gw = std::max(1, static_cast<int>(cells_x));
    const int gh = std::max(1, static_cast<int>(cells_z));
    const std::size_t tiles = tiles_for(gw, gh, config.tile_size);
    if (tiles > max_tiles) {
        int fit = config.tile_size;
        while (fit <= 4096 && tiles_for(gw, gh, fit) > max_tiles) fit += 8;
        std::string advice = fit <= 4096
                                 ? "use a tile size of " + std::to_string(fit) + " cells or more"
                                 : "use a larger cell size";
        return error{"navmesh build: " + std::to_string(tiles) + " tiles of " +
                     std::to_string(config.tile_size) + " cells, over the " +
                     std::to_string(max_tiles) +
                     " that Detour's 32-bit polygon references allow; " + advice};
    }
    src->tiles_x = (gw + config.tile_size - 1) / config.tile_size;
    src->tiles_y = (gh + config.tile_size - 1) / config.tile_size;
    src->tile_triangles.resize(tiles);
    const float tcs = static_cast<float>(config.tile_size) * config.cell_size;
    const float border =
        (std::ceil(config.agent_radius / config.cell_size) + 3.f) * config.cell_size;
    for (std::size_t i = 0; i < geometry.triangles.size(); ++i) {
        const auto& t = geometry.triangles[i];
        float lo_x = geometry.vertices[t[0]].x, hi_x = lo_x;
        float lo_z = geometry.vertices[t[0]].z, hi_z = lo_z;
        for (int k = 1; k < 3; ++k) {
            lo_x = std::min(lo_x, geometry.vertices[t[k]].x);
            hi_x = std::max(hi_x, geometry.vertices[t[k]].x);
            lo_z = std::min(lo_z, geometry.vertices[t[k]].z);
            hi_z = std::max(hi_z, geometry.vertices[t[k]].z);
        }
        const auto cell = [&](float v, float o, int n) {
            return std::clamp(static_cast<int>(std::floor((v - o) / tcs)), 0, n - 1);
        };
        const int x0 = cell(lo_x - border, box[0].x, src->tiles_x);
        const int x1 = cell(hi_x + border, box[0].x, src->tiles_x);
        const int z0 = cell(lo_z - border, box[0].z, src->tiles_y);
        const int z1 = cell(hi_z + border, box[0].z, src->tiles_y);
        for (int z = z0; z <= z1; ++z)
            for (int x = x0; x <= x1; ++x) {
                auto& list = src->tile_triangles[static_cast<std::size_t>(z) * src->tiles_x + x];
                list.insert(list.end(), {static_cast<int>(t[0]), static_cast<int>(t[1]),
                                         static_cast<int>(t[2])});
            }
    }
    std::vector<tile_coord> all;
    for (int y = 0; y < src->tiles_y; ++y)
        for (int x = 0; x < src->tiles_x; ++x) all.push_back({x, y});
    const dtNavMeshParams params = mesh_params(*src);
    auto built = build_tiles(*src, {}, all, params.maxPolys, options);
    if (!built) return built.err();
    std::vector<tile_blob> blobs;
    for (auto& b : *built)
        if (!b.data.empty()) blobs.push_back(std::move(b));
    if (blobs.empty())
        return error{"navmesh build: nothing is walkable for this agent (no polygon in any tile; "
                     "check agent_height, agent_radius, agent_max_slope and the level's units)"};
    return assemble_navmesh(params, std::move(blobs), std::move(src));
}

namespace {

/// The tiles `which` rebuilt with `obstacles` into a new version of `base` (see rebuild_tiles).
result<navmesh> rebuild(const navmesh::impl& base, std::span<const tile_coord> which,
                        obstacle_list obstacles, std::uint32_t next_obstacle) {
    const auto& s = base.source;
    if (!s) return error{"navmesh: a navmesh loaded from a file cannot rebuild tiles"};
    std::vector<tile_coord> todo;
    for (const tile_coord t : which) {
        if (t.x < 0 || t.y < 0 || t.x >= s->tiles_x || t.y >= s->tiles_y)
            return error{"navmesh: tile " + std::to_string(t.x) + "," + std::to_string(t.y) +
                         " is outside the " + std::to_string(s->tiles_x) + " x " +
                         std::to_string(s->tiles_y) + " tile grid"};
        if (std::find(todo.begin(), todo.end(), t) == todo.end()) todo.push_back(t);
    }
    const dtNavMeshParams params = mesh_params(*s);
    auto built = build_tiles(*s, obstacles, todo, params.maxPolys, {});
    if (!built) return built.err();
    // Unchanged tiles keep their references; a rebuilt tile keeps its slot with the next salt
    // (so references into its old version are detected as stale); new tiles come last.
    const dtNavMesh& old_mesh = *base.mesh;
    std::vector<tile_blob> blobs;
    for (std::size_t i = 0; i < base.tiles.size(); ++i) {
        const auto it = std::find(todo.begin(), todo.end(), base.tiles[i]);
        const dtTileRef ref = base.tile_refs[i];
        if (it == todo.end()) {
            blobs.push_back({base.tile_data[i], ref});
            continue;
        }
        auto& b = (*built)[static_cast<std::size_t>(it - todo.begin())];
        if (b.data.empty()) continue;
        unsigned salt = (old_mesh.decodePolyIdSalt(ref) + 1) & ((1u << 10) - 1);
        if (salt == 0) salt = 1;
        blobs.push_back(
            {std::move(b.data), old_mesh.encodePolyId(salt, old_mesh.decodePolyIdTile(ref), 0)});
    }
    for (std::size_t k = 0; k < todo.size(); ++k)
        if (std::find(base.tiles.begin(), base.tiles.end(), todo[k]) == base.tiles.end() &&
            !(*built)[k].data.empty())
            blobs.push_back({std::move((*built)[k].data), 0});
    if (blobs.empty()) return error{"navmesh: no tile holds a polygon after the rebuild"};
    return assemble_navmesh(params, std::move(blobs), s,
                            {&base, std::move(obstacles), next_obstacle});
}

/// The tiles whose build (their border included) an obstacle can change.
std::vector<tile_coord> tiles_touched(const build_source& s, const obstacle& o) {
    const build_config& c = s.config;
    const float reach = c.agent_radius +
                        (std::ceil(c.agent_radius / c.cell_size) + 3.f) * c.cell_size + c.cell_size;
    const float grow = o.kind == obstacle::shape::cylinder ? o.radius : 0.f;
    const float lo_x = o.a.x - grow - reach, lo_z = o.a.z - grow - reach;
    const float hi_x = (o.kind == obstacle::shape::cylinder ? o.a.x + grow : o.b.x) + reach;
    const float hi_z = (o.kind == obstacle::shape::cylinder ? o.a.z + grow : o.b.z) + reach;
    const float tcs = static_cast<float>(c.tile_size) * c.cell_size;
    const auto cell = [&](float v, float origin, int n) {
        return std::clamp(static_cast<int>(std::floor((v - origin) / tcs)), -1, n);
    };
    std::vector<tile_coord> out;
    const int x0 = std::max(0, cell(lo_x, s.origin[0], s.tiles_x));
    const int x1 = std::min(s.tiles_x - 1, cell(hi_x, s.origin[0], s.tiles_x));
    const int z0 = std::max(0, cell(lo_z, s.origin[2], s.tiles_y));
    const int z1 = std::min(s.tiles_y - 1, cell(hi_z, s.origin[2], s.tiles_y));
    for (int z = z0; z <= z1; ++z)
        for (int x = x0; x <= x1; ++x) out.push_back({x, z});
    return out;
}

result<bool> check_obstacle(const obstacle& o) {
    const auto ok = [](float v) { return std::isfinite(v) && std::abs(v) <= 1e7f; };
    if (!ok(o.a.x) || !ok(o.a.y) || !ok(o.a.z) || !ok(o.b.x) || !ok(o.b.y) || !ok(o.b.z) ||
        !ok(o.radius) || !ok(o.height))
        return error{"navmesh: an obstacle's numbers must be finite and within 1e7"};
    if (o.kind == obstacle::shape::cylinder && !(o.radius > 0 && o.height > 0))
        return error{"navmesh: a cylinder obstacle needs a radius and a height above 0"};
    if (o.kind == obstacle::shape::box && !(o.a.x < o.b.x && o.a.y < o.b.y && o.a.z < o.b.z))
        return error{"navmesh: a box obstacle needs its minimum corner below its maximum"};
    return true;
}

} // namespace

result<navmesh> navmesh::rebuild_tiles(std::span<const tile_coord> which) const {
    return rebuild(*impl_, which, impl_->obstacles, impl_->next_obstacle);
}

result<navmesh> navmesh::add_obstacle(const obstacle& o) const {
    if (auto ok = check_obstacle(o); !ok) return ok.err();
    if (!impl_->source) return error{"navmesh: a navmesh loaded from a file takes no obstacles"};
    auto list = impl_->obstacles;
    list.push_back({impl_->next_obstacle, o});
    return rebuild(*impl_, tiles_touched(*impl_->source, o), std::move(list),
                   impl_->next_obstacle + 1);
}

result<navmesh> navmesh::remove_obstacle(std::uint32_t id) const {
    auto list = impl_->obstacles;
    const auto it =
        std::find_if(list.begin(), list.end(), [id](const auto& e) { return e.first == id; });
    if (it == list.end()) return error{"navmesh: no obstacle " + std::to_string(id)};
    if (!impl_->source) return error{"navmesh: a navmesh loaded from a file takes no obstacles"};
    const auto touched = tiles_touched(*impl_->source, it->second);
    list.erase(it);
    return rebuild(*impl_, touched, std::move(list), impl_->next_obstacle);
}

} // namespace xunlu::navmesh
