// The game-server route query: what is asked (pixels, stop-short, movement, budget, deadline)
// and what is answered (status, turning points in pixels, stage, statistics).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/overlays/query_layers.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::pipeline {

/// The stages of the pipeline, in their default order.
enum class route_stage : std::uint8_t {
    none,           ///< nothing answered (invalid input)
    straight_line,  ///< supercover ray start -> goal is clear
    reachability,   ///< component labels: the goal is on another island
    bounded_search, ///< A* (or JPS) with the scene's step limit
    waypoint_graph, ///< designer waypoint graph, legs stitched and string-pulled
    full_search,    ///< A* (or JPS) with the request's budget
    hierarchical,   ///< two-tier search (hpa) on the map: not in the default order; schedule it
                    ///< before waypoint_graph (it needs no designer data)
};

[[nodiscard]] XUNLU_API std::string_view stage_name(route_stage s) noexcept;
[[nodiscard]] XUNLU_API std::optional<route_stage> parse_stage(std::string_view name) noexcept;

enum class route_status : std::uint8_t {
    straight_line, ///< the goal is in plain sight: points are {start, goal}
    found,         ///< a route to the goal (or to within stop_short cells of it)
    partial,       ///< budget or deadline ran out: the route ends at the best cell reached
    no_path,       ///< the goal cannot be reached (reason says why)
    invalid,       ///< bad request (reason says what; nothing was searched)
};

[[nodiscard]] XUNLU_API std::string_view status_name(route_status s) noexcept;

/// What to do when the goal lies on another island than the start.
enum class unreachable_goal : std::uint8_t {
    fail,              ///< answer no_path at once (costs one component lookup)
    nearest_reachable, ///< route to the reachable cell nearest to the goal instead
};

/// What to do when the start or goal pixel lies in a blocked cell.
enum class blocked_endpoint : std::uint8_t {
    fail,         ///< answer invalid, naming the cell and offering the nearest free cell
    nearest_free, ///< move the endpoint to the centre of the nearest free cell
};

/// One query. Units: pixels for positions (the scene's cell_size pixels per cell side), cells
/// for stop_short, node expansions for the budget.
struct route_request {
    point start; ///< world pixels; must lie inside the map and be finite
    point goal;  ///< world pixels; must lie inside the map and be finite
    /// Succeed once within this many cells (Chebyshev) of the goal cell (the seed's
    /// IgnoreSteps); 0 = reach the goal. With stop_short > 0 the goal cell may be blocked.
    std::int32_t stop_short = 0;
    /// 8 directions with the no-corner-cutting rule by default; connectivity::four for 4.
    grid::movement_rules rules{};
    /// Budget of the full search in node expansions (the seed's nMaxStep); 0 = unlimited.
    /// The bounded stage uses min(this, scene step limit).
    std::uint64_t max_expansions = 0;
    /// Whether low obstacles (units) block movement (and the straight line) for this query.
    bool low_obstacles_block = true;
    /// Optional wall-clock deadline: searches stop there and the best route so far is partial.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    /// Optional cancellation flag (a service sets it when its client goes away): checked
    /// between stages and inside the searches with the deadline; the route so far is partial.
    /// The flag must outlive the query.
    const std::atomic<bool>* cancel = nullptr;
    unreachable_goal when_unreachable = unreachable_goal::fail;
    blocked_endpoint when_blocked = blocked_endpoint::fail;
    /// Cost per 45 degrees of turning in the grid searches of the bounded and full stages and
    /// the joining legs (search_request::turn_penalty; finite, >= 0). The straight line has no
    /// turn, and waypoint links are not charged. Unset: plain grid searches.
    std::optional<double> turn_penalty;
    /// What this unit knows and prefers (overlays::query_layers, borrowed for the query): a
    /// player's fog, influence layers weighted into the terrain, a unit size N. With N > 1 the
    /// start and goal pixels name the cells of the N x N footprint's top-left corner, and the
    /// turning points are the centres of those top-left cells. With a fog or a unit size the
    /// reachability and waypoint-graph stages are skipped (the scene's island labels and
    /// waypoint links are made for 1 x 1 units on the whole map); with influences the
    /// straight-line stage is skipped (the unit wants the cheapest route, not the straight one).
    overlays::query_layers layers;
};

struct route_stats {
    std::uint64_t expanded = 0;          ///< grid search expansions over all stages
    std::uint64_t generated = 0;         ///< grid search generated nodes over all stages
    std::uint64_t los_checks = 0;        ///< line-of-sight ray casts (stages + string pulling)
    std::uint64_t waypoints_settled = 0; ///< waypoint graph nodes settled
    std::uint32_t stages_tried = 0;      ///< stages run before the answer
    double time_us = 0;                  ///< wall time of the whole query
};

struct route_result {
    route_status status = route_status::invalid;
    std::string reason;        ///< why, for every status other than straight_line and found
    std::vector<point> points; ///< turning points in pixels, start first
    double length = 0;         ///< length of the turning-point polyline, in pixels
    double grid_length = 0;    ///< length (cells) of the grid path the stage found, 0 if none
    route_stage stage = route_stage::none; ///< the stage that answered
    std::string algorithm;                 ///< "astar" or "jps" when a grid search answered
    cell start_cell{-1, -1};               ///< cells actually used (after any endpoint move)
    cell goal_cell{-1, -1};
    std::optional<cell> blocking_cell;      ///< first cell blocking the straight line, if tested
    std::optional<cell> nearest_free_start; ///< offered when the start cell is blocked
    std::optional<cell> nearest_free_goal;  ///< offered when the goal cell is blocked
    bool goal_moved = false; ///< the goal was replaced (nearest free / nearest reachable cell)
    std::uint64_t map_version = 0; ///< version of the scene's map snapshot the query ran on
    route_stats stats;

    [[nodiscard]] bool ok() const noexcept {
        return status == route_status::straight_line || status == route_status::found ||
               status == route_status::partial;
    }
};

} // namespace xunlu::pipeline
