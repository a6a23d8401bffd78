// Detour-backed queries on a navmesh: the nearest point on the mesh, a ray cast along the
// surface, and Detour's own path (findPath + findStraightPath), kept as the baseline the exact
// search is measured against. One navmesh_query per thread (it owns Detour's scratch memory).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/navmesh/navmesh.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::navmesh {

/// Query points must be finite and within this distance of the origin in every coordinate
/// (Detour turns coordinates into tile numbers with int casts).
inline constexpr float max_query_coordinate = 1e7f;

/// The default search box: 2 m to each side, 4 m up and down (RecastDemo's {2, 4, 2}).
inline constexpr vec3 default_half_extents{2.f, 4.f, 2.f};

struct nearest_point {
    vec3 point;                ///< on the mesh (its height is point.y, from the detail mesh)
    std::uint32_t polygon = 0; ///< in navmesh::polygons() numbering
    bool over_polygon = false; ///< the query point lies above or below that polygon
};

/// Detour's raycast: the ray walks from polygon to polygon in (x, z) from `from` towards `to`.
struct surface_ray {
    bool reached = false; ///< no wall before `to`
    float t = 1;          ///< the fraction of from -> to walked (1 when reached)
    vec3 point;           ///< where the ray stopped, its height on the last polygon
    vec3 wall_normal;     ///< the hit wall's normal in (x, z) ({0,0,0} when reached)
    std::uint32_t start_polygon = 0;
    std::uint32_t end_polygon = 0;
    std::vector<std::uint32_t> polygons; ///< crossed, in order (polygon numbering as above)
};

/// Detour's own path, for comparison only (it is not optimal: findPath searches polygon
/// edge midpoints and findStraightPath pulls the string through that corridor).
struct detour_path {
    std::vector<vec3> points;            ///< the straight path, start to end (heights included)
    std::vector<std::uint32_t> corridor; ///< polygons of findPath's corridor
    bool partial = false; ///< findPath ran out of nodes or could not reach: ends elsewhere
    float length = 0;     ///< 3D length of `points`
};

class XUNLU_API navmesh_query {
  public:
    /// A query object on `mesh` with Detour's node pool of `max_nodes` (4 to 65,535).
    static result<navmesh_query> make(navmesh mesh, int max_nodes = 2048);

    navmesh_query(navmesh_query&&) noexcept;
    navmesh_query& operator=(navmesh_query&&) noexcept;
    ~navmesh_query();

    [[nodiscard]] const navmesh& mesh() const;

    /// The point on the mesh nearest `p` among polygons overlapping the box `p` +- half_extents;
    /// an error for a non-finite or far point, bad extents, or no polygon in the box.
    result<nearest_point> nearest(vec3 p, vec3 half_extents = default_half_extents);

    /// Casts along the surface from the mesh point nearest `from` towards `to` (Detour's
    /// raycast semantics: a 2D walk in (x, z), first wall hit or reach).
    result<surface_ray> raycast(vec3 from, vec3 to, vec3 half_extents = default_half_extents);

    /// The baseline: Detour's findPath + findStraightPath between the mesh points nearest
    /// `from` and `to`. Up to `max_path` corridor polygons and straight-path points.
    result<detour_path> detour_baseline_path(vec3 from, vec3 to,
                                             vec3 half_extents = default_half_extents,
                                             int max_path = 4096);

  private:
    struct state;
    explicit navmesh_query(std::unique_ptr<state> s);
    std::unique_ptr<state> s_;
};

} // namespace xunlu::navmesh
