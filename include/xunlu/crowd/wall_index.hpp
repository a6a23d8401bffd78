// The static broad phase of the walls: each wall cut into pieces of at most half a bucket,
// each piece filed in the bucket of its midpoint, so a query near a point reads a few buckets
// and meets each piece once.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "xunlu/crowd/walkable_surface.hpp"

namespace xunlu::crowd {

class wall_index {
  public:
    /// `bucket` (metres, > 0): the bucket side; queries reach at most `bucket / 2` beyond a
    /// point or line without reading more than 3 x 3 buckets.
    wall_index(std::span<const wall> walls, aabb bounds, double bucket);

    /// Calls f(const wall&) for every piece within `reach` of `p` (maybe a few more).
    template <class F> void for_each_near(vec2 p, double reach, F&& f) const {
        const double r = reach + quarter_;
        const std::int64_t x0 = bx(p.x - r), x1 = bx(p.x + r);
        const std::int64_t y0 = by(p.y - r), y1 = by(p.y + r);
        for (std::int64_t y = y0; y <= y1; ++y) {
            for (std::int64_t x = x0; x <= x1; ++x) {
                const auto b = static_cast<std::size_t>(y * nx_ + x);
                for (std::uint32_t i = start_[b]; i < start_[b + 1]; ++i) f(pieces_[i]);
            }
        }
    }
    /// Whether a body of radius `radius` moving straight from `a` to `b` stays at least
    /// `radius` from every wall piece. O(|a - b| / bucket) bucket reads.
    [[nodiscard]] bool clear_line(vec2 a, vec2 b, double radius) const;
    [[nodiscard]] std::size_t pieces() const noexcept { return pieces_.size(); }
    [[nodiscard]] double bucket() const noexcept { return bucket_; }

  private:
    [[nodiscard]] std::int64_t bx(double x) const noexcept;
    [[nodiscard]] std::int64_t by(double y) const noexcept;

    aabb bounds_;
    double bucket_;
    double quarter_;
    std::int64_t nx_ = 1;
    std::int64_t ny_ = 1;
    std::vector<std::uint32_t> start_; ///< bucket b holds pieces_[start_[b], start_[b+1])
    std::vector<wall> pieces_;
};

} // namespace xunlu::crowd
