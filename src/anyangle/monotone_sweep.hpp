// The cells a straight segment from a point heading into one quadrant can cross: those reachable
// from its first cell by steps along +-x and +-y of that quadrant through free cells that are
// not wholly in the shadow of a blocked cell nearer the point. A superset of the cells any free
// segment from there into the quadrant crosses (where it passes a grid corner diagonally, the
// free cell beside the corner links the two, and that cell is not in shadow either), found row
// by row in time proportional to its size: the candidate generator for visibility.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "xunlu/anyangle/half_point.hpp"
#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::anyangle::detail {

/// A direction in a quadrant as the slope across / along (>= 0), `den` == 0 meaning infinity.
struct slope {
    std::int64_t num;
    std::int64_t den;
    friend constexpr bool operator<(slope a, slope b) noexcept {
        return a.num * b.den < b.num * a.den;
    }
};

/// The open slope intervals through the inside of blocked cells seen so far, disjoint, sorted.
class shadow_set {
  public:
    void clear() noexcept { spans_.clear(); }
    /// Adds the open interval (lo, hi), merging overlaps (touching ends stay apart: the ray
    /// between two shadows grazes both cells and may see past them).
    void add(slope lo, slope hi) {
        if (!(lo < hi)) return;
        auto it = std::lower_bound(spans_.begin(), spans_.end(), lo,
                                   [](const span& s, slope v) { return s.hi < v || !(v < s.hi); });
        // `it`: first span whose hi > lo. Merge every span that overlaps (lo, hi).
        auto last = it;
        while (last != spans_.end() && last->lo < hi) {
            lo = std::min(lo, last->lo);
            hi = std::max(hi, last->hi);
            ++last;
        }
        it = spans_.erase(it, last);
        spans_.insert(it, span{lo, hi});
    }
    /// True when the closed interval [lo, hi] lies strictly inside one shadow.
    [[nodiscard]] bool hides(slope lo, slope hi) const noexcept {
        auto it = std::upper_bound(spans_.begin(), spans_.end(), lo,
                                   [](slope v, const span& s) { return !(s.lo < v); });
        if (it == spans_.begin()) return false;
        --it; // the last span with lo < the cell's lo
        return hi < it->hi;
    }

  private:
    struct span {
        slope lo;
        slope hi;
    };
    std::vector<span> spans_;
};

/// Scratch for sweep_quadrant, owned by the caller and reused between sweeps (rows all zero
/// between calls).
struct sweep_rows {
    std::vector<std::uint8_t>& previous;
    std::vector<std::uint8_t>& current;
    shadow_set& shadows;
};

/// Calls visit(cell) for every free cell reachable from `first` (the cell a segment from
/// `origin` into quadrant (sx, sy) starts in; sx, sy = +-1) by steps (sx, 0) and (0, sy) through
/// free cells not hidden by the shadows of blocked cells in rows nearer `origin`; row by row.
/// `budget` (optional): cells the sweep may still visit; it stops early, returning false, when
/// the budget runs out (the scratch rows are left clean). Returns true when complete.
template <class Visit>
bool sweep_quadrant(const grid::grid_map& map, grid::obstacle_mask mask, half_point origin,
                    cell first, std::int32_t sx, std::int32_t sy, sweep_rows rows, Visit&& visit,
                    std::size_t* budget = nullptr) {
    const auto free = [&](std::int32_t x, std::int32_t y) { return map.passable({x, y}, mask); };
    if (!free(first.x, first.y)) return true;
    const auto w = static_cast<std::size_t>(map.width());
    if (rows.previous.size() != w) {
        rows.previous.assign(w, 0);
        rows.current.assign(w, 0);
    }
    rows.shadows.clear();
    // A cell's extent away from the origin, in half cells: across (x) and along (y).
    const auto across = [&](std::int32_t x) -> std::int64_t {
        return sx > 0 ? 2 * std::int64_t{x} - origin.x : std::int64_t{origin.x} - 2 * x - 2;
    };
    const auto along = [&](std::int32_t y) -> std::int64_t {
        return sy > 0 ? 2 * std::int64_t{y} - origin.y : std::int64_t{origin.y} - 2 * y - 2;
    };
    // The closed slope range of a cell's points beyond the origin's row.
    const auto range_lo = [](std::int64_t a, std::int64_t c) {
        return slope{std::max<std::int64_t>(a, 0), c + 2};
    };
    const auto range_hi = [](std::int64_t a, std::int64_t c) {
        return c > 0 ? slope{a + 2, c} : slope{1, 0};
    };
    const auto inside = [&](std::int32_t x) { return x >= 0 && x < map.width(); };
    const auto not_past = [&](std::int32_t x, std::int32_t last) {
        return sx > 0 ? x <= last : x >= last;
    };
    const auto clear = [&](std::vector<std::uint8_t>& row, std::int32_t from, std::int32_t to) {
        for (std::int32_t x = from; not_past(x, to); x += sx) row[static_cast<std::size_t>(x)] = 0;
    };
    std::vector<std::int32_t> blocked; // blocked cells met in the current row (small)
    const auto cast_shadows = [&](std::int32_t y) {
        const std::int64_t c = along(y);
        for (const std::int32_t x : blocked) {
            const std::int64_t a = across(x);
            rows.shadows.add(range_lo(a, c), range_hi(a, c));
        }
        blocked.clear();
    };
    std::int32_t y = first.y;
    std::int32_t lo = first.x; // the row's reached cells lie from lo to hi (in sweep order)
    std::int32_t hi = first.x;
    std::int32_t x = first.x;
    const auto spend = [&] {
        if (budget == nullptr) return true;
        if (*budget == 0) return false;
        --*budget;
        return true;
    };
    for (; inside(x) && free(x, y); x += sx) {
        if (!spend()) {
            clear(rows.current, lo, hi);
            return false;
        }
        rows.current[static_cast<std::size_t>(x)] = 1;
        visit(cell{x, y});
        hi = x;
    }
    if (inside(x)) blocked.push_back(x);
    for (y += sy; y >= 0 && y < map.height(); y += sy) {
        cast_shadows(y - sy);
        rows.previous.swap(rows.current);
        const std::int64_t c = along(y);
        bool left = false; // the cell before x in this row was reached
        bool any = false;
        std::int32_t new_lo = 0;
        std::int32_t new_hi = 0;
        for (x = lo; inside(x); x += sx) {
            const bool below = not_past(x, hi);
            if (!below && !left) break;
            bool reached = false;
            if (!free(x, y)) {
                blocked.push_back(x);
            } else if (left || (below && rows.previous[static_cast<std::size_t>(x)] != 0)) {
                const std::int64_t a = across(x);
                reached = !rows.shadows.hides(range_lo(a, c), range_hi(a, c));
            }
            if (reached && !spend()) {
                clear(rows.previous, lo, hi);
                if (any) clear(rows.current, new_lo, new_hi);
                return false;
            }
            if (reached) {
                rows.current[static_cast<std::size_t>(x)] = 1;
                visit(cell{x, y});
                if (!any) new_lo = x;
                new_hi = x;
                any = true;
            }
            left = reached;
        }
        clear(rows.previous, lo, hi);
        if (!any) return true;
        lo = new_lo;
        hi = new_hi;
    }
    clear(rows.current, lo, hi);
    return true;
}

} // namespace xunlu::anyangle::detail
