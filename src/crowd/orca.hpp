// ORCA (van den Berg, Guy, Lin, Manocha, "Reciprocal n-body collision avoidance", 2011): the
// half-planes of permitted velocities and the 2D linear program (with its 3D fallback when
// they leave no room) that picks the permitted velocity closest to the preferred one.
#pragma once

#include <span>
#include <vector>

#include "xunlu/crowd/shapes.hpp"

namespace xunlu::crowd::detail {

/// The half-plane of velocities left of `direction` (unit) through `point`.
struct orca_line {
    vec2 point;
    vec2 direction;
};

/// The half-plane body A (position, velocity, radius) takes towards body B: A takes `share` of
/// the change (0.5 between equals; less for the heavier). `horizon` in seconds; `dt` the tick,
/// used when they already overlap.
[[nodiscard]] orca_line agent_line(vec2 pos, vec2 vel, double radius, vec2 other_pos,
                                   vec2 other_vel, double other_radius, double share,
                                   double horizon, double dt) noexcept;

/// The half-plane that keeps a body at `pos` (radius r) off the point `closest` of a wall
/// within `horizon` seconds (or moves it out within `dt` when it is inside).
[[nodiscard]] orca_line wall_line(vec2 pos, double radius, vec2 closest, double horizon,
                                  double dt) noexcept;

/// The velocity within `max_speed` closest to `preferred` in every half-plane; the first
/// `fixed` lines (walls) are kept when the others must be relaxed (3D fallback: the velocity
/// that violates the other lines least). `scratch` is reused storage.
[[nodiscard]] vec2 solve(std::span<const orca_line> lines, std::size_t fixed, double max_speed,
                         vec2 preferred, std::vector<orca_line>& scratch) noexcept;

} // namespace xunlu::crowd::detail
