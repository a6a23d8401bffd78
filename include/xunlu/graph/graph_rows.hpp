// Parsed graph rows with their line numbers, and the one place they become a spatial graph:
// every loader (CSV pair, JSON) checks ids, links and costs here, with FILE:LINE errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "xunlu/core/result.hpp"
#include "xunlu/graph/spatial_graph.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::graph {

/// One node as read: id, position, and the line it was on (1-based).
struct node_row {
    std::int64_t id = 0;
    double x = 0;
    double y = 0;
    std::size_t line = 0;
};

/// One link as read; without a cost (`has_cost` false, cost NaN) it costs the straight
/// distance between its nodes.
struct link_row {
    std::int64_t from = 0;
    std::int64_t to = 0;
    double cost = 0;
    bool has_cost = false;
    std::size_t line = 0;
};

/// Builds a graph from rows. Errors, "FILE:LINE: message" (the first met is returned): no
/// nodes, more than max_nodes / max_edges, a non-finite position, a duplicate id (naming the
/// first line), a link naming an id that is not a node, a negative or non-finite cost. Self
/// links and repeated links are kept (they never make a path shorter than the best one).
[[nodiscard]] XUNLU_API result<spatial_graph>
build_from_rows(std::span<const node_row> nodes, std::string_view nodes_file,
                std::span<const link_row> links, std::string_view links_file, edge_kind kind);

} // namespace xunlu::graph
