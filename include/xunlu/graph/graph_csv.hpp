// The waypoint CSV pair as a graph of any shape, without a map: roadPoint.csv (id,x,y, free
// coordinates) and pathlink.csv (from,to[,cost]). Format: docs/formats.md.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/graph/graph_rows.hpp"
#include "xunlu/graph/spatial_graph.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::graph {

/// File names looked up in a graph (waypoint) folder.
inline constexpr std::string_view road_point_file = "roadPoint.csv";
inline constexpr std::string_view path_link_file = "pathlink.csv";

/// Rows of roadPoint.csv: 'id,x,y', an integer id and two numbers (decimals allowed; checked
/// finite). '#' lines are comments; one header line may precede the data. FILE:LINE errors.
[[nodiscard]] XUNLU_API result<std::vector<node_row>>
parse_node_rows(std::string_view text, std::string_view file, std::size_t max_rows = max_nodes);
/// Rows of pathlink.csv: 'from,to[,cost]', integer ids and an optional cost (finite, >= 0).
/// More than `max_rows` rows is an error.
[[nodiscard]] XUNLU_API result<std::vector<link_row>>
parse_link_rows(std::string_view text, std::string_view file, std::size_t max_rows = max_edges);

/// Parses both files' contents and builds the graph (checks: graph_rows.hpp).
[[nodiscard]] XUNLU_API result<spatial_graph>
parse_csv_graph(std::string_view nodes_text, std::string_view nodes_file,
                std::string_view links_text, std::string_view links_file, edge_kind kind);

/// Reads DIR/roadPoint.csv and DIR/pathlink.csv and builds the graph.
[[nodiscard]] XUNLU_API result<spatial_graph> load_csv_graph(const std::string& dir,
                                                             edge_kind kind);

} // namespace xunlu::graph
