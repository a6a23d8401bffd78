// Loading a waypoint graph from roadPoint.csv (id,x,y) and pathlink.csv (from,to[,cost]),
// validated against the grid map with file and line numbers. Formats: docs/formats.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/graph/graph_csv.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/waypoint/waypoint_graph.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::waypoint {

/// File names looked up in a waypoint folder.
inline constexpr std::string_view road_point_file = graph::road_point_file;
inline constexpr std::string_view path_link_file = graph::path_link_file;

/// Largest number of waypoints or links accepted (bounds memory on hostile input).
inline constexpr std::size_t max_waypoints = std::size_t{1} << 22;
inline constexpr std::size_t max_links = std::size_t{1} << 24;

enum class severity : std::uint8_t { warning, error };

/// One finding of the loader: "FILE:LINE: message".
struct XUNLU_API diagnostic {
    severity level = severity::error;
    std::string file;
    std::size_t line = 0;
    std::string message;
    [[nodiscard]] std::string text() const;
};

struct load_options {
    /// Turn the warnings (waypoint inside a high obstacle, link crossing a high obstacle,
    /// duplicate or self links) into errors.
    bool strict = false;
};

/// A loaded graph and the warnings met (errors make the load fail instead).
struct loaded_graph {
    waypoint_graph graph;
    std::vector<diagnostic> warnings;
};

/// Parsed rows before validation against a map (used by the loader and the fuzz target).
struct road_point_row {
    std::int64_t id;
    std::int64_t x;
    std::int64_t y;
    std::size_t line;
};
/// from, to, cost (NaN when the column is absent: straight distance is used), has_cost, line.
using path_link_row = graph::link_row;
struct road_points {
    std::vector<road_point_row> rows;
    std::int64_t declared_width = -1; ///< from a "# map W H" line, -1 when absent
    std::int64_t declared_height = -1;
    std::size_t declared_line = 0;
};

/// Syntax checks only: field counts, numbers, the optional header line and "# map W H".
[[nodiscard]] XUNLU_API result<road_points> parse_road_points(std::string_view text,
                                                              std::string_view file);
[[nodiscard]] XUNLU_API result<std::vector<path_link_row>> parse_path_links(std::string_view text,
                                                                            std::string_view file);

/// Builds and validates a graph from parsed rows against `map`. Errors (the first one is
/// returned): duplicate waypoint ids, unknown ids in links, negative or non-finite costs,
/// waypoints outside the map or a "# map W H" line that does not match the map (a graph made
/// for another map), no waypoints. Warnings (errors when strict): waypoints inside a high
/// obstacle (their links are dropped), links whose straight segment crosses a high obstacle
/// (dropped), self links and repeated links (dropped).
[[nodiscard]] XUNLU_API result<loaded_graph>
build_graph(const grid::grid_map& map, const road_points& points, std::string_view points_file,
            std::span<const path_link_row> links, std::string_view links_file,
            const load_options& options = {});

/// Parses both files' contents and builds the graph.
[[nodiscard]] XUNLU_API result<loaded_graph>
parse_waypoint_graph(const grid::grid_map& map, std::string_view points_text,
                     std::string_view points_file, std::string_view links_text,
                     std::string_view links_file, const load_options& options = {});

/// Reads DIR/roadPoint.csv and DIR/pathlink.csv and builds the graph.
[[nodiscard]] XUNLU_API result<loaded_graph> load_waypoint_graph(const grid::grid_map& map,
                                                                 const std::string& dir,
                                                                 const load_options& options = {});

} // namespace xunlu::waypoint
