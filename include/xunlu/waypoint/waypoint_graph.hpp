// A designer-made waypoint graph over a grid map: waypoints at cells, weighted undirected links,
// stored as compressed adjacency lists for fast graph search.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
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
    [[nodiscard]] std::size_t link_count() const noexcept { return link_count_; }
    [[nodiscard]] const waypoint& at(std::uint32_t index) const noexcept {
        return waypoints_[index];
    }
    [[nodiscard]] std::span<const waypoint> waypoints() const noexcept { return waypoints_; }
    /// Index of the waypoint with designer id `id`, or -1.
    [[nodiscard]] std::int64_t index_of(std::int64_t id) const noexcept;

    /// Neighbours of waypoint `index` and the link costs, in the same order.
    [[nodiscard]] std::span<const std::uint32_t> neighbours(std::uint32_t index) const noexcept {
        return {targets_.data() + offsets_[index], targets_.data() + offsets_[index + 1]};
    }
    [[nodiscard]] std::span<const double> costs(std::uint32_t index) const noexcept {
        return {costs_.data() + offsets_[index], costs_.data() + offsets_[index + 1]};
    }
    /// min(1, smallest cost / straight distance over all links): scales the straight-line
    /// heuristic so graph A* stays admissible even when designers write short costs.
    [[nodiscard]] double heuristic_scale() const noexcept { return heuristic_scale_; }

    /// Indices of the (at most) `k` waypoints nearest to `p` (cell units), nearest first.
    [[nodiscard]] std::vector<std::uint32_t> nearest(point p, std::size_t k) const;

  private:
    std::vector<waypoint> waypoints_;
    std::unordered_map<std::int64_t, std::uint32_t> index_;
    std::vector<std::uint32_t> offsets_{0};
    std::vector<std::uint32_t> targets_;
    std::vector<double> costs_;
    std::size_t link_count_ = 0;
    double heuristic_scale_ = 1.0;
};

} // namespace xunlu::waypoint
