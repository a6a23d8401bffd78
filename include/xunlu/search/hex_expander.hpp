// The expander of A* and Dijkstra on hex maps: the six neighbours of a hex in a rectangle of
// storage cells (any grid::hex_layout), with optional terrain costs; plus the hex goal rule
// and the hex-distance heuristic.
#pragma once

#include <cstdint>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/hex_layout.hpp"
#include "xunlu/search/grid_expander.hpp"
#include "xunlu/search/node_store.hpp"

namespace xunlu::search {

/// Node ids are padded map indices, as on square grids. In storage cells every hex neighbour
/// lies within one cell in x and y, so the map's border of blocked cells guards the six reads
/// as it guards the eight of a square grid. Which six depends on the row (pointy offset
/// layouts) or column (flat offset layouts) parity: two tables, picked per node. A step costs
/// `straight` times the terrain cost of the entered hex. The parent record is the direction
/// (0..5, grid::hex_directions order) of the step into the node.
template <bool HasCosts> struct hex_neighbours {
    using position = cell;

    const std::uint8_t* flags;
    const float* costs;
    std::uint32_t stride;
    double straight;
    std::uint8_t mask;
    grid::hex_layout layout;
    std::int32_t offsets[2][6]; ///< [parity][direction]: padded index deltas
    cell deltas[2][6];          ///< [parity][direction]: storage cell deltas

    hex_neighbours(const grid::grid_map& map, grid::hex_layout hex, double straight_cost,
                   grid::obstacle_mask obstacle_mask) noexcept
        : flags(map.padded_flags()), costs(map.padded_costs()),
          stride(static_cast<std::uint32_t>(map.stride())), straight(straight_cost),
          mask(static_cast<std::uint8_t>(obstacle_mask)), layout(hex), offsets{}, deltas{} {
        // Parity 0 and 1 of the row (pointy) or column (flat): measured from cells (0,0),
        // (1,1), whose row and column parities are both 0, then both 1.
        for (int p = 0; p < 2; ++p) {
            const cell at{p, p};
            for (unsigned d = 0; d < 6; ++d) {
                const cell nb = grid::hex_neighbour(hex, at, d);
                deltas[p][d] = {nb.x - at.x, nb.y - at.y};
                offsets[p][d] = deltas[p][d].y * map.stride() + deltas[p][d].x;
            }
        }
    }

    [[nodiscard]] unsigned parity(cell at) const noexcept {
        if (layout.coords == grid::hex_coords::axial) return 0;
        return static_cast<unsigned>(
            (layout.orientation == grid::hex_orientation::pointy ? at.y : at.x) & 1);
    }

    [[nodiscard]] cell position_of(std::uint32_t id) const noexcept {
        return {static_cast<std::int32_t>(id % stride) - 1,
                static_cast<std::int32_t>(id / stride) - 1};
    }

    template <class Emit>
    void expand(std::uint32_t cur, cell at, step_dir, Emit&& emit) const noexcept {
        const unsigned p = parity(at);
        for (unsigned d = 0; d < 6; ++d) {
            const auto nb =
                static_cast<std::uint32_t>(static_cast<std::int32_t>(cur) + offsets[p][d]);
            if ((flags[nb] & mask) != 0) continue;
            double step = straight;
            if constexpr (HasCosts) {
                step *= static_cast<double>(costs[nb]);
            }
            const cell delta = deltas[p][d];
            emit(nb, step, static_cast<step_dir>(d), [at, delta]() noexcept {
                return cell{at.x + delta.x, at.y + delta.y};
            });
        }
    }

    /// The hex a node was reached from, or no_id for the start.
    [[nodiscard]] std::uint32_t parent_id(std::uint32_t id, step_dir how) const noexcept {
        if (how == no_parent_dir) return no_id;
        const auto d = static_cast<unsigned>(how);
        const cell at = position_of(id);
        const grid::hex_axial a = grid::to_axial(layout, at);
        const cell from = grid::from_axial(
            layout, {a.q - grid::hex_directions[d].q, a.r - grid::hex_directions[d].r});
        return static_cast<std::uint32_t>(from.y + 1) * stride +
               static_cast<std::uint32_t>(from.x + 1);
    }
};

/// Hex distance to the goal times the step cost: admissible and consistent, since every step
/// costs at least `unit` (terrain multipliers are >= 1). `unit` 0 gives Dijkstra.
struct hex_heuristic {
    grid::hex_layout layout;
    grid::hex_axial goal;
    double unit;
    double operator()(cell p) const noexcept {
        return unit * static_cast<double>(grid::hex_distance(grid::to_axial(layout, p), goal));
    }
};

/// Stops at the goal hex, or at any hex within `radius` hex steps of it.
struct hex_goal {
    std::uint32_t goal_id; ///< no_id: never (explore everything)
    grid::hex_layout layout;
    grid::hex_axial goal;
    std::int32_t radius;
    bool operator()(std::uint32_t id, cell p) const noexcept {
        return id == goal_id || (radius > 0 && goal_id != no_id &&
                                 grid::hex_distance(grid::to_axial(layout, p), goal) <= radius);
    }
};

} // namespace xunlu::search
