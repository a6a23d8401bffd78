// Landmark distances kept per block of cells instead of per cell (after Goldenberg, Sturtevant,
// Felner & Schaeffer's compressed differential heuristic, 2011): for each square block and
// landmark L, the range [lo, hi] of d(L, n) over the block's cells. For a goal g whose d(L, g) is
// known exactly, max(d(L, g) - hi, lo - d(L, g)) <= d(n, g) for every cell n of the block
// (triangle inequality), a lower bound far better than octile where walls force detours, at a
// few bytes per block instead of 8 bytes per cell and landmark. The bound changes by a whole
// block's range from one block to the next, so the heuristic is admissible but not consistent:
// searches using it open closed nodes again (search::best_first does), and stay optimal.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/search/heuristic.hpp"

namespace xunlu::search {

/// Per block of `block` x `block` cells and per landmark: the range of the landmark's
/// distances over the block's cells. Not part of the installed API (no public header reaches
/// it): the jps and hierarchy modules use it inside the library. Filled by whoever knows the
/// distances (the hierarchy module fills it from its abstract graph); immutable once shared.
class landmark_ranges {
  public:
    static constexpr std::size_t max_count = 16;
    static constexpr double unreachable = std::numeric_limits<double>::infinity();

    /// Every range empty (lo = +inf, hi = -inf: no cell of the block reached). `count` is
    /// clamped to 1..max_count, `block` to at least 1.
    landmark_ranges(std::int32_t width, std::int32_t height, std::int32_t block, std::size_t count);

    /// Widens block `b`'s range of landmark `k` to hold distance `d` (finite).
    void widen(std::size_t b, std::size_t k, double d) noexcept {
        double* r = ranges_.data() + (b * count_ + k) * 2;
        r[0] = std::min(r[0], d);
        r[1] = std::max(r[1], d);
    }
    [[nodiscard]] std::size_t block_of(cell c) const noexcept {
        return static_cast<std::size_t>(c.y / block_) * static_cast<std::size_t>(blocks_x_) +
               static_cast<std::size_t>(c.x / block_);
    }
    /// {lo, hi} of block `b` and landmark `k`.
    [[nodiscard]] const double* range(std::size_t b, std::size_t k) const noexcept {
        return ranges_.data() + (b * count_ + k) * 2;
    }
    [[nodiscard]] std::int32_t width() const noexcept { return width_; }
    [[nodiscard]] std::int32_t height() const noexcept { return height_; }
    [[nodiscard]] std::int32_t block() const noexcept { return block_; }
    [[nodiscard]] std::size_t count() const noexcept { return count_; }
    [[nodiscard]] std::size_t block_count() const noexcept { return ranges_.size() / (2 * count_); }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return ranges_.capacity() * sizeof(double);
    }

  private:
    std::vector<double> ranges_; ///< [block][landmark]{lo, hi}
    std::int32_t width_;
    std::int32_t height_;
    std::int32_t block_;
    std::int32_t blocks_x_;
    std::size_t count_;
};

/// What one query needs: the ranges, and the goal's exact distance from each landmark
/// (landmark_ranges::unreachable where the landmark does not reach the goal).
struct landmark_ranges_goal {
    const landmark_ranges* ranges = nullptr;
    std::array<double, landmark_ranges::max_count> goal{};
};

/// max(a * max(dx, dy) + b * min(dx, dy), the range bounds of every landmark that reaches the
/// goal). Admissible, not consistent (see the file comment).
struct landmark_range_heuristic {
    static constexpr bool consistent = false;
    const landmark_ranges* ranges = nullptr;
    std::int32_t gx = 0;
    std::int32_t gy = 0;
    double a = 0;
    double b = 0;
    std::uint32_t active = 0; ///< landmarks that reach the goal
    std::array<std::uint8_t, landmark_ranges::max_count> which{};
    std::array<double, landmark_ranges::max_count> goal{};

    double operator()(cell p) const noexcept {
        double h = octile_h{a, b}(std::abs(gx - p.x), std::abs(gy - p.y));
        const std::size_t block = ranges->block_of(p);
        for (std::uint32_t i = 0; i < active; ++i) {
            const double* r = ranges->range(block, which[i]);
            h = std::max(h, std::max(goal[i] - r[1], r[0] - goal[i]));
        }
        return h;
    }
};

/// The range heuristic of `query` towards `goal` over the base a*max + b*min (octile: a = 1,
/// b = sqrt 2 - 1). A block the landmark never reached (its range empty) gives +inf: with
/// symmetric step costs its cells cannot reach a goal that the landmark reaches.
[[nodiscard]] landmark_range_heuristic
make_landmark_range_heuristic(const landmark_ranges_goal& query, cell goal, double a, double b);

} // namespace xunlu::search
