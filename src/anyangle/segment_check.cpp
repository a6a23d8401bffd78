// Any-angle segment validity: an exact grid traversal in half-cell units. Crossings of vertical
// and horizontal grid lines are ordered by cross-multiplied integers, so a segment through a
// grid corner is recognised exactly (no epsilon) and the no-squeezing rule applies there.
#include "xunlu/anyangle/segment_check.hpp"

#include <cstdint>
#include <cstdlib>

namespace xunlu::anyangle {

namespace {

constexpr std::int64_t floor_half(std::int64_t v) noexcept {
    return v >= 0 ? v / 2 : -((-v + 1) / 2);
}

struct no_cells {
    void operator()(std::int64_t, std::int64_t) const noexcept {}
};

struct cell_list {
    std::vector<cell>* out;
    void operator()(std::int64_t x, std::int64_t y) const {
        out->push_back({static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)});
    }
};

class walker {
  public:
    /// `a`, `b`: the segment's ends. When both lie within the map's box (its edge included),
    /// every cell the walk reads lies within the map's one-cell padding, so cells are read
    /// straight from the padded layout without bounds checks.
    walker(const grid::grid_map& map, grid::obstacle_mask mask, half_point a, half_point b)
        : map_(map), mask_(mask), flags_(map.padded_flags()), stride_(map.stride()),
          block_(static_cast<std::uint8_t>(mask)) {
        const auto inside = [&](half_point p) {
            return p.x >= 0 && p.y >= 0 && p.x <= 2 * map.width() && p.y <= 2 * map.height();
        };
        padded_ = inside(a) && inside(b);
    }

    [[nodiscard]] bool free(std::int64_t x, std::int64_t y) const noexcept {
        if (padded_) {
            return (flags_[static_cast<std::size_t>((y + 1) * stride_ + x + 1)] & block_) == 0;
        }
        return map_.passable({static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)}, mask_);
    }

    /// A single point: free when a free cell touches it.
    template <class Sink> bool point(half_point p, Sink& sink) const {
        const std::int64_t x0 = floor_half(std::int64_t{p.x} - 1);
        const std::int64_t x1 = floor_half(p.x);
        const std::int64_t y0 = floor_half(std::int64_t{p.y} - 1);
        const std::int64_t y1 = floor_half(p.y);
        for (std::int64_t y = y0; y <= y1; ++y) {
            for (std::int64_t x = x0; x <= x1; ++x) {
                if (free(x, y)) {
                    sink(x, y);
                    return true;
                }
            }
        }
        return false;
    }

    /// A segment along one axis. `along(u, v)` maps (coordinate along, coordinate across) in
    /// cells to the cell (x, y); `from`, `to` are half units along, `across` the fixed half
    /// coordinate.
    template <class Sink, class Along>
    bool axis(std::int64_t from, std::int64_t to, std::int64_t across, Along along,
              Sink& sink) const {
        const std::int64_t step = to > from ? 1 : -1;
        // Cells whose interior the open interval (from, to) meets.
        const std::int64_t first = step > 0 ? floor_half(from) : floor_half(from - 1);
        const std::int64_t last = step > 0 ? floor_half(to - 1) : floor_half(to);
        if (across % 2 != 0) { // through the middle of a row (or column) of cells
            const std::int64_t row = floor_half(across);
            for (std::int64_t u = first;; u += step) {
                const auto [x, y] = along(u, row);
                if (!free(x, y)) return false;
                sink(x, y);
                if (u == last) return true;
            }
        }
        // Along a grid line: a free side beside every piece, a common side across each corner.
        const std::int64_t before = across / 2 - 1;
        const std::int64_t after = across / 2;
        unsigned previous = 3;
        for (std::int64_t u = first;; u += step) {
            const auto [xb, yb] = along(u, before);
            const auto [xa, ya] = along(u, after);
            const unsigned sides = (free(xb, yb) ? 1U : 0U) | (free(xa, ya) ? 2U : 0U);
            if ((sides & previous) == 0) return false;
            if ((sides & 1U) != 0) {
                sink(xb, yb);
            } else {
                sink(xa, ya);
            }
            previous = sides;
            if (u == last) return true;
        }
    }

    template <class Sink> bool segment(half_point a, half_point b, Sink& sink) const {
        if (a == b) return point(a, sink);
        const std::int64_t dx = std::int64_t{b.x} - a.x;
        const std::int64_t dy = std::int64_t{b.y} - a.y;
        if (dy == 0) {
            return axis(
                a.x, b.x, a.y,
                [](std::int64_t u, std::int64_t v) {
                    return pair{u, v};
                },
                sink);
        }
        if (dx == 0) {
            return axis(
                a.y, b.y, a.x,
                [](std::int64_t u, std::int64_t v) {
                    return pair{v, u};
                },
                sink);
        }
        const std::int64_t sx = dx > 0 ? 1 : -1;
        const std::int64_t sy = dy > 0 ? 1 : -1;
        const std::int64_t adx = std::abs(dx);
        const std::int64_t ady = std::abs(dy);
        // The cell just after a and the cell just before b along the segment.
        std::int64_t cx = sx > 0 ? floor_half(a.x) : floor_half(std::int64_t{a.x} - 1);
        std::int64_t cy = sy > 0 ? floor_half(a.y) : floor_half(std::int64_t{a.y} - 1);
        const std::int64_t ex = sx > 0 ? floor_half(std::int64_t{b.x} - 1) : floor_half(b.x);
        const std::int64_t ey = sy > 0 ? floor_half(std::int64_t{b.y} - 1) : floor_half(b.y);
        if (!free(cx, cy)) return false;
        sink(cx, cy);
        // Exact arithmetic reaches (ex, ey) in at most this many steps; the bound only guards.
        std::int64_t steps = std::abs(ex - cx) + std::abs(ey - cy);
        while (cx != ex || cy != ey) {
            if (steps-- <= 0) return false;
            const std::int64_t line_x = sx > 0 ? 2 * (cx + 1) : 2 * cx;
            const std::int64_t line_y = sy > 0 ? 2 * (cy + 1) : 2 * cy;
            // Parameters of the next crossings, t_x = |line_x - a.x| / adx and likewise t_y,
            // compared without division.
            const std::int64_t tx = std::abs(line_x - a.x) * ady;
            const std::int64_t ty = std::abs(line_y - a.y) * adx;
            if (tx < ty) {
                cx += sx;
            } else if (ty < tx) {
                cy += sy;
            } else { // exactly through a grid corner: not between two blocked cells
                const bool side_x = free(cx + sx, cy);
                const bool side_y = free(cx, cy + sy);
                if (!side_x && !side_y) return false;
                if (side_x) {
                    sink(cx + sx, cy);
                } else {
                    sink(cx, cy + sy);
                }
                cx += sx;
                cy += sy;
                --steps;
            }
            if (!free(cx, cy)) return false;
            sink(cx, cy);
        }
        return true;
    }

  private:
    struct pair {
        std::int64_t x;
        std::int64_t y;
    };
    const grid::grid_map& map_;
    grid::obstacle_mask mask_;
    const std::uint8_t* flags_;
    std::int64_t stride_;
    std::uint8_t block_;
    bool padded_ = false;
};

} // namespace

bool segment_is_free(const grid::grid_map& map, half_point a, half_point b,
                     grid::obstacle_mask mask) {
    no_cells sink;
    return walker(map, mask, a, b).segment(a, b, sink);
}

bool segment_cells(const grid::grid_map& map, half_point a, half_point b, grid::obstacle_mask mask,
                   std::vector<cell>& cells) {
    cell_list sink{&cells};
    return walker(map, mask, a, b).segment(a, b, sink);
}

} // namespace xunlu::anyangle
