// A* (Dijkstra when no heuristic is admissible) over a spatial graph on the search core: one
// pair of nodes, answered from the component labels without searching when unreachable, or
// several entry and exit nodes with joining costs (the waypoint route).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/point.hpp"
#include "xunlu/graph/spatial_graph.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::graph {

/// Which estimate a graph search used (docs/formats.md, `xunlu graph --json`).
enum class heuristic_kind : std::uint8_t {
    euclidean,        ///< every edge costs at least its straight length: plain straight distance
    scaled_euclidean, ///< straight distance times the graph's heuristic_scale() (0 < s < 1)
    none,             ///< scale 0 (an edge of cost 0 between distinct positions): Dijkstra
};
[[nodiscard]] std::string_view heuristic_name(heuristic_kind k) noexcept;
/// The estimate a graph's scale allows.
[[nodiscard]] heuristic_kind heuristic_for(const spatial_graph& g) noexcept;

/// One query between two nodes (indices, not ids).
struct path_request {
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    std::uint64_t max_expansions = 0; ///< 0 = no limit
    std::size_t max_memory_bytes = 0; ///< node store + OPEN, bytes; 0 = no cap
    /// Answer `no_path` from the component labels when they prove it, expanding nothing.
    bool use_components = true;
    /// Search without the heuristic (Dijkstra) even when one is admissible.
    bool dijkstra = false;
};

struct path_result {
    search::search_status status = search::search_status::invalid_input;
    std::string reason;               ///< why, for every status other than found
    std::vector<std::uint32_t> nodes; ///< node indices, from first, to last (found only)
    double cost = 0;                  ///< sum of the edge costs along `nodes`
    std::uint64_t expanded = 0;       ///< nodes taken from OPEN (0 when the labels answered)
    std::uint64_t generated = 0;      ///< edges looked at
    heuristic_kind heuristic = heuristic_kind::euclidean;
    double heuristic_scale = 1.0;
    bool by_components = false; ///< `no_path` came from the component labels, not a search

    [[nodiscard]] bool found() const noexcept { return status == search::search_status::found; }
};

/// A node where a route may enter or leave the graph, and the cost of getting from the start
/// to it, or from it to the goal.
struct graph_endpoint {
    std::uint32_t node = 0;
    double cost = 0;
};

struct graph_route {
    bool found = false;
    std::vector<std::uint32_t> nodes; ///< node indices, entry first, exit last
    double cost = 0;                  ///< entry cost + edge costs + exit cost
    std::uint64_t settled = 0;        ///< nodes taken from OPEN
};

/// Reusable search scratch (one per thread; not thread-safe); reset per query by a generation
/// stamp, so a query allocates nothing once the scratch has grown to the graph. Never throws.
class graph_search {
  public:
    /// Cheapest path from `request.from` to `request.to`. A* with the straight distance
    /// times g.heuristic_scale() (consistent, so no node is expanded twice); Dijkstra when the
    /// scale is 0 or `request.dijkstra`. Unreachable pairs the labels prove are answered without
    /// searching. Indices outside the graph give invalid_input.
    path_result find_path(const spatial_graph& g, const path_request& request);

    /// Cheapest route entering at one of `entries` and leaving at one of `exits`. With `goal`,
    /// A* with the straight distance to it times g.heuristic_scale() (admissible when `goal`
    /// lies where every exit's joining cost can reach it no cheaper than its straight
    /// distance, as for the pipeline's cell centres); without, Dijkstra. Endpoints naming a
    /// node outside the graph are ignored.
    ///
    /// The entries and exits become two virtual nodes of the core: a source whose successors
    /// are the entries at their joining cost, and a sink that every exit reaches at its
    /// joining cost, so the search ends when the sink is expanded.
    graph_route find(const spatial_graph& g, std::span<const graph_endpoint> entries,
                     std::span<const graph_endpoint> exits, std::optional<point> goal = {});

  private:
    search::best_first<std::uint32_t> core_; ///< parent record: the parent's node index
    std::vector<double> exit_cost_;
    std::vector<std::uint32_t> exit_stamp_;
    std::vector<graph_endpoint> entries_;
    std::uint32_t generation_ = 0;
};

} // namespace xunlu::graph
