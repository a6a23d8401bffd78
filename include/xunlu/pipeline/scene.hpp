// A scene: one grid map with its cell size in pixels, its stage order, its optional waypoint
// graph and its lazily built, incrementally updated component labels.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/pipeline/components.hpp"
#include "xunlu/pipeline/route_request.hpp"
#include "xunlu/waypoint/waypoint_csv.hpp"
#include "xunlu/waypoint/waypoint_graph.hpp"

namespace xunlu::pipeline {

/// The default stage order: straight line, reachability, bounded search, waypoint graph,
/// full search.
[[nodiscard]] std::vector<route_stage> default_stages();
/// The seed's order: straight line, A* with a step limit, waypoint graph, full A* (no
/// reachability labels).
[[nodiscard]] std::vector<route_stage> seed_stages();

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
    bool use_jps = true; ///< use the registry's "jps" when registered (uniform-cost maps only)
};

namespace detail {
struct component_cache;
}

/// Scenes are built once and queried many times. Queries (`find_route`) take a const scene
/// and may run from several threads at once; changing cells or the waypoint graph must not
/// overlap with queries.
class scene {
  public:
    /// Fails when cell_size is not finite and > 0, or a stage appears twice.
    static result<scene> create(grid::grid_map map, scene_options options = {});
    scene(scene&&) noexcept;
    scene& operator=(scene&&) noexcept;
    ~scene();

    [[nodiscard]] const grid::grid_map& map() const noexcept { return map_; }
    [[nodiscard]] const scene_options& options() const noexcept { return options_; }
    [[nodiscard]] double cell_size() const noexcept { return options_.cell_size; }
    /// Replaces the stage order (fails on a repeated stage).
    result<bool> set_stages(std::vector<route_stage> stages);
    void set_step_limit(std::uint64_t limit) noexcept { options_.step_limit = limit; }
    void set_bounded_max_distance(std::int32_t cells) noexcept {
        options_.bounded_max_distance = cells;
    }
    void set_use_jps(bool use) noexcept { options_.use_jps = use; }

    /// Changes a cell and updates every component labelling built so far: incrementally when
    /// the change cannot split a component, else the labelling is rebuilt on its next use.
    void set_high_obstacle(cell c, bool blocked);
    void set_low_obstacle(cell c, bool blocked);

    /// Installs a waypoint graph (validated against this map by the loader).
    void set_waypoints(waypoint::waypoint_graph graph);
    /// Loads DIR/roadPoint.csv and DIR/pathlink.csv; returns the warnings, or the first error.
    result<std::vector<waypoint::diagnostic>> load_waypoints(const std::string& dir,
                                                             const waypoint::load_options& o = {});
    [[nodiscard]] const waypoint::waypoint_graph* waypoints() const noexcept {
        return graph_ ? graph_.get() : nullptr;
    }

    /// Component labels for an adjacency and mask: built on first use, rebuilt when a change
    /// could have split a component. Thread-safe.
    [[nodiscard]] const component_labels& components(adjacency adj, grid::obstacle_mask mask) const;
    /// Number of labellings built from scratch so far (for tests and statistics).
    [[nodiscard]] std::uint64_t full_relabels() const noexcept;

  private:
    scene(grid::grid_map map, scene_options options);
    void cell_changed(cell c, bool high);

    grid::grid_map map_;
    scene_options options_;
    std::unique_ptr<waypoint::waypoint_graph> graph_;
    std::unique_ptr<detail::component_cache> cache_;
};

} // namespace xunlu::pipeline
