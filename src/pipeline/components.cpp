// Component labelling by flood fill, incremental merges by union-find, local split test.
#include "xunlu/pipeline/components.hpp"

#include <array>

namespace xunlu::pipeline {

namespace {

constexpr std::array<int, 8> ring_dx{0, 1, 1, 1, 0, -1, -1, -1};
constexpr std::array<int, 8> ring_dy{-1, -1, 0, 1, 1, 1, 0, -1};

bool adjacent(int ax, int ay, int bx, int by, adjacency adj) {
    const int dx = ax > bx ? ax - bx : bx - ax;
    const int dy = ay > by ? ay - by : by - ay;
    if (dx > 1 || dy > 1 || (dx == 0 && dy == 0)) return false;
    return adj == adjacency::eight || dx + dy == 1;
}

} // namespace

component_labels::component_labels(const grid::grid_map& map, adjacency adj,
                                   grid::obstacle_mask mask)
    : adj_(adj), mask_(mask) {
    relabel(map);
}

std::uint32_t component_labels::new_label() {
    const auto l = static_cast<std::uint32_t>(parent_.size());
    parent_.push_back(l);
    size_.push_back(1);
    return l;
}

std::uint32_t component_labels::unite(std::uint32_t a, std::uint32_t b) noexcept {
    a = root(a);
    b = root(b);
    if (a == b) return a;
    if (size_[a] < size_[b]) std::swap(a, b);
    parent_[b] = a;
    size_[a] += size_[b];
    return a;
}

void component_labels::relabel(const grid::grid_map& map) {
    width_ = map.width();
    height_ = map.height();
    const std::size_t n = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
    labels_.assign(n, 0);
    parent_.assign(1, 0);
    size_.assign(1, 0);
    labelled_ = 0;
    // Padded flags give free bounds checks: the border is a high obstacle.
    const std::uint8_t* flags = map.padded_flags();
    const auto m = static_cast<std::uint8_t>(mask_);
    const std::int32_t stride = map.stride();
    std::vector<std::uint32_t> stack;
    const int dirs = adj_ == adjacency::eight ? 8 : 4;
    for (std::int32_t y = 0; y < height_; ++y) {
        for (std::int32_t x = 0; x < width_; ++x) {
            const std::size_t at = static_cast<std::size_t>(y) * width_ + x;
            if (labels_[at] != 0 || (flags[map.index({x, y})] & m) != 0) continue;
            const std::uint32_t l = new_label();
            ++labelled_;
            std::uint32_t count = 0;
            labels_[at] = l;
            stack.push_back(static_cast<std::uint32_t>(at));
            while (!stack.empty()) {
                const std::uint32_t cur = stack.back();
                stack.pop_back();
                ++count;
                const auto cx = static_cast<std::int32_t>(cur % static_cast<std::uint32_t>(width_));
                const auto cy = static_cast<std::int32_t>(cur / static_cast<std::uint32_t>(width_));
                const std::size_t pidx = map.index({cx, cy});
                for (int d = 0; d < dirs; ++d) {
                    const int dx = grid::direction_dx[static_cast<std::size_t>(d)];
                    const int dy = grid::direction_dy[static_cast<std::size_t>(d)];
                    const std::size_t q =
                        static_cast<std::size_t>(static_cast<std::ptrdiff_t>(pidx) + dx +
                                                 static_cast<std::ptrdiff_t>(dy) * stride);
                    if ((flags[q] & m) != 0) continue;
                    const std::size_t nat = static_cast<std::size_t>(cy + dy) * width_ + (cx + dx);
                    if (labels_[nat] != 0) continue;
                    labels_[nat] = l;
                    stack.push_back(static_cast<std::uint32_t>(nat));
                }
            }
            size_[l] = count;
        }
    }
}

bool component_labels::update_cell(const grid::grid_map& map, cell c) {
    if (!map.in_bounds(c)) return true;
    const std::size_t at = static_cast<std::size_t>(c.y) * width_ + c.x;
    const bool free_now = map.passable(c, mask_);
    const bool was_free = labels_[at] != 0;
    if (free_now == was_free) return true;
    const int dirs = adj_ == adjacency::eight ? 8 : 4;
    if (free_now) {
        std::uint32_t l = 0;
        for (int d = 0; d < dirs; ++d) {
            const cell nb{c.x + grid::direction_dx[static_cast<std::size_t>(d)],
                          c.y + grid::direction_dy[static_cast<std::size_t>(d)]};
            const std::uint32_t nl = component(nb);
            if (nl == 0) continue;
            l = l == 0 ? nl : unite(l, nl);
        }
        if (l == 0) {
            l = new_label();
        } else {
            ++size_[root(l)];
        }
        labels_[at] = l;
        return true;
    }
    labels_[at] = 0;
    // Which ring cells are passable, and which of them touch the centre under the rule?
    std::array<bool, 8> free{};
    std::array<int, 8> group{};
    int touching = 0;
    for (int i = 0; i < 8; ++i) {
        free[static_cast<std::size_t>(i)] =
            map.passable({c.x + ring_dx[static_cast<std::size_t>(i)],
                          c.y + ring_dy[static_cast<std::size_t>(i)]},
                         mask_);
        group[static_cast<std::size_t>(i)] = -1;
    }
    for (int i = 0; i < 8; ++i) {
        if (free[static_cast<std::size_t>(i)] &&
            adjacent(0, 0, ring_dx[static_cast<std::size_t>(i)],
                     ring_dy[static_cast<std::size_t>(i)], adj_)) {
            ++touching;
        }
    }
    if (touching <= 1) return true;
    // Group the free ring cells by adjacency among themselves (the centre is now blocked).
    int groups = 0;
    for (int i = 0; i < 8; ++i) {
        if (!free[static_cast<std::size_t>(i)] || group[static_cast<std::size_t>(i)] >= 0) continue;
        std::array<int, 8> stack{};
        int top = 0;
        stack[static_cast<std::size_t>(top++)] = i;
        group[static_cast<std::size_t>(i)] = groups;
        while (top > 0) {
            const int k = stack[static_cast<std::size_t>(--top)];
            for (int j = 0; j < 8; ++j) {
                if (!free[static_cast<std::size_t>(j)] || group[static_cast<std::size_t>(j)] >= 0)
                    continue;
                if (adjacent(ring_dx[static_cast<std::size_t>(k)],
                             ring_dy[static_cast<std::size_t>(k)],
                             ring_dx[static_cast<std::size_t>(j)],
                             ring_dy[static_cast<std::size_t>(j)], adj_)) {
                    group[static_cast<std::size_t>(j)] = groups;
                    stack[static_cast<std::size_t>(top++)] = j;
                }
            }
        }
        ++groups;
    }
    int touching_group = -1;
    for (int i = 0; i < 8; ++i) {
        const auto u = static_cast<std::size_t>(i);
        if (!free[u] || !adjacent(0, 0, ring_dx[u], ring_dy[u], adj_)) continue;
        if (touching_group < 0) {
            touching_group = group[u];
        } else if (group[u] != touching_group) {
            return false; // the neighbours may now be cut apart: relabel
        }
    }
    return true;
}

} // namespace xunlu::pipeline
