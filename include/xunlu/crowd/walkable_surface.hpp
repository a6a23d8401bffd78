// Where bodies may stand and how to cross it: the walls that bound the walkable area, a
// containment test and a path source. The grid scene is one surface (grid_surface); a navmesh
// scene is meant to be another (its boundary edges as walls, its exact path search as paths).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "xunlu/crowd/shapes.hpp"

namespace xunlu::crowd {

/// A wall of the surface: the segment and its unit normal pointing into the walkable side.
struct wall {
    segment s;
    vec2 normal;
};

/// A path for one body: `points` from the body's position (excluded) to its goal (included),
/// or not `found` with the `reason`.
struct surface_path {
    bool found = false;
    std::vector<vec2> points;
    std::string reason;
};

class walkable_surface {
  public:
    virtual ~walkable_surface() = default;
    /// The box every walkable point lies in (metres).
    [[nodiscard]] virtual aabb bounds() const = 0;
    /// The walls: every point of the surface's border lies on one, and a body whose centre is at
    /// least its radius from every wall and on the walkable side is legal.
    [[nodiscard]] virtual std::span<const wall> walls() const = 0;
    /// Whether the point `p` lies on the walkable surface (not inside a wall).
    [[nodiscard]] virtual bool contains(vec2 p) const = 0;
    /// A path from `from` to `to` for a body of radius `radius`, bending clear of corners where
    /// there is room. Not thread-safe (searches keep scratch memory).
    [[nodiscard]] virtual surface_path find_path(vec2 from, vec2 to, double radius) = 0;
};

} // namespace xunlu::crowd
