// The grid map model: packed cell flags (high and low obstacles), optional terrain costs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"

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
/// Storage is padded with a one-cell border of high obstacles so that searches can read all
/// eight neighbours of any in-map cell without bounds checks. Public functions take unpadded
/// cell coordinates; the `index` family exposes the padded linear layout to search code.
class grid_map {
  public:
    /// Creates an all-free map. Fails when a side is < 1 or above limits::max_map_side, or the
    /// cell count exceeds limits::max_map_cells.
    static result<grid_map> create(std::int32_t width, std::int32_t height);

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

    void set_high_obstacle(cell c, bool blocked) noexcept;
    void set_low_obstacle(cell c, bool blocked) noexcept;

    /// Terrain cost multiplier of entering `c`; 1 unless set. Clamped to >= 1 on set.
    [[nodiscard]] float terrain_cost(cell c) const noexcept {
        return costs_.empty() ? 1.0f : costs_[index(c)];
    }
    void set_terrain_cost(cell c, float multiplier);
    [[nodiscard]] bool has_terrain_costs() const noexcept { return !costs_.empty(); }
    /// Drops the cost layer (every cell back to cost 1).
    void clear_terrain_costs() noexcept;

    /// Number of free cells under `mask`.
    [[nodiscard]] std::int64_t count_passable(obstacle_mask mask) const noexcept;

    /// Incremented by every change; preprocessed data keyed to a map compares it.
    [[nodiscard]] std::uint64_t version() const noexcept { return version_; }

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
        return costs_.empty() ? nullptr : costs_.data();
    }

    /// Bytes held by the map's layers.
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return cells_.capacity() + costs_.capacity() * sizeof(float);
    }

  private:
    grid_map(std::int32_t width, std::int32_t height);

    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    std::uint64_t version_ = 0;
    std::vector<std::uint8_t> cells_;
    std::vector<float> costs_;
};

} // namespace xunlu::grid
