// Building the convex-corner visibility graph.
#include "xunlu/anyangle/corner_graph.hpp"

#include <chrono>

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
            out.push_back({{2 * x, 2 * y}, static_cast<std::int8_t>(ul || dr ? 1 : -1)});
        }
    }
    return out;
}

std::uint64_t corner_graph::cache_key(grid::obstacle_mask mask) noexcept {
    return 0x76697367'72617068ULL ^ static_cast<std::uint64_t>(mask); // "visgraph"
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
    if (n > max_corners) {
        g.problem_ = "the map has " + std::to_string(n) + " convex corners, over the limit of " +
                     std::to_string(max_corners) + " for a visibility graph";
        g.corners_.clear();
        g.offsets_.assign(1, 0);
        finish();
        return g;
    }
    std::vector<std::vector<std::uint32_t>> adjacent(n);
    std::size_t edges = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const convex_corner& a = g.corners_[i];
        for (std::size_t j = i + 1; j < n; ++j) {
            const convex_corner& b = g.corners_[j];
            const std::int64_t dx = std::int64_t{b.at.x} - a.at.x;
            const std::int64_t dy = std::int64_t{b.at.y} - a.at.y;
            if (!tangent_at(a, dx, dy) || !tangent_at(b, dx, dy)) continue;
            if (!segment_is_free(map, a.at, b.at, mask)) continue;
            adjacent[i].push_back(static_cast<std::uint32_t>(j));
            adjacent[j].push_back(static_cast<std::uint32_t>(i));
            edges += 2;
        }
        if (edges > max_edges) {
            g.problem_ = "the visibility graph passed the limit of " + std::to_string(max_edges) +
                         " edges (" + std::to_string(n) + " convex corners)";
            g.corners_.clear();
            g.offsets_.assign(1, 0);
            finish();
            return g;
        }
        if (progress && (i % 256 == 255 || i + 1 == n)) progress(i + 1, n);
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
