// Reproducible map generators: the seed benchmark (random obstacles), mazes and rooms.
#pragma once

#include <cstdint>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::grid {

/// The seed benchmark: a size x size map with exactly size*size*rate/100 high obstacles at
/// distinct random cells, (0,0) and (size-1,size-1) kept free. rate is a percentage 0..100
/// (the count is capped at size*size-2). Same (size, rate, seed) -> same map on every platform.
[[nodiscard]] result<grid_map> generate_random(std::int32_t size, double rate_percent,
                                               std::uint64_t seed);
/// A width x height variant of generate_random (corners (0,0) and (w-1,h-1) kept free).
[[nodiscard]] result<grid_map> generate_random(std::int32_t width, std::int32_t height,
                                               double rate_percent, std::uint64_t seed);

/// A perfect maze (one path between any two cells) with corridors `corridor` cells wide and
/// walls one cell thick, carved by a randomised depth-first search, like Moving AI's mazes.
[[nodiscard]] result<grid_map> generate_maze(std::int32_t width, std::int32_t height,
                                             std::int32_t corridor, std::uint64_t seed);

/// Square rooms `room` cells wide separated by one-cell walls; every wall between two
/// neighbouring rooms gets a door with probability `door_percent`, plus a random spanning tree
/// of doors so that all rooms are connected, like Moving AI's room maps.
[[nodiscard]] result<grid_map> generate_rooms(std::int32_t width, std::int32_t height,
                                              std::int32_t room, std::uint64_t seed,
                                              double door_percent = 50.0);

/// A large game-like world for hierarchical search: rocks and woods (discs, about 4 % of the
/// cells), rivers crossing the whole map (3 to 6 cells wide, a 4-cell bridge every 150 to 400
/// cells), and walled towns (a gate in each side) of hollow buildings with one door each. The
/// corners (0,0) and (w-1,h-1) are kept free. Same (width, height, seed), same world.
[[nodiscard]] result<grid_map> generate_world(std::int32_t width, std::int32_t height,
                                              std::uint64_t seed);

} // namespace xunlu::grid
