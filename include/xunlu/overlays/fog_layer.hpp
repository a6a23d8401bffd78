// What one player has seen of a shared map (fog of war): one bit per cell, set once the cell
// is explored. A 1024 x 1024 map costs 128 KiB per player, and the map itself is never copied:
// what a player believes of a cell is the map's truth where explored and an assumption
// (walkable or blocked, as the query asks) elsewhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::overlays {

/// What a search assumes of cells nobody has seen.
enum class unknown_cells : std::uint8_t {
    walkable, ///< the seed's advice: plan optimistically, re-plan when a wall shows up
    blocked,  ///< plan through explored cells only
};

class XUNLU_API fog_layer {
  public:
    /// A fog over a width x height map with nothing explored. Refuses sizes the grid refuses.
    static result<fog_layer> create(std::int32_t width, std::int32_t height);

    [[nodiscard]] std::int32_t width() const noexcept { return width_; }
    [[nodiscard]] std::int32_t height() const noexcept { return height_; }
    [[nodiscard]] bool in_bounds(cell c) const noexcept {
        return c.x >= 0 && c.y >= 0 && c.x < width_ && c.y < height_;
    }
    [[nodiscard]] bool explored(cell c) const noexcept {
        if (!in_bounds(c)) return false;
        const std::size_t i = index(c);
        return (bits_[i >> 6] >> (i & 63)) & 1u;
    }
    /// Marks `c` explored; true when it was not before (cells outside the map are ignored).
    bool explore(cell c) noexcept;
    /// Marks every cell within `radius` (Euclidean, cell centres) of `centre` explored and
    /// appends the newly explored ones to `fresh` (when given).
    void explore_disc(cell centre, std::int32_t radius, std::vector<cell>* fresh = nullptr);
    [[nodiscard]] std::size_t explored_count() const noexcept;
    /// Memory of the bit layer.
    [[nodiscard]] std::size_t bytes() const noexcept {
        return bits_.size() * sizeof(std::uint64_t);
    }

  private:
    fog_layer(std::int32_t width, std::int32_t height);
    [[nodiscard]] std::size_t index(cell c) const noexcept {
        return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) +
               static_cast<std::size_t>(c.x);
    }
    std::int32_t width_;
    std::int32_t height_;
    std::vector<std::uint64_t> bits_;
};

/// What a player believes of a map: explored cells as they are, the others as assumed.
class belief {
  public:
    belief(const grid::grid_map& truth, const fog_layer& fog, unknown_cells unknown) noexcept
        : truth_(&truth), fog_(&fog), unknown_(unknown) {}
    [[nodiscard]] bool in_bounds(cell c) const noexcept { return truth_->in_bounds(c); }
    /// Believed walkable (high and low obstacles block, as the map's default rule).
    [[nodiscard]] bool passable(cell c) const noexcept {
        if (!truth_->in_bounds(c)) return false;
        if (fog_->explored(c)) return truth_->passable(c);
        return unknown_ == unknown_cells::walkable;
    }
    /// Believed terrain cost multiplier: the map's where explored, 1 (the cheapest) elsewhere,
    /// so plans stay optimistic and the octile heuristic admissible.
    [[nodiscard]] float terrain_cost(cell c) const noexcept {
        return fog_->explored(c) ? truth_->terrain_cost(c) : 1.0f;
    }
    [[nodiscard]] const grid::grid_map& truth() const noexcept { return *truth_; }
    [[nodiscard]] const fog_layer& fog() const noexcept { return *fog_; }
    [[nodiscard]] unknown_cells unknown() const noexcept { return unknown_; }

  private:
    const grid::grid_map* truth_;
    const fog_layer* fog_;
    unknown_cells unknown_;
};

} // namespace xunlu::overlays
