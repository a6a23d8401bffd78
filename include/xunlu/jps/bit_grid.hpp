// A bit-packed copy of a map's walkability (1 = free), one row of 64-bit words per padded row,
// read 64 cells at a time so jump scans use word operations and ctz/clz.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::jps {

/// Rows of bits in padded coordinates: column px in [0, cols), row py in [0, rows), with the
/// map's one-cell blocked border included (px = x + 1, py = y + 1). Each row has a 64-bit blocked
/// margin on the left and one spare word on the right, so `forward` and `backward` read 64
/// cells at any in-range column without bounds checks.
class bit_grid {
  public:
    bit_grid() = default;
    /// Walkability of `map` under `mask`; `transposed` stores column x as row x (for vertical
    /// scans done as horizontal ones).
    static bit_grid from_map(const grid::grid_map& map, grid::obstacle_mask mask, bool transposed);
    /// The bit grid of `map`, made from `old` (the same grid of the map `map` was edited from)
    /// by copying it and re-reading the cells named in `edits`: equal to from_map(map, ...).
    static bit_grid repaired(const bit_grid& old, const grid::grid_map& map,
                             grid::obstacle_mask mask, bool transposed,
                             std::span<const grid::cell_edit> edits);
    /// Key of the grid for `mask` and orientation in a map's derived cache.
    [[nodiscard]] static constexpr std::uint64_t cache_key(grid::obstacle_mask mask,
                                                           bool transposed) noexcept {
        return static_cast<std::uint64_t>(mask) * 2u + (transposed ? 1u : 0u);
    }
    /// The cached grid of `map` (built, or repaired from the parent map's, on first use; built
    /// once when several threads ask at once). `built` is incremented when this call built it.
    static std::shared_ptr<const bit_grid> of(const grid::grid_map& map, grid::obstacle_mask mask,
                                              bool transposed, std::size_t* built = nullptr);

    [[nodiscard]] std::int32_t rows() const noexcept { return rows_; }
    [[nodiscard]] std::int32_t cols() const noexcept { return cols_; }
    [[nodiscard]] bool free(std::int32_t px, std::int32_t py) const noexcept {
        const auto b = static_cast<std::size_t>(px + margin);
        return ((row(py)[b >> 6] >> (b & 63)) & 1u) != 0;
    }
    void set_free(std::int32_t px, std::int32_t py, bool is_free) noexcept {
        const auto b = static_cast<std::size_t>(px + margin);
        std::uint64_t& w = words_[static_cast<std::size_t>(py) * words_per_row_ + (b >> 6)];
        const std::uint64_t bit = std::uint64_t{1} << (b & 63);
        w = is_free ? (w | bit) : (w & ~bit);
    }
    /// Cells px .. px+63 of row py; bit i is cell px + i.
    [[nodiscard]] std::uint64_t forward(std::int32_t py, std::int32_t px) const noexcept {
        const auto b = static_cast<std::size_t>(px + margin);
        const std::uint64_t* r = row(py) + (b >> 6);
        const unsigned s = static_cast<unsigned>(b & 63);
        return (r[0] >> s) | ((r[1] << 1) << (63 - s)); // no shift by 64 when s == 0
    }
    /// Cells px-63 .. px of row py; bit 63 is cell px, bit 63 - i is cell px - i.
    [[nodiscard]] std::uint64_t backward(std::int32_t py, std::int32_t px) const noexcept {
        return forward(py, px - 63);
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return words_.capacity() * sizeof(std::uint64_t);
    }

  private:
    static constexpr std::int32_t margin = 64;
    [[nodiscard]] const std::uint64_t* row(std::int32_t py) const noexcept {
        return words_.data() + static_cast<std::size_t>(py) * words_per_row_;
    }

    std::int32_t rows_ = 0;
    std::int32_t cols_ = 0;
    std::size_t words_per_row_ = 0;
    std::vector<std::uint64_t> words_;
};

/// Next stop of a forward (increasing column) jump in row py from column px: returns the column
/// of the first jump point (a cell with a free side cell whose side cell behind is blocked), or
/// `goal_px` if the goal comes first, or -1 at a dead end. `goal_px` is the goal's column when
/// the goal is in this row ahead of px, else a value > cols. Branch-free per 64-cell block.
[[nodiscard]] inline std::int32_t scan_forward(const bit_grid& g, std::int32_t px, std::int32_t py,
                                               std::int32_t goal_px) noexcept {
    std::int32_t x = px;
    for (;;) {
        const std::uint64_t a = g.forward(py - 1, x);
        const std::uint64_t c = g.forward(py, x);
        const std::uint64_t b = g.forward(py + 1, x);
        const std::uint64_t forced = ((~a << 1) & a) | ((~b << 1) & b);
        const std::uint64_t dead = ~c;
        const std::uint64_t stop = forced | dead;
        if (stop != 0) {
            const int pos = std::countr_zero(stop);
            const std::int32_t end = x + pos;
            if (goal_px <= end) return goal_px;
            return ((dead >> pos) & 1u) != 0 ? -1 : end;
        }
        if (goal_px <= x + 63) return goal_px;
        x += 63;
    }
}

/// Like scan_forward towards decreasing columns; `goal_px` < 0 when the goal is not ahead.
[[nodiscard]] inline std::int32_t scan_backward(const bit_grid& g, std::int32_t px, std::int32_t py,
                                                std::int32_t goal_px) noexcept {
    std::int32_t x = px;
    for (;;) {
        const std::uint64_t a = g.backward(py - 1, x);
        const std::uint64_t c = g.backward(py, x);
        const std::uint64_t b = g.backward(py + 1, x);
        const std::uint64_t forced = ((~a >> 1) & a) | ((~b >> 1) & b);
        const std::uint64_t dead = ~c;
        const std::uint64_t stop = forced | dead;
        if (stop != 0) {
            const int pos = std::countl_zero(stop);
            const std::int32_t end = x - pos;
            if (goal_px >= end) return goal_px;
            return ((dead << pos) >> 63) != 0 ? -1 : end;
        }
        if (goal_px >= x - 63) return goal_px;
        x -= 63;
    }
}

} // namespace xunlu::jps
