// What one scene holds for its units beyond the map: named influence layers (danger, smoke...)
// and each player's fog of war. Layers are immutable once published: a change builds a new
// layer and swaps it in under the mutex, so a query that took a layer keeps a whole one while
// the next change is made.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "service_error.hpp"
#include "service_limits.hpp"
#include "xunlu/core/cell.hpp"
#include "xunlu/overlays/fog_layer.hpp"
#include "xunlu/overlays/influence_layer.hpp"

namespace xunlu::server {

/// One disc a player has seen: every cell within `radius` of `centre` (cell centres).
struct explored_disc {
    cell centre;
    std::int32_t radius = 0;
};

class scene_overlays {
  public:
    /// Replaces (or creates) the influence layer `name` with `sources`, over a width x height
    /// map. Refuses a bad name (1..64 of [A-Za-z0-9_.-]), more sources than
    /// limits.max_influence_sources, more layers than limits.max_influence_layers, and a source
    /// outside the map or out of range, naming it (`sources[i]`). `byte_step` > 0 makes an
    /// 8-bit layer (values rounded to multiples of it, one byte per cell); 0 a float layer.
    outcome<std::size_t> set_influence(std::string_view name,
                                       std::span<const overlays::influence_source> sources,
                                       float byte_step, std::int32_t width, std::int32_t height,
                                       const service_limits& limits);
    /// Marks the discs explored in the fog of `player` (created on first use, up to
    /// limits.max_players per scene). Answers the cells the player has explored in all.
    outcome<std::size_t> explore(std::string_view player, std::span<const explored_disc> discs,
                                 std::int32_t width, std::int32_t height,
                                 const service_limits& limits);

    /// The layer `name`, or null.
    [[nodiscard]] std::shared_ptr<const overlays::influence_layer>
    influence(std::string_view name) const;
    /// The fog of `player`, or null when the player has explored nothing yet.
    [[nodiscard]] std::shared_ptr<const overlays::fog_layer> fog(std::string_view player) const;
    /// Bytes of every layer and fog held.
    [[nodiscard]] std::size_t bytes() const;

  private:
    mutable std::mutex mutex_;
    std::map<std::string, std::shared_ptr<const overlays::influence_layer>, std::less<>> layers_;
    std::map<std::string, std::shared_ptr<const overlays::fog_layer>, std::less<>> fogs_;
};

/// True when `name` is 1..64 characters of [A-Za-z0-9_.-] (layer names and player ids).
[[nodiscard]] bool valid_overlay_name(std::string_view name) noexcept;

} // namespace xunlu::server
