// A* (Dijkstra when no goal point is given) over a waypoint graph, from several entry
// waypoints to several exit waypoints, each with a joining cost: graph::graph_search on the
// waypoint graph's spatial graph.
#pragma once

#include <optional>
#include <span>

#include "xunlu/core/point.hpp"
#include "xunlu/graph/graph_search.hpp"
#include "xunlu/waypoint/waypoint_graph.hpp"

namespace xunlu::waypoint {

/// A waypoint where the route may enter or leave the graph (index), and the cost (cells) of
/// getting from the start to it, or from it to the goal.
using graph_endpoint = graph::graph_endpoint;
/// found, nodes (waypoint indices, entry first), cost (entry + links + exit), settled.
using graph_route = graph::graph_route;

/// Reusable graph search scratch (one per thread; not thread-safe).
class graph_search {
  public:
    /// Cheapest route entering at one of `entries` and leaving at one of `exits`.
    /// With `goal` (cell units), A* with the straight distance times
    /// graph.heuristic_scale() (admissible); without, Dijkstra. Endpoints naming a waypoint
    /// outside the graph are ignored. Never throws.
    graph_route find(const waypoint_graph& graph, std::span<const graph_endpoint> entries,
                     std::span<const graph_endpoint> exits, std::optional<point> goal = {}) {
        return search_.find(graph.topology(), entries, exits, goal);
    }

  private:
    graph::graph_search search_;
};

} // namespace xunlu::waypoint
