// Turn penalties on grids: the A* state is (cell, heading), where the heading is the direction
// of the last step; a step costs its grid cost plus a penalty per 45 degrees of turning.
#pragma once

#include <cstdint>

#include "xunlu/core/cell.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/grid_expander.hpp"
#include "xunlu/search/node_store.hpp"
#include "xunlu/search/search_observer.hpp"

namespace xunlu::search {

/// States per cell: the eight step directions (grid::direction_dx order) and "no heading yet"
/// (the start, whose first step turns nothing).
inline constexpr std::uint32_t heading_count = 9;
inline constexpr std::uint32_t no_heading = 8;

/// 45-degree steps between two step directions (grid::direction_dx order), 0 to 4.
[[nodiscard]] constexpr unsigned turn_steps(unsigned from, unsigned to) noexcept {
    // Angle of each direction in 45-degree units, clockwise from up:
    // up, right, down, left, up-right, down-right, down-left, up-left.
    constexpr unsigned angle[8] = {0, 2, 4, 6, 1, 3, 5, 7};
    const unsigned d = (angle[to] + 8 - angle[from]) & 7u;
    return d > 4 ? 8 - d : d;
}

/// Expander over (cell, heading) states: node id = padded cell index x 9 + heading. The moves
/// are those of `grid_neighbours` (same rules, corners, window, terrain); each costs its grid
/// step plus `penalty` x turn_steps(heading, direction). The parent record is the heading the
/// state was left with (step_dir of 0..7, or no_heading), no_parent_dir for the start state.
/// Positions are cells, so grid heuristics and goal rules apply unchanged (the penalty only
/// adds cost, so a consistent grid heuristic stays consistent).
///
/// Dominance pruning: a successor (c, d) reached at cost g is not emitted when another state
/// (c, h) of the same cell already has g(c, h) + penalty x turn_steps(h, d) <= g: whatever
/// follows (c, d) can follow (c, h) at no more cost (turns obey the triangle inequality), and a
/// state's g only decreases, so a tentative g(c, h) proves it too. With penalty 0 this leaves
/// about one state per cell, as plain A*. The nine states of a cell are adjacent in the node
/// store, so the check reads one or two cache lines.
template <bool HasCosts, bool Windowed = false> struct heading_neighbours {
    using position = cell;

    grid_neighbours<HasCosts, Windowed> cells;
    double penalty;                   ///< cost units per 45 degrees of turning, >= 0
    const best_first<step_dir>* core; ///< the search's states (read for dominance)

    [[nodiscard]] cell position_of(std::uint32_t id) const noexcept {
        return cells.position_of(id / heading_count);
    }

    template <class Emit>
    void expand(std::uint32_t id, cell at, step_dir, Emit&& emit) const noexcept {
        const std::uint32_t c = id / heading_count;
        const unsigned heading = id % heading_count;
        const double per_turn = penalty;
        const double g = core->node(id)->g;
        cells.expand(
            c, at, no_parent_dir,
            [&](std::uint32_t nb, double step, step_dir d, const auto& nb_at) {
                const auto dir = static_cast<unsigned>(d);
                const double cost =
                    step + (heading == no_heading ? 0.0 : per_turn * turn_steps(heading, dir));
                const double reached = g + cost;
                const std::uint32_t first = nb * heading_count;
                for (unsigned h = 0; h < heading_count; ++h) {
                    if (h == dir) continue; // the state itself: the core compares
                    const search_node* other = core->node(first + h);
                    if (other == nullptr) continue;
                    const double via = h == no_heading ? 0.0 : per_turn * turn_steps(h, dir);
                    if (other->g + via <= reached) return; // dominated
                }
                emit(first + dir, cost, static_cast<step_dir>(heading), nb_at);
            });
    }

    /// The state a state was reached from, or no_id for the start state.
    [[nodiscard]] static std::uint32_t parent_id(std::uint32_t id, step_dir left_with,
                                                 std::int32_t map_stride) noexcept {
        if (left_with == no_parent_dir) return no_id;
        const std::uint32_t cell_id = grid_neighbours<false>::parent_id(
            id / heading_count, static_cast<step_dir>(id % heading_count), map_stride);
        return cell_id * heading_count + static_cast<std::uint32_t>(left_with);
    }
};

/// Forwards a state search's opens and closes as cell ids (for the trace of cells).
struct heading_trace {
    trace_observer* cells;
    void on_open(std::uint32_t id) { cells->on_open(id / heading_count); }
    void on_close(std::uint32_t id) { cells->on_close(id / heading_count); }
};

/// Stops at any state of the goal cell, or of a cell within `radius` (Chebyshev) of it.
struct heading_goal {
    std::int32_t gx;
    std::int32_t gy;
    std::int32_t radius;
    bool operator()(std::uint32_t, cell p) const noexcept {
        const std::int32_t dx = p.x > gx ? p.x - gx : gx - p.x;
        const std::int32_t dy = p.y > gy ? p.y - gy : gy - p.y;
        return dx <= radius && dy <= radius;
    }
};

} // namespace xunlu::search
