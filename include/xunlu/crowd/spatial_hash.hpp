// The broad phase of moving bodies: a uniform grid of square buckets hashed into a table of
// about twice as many slots as bodies, rebuilt every tick by a counting sort (O(N)). Queries
// visit bodies bucket by bucket, each in the order it was given to build(): deterministic.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "xunlu/crowd/shapes.hpp"

namespace xunlu::crowd {

class spatial_hash {
  public:
    /// Files `ids[i]` at `points[i]` in buckets of side `bucket` (metres, > 0).
    void build(std::span<const vec2> points, std::span<const std::uint32_t> ids, double bucket);

    /// Calls f(id, point) for every body whose point lies in the buckets the box touches (a
    /// superset of the box; the caller tests the exact shape). Boxes wider than the table
    /// visit every body once.
    template <class F> void for_each_in_box(vec2 min, vec2 max, F&& f) const {
        if (items_.empty()) return;
        const std::int64_t x0 = coord(min.x), x1 = coord(max.x);
        const std::int64_t y0 = coord(min.y), y1 = coord(max.y);
        // In doubles: a huge box must not overflow the bucket count.
        if ((static_cast<double>(x1) - static_cast<double>(x0) + 1) *
                (static_cast<double>(y1) - static_cast<double>(y0) + 1) >
            static_cast<double>(mask_ + 1)) {
            for (const item& it : items_) f(it.id, it.p);
            return;
        }
        for (std::int64_t y = y0; y <= y1; ++y) {
            for (std::int64_t x = x0; x <= x1; ++x) {
                const std::size_t s = slot(x, y);
                for (std::uint32_t i = start_[s]; i < start_[s + 1]; ++i) {
                    const item& it = items_[i];
                    if (it.bx == x && it.by == y) f(it.id, it.p);
                }
            }
        }
    }
    [[nodiscard]] std::size_t size() const noexcept { return items_.size(); }

  private:
    struct item {
        vec2 p;
        std::int64_t bx;
        std::int64_t by;
        std::uint32_t id;
    };
    [[nodiscard]] std::int64_t coord(double v) const noexcept {
        const double f = std::floor(v * inverse_);
        return static_cast<std::int64_t>(std::fmax(-1e15, std::fmin(1e15, f)));
    }
    [[nodiscard]] std::size_t slot(std::int64_t x, std::int64_t y) const noexcept {
        const auto h = static_cast<std::uint64_t>(x) * 0x9E3779B97F4A7C15ULL ^
                       static_cast<std::uint64_t>(y) * 0xC2B2AE3D27D4EB4FULL;
        return static_cast<std::size_t>((h ^ (h >> 29)) & mask_);
    }

    double inverse_ = 1;
    std::size_t mask_ = 0;
    std::vector<std::uint32_t> start_;
    std::vector<item> items_;
    std::vector<std::uint32_t> slot_of_; ///< scratch of build()
};

} // namespace xunlu::crowd
