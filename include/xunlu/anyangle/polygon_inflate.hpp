// Agent-radius inflation of polygon scenes: obstacles grown and the boundary shrunk by a radius
// (a Minkowski offset with round joins, via Clipper), merged where they overlap.
#pragma once

#include <cstddef>
#include <vector>

#include "xunlu/anyangle/polygon_scene.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// [in] How far to keep a disc-shaped agent's centre from every wall, in scene units.
struct inflate_options {
    double radius = 0; ///< >= 0, finite, at most max_radius
    /// How far a round join's chords may stray from the true arc (scene units); 0 = radius / 100;
    /// from radius / 10000 up to the radius.
    /// Each quarter turn gets about pi / (4 acos(1 - tolerance / radius)) chords.
    double arc_tolerance = 0;

    static constexpr double max_radius = 1e6;
    /// Clipper works on integers: coordinates are multiplied by this (2^16) and rounded, so
    /// positions are kept to 1/65536 of a unit (coordinates within +-1e7 fit easily).
    static constexpr double scale = 65536;
};

/// [out] The walkable components left after inflation.
struct inflate_result {
    /// One valid scene per walkable component, the largest area first; empty when the agent
    /// fits nowhere.
    std::vector<polygon_scene> scenes;
    double grown_by = 0; ///< the offset used: radius + arc_tolerance + 3 / scale (conservative)
};

/// Inflates `scene` for an agent of `options.radius`: every obstacle grown by the radius, the
/// boundary shrunk by it, overlapping results merged (a narrow passage closes, an obstacle near
/// the boundary joins it), and the walkable region that remains split into its components.
/// Joins are round; a chord lies inside its arc, so the offset used is radius + arc_tolerance +
/// 3 / scale (the roundings to integers): the result is **conservative**: every point of every
/// returned scene lies at least `radius` from every edge of the original obstacles and
/// boundary, and loses at most arc_tolerance + 3 / scale of clearance it could have had.
/// Radius 0 returns the scene unchanged. Errors: a radius that is negative, not finite or over
/// max_radius, a negative or non-finite tolerance, or a result that is not a valid scene.
[[nodiscard]] XUNLU_API result<inflate_result> inflate(const polygon_scene& scene,
                                                       const inflate_options& options);

/// The index of the first scene whose walkable region holds `p`, or `scenes.size()`.
[[nodiscard]] XUNLU_API std::size_t scene_holding(const std::vector<polygon_scene>& scenes,
                                                  point p) noexcept;

} // namespace xunlu::anyangle
