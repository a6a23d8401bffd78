// A deterministic game-server world for the route benchmark: a valley map of about
// 640 x 1120 cells (mountains, rivers with bridges, walled towns, lakes with islands, rocks)
// and a designer-style waypoint graph (a jittered lattice linked by line of sight).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/waypoint/waypoint_graph.hpp"

namespace xunlu::bench {

struct route_world {
    grid::grid_map map;
    std::vector<cell> kept_free; ///< cells forced free (the benchmark's start/goal pairs)
    cell island_cell;            ///< a free cell on a lake island (unreachable from the land)
    std::vector<cell> landmarks; ///< bridge ends and town gates: where designers put waypoints
};

/// Generates the valley map. Same seed, same map. `keep_free` cells (and a small disc around
/// each) are forced free.
[[nodiscard]] route_world generate_route_world(std::int32_t width, std::int32_t height,
                                               std::uint64_t seed,
                                               const std::vector<cell>& keep_free);

/// A designer-style waypoint graph for any map: lattice points every `spacing` cells, jittered
/// and moved to free cells with some clearance, plus `landmarks` (bridges, gates), linked to
/// up to 8 nearby waypoints they see.
[[nodiscard]] waypoint::waypoint_graph
generate_waypoint_graph(const grid::grid_map& map, std::int32_t spacing, std::uint64_t seed,
                        const std::vector<cell>& landmarks = {});

/// Writes roadPoint.csv and pathlink.csv for a graph into `dir` (created if needed).
result<bool> write_waypoint_csv(const waypoint::waypoint_graph& graph, const grid::grid_map& map,
                                const std::string& dir);

} // namespace xunlu::bench
