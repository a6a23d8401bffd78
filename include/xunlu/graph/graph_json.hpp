// The JSON form of a graph of any shape (docs/formats.md, "Graph JSON"): read with FILE:LINE
// errors, and written back so that reading gives the same graph.
#pragma once

#include <string>
#include <string_view>

#include "xunlu/core/result.hpp"
#include "xunlu/graph/spatial_graph.hpp"

namespace xunlu::graph {

/// Largest JSON graph file read (bytes).
inline constexpr std::size_t max_json_bytes = std::size_t{1} << 30;

/// Parses
/// `{"directed": false, "nodes": [{"id": 1, "x": 0, "y": 0}, ...],
///   "edges": [{"from": 1, "to": 2, "cost": 1.5}, ...]}`.
/// `nodes` is required, `edges` (default none) and `directed` (default false) are optional;
/// ids are integers, x, y and cost numbers; an edge without cost costs the straight distance.
/// Unknown or repeated keys are errors (a misspelt key is never ignored). Errors name
/// FILE:LINE (and the column for syntax); checks on ids, links and costs: graph_rows.hpp.
[[nodiscard]] result<spatial_graph> parse_json_graph(std::string_view text, std::string_view file);

/// Reads and parses a JSON graph file (a regular file, a pipe or "-" for standard input).
[[nodiscard]] result<spatial_graph> load_json_graph(const std::string& path);

/// The graph in the same form (positions and costs with 17 significant digits, so reading it
/// back gives the same graph; an undirected edge is written once).
[[nodiscard]] std::string write_json_graph(const spatial_graph& g);

} // namespace xunlu::graph
