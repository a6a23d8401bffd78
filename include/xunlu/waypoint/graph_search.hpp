// Heap-based A* (Dijkstra when no goal point is given) over a waypoint graph, from several
// entry waypoints to several exit waypoints, each with a joining cost.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "xunlu/core/point.hpp"
#include "xunlu/waypoint/waypoint_graph.hpp"

namespace xunlu::waypoint {

/// A waypoint where the route may enter or leave the graph, and the cost (cells) of getting
/// from the start to it, or from it to the goal.
struct graph_endpoint {
    std::uint32_t node = 0;
    double cost = 0;
};

struct graph_route {
    bool found = false;
    std::vector<std::uint32_t> nodes; ///< waypoint indices, entry first, exit last
    double cost = 0;                  ///< entry cost + link costs + exit cost
    std::uint64_t settled = 0;        ///< waypoints taken from the heap
};

/// Reusable graph search scratch (one per thread); reset per query by a generation stamp.
class graph_search {
  public:
    /// Cheapest route entering at one of `entries` and leaving at one of `exits`.
    /// With `goal` (cell units), A* with the straight distance times
    /// graph.heuristic_scale() (admissible); without, Dijkstra. Never throws.
    graph_route find(const waypoint_graph& graph, std::span<const graph_endpoint> entries,
                     std::span<const graph_endpoint> exits, std::optional<point> goal = {});

  private:
    struct node_state {
        double g;
        std::uint32_t parent;
        std::uint32_t stamp;
        bool closed;
    };
    std::vector<node_state> nodes_;
    std::vector<double> exit_cost_;
    std::vector<std::uint32_t> exit_stamp_;
    std::uint32_t generation_ = 0;
};

} // namespace xunlu::waypoint
