// Polygon scenes: a walkable region bounded by one outer polygon, with obstacle polygons
// (holes) inside it; the text format, its validation and the walkable-region test.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/point.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// A simple polygon, vertices in order, stored counter-clockwise (in a frame with y up; the
/// loader reverses clockwise input), no vertex repeated.
struct polygon {
    std::vector<point> vertices;
};

/// A validated scene: `boundary` (polygon 0) encloses the walkable region; `obstacles`
/// (polygons 1..n) are holes in it. Guarantees after create/parse: every polygon has at least
/// 3 vertices, finite coordinates within +-max_coordinate, non-zero area and no self-crossing or
/// self-touching; no two polygons' edges meet; every obstacle lies inside the boundary and
/// outside every other obstacle. The one exception is a **pinch**: two corners (of two polygons
/// or of one) at the same point, their solid sides apart there with both gaps between them under
/// 180 degrees (walls touching diagonally); no path may pass it (polygon_graph). The walkable
/// region is closed: a path may run along edges.
class XUNLU_API polygon_scene {
  public:
    static constexpr std::size_t max_vertices = 1'000'000; ///< all polygons together
    static constexpr double max_coordinate = 1e7;          ///< |x|, |y|

    /// Validates and builds a scene; the error names the polygon and vertex ("polygon 2
    /// (obstacle 2) vertex 4: ...").
    [[nodiscard]] static result<polygon_scene> create(polygon boundary,
                                                      std::vector<polygon> obstacles);

    /// Parses the text format (docs/formats.md#polygon-scene):
    ///   xunlu-polygons 1
    ///   boundary            then one "X Y" line per vertex, then "end"
    ///   obstacle            (any number) likewise
    /// '#' starts a comment; blank lines are skipped. Errors: "FILE:LINE: ...".
    [[nodiscard]] static result<polygon_scene> parse(std::string_view text,
                                                     std::string_view file = "scene");

    [[nodiscard]] const polygon& boundary() const noexcept { return boundary_; }
    [[nodiscard]] std::span<const polygon> obstacles() const noexcept { return obstacles_; }
    /// Polygon `i`: 0 the boundary, then the obstacles.
    [[nodiscard]] const polygon& polygon_at(std::size_t i) const noexcept {
        return i == 0 ? boundary_ : obstacles_[i - 1];
    }
    [[nodiscard]] std::size_t polygon_count() const noexcept { return obstacles_.size() + 1; }
    [[nodiscard]] std::size_t vertex_count() const noexcept;

    /// Whether `p` lies in the walkable region (inside or on the boundary, not strictly inside
    /// an obstacle). O(vertices).
    [[nodiscard]] bool walkable(point p) const noexcept;

    /// The scene in the text format (round-trips through parse).
    [[nodiscard]] std::string to_text() const;

  private:
    polygon boundary_;
    std::vector<polygon> obstacles_;
};

/// Where `p` lies against polygon `poly`: -1 strictly outside, 0 on an edge or vertex,
/// 1 strictly inside.
[[nodiscard]] XUNLU_API int locate(const polygon& poly, point p) noexcept;

} // namespace xunlu::anyangle
