// What the exact path search needs of a polygon_mesh, built once per mesh: one vertex id per 3D
// position, the polygons around each vertex in order, which vertices a shortest path may bend
// at, each edge's place in the polygon across, and point location (which polygon holds a 3D
// point, floors told apart by height).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/navmesh/polygon_mesh.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::navmesh {

/// A polygon's corner as the pair (polygon, place in its corner list).
struct polygon_corner {
    std::uint32_t polygon = 0;
    std::uint32_t corner = 0;
    friend bool operator==(const polygon_corner&, const polygon_corner&) = default;
};

/// Built by mesh_index::build from a mesh that passes check_polygon_mesh; it keeps a pointer to
/// the mesh, which must outlive it and stay unchanged. Memory and build time are linear in the
/// mesh (about 40 bytes per polygon corner and 20 per vertex, plus the bucket grid of about
/// one bucket per polygon); memory_bytes() says how much.
class XUNLU_API mesh_index {
  public:
    /// Checks the mesh (check_polygon_mesh with `tolerance`) and builds the index; the error
    /// names what is wrong.
    [[nodiscard]] static result<mesh_index> build(const polygon_mesh& mesh,
                                                  float tolerance = 1e-3f);

    [[nodiscard]] const polygon_mesh& mesh() const noexcept { return *mesh_; }

    /// Vertices at the same 3D position (tiles of a navmesh repeat their border vertices) share
    /// one id: the smallest index among them. Searches key their roots by it.
    [[nodiscard]] std::uint32_t canonical(std::uint32_t vertex) const noexcept {
        return canonical_[vertex];
    }
    /// The canonical vertex at corner `corner` of polygon `polygon`.
    [[nodiscard]] std::uint32_t corner_vertex(std::uint32_t polygon,
                                              std::uint32_t corner) const noexcept {
        return canonical_[mesh_->corners[mesh_->offsets[polygon] + corner]];
    }
    /// Whether a shortest path may turn at (canonical) vertex `v`: the walkable polygons around
    /// it, seen from above, fill more than a half turn between two walls, or it touches more
    /// than two walls (an "ambiguous" vertex where walkable fans meet at a point). Interior
    /// vertices and straight or concave stretches of wall are not corners.
    [[nodiscard]] bool corner(std::uint32_t v) const noexcept { return corner_[v] != 0; }
    /// The polygon corners at (canonical) vertex `v`, counter-clockwise around it seen from
    /// above: each next one lies across the edge that ends at `v` in the one before. A vertex on
    /// walls starts at a polygon whose edge leaving it is a wall; a vertex with several fans
    /// lists them one after the other.
    [[nodiscard]] std::span<const polygon_corner> around(std::uint32_t v) const noexcept {
        return {around_.data() + around_begin_[v], around_.data() + around_begin_[v + 1]};
    }
    /// For the edge from corner `corner` of `polygon` to the next corner, its place in the
    /// neighbour's corner list (the same edge run the other way), or no_polygon for a wall.
    [[nodiscard]] std::uint32_t twin(std::uint32_t polygon, std::uint32_t corner) const noexcept {
        return twin_[mesh_->offsets[polygon] + corner];
    }

    /// Dead ends: polygons left with at most one neighbour after repeatedly removing such
    /// polygons (trees of polygons hanging on the rest by one edge). A shortest path enters
    /// one only when its start or goal lies in it, so a search skips the others. `live`, or
    /// the neighbour a dead end hangs on, or `dead_root` (the last of a component that is all
    /// dead ends).
    static constexpr std::uint32_t live = 0xFFFFFFFF;
    static constexpr std::uint32_t dead_root = 0xFFFFFFFE;
    [[nodiscard]] std::uint32_t dead_parent(std::uint32_t p) const noexcept {
        return dead_parent_[p];
    }

    /// Whether (x, z) lies in polygon `p` seen from above, `tolerance` level units outside its
    /// edges counting as in.
    [[nodiscard]] bool contains_xz(std::uint32_t p, double x, double z,
                                   double tolerance = 1e-6) const noexcept;
    /// The height of polygon `p`'s surface at (x, z): interpolated over the fan of triangles
    /// from its first corner (the nearest triangle when (x, z) lies just outside).
    [[nodiscard]] double height_at(std::uint32_t p, double x, double z) const noexcept;
    /// The polygon holding the point: among those whose outline seen from above holds (x, z)
    /// (within `tolerance`), the one whose surface there is nearest in height to `point.y`
    /// (several floors overlap). no_polygon when none holds (x, z). Time: the polygons of one
    /// bucket of the grid over their bounds in (x, z).
    [[nodiscard]] std::uint32_t locate(const vec3& point, double tolerance = 1e-4) const noexcept;

    /// The larger side of the mesh's bounds in (x, z), at least 1: the scale of its rounding.
    [[nodiscard]] double extent() const noexcept { return extent_; }

    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    const polygon_mesh* mesh_ = nullptr;
    std::vector<std::uint32_t> canonical_;    ///< per vertex
    std::vector<std::uint8_t> corner_;        ///< per vertex (canonical ids are set)
    std::vector<std::uint32_t> around_begin_; ///< per vertex + 1, into around_
    std::vector<polygon_corner> around_;
    std::vector<std::uint32_t> twin_;        ///< per polygon corner, as mesh.corners
    std::vector<std::uint32_t> dead_parent_; ///< per polygon
    // Point location: a grid of square buckets over the polygons' bounds in (x, z).
    double min_x_ = 0;
    double min_z_ = 0;
    double bucket_size_ = 1;
    double extent_ = 1;
    std::uint32_t buckets_x_ = 0;
    std::uint32_t buckets_z_ = 0;
    std::vector<std::uint32_t> bucket_begin_; ///< per bucket + 1, into bucket_polygons_
    std::vector<std::uint32_t> bucket_polygons_;
};

} // namespace xunlu::navmesh
