// In-box Dijkstra and A* for cluster distances and path refinement, and the octile line.
#include "box_search.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace xunlu::hierarchy::detail {

namespace {

constexpr int move_dx[8] = {1, -1, 0, 0, 1, 1, -1, -1};
constexpr int move_dy[8] = {0, 0, 1, -1, 1, -1, 1, -1};

bool blocked(const grid::grid_map& map, std::int32_t x, std::int32_t y, std::uint8_t mask) {
    return (map.padded_flags()[map.index({x, y})] & mask) != 0;
}

/// Whether the step (mx, my) from `c` is legal: the target free and, for a diagonal step, both
/// cells beside it free (no corner cutting). Cells one outside the map read as blocked.
bool open_step(const grid::grid_map& map, cell c, std::int32_t mx, std::int32_t my,
               std::uint8_t mask) {
    return !blocked(map, c.x + mx, c.y + my, mask) &&
           (mx == 0 || my == 0 ||
            (!blocked(map, c.x + mx, c.y, mask) && !blocked(map, c.x, c.y + my, mask)));
}

/// Walks `steps` steps from `a`, step i being `step(i)` as (dx, dy), each checked with
/// open_step. The cells after `a` are appended to `out` (when not null) and taken back if a
/// step is blocked.
template <class Step>
bool walk(const grid::grid_map& map, cell a, std::int32_t steps, std::uint8_t mask,
          std::vector<cell>* out, Step&& step) {
    const std::size_t first = out != nullptr ? out->size() : 0;
    cell c = a;
    for (std::int32_t i = 0; i < steps; ++i) {
        const auto [mx, my] = step(i);
        if (!open_step(map, c, mx, my, mask)) {
            if (out != nullptr) out->resize(first);
            return false;
        }
        c = {c.x + mx, c.y + my};
        if (out != nullptr) out->push_back(c);
    }
    return true;
}

} // namespace

packed_steps octile_steps(cell a, cell b) noexcept {
    const auto dx = static_cast<std::uint32_t>(std::abs(a.x - b.x));
    const auto dy = static_cast<std::uint32_t>(std::abs(a.y - b.y));
    return pack_steps(std::max(dx, dy) - std::min(dx, dy), std::min(dx, dy));
}

void box_search::from(const grid::grid_map& map, const cell_box& box, cell source,
                      const grid::movement_rules& rules, grid::obstacle_mask mask) {
    box_ = box;
    run<false>(map, source, source, rules, mask);
}

bool box_search::to(const grid::grid_map& map, const cell_box& box, cell source, cell target,
                    const grid::movement_rules& rules, grid::obstacle_mask mask) {
    box_ = box;
    run<true>(map, source, target, rules, mask);
    return steps_[box_.local(target)] != no_route;
}

template <bool ToTarget>
void box_search::run(const grid::grid_map& map, cell source, cell target,
                     const grid::movement_rules& rules, grid::obstacle_mask mask) {
    const std::size_t n = box_.area();
    steps_.assign(n, no_route);
    move_.assign(n, -1);
    closed_.assign(n, 0);
    heap_.clear();
    const auto m = static_cast<std::uint8_t>(mask);
    auto h = [&](cell c) {
        if constexpr (!ToTarget) {
            (void)c;
            return 0.0;
        } else {
            return steps_cost(octile_steps(c, target), rules);
        }
    };
    auto later = [](const entry& a, const entry& b) { return a.f > b.f; };
    const std::size_t s = box_.local(source);
    steps_[s] = 0;
    heap_.push_back({h(source), static_cast<std::uint32_t>(s)});
    while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), later);
        const std::uint32_t u = heap_.back().local;
        heap_.pop_back();
        if (closed_[u] != 0) continue;
        closed_[u] = 1;
        ++expanded_;
        const cell c{
            box_.origin.x + static_cast<std::int32_t>(u % static_cast<std::uint32_t>(box_.width)),
            box_.origin.y + static_cast<std::int32_t>(u / static_cast<std::uint32_t>(box_.width))};
        if constexpr (ToTarget) {
            if (c == target) return;
        }
        const packed_steps here = steps_[u];
        for (int d = 0; d < 8; ++d) {
            const cell nb{c.x + move_dx[d], c.y + move_dy[d]};
            if (!box_.contains(nb) || !open_step(map, c, move_dx[d], move_dy[d], m)) continue;
            const bool diag = d >= 4;
            const std::size_t v = box_.local(nb);
            if (closed_[v] != 0) continue;
            const packed_steps next = here + (diag ? 1u : (1u << 16));
            const double g = steps_cost(next, rules);
            if (steps_[v] != no_route && steps_cost(steps_[v], rules) <= g) continue;
            steps_[v] = next;
            move_[v] = static_cast<std::int8_t>(d);
            heap_.push_back({g + h(nb), static_cast<std::uint32_t>(v)});
            std::push_heap(heap_.begin(), heap_.end(), later);
        }
    }
}

void box_search::append_path(cell target, std::vector<cell>& out) const {
    const std::size_t first = out.size();
    cell c = target;
    while (move_[box_.local(c)] >= 0) {
        out.push_back(c);
        const int d = move_[box_.local(c)];
        c = {c.x - move_dx[d], c.y - move_dy[d]};
    }
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

std::size_t box_search::memory_bytes() const noexcept {
    return steps_.capacity() * sizeof(packed_steps) + move_.capacity() + closed_.capacity() +
           heap_.capacity() * sizeof(entry);
}

bool octile_line(const grid::grid_map& map, cell a, cell b, grid::obstacle_mask mask,
                 std::vector<cell>* out) {
    const std::int32_t dx = std::abs(b.x - a.x);
    const std::int32_t dy = std::abs(b.y - a.y);
    const std::int32_t sx = b.x > a.x ? 1 : (b.x < a.x ? -1 : 0);
    const std::int32_t sy = b.y > a.y ? 1 : (b.y < a.y ? -1 : 0);
    const std::int32_t major = std::max(dx, dy);
    const std::int32_t minor = std::min(dx, dy);
    std::int32_t err = major / 2;
    return walk(map, a, major, static_cast<std::uint8_t>(mask), out, [&](std::int32_t) {
        err -= minor;
        bool side = false;
        if (err < 0) {
            err += major;
            side = true;
        }
        return std::pair{dx >= dy ? sx : (side ? sx : 0), dx >= dy ? (side ? sy : 0) : sy};
    });
}

bool octile_elbow(const grid::grid_map& map, cell a, cell b, grid::obstacle_mask mask,
                  bool diagonal_first, std::vector<cell>* out) {
    const std::int32_t dx = std::abs(b.x - a.x);
    const std::int32_t dy = std::abs(b.y - a.y);
    const std::int32_t sx = b.x > a.x ? 1 : (b.x < a.x ? -1 : 0);
    const std::int32_t sy = b.y > a.y ? 1 : (b.y < a.y ? -1 : 0);
    const std::int32_t diagonals = std::min(dx, dy);
    const std::int32_t straights = std::max(dx, dy) - diagonals;
    const std::int32_t tx = dx > dy ? sx : 0; // the straight step
    const std::int32_t ty = dx > dy ? 0 : sy;
    return walk(map, a, diagonals + straights, static_cast<std::uint8_t>(mask), out,
                [&](std::int32_t i) {
                    const bool diagonal = diagonal_first ? i < diagonals : i >= straights;
                    return diagonal ? std::pair{sx, sy} : std::pair{tx, ty};
                });
}

bool octile_walk(const grid::grid_map& map, cell a, cell b, grid::obstacle_mask mask,
                 std::vector<cell>* out) {
    if (octile_line(map, a, b, mask, out)) return true;
    // The elbows differ from the line only when both kinds of step are needed.
    if (a.x == b.x || a.y == b.y || std::abs(a.x - b.x) == std::abs(a.y - b.y)) return false;
    return octile_elbow(map, a, b, mask, true, out) || octile_elbow(map, a, b, mask, false, out);
}

} // namespace xunlu::hierarchy::detail
