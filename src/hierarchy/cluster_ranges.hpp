// Private: the exact mode's heuristic data. The abstract landmarks give every transition's
// distance from each landmark; a last entry into a cluster is always through one of its
// transitions, so a Dijkstra inside the cluster seeded with those distances gives every cell's
// distance from the landmark, and the cluster keeps only their range
// (search::landmark_ranges, one block per cluster).
#pragma once

#include <cstdint>

#include "abstract_landmarks.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hierarchy/cluster_graph.hpp"
#include "xunlu/search/landmark_ranges.hpp"

namespace xunlu::hierarchy::detail {

/// The ranges of landmark distances per cluster of `g` (one graph version of `map`), from its
/// fresh abstract landmarks. Cost: one small Dijkstra per cluster and landmark (each cell
/// of the map once per landmark).
[[nodiscard]] search::landmark_ranges cluster_ranges(const grid::grid_map& map,
                                                     const cluster_graph& g,
                                                     const abstract_landmarks& landmarks);

/// The derived-cache key of the ranges of the graph with options key `graph_key`.
[[nodiscard]] constexpr std::uint64_t cluster_ranges_key(std::uint64_t graph_key) noexcept {
    return graph_key ^ 0x72616e6765730000ULL; // "ranges"
}

} // namespace xunlu::hierarchy::detail
