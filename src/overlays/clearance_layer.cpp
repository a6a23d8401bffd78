// Clearance by dynamic programming from the bottom-right corner: a free cell's clearance is
// one more than the smallest of its right, lower and lower-right neighbours' (capped), so a
// cell depends only on cells to its right and below. A repair recomputes, row by row from the
// bottom, the span of each row that lies within clearance_cap cells up and left of an edit.
#include "xunlu/overlays/clearance_layer.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace xunlu::overlays {

clearance_layer::clearance_layer(std::int32_t width, std::int32_t height, grid::obstacle_mask mask)
    : width_(width), height_(height), mask_(mask) {
    for (std::int32_t y0 = 0; y0 < height; y0 += band_rows) {
        const auto rows = static_cast<std::size_t>(std::min(band_rows, height - y0));
        bands_.push_back(std::make_shared<band>(rows * static_cast<std::size_t>(width), 0));
    }
    owned_.assign(bands_.size(), true);
}

clearance_layer::band& clearance_layer::writable_band(std::int32_t y) {
    const auto b = static_cast<std::size_t>(y / band_rows);
    if (!owned_[b]) {
        bands_[b] = std::make_shared<band>(*bands_[b]);
        owned_[b] = true;
    }
    return *bands_[b];
}

std::size_t clearance_layer::own_bands() const noexcept {
    std::size_t n = 0;
    for (const bool own : owned_) n += own ? 1 : 0;
    return n;
}

void clearance_layer::compute_row(const grid::grid_map& map, std::int32_t y, std::int32_t x_first,
                                  std::int32_t x_last) {
    band& values = writable_band(y);
    for (std::int32_t x = x_last; x >= x_first; --x) {
        std::int32_t v = 0;
        if (map.passable({x, y}, mask_)) {
            const std::int32_t below = at({x, y + 1});
            const std::int32_t right = at({x + 1, y});
            const std::int32_t diagonal = at({x + 1, y + 1});
            v = std::min(clearance_cap, 1 + std::min({below, right, diagonal}));
        }
        values[offset({x, y})] = static_cast<std::uint8_t>(v);
    }
    recomputed_ += x_last - x_first + 1;
}

clearance_layer clearance_layer::build(const grid::grid_map& map, grid::obstacle_mask mask) {
    clearance_layer layer(map.width(), map.height(), mask);
    for (std::int32_t y = map.height() - 1; y >= 0; --y) {
        layer.compute_row(map, y, 0, map.width() - 1);
    }
    return layer;
}

clearance_layer clearance_layer::repaired(const clearance_layer& old, const grid::grid_map& map,
                                          std::span<const grid::cell_edit> edits) {
    if (old.width_ != map.width() || old.height_ != map.height()) return build(map, old.mask_);
    clearance_layer layer = old; // shares every band; compute_row copies the ones it writes
    layer.owned_.assign(layer.bands_.size(), false);
    layer.recomputed_ = 0;
    // Each edit dirties the cap x cap box above and to the left of it; cells outside every box
    // keep their clearance. Rows are recomputed from the bottom up and, within a row, the
    // merged spans of the boxes from the right, so every cell reads finished neighbours.
    struct box {
        std::int32_t x0, x1, y0, y1;
    };
    std::vector<box> boxes;
    for (const grid::cell_edit& e : edits) {
        if (!e.changes_walkability() || !map.in_bounds(e.at)) continue;
        boxes.push_back({std::max(0, e.at.x - clearance_cap + 1), e.at.x,
                         std::max(0, e.at.y - clearance_cap + 1), e.at.y});
    }
    if (boxes.empty()) return layer;
    std::int32_t top = map.height(), bottom = -1;
    for (const box& b : boxes) {
        top = std::min(top, b.y0);
        bottom = std::max(bottom, b.y1);
    }
    std::vector<std::pair<std::int32_t, std::int32_t>> spans; // (x0, x1), rightmost first
    for (std::int32_t y = bottom; y >= top; --y) {
        spans.clear();
        for (const box& b : boxes) {
            if (b.y0 <= y && y <= b.y1) spans.emplace_back(b.x0, b.x1);
        }
        std::sort(spans.begin(), spans.end(),
                  [](const auto& a, const auto& b) { return a.second > b.second; });
        // Merge overlapping spans while walking right to left.
        std::size_t i = 0;
        while (i < spans.size()) {
            std::int32_t x0 = spans[i].first;
            const std::int32_t x1 = spans[i].second;
            std::size_t j = i + 1;
            while (j < spans.size() && spans[j].second >= x0 - 1) {
                x0 = std::min(x0, spans[j].first);
                ++j;
            }
            layer.compute_row(map, y, x0, x1);
            i = j;
        }
    }
    return layer;
}

std::shared_ptr<const clearance_layer> clearance_layer::of(const grid::grid_map& map,
                                                           grid::obstacle_mask mask) {
    // Keyed apart from the other derived values of this type by nothing else: the mask.
    return map.derived().get_or_build<clearance_layer>(
        static_cast<std::uint64_t>(mask), [&] { return build(map, mask); },
        [&](const clearance_layer& old, std::span<const grid::cell_edit> edits) {
            return repaired(old, map, edits);
        });
}

result<grid::grid_map> sized_map(const grid::grid_map& map, const clearance_layer& clearance,
                                 std::int32_t size) {
    if (size < 1 || size > clearance_cap) {
        return error{"unit size " + std::to_string(size) + " is outside 1.." +
                     std::to_string(clearance_cap)};
    }
    if (clearance.width() != map.width() || clearance.height() != map.height()) {
        return error{"the clearance layer was built for another map size"};
    }
    const std::int32_t w = map.width(), h = map.height();
    auto created = grid::grid_map::create(w, h);
    if (!created) return created.err();
    grid::grid_map out = std::move(created).value();
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            if (!clearance.fits({x, y}, size)) out.set_high_obstacle({x, y}, true);
        }
    }
    if (!map.has_terrain_costs()) return out;
    // The largest cost under each footprint, separably: along rows, then down columns.
    const auto stride = static_cast<std::size_t>(w);
    std::vector<float> row_max(stride * static_cast<std::size_t>(h), 1.0f);
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x + size <= w; ++x) {
            float m = 1.0f;
            for (std::int32_t dx = 0; dx < size; ++dx) {
                m = std::max(m, map.terrain_cost({x + dx, y}));
            }
            row_max[static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(x)] = m;
        }
    }
    for (std::int32_t y = 0; y + size <= h; ++y) {
        for (std::int32_t x = 0; x + size <= w; ++x) {
            if (!clearance.fits({x, y}, size)) continue;
            float m = 1.0f;
            for (std::int32_t dy = 0; dy < size; ++dy) {
                m = std::max(m, row_max[static_cast<std::size_t>(y + dy) * stride +
                                        static_cast<std::size_t>(x)]);
            }
            if (m > 1.0f) out.set_terrain_cost({x, y}, m);
        }
    }
    return out;
}

} // namespace xunlu::overlays
