// Rectangle mesh of a grid map's free cells: row runs, stacked where they repeat, linked along
// the grid lines where runs of consecutive rows overlap.
#include "xunlu/anyangle/rect_mesh.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <utility>

namespace xunlu::anyangle {

std::uint64_t rect_mesh::cache_key(grid::obstacle_mask mask) noexcept {
    return 0x72656374'6d657368ULL ^ static_cast<std::uint64_t>(mask); // "rectmesh"
}

rect_mesh rect_mesh::build(const grid::grid_map& map, grid::obstacle_mask mask, limits caps) {
    const auto started = std::chrono::steady_clock::now();
    rect_mesh mesh;
    const auto refused = [](std::string why) {
        rect_mesh none;
        none.problem_ = std::move(why);
        return none;
    };
    const std::int32_t w = map.width();
    const std::int32_t h = map.height();
    mesh.row_start_.reserve(static_cast<std::size_t>(h) + 1);
    // One link as found: the rectangle it belongs to, which side, and the stretch.
    struct found_link {
        std::uint32_t rect;
        std::uint32_t high; ///< 1: on the rectangle's y1 line
        mesh_link link;
    };
    std::vector<found_link> found;
    const auto convex_at = [&](std::int32_t x, std::int32_t y) {
        return (map.passable({x - 1, y - 1}, mask) ? 0 : 1) +
                   (map.passable({x, y - 1}, mask) ? 0 : 1) +
                   (map.passable({x - 1, y}, mask) ? 0 : 1) +
                   (map.passable({x, y}, mask) ? 0 : 1) ==
               1;
    };
    std::size_t previous_begin = 0;
    for (std::int32_t y = 0; y < h; ++y) {
        const std::size_t begin = mesh.runs_.size();
        mesh.row_start_.push_back(static_cast<std::uint32_t>(begin));
        std::size_t above = previous_begin; // runs of row y - 1: [previous_begin, begin)
        for (std::int32_t x = 0; x < w;) {
            if (!map.passable({x, y}, mask)) {
                ++x;
                continue;
            }
            const std::int32_t x0 = x;
            while (x < w && map.passable({x, y}, mask)) ++x;
            if (mesh.runs_.size() >= caps.runs) {
                return refused("the map has over " + std::to_string(caps.runs) +
                               " runs of free cells; the mesh is refused");
            }
            while (above < begin && mesh.runs_[above].x1 <= x0) ++above;
            std::uint32_t id = 0;
            if (above < begin && mesh.runs_[above].x0 == x0 && mesh.runs_[above].x1 == x) {
                id = mesh.runs_[above].rect; // the same run as the row above: stack
                mesh.rects_[id].y1 = y + 1;
            } else {
                if (mesh.rects_.size() >= caps.rects) {
                    return refused("the map has over " + std::to_string(caps.rects) +
                                   " free rectangles; the mesh is refused");
                }
                id = static_cast<std::uint32_t>(mesh.rects_.size());
                mesh.rects_.push_back({.x0 = x0, .y0 = y, .x1 = x, .y1 = y + 1});
            }
            mesh.runs_.push_back({x0, x, id});
        }
        // Links between this row's runs and the previous row's, where they overlap by a
        // positive length and lie in different rectangles.
        std::size_t a = previous_begin;
        std::size_t b = begin;
        const std::size_t end = mesh.runs_.size();
        while (y > 0 && a < begin && b < end) {
            const run& up = mesh.runs_[a];
            const run& down = mesh.runs_[b];
            const std::int32_t lo = std::max(up.x0, down.x0);
            const std::int32_t hi = std::min(up.x1, down.x1);
            if (hi > lo && up.rect != down.rect) {
                const auto convex = static_cast<std::uint8_t>((convex_at(lo, y) ? 1 : 0) |
                                                              (convex_at(hi, y) ? 2 : 0));
                found.push_back({up.rect, 1, {lo, hi, down.rect, convex}});
                found.push_back({down.rect, 0, {lo, hi, up.rect, convex}});
            }
            if (up.x1 < down.x1) {
                ++a;
            } else {
                ++b;
            }
        }
        previous_begin = begin;
    }
    mesh.row_start_.push_back(static_cast<std::uint32_t>(mesh.runs_.size()));
    // Counting sort by (rectangle, side); within one, the links were found in increasing x.
    std::vector<std::uint32_t> count(mesh.rects_.size() * 2 + 1, 0);
    for (const found_link& f : found) ++count[f.rect * 2 + f.high + 1];
    for (std::size_t i = 1; i < count.size(); ++i) count[i] += count[i - 1];
    for (std::size_t r = 0; r < mesh.rects_.size(); ++r) {
        mesh.rects_[r].low_begin = count[2 * r];
        mesh.rects_[r].high_begin = count[2 * r + 1];
        mesh.rects_[r].high_end = count[2 * r + 2];
    }
    mesh.links_.resize(found.size());
    for (const found_link& f : found) mesh.links_[count[f.rect * 2 + f.high]++] = f.link;
    mesh.find_dead_ends();
    mesh.build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    return mesh;
}

void rect_mesh::find_dead_ends() {
    const std::size_t n = rects_.size();
    dead_parent_.assign(n, live);
    std::vector<std::uint32_t> degree(n);
    std::vector<std::uint32_t> queue;
    for (std::uint32_t i = 0; i < n; ++i) {
        degree[i] = rects_[i].high_end - rects_[i].low_begin;
        if (degree[i] <= 1) queue.push_back(i);
    }
    // Peel rectangles with at most one remaining neighbour; the one left is what they hang on.
    for (std::size_t k = 0; k < queue.size(); ++k) {
        const std::uint32_t i = queue[k];
        std::uint32_t parent = dead_root;
        const std::span<const mesh_link> all{links_.data() + rects_[i].low_begin,
                                             links_.data() + rects_[i].high_end};
        for (const mesh_link& l : all) {
            if (dead_parent_[l.rect] != live) continue; // already peeled
            parent = l.rect;
            if (--degree[l.rect] == 1) queue.push_back(l.rect);
        }
        dead_parent_[i] = parent;
    }
}

std::int64_t rect_mesh::rect_at(cell c) const noexcept {
    if (c.y < 0 || static_cast<std::size_t>(c.y) + 1 >= row_start_.size()) return -1;
    const auto first = runs_.begin() + row_start_[static_cast<std::size_t>(c.y)];
    const auto last = runs_.begin() + row_start_[static_cast<std::size_t>(c.y) + 1];
    const auto it =
        std::upper_bound(first, last, c.x, [](std::int32_t x, const run& r) { return x < r.x1; });
    if (it == last || c.x < it->x0) return -1;
    return it->rect;
}

} // namespace xunlu::anyangle
