// One immutable state of a scene: a map snapshot, the waypoint graph and the component labels
// derived from that snapshot. Queries load one state and run entirely on it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/pipeline/components.hpp"
#include "xunlu/waypoint/waypoint_graph.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::pipeline {

/// Held as `std::shared_ptr<const scene_state>`; never changed after it is published, freed
/// when the scene has moved on and the last query on it ends.
class XUNLU_API scene_state {
  public:
    /// `relabels` counts full labellings across a scene's states (shared by them).
    scene_state(std::shared_ptr<const grid::map_snapshot> snapshot,
                std::shared_ptr<const waypoint::waypoint_graph> graph,
                std::shared_ptr<std::atomic<std::uint64_t>> relabels);

    [[nodiscard]] const grid::map_snapshot& snapshot() const noexcept { return *snapshot_; }
    [[nodiscard]] const std::shared_ptr<const grid::map_snapshot>& snapshot_ptr() const noexcept {
        return snapshot_;
    }
    [[nodiscard]] const grid::grid_map& map() const noexcept { return snapshot_->map(); }
    /// The map snapshot's version: 0 when the scene was made, +1 per update_cells.
    [[nodiscard]] std::uint64_t version() const noexcept { return snapshot_->version(); }
    [[nodiscard]] const waypoint::waypoint_graph* waypoints() const noexcept {
        return graph_.get();
    }
    [[nodiscard]] const std::shared_ptr<const waypoint::waypoint_graph>&
    graph_ptr() const noexcept {
        return graph_;
    }

    /// Component labels of this state's map for an adjacency and mask. Built on first use, or
    /// repaired from the previous state's labels when that state is alive and the edits cannot
    /// split a component (else relabelled from scratch). Thread-safe: built once; valid as long
    /// as this state lives.
    [[nodiscard]] const component_labels& components(adjacency adj, grid::obstacle_mask mask) const;
    /// True when the labels for (adj, mask) were built for this state's map.
    [[nodiscard]] bool has_components(adjacency adj, grid::obstacle_mask mask) const;

  private:
    std::shared_ptr<const grid::map_snapshot> snapshot_;
    std::shared_ptr<const waypoint::waypoint_graph> graph_;
    std::shared_ptr<std::atomic<std::uint64_t>> relabels_;
};

} // namespace xunlu::pipeline
