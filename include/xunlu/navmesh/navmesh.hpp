// An immutable navigation mesh (Recast/Detour underneath, kept private): built tile by tile
// from level geometry, or loaded from Detour's "navmesh set" file, with its ground polygons as
// a polygon_mesh for the searches. A changed tile makes a new navmesh; an existing one never
// changes, so a query never sees half an update.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/navmesh/build_config.hpp"
#include "xunlu/navmesh/level_geometry.hpp"
#include "xunlu/navmesh/polygon_mesh.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::navmesh {

/// A tile's place in the navmesh's tile grid (x along the level's x, y along its z).
struct tile_coord {
    int x = 0;
    int y = 0;
    friend bool operator==(const tile_coord&, const tile_coord&) = default;
};

/// An off-mesh connection (jump, ladder, teleport) as Detour stores it; kept apart from the
/// ground polygons for the searches to come. start/end_polygon are the ground polygons (in
/// polygon_mesh numbering) its ends attach to, no_polygon when an end is not attached.
struct off_mesh_link {
    vec3 start;
    vec3 end;
    float radius = 0;
    bool bidirectional = false;
    std::uint8_t area = 0;
    std::uint16_t flags = 0;
    std::uint32_t user_id = 0;
    std::uint32_t start_polygon = no_polygon;
    std::uint32_t end_polygon = no_polygon;
};

/// The navmesh-wide numbers Detour keeps (dtNavMeshParams) and the agent its tiles were built for
/// (taken from the first tile; 0 when there is none).
struct navmesh_params {
    vec3 origin;
    float tile_width = 0; ///< tile side in x, level units
    float tile_depth = 0; ///< tile side in z, level units
    int max_tiles = 0;
    int max_polygons_per_tile = 0;
    float agent_height = 0;
    float agent_radius = 0;
    float agent_max_climb = 0;
};

/// A temporary obstacle (a crate, a parked cart, a closed gate): the walkable area it covers,
/// grown by the agent radius, is cut out of the tiles it touches.
struct obstacle {
    enum class shape : std::uint8_t { cylinder, box };
    shape kind = shape::cylinder;
    vec3 a;           ///< cylinder: the centre of its base; box: its minimum corner
    vec3 b;           ///< box: its maximum corner (unused for a cylinder)
    float radius = 0; ///< cylinder only
    float height = 0; ///< cylinder only
};

/// Reports a build's progress: `done` of `total` tiles finished. Called from the building
/// threads, one call at a time.
using build_progress = std::function<void(std::size_t done, std::size_t total)>;

struct build_options {
    unsigned threads = 0; ///< 0: std::thread::hardware_concurrency()
    build_progress progress;
};

class XUNLU_API navmesh {
  public:
    struct impl; ///< the Detour mesh and its tiles' bytes (src/navmesh only)

    /// Tiles that hold polygons.
    [[nodiscard]] std::size_t tile_count() const;
    /// Ground polygons (off-mesh connections not counted).
    [[nodiscard]] std::uint32_t polygon_count() const;
    /// Vertices of polygons(), welded across tiles and border splits.
    [[nodiscard]] std::size_t vertex_count() const;
    /// The box around the polygons' vertices.
    [[nodiscard]] std::array<vec3, 2> bounds() const;
    [[nodiscard]] const navmesh_params& params() const;
    /// The tiles that hold polygons, in the order they were added.
    [[nodiscard]] std::vector<tile_coord> tiles() const;
    /// The build parameters when this navmesh was built here (so tiles can be rebuilt), null
    /// when it was loaded from a file.
    [[nodiscard]] const build_config* config() const;

    /// The ground polygons, all tiles in one index space: counter-clockwise from above, shared
    /// vertices welded, tile-border edges split where Detour's portal links end (one neighbour
    /// or none per edge), Detour's area and flags per polygon.
    [[nodiscard]] const polygon_mesh& polygons() const;
    [[nodiscard]] const std::vector<off_mesh_link>& off_mesh_links() const;
    /// Detour's 32-bit polygon reference of polygon `index` (below polygon_count()).
    [[nodiscard]] std::uint32_t polygon_ref(std::uint32_t index) const;
    /// The polygon index of a Detour reference, no_polygon when it names no ground polygon.
    [[nodiscard]] std::uint32_t polygon_index(std::uint32_t ref) const;

    /// A new navmesh with tiles `which` rebuilt from the level geometry this one was built from
    /// (the others copied); an error for a loaded navmesh or a tile outside the grid.
    [[nodiscard]] result<navmesh> rebuild_tiles(std::span<const tile_coord> which) const;

    /// A new navmesh version with `o` added: only the tiles it touches are rebuilt (Detour's
    /// tile cache approach); this navmesh is unchanged. The obstacle's id is obstacles().back()
    /// .first of the result. Errors: a loaded navmesh, a shape that is not finite and positive.
    [[nodiscard]] result<navmesh> add_obstacle(const obstacle& o) const;
    /// A new version without obstacle `id` (its tiles rebuilt); an error for an unknown id.
    [[nodiscard]] result<navmesh> remove_obstacle(std::uint32_t id) const;
    /// The obstacles in this version, with their ids, in the order they were added.
    [[nodiscard]] const std::vector<std::pair<std::uint32_t, obstacle>>& obstacles() const;
    /// 1 for a build or a load, one more for each navmesh made from it by a change (tiles
    /// rebuilt, an obstacle added or removed): answers can report the version they used.
    [[nodiscard]] std::uint64_t version() const;

    [[nodiscard]] const impl& internals() const { return *impl_; }
    explicit navmesh(std::shared_ptr<const impl> p) : impl_(std::move(p)) {}

  private:
    std::shared_ptr<const impl> impl_;
};

/// Builds a navmesh from `geometry` with Recast, tile by tile (tiles are independent and built
/// on options.threads threads; the result does not depend on the thread count). Refused with a
/// clear error for bad parameters, no geometry, more tiles than Detour's 32-bit polygon
/// references allow (the error names a tile size that fits), or a level where nothing is
/// walkable.
XUNLU_API result<navmesh> build_navmesh(const level_geometry& geometry, const build_config& config,
                                        const build_options& options = {});

} // namespace xunlu::navmesh
