// The grid map model: packed cell flags (high and low obstacles), optional terrain costs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/derived_cache.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::grid {

/// Per-cell flag bits. A high obstacle (terrain, walls) blocks movement and line of sight;
/// a low obstacle (units, crates) blocks movement only and can be ignored per query.
enum cell_flag : std::uint8_t {
    high_obstacle = 1u << 0,
    low_obstacle = 1u << 1,
};

/// Which flags make a cell impassable for one query.
enum class obstacle_mask : std::uint8_t {
    high_only = high_obstacle,
    high_and_low = high_obstacle | low_obstacle,
};

/// A rectangular grid of cells, one byte of flags per cell plus an optional terrain-cost layer
/// (a float multiplier >= 1 per cell, only allocated once a cell gets a cost other than 1).
///
/// A grid_map is mutable while it is being built (parsers, generators); once shared between
/// threads it must not change: wrap it in a map_snapshot, whose edits produce a new map. Data
/// derived from the map (JPS bit rows, jump tables, island labels) lives in `derived()`, which
/// every mutation drops and a copy does not share. The terrain-cost layer is shared between
/// copies until one of them changes a cost (copy on write).
///
/// Storage is padded with a one-cell border of high obstacles so that searches can read all
/// eight neighbours of any in-map cell without bounds checks. Public functions take unpadded
/// cell coordinates; the `index` family exposes the padded linear layout to search code.
class XUNLU_API grid_map {
  public:
    /// Creates an all-free map. Fails when a side is < 1 or above limits::max_map_side, or the
    /// cell count exceeds limits::max_map_cells.
    static result<grid_map> create(std::int32_t width, std::int32_t height);

    /// A copy has the same cells, shares the cost layer and starts with an empty derived cache.
    grid_map(const grid_map& other);
    grid_map& operator=(const grid_map& other);
    /// A moved-from map may only be assigned to or destroyed.
    grid_map(grid_map&&) noexcept = default;
    grid_map& operator=(grid_map&&) noexcept = default;
    ~grid_map() = default;

    [[nodiscard]] std::int32_t width() const noexcept { return width_; }
    [[nodiscard]] std::int32_t height() const noexcept { return height_; }
    [[nodiscard]] bool in_bounds(cell c) const noexcept {
        return c.x >= 0 && c.y >= 0 && c.x < width_ && c.y < height_;
    }

    [[nodiscard]] std::uint8_t flags(cell c) const noexcept { return cells_[index(c)]; }
    [[nodiscard]] bool is_high_obstacle(cell c) const noexcept {
        return (flags(c) & high_obstacle) != 0;
    }
    [[nodiscard]] bool is_low_obstacle(cell c) const noexcept {
        return (flags(c) & low_obstacle) != 0;
    }
    /// True when a unit may stand on `c` under `mask`. Out-of-bounds cells are not passable.
    [[nodiscard]] bool passable(cell c,
                                obstacle_mask mask = obstacle_mask::high_and_low) const noexcept {
        return in_bounds(c) && (flags(c) & static_cast<std::uint8_t>(mask)) == 0;
    }

    void set_high_obstacle(cell c, bool blocked);
    void set_low_obstacle(cell c, bool blocked);

    /// Terrain cost multiplier of entering `c`; 1 unless set. Clamped to >= 1 on set.
    [[nodiscard]] float terrain_cost(cell c) const noexcept {
        return costs_ ? (*costs_)[index(c)] : 1.0f;
    }
    void set_terrain_cost(cell c, float multiplier);
    [[nodiscard]] bool has_terrain_costs() const noexcept { return costs_ != nullptr; }
    /// Drops the cost layer (every cell back to cost 1).
    void clear_terrain_costs();

    /// Number of free cells under `mask`.
    [[nodiscard]] std::int64_t count_passable(obstacle_mask mask) const noexcept;

    /// Incremented by every change made to this object (not a snapshot version: see
    /// map_snapshot::version). Derived data does not compare it: it lives in `derived()`.
    [[nodiscard]] std::uint64_t version() const noexcept { return version_; }

    /// Data derived from this map, built lazily and thread-safely (see derived_cache). Dropped
    /// by every mutation, so nothing derived from older cells survives a change.
    [[nodiscard]] const derived_cache& derived() const noexcept { return *derived_; }

    // Padded linear layout, for search code.
    [[nodiscard]] std::int32_t stride() const noexcept { return width_ + 2; }
    [[nodiscard]] std::size_t padded_cells() const noexcept { return cells_.size(); }
    [[nodiscard]] std::size_t index(cell c) const noexcept {
        return static_cast<std::size_t>(c.y + 1) * static_cast<std::size_t>(stride()) +
               static_cast<std::size_t>(c.x + 1);
    }
    [[nodiscard]] cell cell_of(std::size_t index) const noexcept {
        const auto s = static_cast<std::size_t>(stride());
        return {static_cast<std::int32_t>(index % s) - 1, static_cast<std::int32_t>(index / s) - 1};
    }
    [[nodiscard]] const std::uint8_t* padded_flags() const noexcept { return cells_.data(); }
    /// Padded cost layer, or nullptr when the map has uniform cost.
    [[nodiscard]] const float* padded_costs() const noexcept {
        return costs_ ? costs_->data() : nullptr;
    }

    /// Bytes held by the map's layers.
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return cells_.capacity() + (costs_ ? costs_->capacity() * sizeof(float) : 0);
    }

  private:
    friend class map_snapshot; // links a new map's derived cache to its parent's
    grid_map(std::int32_t width, std::int32_t height);
    /// Called by every mutation: forgets derived data (a fresh cache when anything was in it).
    void drop_derived();
    /// The cost layer, unshared (copied first when another map shares it).
    std::vector<float>& own_costs();

    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    std::uint64_t version_ = 0;
    std::vector<std::uint8_t> cells_;
    std::shared_ptr<std::vector<float>> costs_; ///< null = uniform cost; shared by copies
    std::shared_ptr<derived_cache> derived_ = std::make_shared<derived_cache>();
};

} // namespace xunlu::grid
