// D* Lite (Koenig & Likhachev, AAAI 2002), the optimised version: an incremental search for a
// unit that learns the map as it walks. It searches from the goal towards the unit, so when
// cells change (a wall discovered in the fog, a door closing) only the part of the search
// those cells affect is repaired, not the whole search redone; the answer after each repair is
// the optimal path on what the unit believes at that moment, as a fresh A* would find it.
// 8-connected, diagonal sqrt 2, no corner cutting (as everywhere in xunlu); a step costs its
// length times the entered cell's believed terrain cost (the map's where explored, 1 elsewhere).
#pragma once

#include <cstdint>
#include <optional>
#include <queue>
#include <span>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/overlays/fog_layer.hpp"

namespace xunlu::overlays {

struct dstar_stats {
    std::uint64_t expanded = 0; ///< vertices taken off the queue, in all
    std::uint64_t plans = 0;    ///< plan() calls that did any work
    std::uint64_t repaired = 0; ///< vertices whose right-hand side was recomputed for a change
};

class dstar_lite {
  public:
    /// Plans from `start` to `goal` over `view`, which is read live: when what it believes of
    /// some cells changes, call cells_changed() with them before the next plan().
    dstar_lite(const belief& view, cell start, cell goal);

    /// Computes the shortest path, or repairs it after moves and changes. False when no path
    /// exists on what the unit believes (or the start or goal is outside the map).
    bool plan();
    /// The unit now stands at `c` (a step along the path, usually).
    void move_to(cell c);
    /// What the view believes of these cells has changed (blocked <-> walkable).
    void cells_changed(std::span<const cell> cells);

    /// Cost of the best path from the unit to the goal (infinity when none).
    [[nodiscard]] double cost() const noexcept;
    /// The next cell of the best path (nullopt at the goal or when there is none).
    [[nodiscard]] std::optional<cell> next_step() const;
    /// The whole best path, from the unit's cell to the goal (empty when none).
    [[nodiscard]] std::vector<cell> path() const;
    [[nodiscard]] const dstar_stats& stats() const noexcept { return stats_; }
    [[nodiscard]] cell start() const noexcept { return start_; }
    [[nodiscard]] cell goal() const noexcept { return goal_; }
    /// Memory of the search's per-cell state.
    [[nodiscard]] std::size_t bytes() const noexcept;

  private:
    struct key {
        double k1;
        double k2;
        /// Keys built at different times round differently (sums of sqrt 2 and the heuristic,
        /// km growing): values within `tolerance` are equal, or ties on k1, which octile
        /// distances make common, would be ordered by rounding noise instead of by k2.
        static constexpr double tolerance = 1e-7;
        friend bool operator<(const key& a, const key& b) noexcept {
            if (a.k1 < b.k1 - tolerance) return true;
            if (b.k1 < a.k1 - tolerance) return false;
            return a.k2 < b.k2 - tolerance;
        }
    };
    struct entry {
        key k;
        std::uint32_t vertex;
        friend bool operator>(const entry& a, const entry& b) noexcept { return b.k < a.k; }
    };

    [[nodiscard]] key key_of(std::uint32_t s) const noexcept;
    [[nodiscard]] double heuristic(cell a, cell b) const noexcept;
    /// Cost of the step a -> b between 8-neighbours (infinity when not allowed).
    [[nodiscard]] double step_cost(cell a, cell b) const noexcept;
    [[nodiscard]] double best_rhs(std::uint32_t s) const noexcept;
    void update_vertex(std::uint32_t s);
    /// Raises the key modifier by the distance walked since it was last raised.
    void catch_up() noexcept;
    void push(std::uint32_t s);
    /// Drops queue entries that are no longer current; true when an entry is left.
    bool clean_top();
    [[nodiscard]] cell cell_of(std::uint32_t s) const noexcept {
        return {static_cast<std::int32_t>(s % static_cast<std::uint32_t>(width_)),
                static_cast<std::int32_t>(s / static_cast<std::uint32_t>(width_))};
    }
    [[nodiscard]] std::uint32_t vertex_of(cell c) const noexcept {
        return static_cast<std::uint32_t>(c.y) * static_cast<std::uint32_t>(width_) +
               static_cast<std::uint32_t>(c.x);
    }

    belief view_;
    std::int32_t width_;
    cell start_;
    cell goal_;
    cell last_; ///< where the unit stood when the key modifier was last raised
    double km_ = 0;
    std::vector<double> g_;
    std::vector<double> rhs_;
    std::vector<key> queued_key_;      ///< the current key of a queued vertex
    std::vector<std::uint8_t> queued_; ///< 1 while the vertex is in the queue
    std::priority_queue<entry, std::vector<entry>, std::greater<>> open_;
    bool valid_ = true;
    dstar_stats stats_;
};

} // namespace xunlu::overlays
