// A designer-made waypoint graph over a grid map: waypoints at cells, weighted undirected links,
// kept as a graph::spatial_graph (positions = cell centres) that the graph search runs on.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/graph/spatial_graph.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::waypoint {

/// One waypoint: the designer's id and the cell it stands on (cell units).
struct waypoint {
    std::int64_t id = 0;
    cell at;
    /// Cell centre in cell units.
    [[nodiscard]] point centre() const noexcept { return {at.x + 0.5, at.y + 0.5}; }
};

/// One undirected link between waypoint indices (not ids) with its cost in cells.
struct link {
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    double cost = 0;
};

/// Immutable graph. Waypoints are addressed by index 0..size()-1; `index_of` maps ids.
class XUNLU_API waypoint_graph {
  public:
    waypoint_graph() = default;
    /// Builds adjacency from waypoints and links (indices must be < waypoints.size(), costs
    /// finite and >= 0: the CSV loader checks this before).
    waypoint_graph(std::vector<waypoint> waypoints, std::span<const link> links);

    [[nodiscard]] std::size_t size() const noexcept { return waypoints_.size(); }
    [[nodiscard]] std::size_t link_count() const noexcept { return topology_.edge_count(); }
    [[nodiscard]] const waypoint& at(std::uint32_t index) const noexcept {
        return waypoints_[index];
    }
    [[nodiscard]] std::span<const waypoint> waypoints() const noexcept { return waypoints_; }
    /// Index of the waypoint with designer id `id`, or -1.
    [[nodiscard]] std::int64_t index_of(std::int64_t id) const noexcept {
        return topology_.index_of(id);
    }

    /// Neighbours of waypoint `index` and the link costs, in the same order.
    [[nodiscard]] std::span<const std::uint32_t> neighbours(std::uint32_t index) const noexcept {
        return topology_.neighbours(index);
    }
    [[nodiscard]] std::span<const double> costs(std::uint32_t index) const noexcept {
        return topology_.costs(index);
    }
    /// min(1, smallest cost / straight distance over all links): scales the straight-line
    /// heuristic so graph A* stays admissible even when designers write short costs.
    [[nodiscard]] double heuristic_scale() const noexcept { return topology_.heuristic_scale(); }
    /// The graph the search runs on: the same indices, ids, cell centres and links.
    [[nodiscard]] const graph::spatial_graph& topology() const noexcept { return topology_; }

    /// Indices of the (at most) `k` waypoints nearest to `p` (cell units), nearest first.
    [[nodiscard]] std::vector<std::uint32_t> nearest(point p, std::size_t k) const;

  private:
    std::vector<waypoint> waypoints_;
    graph::spatial_graph topology_;
};

} // namespace xunlu::waypoint
