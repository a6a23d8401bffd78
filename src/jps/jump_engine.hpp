// Private to the jps module: the best-first search over jump points shared by every JPS
// variant. A variant supplies an expander that turns one node into its jump successors.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::jps::detail {

/// One jump point: best cost so far, parent jump point, heap slot, query stamp and the
/// direction (signs) it was reached from.
struct jump_node {
    double g;
    std::uint32_t parent;
    std::uint32_t heap_slot;
    std::uint32_t stamp;
    std::int8_t dx;
    std::int8_t dy;
};

inline constexpr std::uint32_t closed_slot = std::numeric_limits<std::uint32_t>::max();
inline constexpr std::uint32_t no_slot = closed_slot - 1;
inline constexpr std::uint32_t no_index = std::numeric_limits<std::uint32_t>::max();

/// OPEN over jump points: a binary min-heap on (f, then larger g) whose entries write their
/// slot into the node table, so decrease-key is O(log n). (Own copy: OPEN sizes of JPS are
/// small and its entry layout is tuned separately from A*'s.)
class jump_heap {
  public:
    struct entry {
        double f;
        double g;
        std::uint32_t id;
        [[nodiscard]] bool before(const entry& o) const noexcept {
            return f < o.f || (f == o.f && g > o.g);
        }
    };
    void bind(jump_node* nodes) noexcept { nodes_ = nodes; }
    [[nodiscard]] bool empty() const noexcept { return items_.empty(); }
    [[nodiscard]] std::size_t size() const noexcept { return items_.size(); }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return items_.capacity() * sizeof(entry);
    }
    [[nodiscard]] double f_at(std::uint32_t slot) const noexcept { return items_[slot].f; }
    void clear() noexcept { items_.clear(); }
    void push(double f, double g, std::uint32_t id) {
        items_.push_back({f, g, id});
        sift_up(items_.size() - 1);
    }
    void decrease(std::uint32_t slot, double f, double g) noexcept {
        items_[slot].f = f;
        items_[slot].g = g;
        sift_up(slot);
    }
    entry pop() noexcept {
        const entry top = items_.front();
        const entry last = items_.back();
        items_.pop_back();
        if (!items_.empty()) {
            std::size_t slot = 0;
            const std::size_t n = items_.size();
            for (;;) {
                std::size_t child = 2 * slot + 1;
                if (child >= n) break;
                if (child + 1 < n && items_[child + 1].before(items_[child])) ++child;
                if (!items_[child].before(last)) break;
                place(slot, items_[child]);
                slot = child;
            }
            place(slot, last);
        }
        return top;
    }

  private:
    void place(std::size_t slot, const entry& e) noexcept {
        items_[slot] = e;
        nodes_[e.id].heap_slot = static_cast<std::uint32_t>(slot);
    }
    void sift_up(std::size_t slot) noexcept {
        const entry moving = items_[slot];
        while (slot > 0) {
            const std::size_t parent = (slot - 1) / 2;
            if (!moving.before(items_[parent])) break;
            place(slot, items_[parent]);
            slot = parent;
        }
        place(slot, moving);
    }
    std::vector<entry> items_;
    jump_node* nodes_ = nullptr;
};

/// Node table (one entry per padded cell, reset by generation stamp) and OPEN.
class jump_workspace {
  public:
    void prepare(std::size_t padded_cells);
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return nodes.capacity() * sizeof(jump_node) + open.memory_bytes();
    }

    std::vector<jump_node> nodes;
    jump_heap open;
    std::uint32_t generation = 0;
};

/// Reason the request cannot be searched at all (bounds, blocked endpoints), else nullopt.
[[nodiscard]] std::optional<std::string> invalid_reason(const grid::grid_map& map,
                                                        const search::search_request& request);

/// Handles what a JPS variant does not search itself: an invalid request (invalid_input), an
/// unsupported rule (invalid_input naming `unsupported`), and non-uniform queries (terrain
/// costs, stop_within > 0), which run A* and say so in `reason`. nullopt = search normally.
[[nodiscard]] std::optional<search::search_result>
pre_check(const grid::grid_map& map, const search::search_request& request, search::astar& fallback,
          std::string_view algo, const std::optional<std::string>& unsupported);

/// Heuristic of the request in cost units: a*max(dx,dy) + b*min(dx,dy), or Euclidean.
struct jump_heuristic {
    double a = 0;
    double b = 0;
    bool euclidean = false;
    [[nodiscard]] double operator()(std::int32_t dx, std::int32_t dy) const noexcept {
        if (euclidean) {
            return a * std::sqrt(static_cast<double>(dx) * dx + static_cast<double>(dy) * dy);
        }
        const auto lo = static_cast<double>(std::min(dx, dy));
        const auto hi = static_cast<double>(std::max(dx, dy));
        return a * hi + b * lo;
    }
};
[[nodiscard]] jump_heuristic make_heuristic(const search::search_request& request) noexcept;

/// Appends the cells from `from` (exclusive) to `to` (inclusive): a straight or diagonal run.
void append_segment(std::vector<cell>& path, cell from, cell to);

/// Builds the result (status, full cell path, trace) once the search loop has ended.
search::search_result finish_result(jump_workspace& ws, const grid::grid_map& map,
                                    const search::search_request& request,
                                    search::search_status status, std::uint32_t end,
                                    search::search_stats stats);

/// A* over jump points. `Expander::expand(index, x, y, dx, dy, emit)` calls
/// `emit(target_index, steps, dx, dy)` for each jump successor `steps` cells away in
/// direction (dx, dy); (dx, dy) of the node is (0, 0) for the start.
template <class Expander>
search::search_result run_jump_search(jump_workspace& ws, const grid::grid_map& map,
                                      const search::search_request& request, Expander& expander,
                                      std::size_t extra_memory) {
    ws.prepare(map.padded_cells());
    jump_node* nodes = ws.nodes.data();
    const std::uint32_t gen = ws.generation;
    const std::int32_t stride = map.stride();
    const std::uint32_t start = static_cast<std::uint32_t>(map.index(request.start));
    const std::uint32_t goal = static_cast<std::uint32_t>(map.index(request.goal));
    const jump_heuristic h = make_heuristic(request);
    const double straight = request.rules.straight_cost();
    const double diagonal = request.rules.diagonal_cost();
    const std::int32_t gx = request.goal.x;
    const std::int32_t gy = request.goal.y;
    search::search_stats stats{};

    nodes[start] = jump_node{0.0, no_index, no_slot, gen, 0, 0};
    const double h0 = h(std::abs(gx - request.start.x), std::abs(gy - request.start.y));
    ws.open.push(h0, 0.0, start);
    stats.heap_pushes = 1;
    stats.peak_open = 1;
    std::uint32_t best = start;
    double best_h = h0;
    const std::uint64_t budget = request.max_expansions;
    const bool has_deadline = request.deadline.has_value();

    while (!ws.open.empty()) {
        if ((budget != 0 && stats.expanded >= budget) ||
            (has_deadline && (stats.expanded & 255u) == 0 && stats.expanded != 0 &&
             std::chrono::steady_clock::now() >= *request.deadline)) {
            stats.memory_bytes = ws.memory_bytes() + extra_memory;
            return finish_result(ws, map, request, search::search_status::budget_exhausted, best,
                                 stats);
        }
        const auto top = ws.open.pop();
        const std::uint32_t cur = top.id;
        jump_node& cn = nodes[cur];
        cn.heap_slot = closed_slot;
        ++stats.expanded;
        if (cur == goal) {
            stats.memory_bytes = ws.memory_bytes() + extra_memory;
            return finish_result(ws, map, request, search::search_status::found, cur, stats);
        }
        const double hcur = top.f - top.g;
        if (hcur < best_h) {
            best_h = hcur;
            best = cur;
        }
        const double g = cn.g;
        const std::int32_t cx =
            static_cast<std::int32_t>(cur % static_cast<std::uint32_t>(stride)) - 1;
        const std::int32_t cy =
            static_cast<std::int32_t>(cur / static_cast<std::uint32_t>(stride)) - 1;
        expander.expand(
            static_cast<std::int32_t>(cur), cx, cy, cn.dx, cn.dy,
            [&](std::int32_t target, std::int32_t steps, std::int32_t dx, std::int32_t dy) {
                ++stats.generated;
                const double step =
                    static_cast<double>(steps) * (dx != 0 && dy != 0 ? diagonal : straight);
                const auto t = static_cast<std::uint32_t>(target);
                jump_node& nn = nodes[t];
                const double ng = g + step;
                if (nn.stamp != gen) {
                    nn = jump_node{ng,
                                   cur,
                                   no_slot,
                                   gen,
                                   static_cast<std::int8_t>(dx),
                                   static_cast<std::int8_t>(dy)};
                    const double hn =
                        h(std::abs(gx - (cx + dx * steps)), std::abs(gy - (cy + dy * steps)));
                    ws.open.push(ng + hn, ng, t);
                    ++stats.heap_pushes;
                    return;
                }
                if (nn.heap_slot == closed_slot || ng >= nn.g) {
                    return;
                }
                const double hn = ws.open.f_at(nn.heap_slot) - nn.g;
                nn.g = ng;
                nn.parent = cur;
                nn.dx = static_cast<std::int8_t>(dx);
                nn.dy = static_cast<std::int8_t>(dy);
                ws.open.decrease(nn.heap_slot, ng + hn, ng);
                ++stats.decrease_keys;
            });
        stats.peak_open = std::max<std::uint64_t>(stats.peak_open, ws.open.size());
    }
    stats.memory_bytes = ws.memory_bytes() + extra_memory;
    return finish_result(ws, map, request, search::search_status::no_path, no_index, stats);
}

} // namespace xunlu::jps::detail
