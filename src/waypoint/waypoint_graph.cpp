// Waypoint graph construction (its spatial graph) and nearest-waypoint lookup.
#include "xunlu/waypoint/waypoint_graph.hpp"

#include <algorithm>

namespace xunlu::waypoint {

namespace {

graph::spatial_graph topology_of(std::span<const waypoint> waypoints, std::span<const link> links) {
    std::vector<graph::node> nodes;
    nodes.reserve(waypoints.size());
    for (const waypoint& w : waypoints) nodes.push_back({w.id, w.centre()});
    std::vector<graph::edge> edges;
    edges.reserve(links.size());
    for (const link& l : links) edges.push_back({l.a, l.b, l.cost});
    return graph::spatial_graph(std::move(nodes), edges, graph::edge_kind::undirected);
}

} // namespace

waypoint_graph::waypoint_graph(std::vector<waypoint> waypoints, std::span<const link> links)
    : waypoints_(std::move(waypoints)), topology_(topology_of(waypoints_, links)) {}

std::vector<std::uint32_t> waypoint_graph::nearest(point p, std::size_t k) const {
    std::vector<std::pair<double, std::uint32_t>> all;
    all.reserve(waypoints_.size());
    for (std::uint32_t i = 0; i < waypoints_.size(); ++i) {
        all.emplace_back(graph::distance(p, waypoints_[i].centre()), i);
    }
    k = std::min(k, all.size());
    std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k), all.end());
    std::vector<std::uint32_t> out;
    out.reserve(k);
    for (std::size_t i = 0; i < k; ++i) out.push_back(all[i].second);
    return out;
}

} // namespace xunlu::waypoint
