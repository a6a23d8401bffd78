// Building the convex-corner visibility graph.
#include "xunlu/anyangle/corner_graph.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "monotone_sweep.hpp"

#include "xunlu/anyangle/segment_check.hpp"

namespace xunlu::anyangle {

std::vector<convex_corner> convex_corners(const grid::grid_map& map, grid::obstacle_mask mask) {
    std::vector<convex_corner> out;
    const auto blocked = [&](std::int32_t x, std::int32_t y) {
        return !map.passable({x, y}, mask);
    };
    for (std::int32_t y = 0; y <= map.height(); ++y) {
        for (std::int32_t x = 0; x <= map.width(); ++x) {
            // The four cells around corner (x, y): up-left, up-right, down-left, down-right.
            const bool ul = blocked(x - 1, y - 1);
            const bool ur = blocked(x, y - 1);
            const bool dl = blocked(x - 1, y);
            const bool dr = blocked(x, y);
            if (static_cast<int>(ul) + static_cast<int>(ur) + static_cast<int>(dl) +
                    static_cast<int>(dr) !=
                1) {
                continue;
            }
            const std::int8_t bx = ul || dl ? -1 : 1;
            const std::int8_t by = ul || ur ? -1 : 1;
            out.push_back({{2 * x, 2 * y}, static_cast<std::int8_t>(bx * by), bx, by});
        }
    }
    return out;
}

std::uint64_t corner_graph::cache_key(grid::obstacle_mask mask) noexcept {
    return 0x76697367'72617068ULL ^ static_cast<std::uint64_t>(mask); // "visgraph"
}

std::int64_t corner_graph::corner_id(half_point p) const noexcept {
    if (p.x % 2 != 0 || p.y % 2 != 0 || p.y < 0) return -1;
    const auto row = static_cast<std::size_t>(p.y / 2);
    if (row + 1 >= row_start_.size()) return -1;
    const auto* first = corners_.data() + row_start_[row];
    const auto* last = corners_.data() + row_start_[row + 1];
    const auto* it = std::lower_bound(
        first, last, p.x, [](const convex_corner& c, std::int32_t x) { return c.at.x < x; });
    return it != last && it->at.x == p.x ? it - corners_.data() : -1;
}

corner_graph corner_graph::build(const grid::grid_map& map, grid::obstacle_mask mask,
                                 const corner_graph_progress& progress) {
    const auto began = std::chrono::steady_clock::now();
    corner_graph g;
    g.corners_ = convex_corners(map, mask);
    const std::size_t n = g.corners_.size();
    const auto finish = [&] {
        g.build_ms_ =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
                .count();
    };
    const auto refuse = [&](std::string why) {
        g.problem_ = std::move(why);
        g.corners_.clear();
        g.row_start_.clear();
        g.offsets_.assign(1, 0);
        finish();
        return g;
    };
    if (n > max_corners) {
        return refuse("the map has " + std::to_string(n) + " convex corners, over the limit of " +
                      std::to_string(max_corners) + " for a visibility graph");
    }
    g.row_start_.assign(static_cast<std::size_t>(map.height()) + 2, 0);
    for (const convex_corner& c : g.corners_)
        ++g.row_start_[static_cast<std::size_t>(c.at.y / 2) + 1];
    for (std::size_t y = 1; y < g.row_start_.size(); ++y) g.row_start_[y] += g.row_start_[y - 1];

    const auto free = [&](std::int32_t x, std::int32_t y) { return map.passable({x, y}, mask); };
    std::vector<std::vector<std::uint32_t>> adjacent(n);
    std::size_t edges = 0;
    const auto link = [&](std::size_t i, std::int64_t j) {
        adjacent[i].push_back(static_cast<std::uint32_t>(j));
        adjacent[static_cast<std::size_t>(j)].push_back(static_cast<std::uint32_t>(i));
        edges += 2;
    };
    std::vector<std::uint8_t> previous_row;
    std::vector<std::uint8_t> current_row;
    detail::shadow_set shadows;
    const detail::sweep_rows rows{previous_row, current_row, shadows};
    for (std::size_t i = 0; i < n; ++i) {
        const convex_corner a = g.corners_[i];
        const std::int32_t cx = a.at.x / 2;
        const std::int32_t cy = a.at.y / 2;
        // The two quadrants where a is tangent: dx * dy of the opposite sign to its blocked cell.
        for (const std::int32_t sx : {1, -1}) {
            const std::int32_t sy = static_cast<std::int32_t>(-a.diagonal) * sx;
            const cell first{sx > 0 ? cx : cx - 1, sy > 0 ? cy : cy - 1};
            detail::sweep_quadrant(map, mask, a.at, first, sx, sy, rows, [&](cell c) {
                const half_point far{2 * (c.x + (sx > 0 ? 1 : 0)), 2 * (c.y + (sy > 0 ? 1 : 0))};
                const std::int64_t j = g.corner_id(far);
                if (j <= static_cast<std::int64_t>(i)) return;
                const convex_corner& b = g.corners_[static_cast<std::size_t>(j)];
                if (!tangent_at(b, std::int64_t{b.at.x} - a.at.x, std::int64_t{b.at.y} - a.at.y)) {
                    return;
                }
                if (segment_is_free(map, a.at, b.at, mask)) link(i, j);
            });
        }
        // Along the grid lines through a (always tangent): scan while a free cell lies beside
        // each piece, on a common side across each corner (segment_is_free's rule).
        for (const auto& [ux, uy] :
             {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
            unsigned previous = 3;
            for (std::int32_t k = 0;; ++k) {
                // The piece from a + k*u to a + (k+1)*u, in cells; beside it two cells.
                const std::int32_t px = cx + ux * k;
                const std::int32_t py = cy + uy * k;
                const cell side_a = ux != 0 ? cell{ux > 0 ? px : px - 1, py - 1}
                                            : cell{px - 1, uy > 0 ? py : py - 1};
                const cell side_b = ux != 0 ? cell{side_a.x, py} : cell{px, side_a.y};
                const unsigned sides =
                    (free(side_a.x, side_a.y) ? 1U : 0U) | (free(side_b.x, side_b.y) ? 2U : 0U);
                if ((sides & previous) == 0) break;
                previous = sides;
                const half_point next{2 * (px + ux), 2 * (py + uy)};
                const std::int64_t j = g.corner_id(next);
                if (j > static_cast<std::int64_t>(i)) link(i, j);
            }
        }
        if (edges > max_edges) {
            return refuse("the visibility graph passed the limit of " + std::to_string(max_edges) +
                          " edges (" + std::to_string(n) + " convex corners)");
        }
        if (progress && (i % 1024 == 1023 || i + 1 == n)) progress(i + 1, n);
    }
    g.offsets_.reserve(n + 1);
    g.targets_.reserve(edges);
    g.offsets_.push_back(0);
    for (auto& list : adjacent) {
        g.targets_.insert(g.targets_.end(), list.begin(), list.end());
        g.offsets_.push_back(static_cast<std::uint32_t>(g.targets_.size()));
        std::vector<std::uint32_t>().swap(list);
    }
    finish();
    return g;
}

} // namespace xunlu::anyangle
