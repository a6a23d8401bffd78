// A scene: the current state (map snapshot, waypoint graph, component labels) behind an atomic
// swap, its cell size in pixels and its stage order. Queries never block; edits publish a state.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/pipeline/components.hpp"
#include "xunlu/pipeline/route_request.hpp"
#include "xunlu/pipeline/scene_state.hpp"
#include "xunlu/waypoint/waypoint_csv.hpp"
#include "xunlu/waypoint/waypoint_graph.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::pipeline {

/// The default stage order: straight line, reachability, bounded search, waypoint graph,
/// full search.
[[nodiscard]] XUNLU_API std::vector<route_stage> default_stages();
/// The seed's order: straight line, A* with a step limit, waypoint graph, full A* (no
/// reachability labels).
[[nodiscard]] XUNLU_API std::vector<route_stage> seed_stages();

struct scene_options {
    double cell_size = 1.0; ///< pixels per cell side (the seed's nRatio); finite, > 0
    std::vector<route_stage> stages = default_stages();
    std::uint64_t step_limit = 20000; ///< node budget of the bounded search stage
    /// The bounded search stage only runs when the goal is at most this many cells away
    /// (octile distance); longer queries go on to the next stage (the waypoint graph). 0 = any.
    std::int32_t bounded_max_distance = 0;
    std::size_t join_visible_candidates = 8; ///< nearest waypoints tried by a straight line
    std::size_t join_search_candidates = 3;  ///< else the nearest few tried by a short A*
    std::uint64_t join_expansions = 3000;    ///< node budget of each joining A*
    bool use_jps = true; ///< use the injected grid search (grid_search_choice); off = A*
};

namespace detail {
struct scene_core;
}

/// Scenes are built once and queried many times, from many threads, while other threads change
/// cells. The current state (an immutable map snapshot with its version, the waypoint graph,
/// the component labels) is published through an atomically swapped shared pointer (a flag held
/// only for the pointer copy, never for an update's work): a query loads it once
/// (`state()`) and runs entirely on it, never blocking and never seeing half an edit; an old
/// state is freed when its last query ends. Cell and waypoint changes are serialized by a
/// writer mutex. The options (stages, limits) are configuration: set them before sharing.
class XUNLU_API scene {
  public:
    /// Fails when cell_size is not finite and > 0, or a stage appears twice.
    static result<scene> create(grid::grid_map map, scene_options options = {});
    scene(scene&&) noexcept;
    scene& operator=(scene&&) noexcept;
    ~scene();

    /// The current state: hold it for the whole of a query.
    [[nodiscard]] std::shared_ptr<const scene_state> state() const noexcept;
    /// The current map. The reference is valid until the next update: code that may run while
    /// another thread updates the scene must use `state()` instead.
    [[nodiscard]] const grid::grid_map& map() const noexcept;
    /// The current map version (0 at creation, +1 per update_cells).
    [[nodiscard]] std::uint64_t version() const noexcept;
    [[nodiscard]] const scene_options& options() const noexcept { return options_; }
    [[nodiscard]] double cell_size() const noexcept { return options_.cell_size; }
    /// Replaces the stage order (fails on a repeated stage).
    result<bool> set_stages(std::vector<route_stage> stages);
    void set_step_limit(std::uint64_t limit) noexcept { options_.step_limit = limit; }
    void set_bounded_max_distance(std::int32_t cells) noexcept {
        options_.bounded_max_distance = cells;
    }
    void set_use_jps(bool use) noexcept { options_.use_jps = use; }

    /// Applies `edits` in order as one new map version and publishes it atomically: all or
    /// nothing, validated first (an out-of-bounds cell or a non-finite cost gives an error
    /// naming the edit and the cell, and the scene is unchanged). Component labels built for
    /// the previous state are repaired for the new one when the edits cannot split a component,
    /// else rebuilt on their next use. Returns the new version. Safe while queries run.
    result<std::uint64_t> update_cells(std::span<const grid::cell_edit> edits);
    /// One-cell update_cells; out-of-bounds cells and cells already in that state are ignored.
    void set_high_obstacle(cell c, bool blocked);
    void set_low_obstacle(cell c, bool blocked);

    /// Installs a waypoint graph (validated against this map by the loader). Safe while
    /// queries run (a new state with the same map version).
    void set_waypoints(waypoint::waypoint_graph graph);
    /// Loads DIR/roadPoint.csv and DIR/pathlink.csv; returns the warnings, or the first error.
    result<std::vector<waypoint::diagnostic>> load_waypoints(const std::string& dir,
                                                             const waypoint::load_options& o = {});
    /// The current waypoint graph (valid until the next update; see `map()`).
    [[nodiscard]] const waypoint::waypoint_graph* waypoints() const noexcept;

    /// Component labels of the current state (valid until the next update; see `map()`).
    [[nodiscard]] const component_labels& components(adjacency adj, grid::obstacle_mask mask) const;
    /// Number of labellings built from scratch so far (for tests and statistics).
    [[nodiscard]] std::uint64_t full_relabels() const noexcept;

  private:
    scene(grid::grid_map map, scene_options options);

    scene_options options_;
    std::unique_ptr<detail::scene_core> core_;
};

} // namespace xunlu::pipeline
