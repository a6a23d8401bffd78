// A* (Dijkstra when no goal point is given) over a waypoint graph, from several entry
// waypoints to several exit waypoints, each with a joining cost; runs on the search core.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "xunlu/core/point.hpp"
#include "xunlu/search/best_first.hpp"
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
    std::uint64_t settled = 0;        ///< waypoints taken from OPEN
};

/// Reusable graph search scratch (one per thread); reset per query by a generation stamp.
///
/// The entries and exits become two virtual nodes of the one best-first core
/// (`search::best_first`): a source whose successors are the entries at their joining cost,
/// and a sink that every exit reaches at its joining cost, so the search ends when the sink
/// is expanded, with the cheapest complete route.
class graph_search {
  public:
    /// Cheapest route entering at one of `entries` and leaving at one of `exits`.
    /// With `goal` (cell units), A* with the straight distance times
    /// graph.heuristic_scale() (admissible); without, Dijkstra. Endpoints naming a waypoint
    /// outside the graph are ignored. Never throws.
    graph_route find(const waypoint_graph& graph, std::span<const graph_endpoint> entries,
                     std::span<const graph_endpoint> exits, std::optional<point> goal = {});

  private:
    search::best_first<std::uint32_t> core_; ///< parent record: the parent's node id
    std::vector<double> exit_cost_;
    std::vector<std::uint32_t> exit_stamp_;
    std::vector<graph_endpoint> entries_;
    std::uint32_t generation_ = 0;
};

} // namespace xunlu::waypoint
