// Shortest paths in polygon scenes: the visibility graph over the vertices a shortest path can
// bend at, a ray cast, and A* over the graph with the start and goal linked in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xunlu/anyangle/polygon_scene.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// Called while building with (bend vertices done, bend vertices in all).
using polygon_graph_progress = std::function<void(std::size_t done, std::size_t total)>;

/// A polygon scene prepared for queries: every edge in a uniform grid (each edge in the cells it
/// passes), and the visibility graph over the **bend vertices** (convex obstacle vertices and
/// reflex boundary vertices: where the walkable region's boundary turns away from it), linked
/// where they see each other with both ends tangent. Built once per scene in O(bends^2) exact
/// sight checks, each walking only the grid cells its segment passes; immutable and shared by
/// threads afterwards. Refused (`problem()`) above `max_bends` bend vertices or `max_edges`
/// graph edges. A **pinch** (two polygon corners at one point, see polygon_scene) blocks every
/// segment passing through it and is never a bend; a segment may start or end there.
class XUNLU_API polygon_graph {
  public:
    /// O(bends^2) tangent tests and sight checks: 22,340 bends (a traced 512 x 512 room map)
    /// build in about 10 s, so the limit bounds a build near half a minute.
    static constexpr std::size_t max_bends = 32768;
    static constexpr std::size_t max_edges = std::size_t{1} << 26;

    [[nodiscard]] static polygon_graph build(polygon_scene scene,
                                             const polygon_graph_progress& progress = {});

    [[nodiscard]] const polygon_scene& scene() const noexcept { return scene_; }
    [[nodiscard]] const std::string& problem() const noexcept { return problem_; }
    [[nodiscard]] std::size_t bend_count() const noexcept { return bends_.size(); }
    [[nodiscard]] std::size_t edge_count() const noexcept { return targets_.size(); }
    [[nodiscard]] double build_ms() const noexcept { return build_ms_; }

    /// The first point where the segment from `a` towards `b` leaves the walkable region
    /// (crosses an edge, passes a vertex into a polygon, or starts on an edge heading in), or
    /// nullopt when the whole closed segment is walkable. `a` must be walkable.
    [[nodiscard]] std::optional<point> raycast(point a, point b) const;
    /// Whether the closed segment a-b lies in the walkable region (`a` walkable).
    [[nodiscard]] bool sees(point a, point b) const;

    /// The shortest path from `from` to `to` (both must be walkable): status found with
    /// `waypoints` (from, bends..., to) and `length`, no_path, or invalid_input with a reason.
    /// `stats.expanded` counts graph nodes expanded. Thread-safe (scratch is per call).
    [[nodiscard]] search::search_result find_path(point from, point to) const;

  private:
    struct vertex {
        point at;
        std::uint32_t prev;
        std::uint32_t next;
        bool boundary;
        bool pinch = false; ///< shared with another polygon corner: never passed, never a bend
    };
    /// First obstruction parameter t in [0, 1] along a->b, or a value > 1 when none; with `any`,
    /// some obstruction's t (the walk stops at the first cell that blocks).
    [[nodiscard]] double first_hit(point a, point b, bool any) const;
    [[nodiscard]] bool blocked_direction(std::uint32_t v, point d) const noexcept;
    [[nodiscard]] bool tangent(std::uint32_t v, point d) const noexcept;
    /// Visits each grid cell the segment a-b meets (cells grown by a rounding margin) until
    /// `visit` returns false; false when it stopped early.
    template <class Visit> bool for_each_cell(point a, point b, Visit&& visit) const;

    polygon_scene scene_;
    std::vector<vertex> vertices_;
    std::vector<std::uint32_t> bends_; ///< vertex ids
    std::vector<std::uint32_t> offsets_;
    std::vector<std::uint32_t> targets_; ///< indices into bends_
    // The edge grid: edge e runs from vertex e to vertices_[e].next.
    point origin_;
    double cell_size_ = 1;
    std::int32_t columns_ = 1;
    std::int32_t rows_ = 1;
    std::vector<std::uint32_t> cell_start_;
    std::vector<std::uint32_t> cell_edges_;
    std::string problem_;
    double build_ms_ = 0;
};

} // namespace xunlu::anyangle
