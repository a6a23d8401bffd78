// Level geometry as Recast takes it: a triangle soup over shared vertices, and the bounded
// Wavefront OBJ reader that fills it (the form game tools and RecastDemo export levels in).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/navmesh/polygon_mesh.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::navmesh {

/// Triangles over shared vertices, in the level's units (metres), y up. Every index in
/// `triangles` is below vertices.size(); every coordinate is finite (the loader checks both).
struct level_geometry {
    std::vector<vec3> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles;

    /// The axis-aligned box around all vertices ({0,0,0} twice when there are none).
    [[nodiscard]] XUNLU_API std::array<vec3, 2> bounds() const;
};

/// Caps on what an OBJ file may hold, checked while reading (never an unbounded allocation).
struct obj_limits {
    std::size_t max_bytes = std::size_t{1} << 30; ///< file size (1 GiB)
    std::size_t max_vertices = 1u << 24;          ///< `v` lines (16.7 M)
    std::size_t max_triangles = 1u << 25;         ///< triangles after fan triangulation
};

/// Reads OBJ text: `v x y z [w]` vertices; `f` faces whose corners are `i`, `i/t`, `i//n` or
/// `i/t/n`, 1-based or negative (relative to the vertices read so far); polygons with more than
/// three corners are split into a fan from their first corner. Every other line (vt, vn, o, g,
/// s, usemtl, mtllib, comments) is ignored. `name` prefixes errors as NAME:LINE: what.
XUNLU_API result<level_geometry> parse_obj(std::string_view text, const std::string& name,
                                           const obj_limits& limits = {});

/// Reads the OBJ file at `path` (refused when above limits.max_bytes before it is read).
XUNLU_API result<level_geometry> load_obj(const std::string& path, const obj_limits& limits = {});

} // namespace xunlu::navmesh
