// Differential heuristics (Sturtevant, Felner, Barrer, Schaeffer, Sturtevant 2009): the exact
// distances from a few landmark cells to every cell, so that for any goal g and cell n
// |d(L,g) - d(L,n)| <= d(n,g) (triangle inequality) is a lower bound far better than octile where
// walls make paths wind. Landmarks are placed by farthest-point selection. The heuristic is the
// max of the landmark bounds and the request's own (octile); a max of consistent heuristics is
// consistent, so A* and JPS stay optimal.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/search/heuristic.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::search {

/// Called after each landmark's distances are computed: (landmarks done, landmarks planned).
using landmark_progress = std::function<void(std::size_t done, std::size_t total)>;

/// Distances from `count()` landmarks to every cell of one map under one set of movement rules
/// and obstacle mask. Immutable once built; shared read-only by any number of searches (it lives
/// in the map's derived cache, so an edited map gets a fresh table).
class XUNLU_API landmark_table {
  public:
    static constexpr std::size_t default_count = 8;
    static constexpr std::size_t max_count = 32;
    /// The largest table build() makes; above it build() places no landmark (count() 0: the
    /// base heuristic alone), so a huge map never allocates an unbounded table.
    static constexpr std::size_t max_table_bytes = std::size_t{512} << 20;
    /// Bytes of the distances of `count` landmarks on a map of `padded_cells` padded cells.
    [[nodiscard]] static constexpr std::size_t table_bytes(std::size_t padded_cells,
                                                           std::size_t count) noexcept {
        return padded_cells * count * sizeof(double);
    }
    /// Maps of at most this many padded cells get 16 landmarks from count_for (64 MiB).
    static constexpr std::size_t small_map_cells = std::size_t{1} << 19;

    /// The landmark count the `-dh` finders use: 16 on maps up to small_map_cells padded cells
    /// (random512 maps: half the expansions of 8 landmarks), default_count above.
    [[nodiscard]] static constexpr std::size_t count_for(std::size_t padded_cells) noexcept {
        return padded_cells <= small_map_cells ? 2 * default_count : default_count;
    }

    /// Places up to `count` (1..max_count) landmarks by farthest-point selection in the largest
    /// region of `map` (the first one farthest from a seed cell, each next one the cell farthest
    /// from all chosen so far) and runs one Dijkstra from each. Fewer landmarks are placed when
    /// the region runs out of distinct cells. Cost: count + 1 full Dijkstra searches; memory
    /// 8 bytes x count per padded cell.
    [[nodiscard]] static landmark_table build(const grid::grid_map& map, grid::movement_rules rules,
                                              grid::obstacle_mask mask,
                                              std::size_t count = default_count,
                                              const landmark_progress& progress = {});

    /// The derived-cache key of a table for these rules, mask and landmark count.
    [[nodiscard]] static std::uint64_t
    cache_key(grid::movement_rules rules, grid::obstacle_mask mask, std::size_t count) noexcept;

    [[nodiscard]] std::size_t count() const noexcept { return count_; }
    [[nodiscard]] const std::vector<cell>& landmarks() const noexcept { return landmarks_; }
    [[nodiscard]] grid::movement_rules rules() const noexcept { return rules_; }
    [[nodiscard]] grid::obstacle_mask mask() const noexcept { return mask_; }
    /// False when the map had terrain costs: step costs then depend on the cell entered, so
    /// d(n,g) may differ from d(g,n) and only the one-sided bound d(L,g) - d(L,n) is used.
    [[nodiscard]] bool symmetric() const noexcept { return symmetric_; }
    [[nodiscard]] std::int32_t width() const noexcept { return width_; }
    [[nodiscard]] std::int32_t height() const noexcept { return height_; }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return dist_.capacity() * sizeof(double) + landmarks_.capacity() * sizeof(cell);
    }
    /// The `count()` distances of one padded cell index (infinity where not reachable).
    [[nodiscard]] const double* distances(std::size_t padded_index) const noexcept {
        return dist_.data() + padded_index * count_;
    }
    /// Whether this table was built for a map of this size with these rules and mask.
    [[nodiscard]] bool fits(const grid::grid_map& map, grid::movement_rules rules,
                            grid::obstacle_mask mask) const noexcept;

  private:
    std::vector<double> dist_; ///< padded cell index * count + landmark
    std::vector<cell> landmarks_;
    std::size_t count_ = 0;
    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    std::int32_t stride_ = 0;
    grid::movement_rules rules_{};
    grid::obstacle_mask mask_ = grid::obstacle_mask::high_and_low;
    bool symmetric_ = true;
};

/// The heuristic of one goal over cell positions: max(a * max(dx,dy) + b * min(dx,dy), every
/// landmark bound). Landmarks that cannot reach the goal are left out.
struct landmark_heuristic {
    const double* dist = nullptr;
    std::size_t count = 0;
    std::int32_t stride = 0;
    std::int32_t gx = 0;
    std::int32_t gy = 0;
    double a = 0; ///< the base heuristic's cost per cell of the larger offset
    double b = 0; ///< and of the smaller one (octile: 1 and sqrt 2 - 1)
    bool symmetric = true;
    std::uint32_t active = 0; ///< landmarks that reach the goal
    std::array<std::uint8_t, landmark_table::max_count> which{};
    std::array<double, landmark_table::max_count> goal{};

    double operator()(cell p) const noexcept {
        double h = octile_h{a, b}(std::abs(gx - p.x), std::abs(gy - p.y));
        const double* d =
            dist + (static_cast<std::size_t>(p.y + 1) * static_cast<std::size_t>(stride) +
                    static_cast<std::size_t>(p.x + 1)) *
                       count;
        if (symmetric) {
            for (std::uint32_t i = 0; i < active; ++i) {
                h = std::max(h, std::abs(goal[i] - d[which[i]]));
            }
        } else {
            for (std::uint32_t i = 0; i < active; ++i) {
                h = std::max(h, goal[i] - d[which[i]]);
            }
        }
        return h;
    }
};

/// The landmark heuristic of `table` towards `goal`, over the base a*max + b*min.
[[nodiscard]] XUNLU_API landmark_heuristic make_landmark_heuristic(const landmark_table& table,
                                                                   cell goal, double a, double b);
/// The landmark heuristic of a request with `landmarks` set: towards its goal, over its own
/// heuristic (octile, Manhattan, Chebyshev or zero; request_problem refuses Euclidean).
[[nodiscard]] XUNLU_API landmark_heuristic make_landmark_heuristic(const search_request& request);

} // namespace xunlu::search
