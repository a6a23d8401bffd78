// The fog file: what one player has explored of a map, as text that outside tools can write.
//
//   type fog
//   height H
//   width W
//   fog
//   H rows of W characters: '1' explored, '0' not
//
// Errors name the file, line and column. docs/formats.md has the format.
#pragma once

#include <string>
#include <string_view>

#include "xunlu/core/result.hpp"
#include "xunlu/overlays/fog_layer.hpp"

namespace xunlu::overlays {

[[nodiscard]] result<fog_layer> parse_fog(std::string_view text, std::string_view file = {});
[[nodiscard]] std::string write_fog(const fog_layer& fog);

/// The map as a player believes it, as a grid map for the searches that read one: explored
/// cells as they are, the others free (terrain cost 1) or high obstacles, as assumed. A copy:
/// D* Lite and the fog walk read the fog directly instead.
[[nodiscard]] grid::grid_map believed_map(const belief& view);

} // namespace xunlu::overlays
