// The layers one query combines over a shared map: what the player has seen (fog), the
// influence layers it weighs into the terrain, and the size of its unit. `layered_map` makes the
// grid the query searches from them, without touching the shared map and without a copy when
// nothing is asked (a unit size alone is served from the map's derived cache).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/overlays/fog_layer.hpp"
#include "xunlu/overlays/influence_layer.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::overlays {

/// What one query knows and prefers. Empty (the default) means the shared map as it is. The
/// layers are borrowed: they must outlive the query (not the map it returns: see layered_map).
struct query_layers {
    /// What the player has explored; null = the whole map is known.
    const fog_layer* fog = nullptr;
    /// With a fog: what unexplored cells are believed to be.
    unknown_cells unknown = unknown_cells::walkable;
    /// Influence layers and their weights: entering a cell costs
    /// terrain + sum(weight x influence) (weights finite and >= 0).
    std::vector<weighted_layer> influences;
    /// An N x N unit (1..clearance_cap): cells name the footprint's top-left cell, and every
    /// cell of the footprint must be free (for a diagonal step, also at both orthogonal
    /// intermediate positions).
    std::int32_t unit_size = 1;

    [[nodiscard]] bool empty() const noexcept {
        return fog == nullptr && influences.empty() && unit_size == 1;
    }
    /// True when the layers change which cells may be entered (a fog or a unit size), not only
    /// what they cost: then component labels and waypoint graphs made for the shared map do not
    /// apply to the query.
    [[nodiscard]] bool changes_walls() const noexcept { return fog != nullptr || unit_size != 1; }
};

/// The grid a query with `layers` searches on `map` under `mask` (which obstacles block):
/// - no layers: `map` itself (the pointer does not own it; `map` must outlive it);
/// - a fog: the map as the player believes it (explored cells as they are, the others walkable
///   or blocked as `unknown` says, at terrain cost 1), then
/// - influences: its terrain plus the weighted layers, then
/// - a unit size N > 1: the sized map of that grid (overlays::sized_map): free where an N x N
///   footprint fits, every obstacle high.
/// A unit size alone is built once per (map version, mask, size) and kept in the map's derived
/// cache, so a server pays for it once per size and version, not per query; fogs and influences
/// make a fresh grid per call (one map copy). Errors: a layer made for another map size, a
/// weight that is negative or not finite, a unit size outside 1..clearance_cap.
[[nodiscard]] XUNLU_API result<std::shared_ptr<const grid::grid_map>>
layered_map(const grid::grid_map& map, const query_layers& layers, grid::obstacle_mask mask);

/// The sized map of `map` for an N x N unit under `mask`, from the map's derived cache (built
/// on first use from the cached clearance layer). Error: a size outside 1..clearance_cap.
[[nodiscard]] XUNLU_API result<std::shared_ptr<const grid::grid_map>>
cached_sized_map(const grid::grid_map& map, grid::obstacle_mask mask, std::int32_t size);

} // namespace xunlu::overlays
