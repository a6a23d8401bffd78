// Internal: straight line cell sequences and line stepping for the single-object walk and the
// hybrid.
#include "line_walk.hpp"

#include <algorithm>
#include <cstdlib>

#include "xunlu/core/point.hpp"
#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/grid/path_check.hpp"

namespace xunlu::hybrid::detail {

namespace {

std::int32_t sign(std::int32_t v) {
    return v > 0 ? 1 : (v < 0 ? -1 : 0);
}

bool chebyshev_adjacent(cell a, cell b) {
    return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y)) == 1;
}

bool diagonal_neighbours(cell a, cell b) {
    return std::abs(a.x - b.x) == 1 && std::abs(a.y - b.y) == 1;
}

} // namespace

straight_line::straight_line(cell from, cell to)
    : sx_(sign(to.x - from.x)), sy_(sign(to.y - from.y)) {
    cells_.reserve(static_cast<std::size_t>(std::abs(to.x - from.x) + std::abs(to.y - from.y)) + 1);
    grid::for_each_cell_on_segment(point{from.x + 0.5, from.y + 0.5}, point{to.x + 0.5, to.y + 0.5},
                                   [&](cell c) {
                                       cells_.push_back(c);
                                       return true;
                                   });
}

std::optional<std::size_t> straight_line::index_of(cell c) const noexcept {
    // Along the line x*sx + y*sy grows by one per cell, except within a corner-side pair,
    // where it stays and y*sy grows: (major, y*sy) increases strictly.
    auto before = [this](cell a, cell b) {
        const auto ka = key_major(a);
        const auto kb = key_major(b);
        return ka < kb || (ka == kb && a.y * sy_ < b.y * sy_);
    };
    const auto it = std::lower_bound(cells_.begin(), cells_.end(), c, before);
    if (it == cells_.end() || *it != c) return std::nullopt;
    return static_cast<std::size_t>(it - cells_.begin());
}

bool straight_line::standable(std::size_t i) const noexcept {
    return i >= last() || !diagonal_neighbours(cells_[i], cells_[i + 1]);
}

unsigned orthogonal_direction(int dx, int dy) noexcept {
    for (unsigned d = 0; d < 4; ++d) {
        if (grid::direction_dx[d] == dx && grid::direction_dy[d] == dy) return d;
    }
    return 4;
}

line_move next_line_move(const grid::grid_map& map, const straight_line& line, std::size_t i,
                         grid::movement_rules rules, grid::obstacle_mask mask) noexcept {
    const auto& cells = line.cells();
    line_move out;
    if (i >= line.last()) return out;
    const cell here = cells[i];
    auto block = [&](cell b) {
        out.kind = line_move_kind::blocked;
        out.blocked = b;
        out.blocked_dir = orthogonal_direction(b.x - here.x, b.y - here.y);
        return out;
    };
    // The cells the unit must pass next: the next one, and both corner sides at a corner.
    if (!map.passable(cells[i + 1], mask)) return block(cells[i + 1]);
    if (!line.standable(i + 1) && !map.passable(cells[i + 2], mask)) return block(cells[i + 2]);
    // Furthest reachable line cell in one legal step (every line cell up to it free).
    std::size_t best = i + 1;
    for (std::size_t j = i + 2; j <= std::min(i + 3, line.last()); ++j) {
        if (!map.passable(cells[j], mask)) break;
        if (!chebyshev_adjacent(here, cells[j])) break;
        if (line.standable(j) &&
            grid::can_step(map, here, cells[j].x - here.x, cells[j].y - here.y, rules, mask)) {
            best = j;
        }
    }
    if (!line.standable(best)) {
        // Only the first corner side is reachable: step onto the second side instead,
        // which is 4-adjacent to the unit too.
        best = best + 1;
    }
    out.kind = line_move_kind::advanced;
    out.next = best;
    return out;
}

void append_step(std::vector<cell>& path, cell next, const grid::grid_map& map,
                 grid::movement_rules rules, grid::obstacle_mask mask) {
    const std::size_t n = path.size();
    if (n >= 2) {
        const cell a = path[n - 2];
        if (diagonal_neighbours(a, next) &&
            grid::can_step(map, a, next.x - a.x, next.y - a.y, rules, mask)) {
            path.back() = next;
            return;
        }
    }
    path.push_back(next);
}

} // namespace xunlu::hybrid::detail
