// The static broad phase of the walls (wall_index.hpp).
#include "xunlu/crowd/wall_index.hpp"

#include <algorithm>
#include <cmath>

#include "xunlu/crowd/collision.hpp"

namespace xunlu::crowd {

wall_index::wall_index(std::span<const wall> walls, aabb bounds, double bucket)
    : bounds_(bounds), bucket_(bucket), quarter_(bucket / 4) {
    nx_ = std::max<std::int64_t>(
        1, static_cast<std::int64_t>(std::ceil((bounds.max.x - bounds.min.x) / bucket)));
    ny_ = std::max<std::int64_t>(
        1, static_cast<std::int64_t>(std::ceil((bounds.max.y - bounds.min.y) / bucket)));
    std::vector<wall> cut;
    std::vector<std::uint32_t> bucket_of;
    const double piece = bucket / 2;
    for (const wall& w : walls) {
        const double len = length(w.s.b - w.s.a);
        const auto n = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(len / piece)));
        for (std::int64_t i = 0; i < n; ++i) {
            const double t0 = static_cast<double>(i) / static_cast<double>(n);
            const double t1 = static_cast<double>(i + 1) / static_cast<double>(n);
            const vec2 a = w.s.a + (w.s.b - w.s.a) * t0;
            const vec2 b = i + 1 == n ? w.s.b : w.s.a + (w.s.b - w.s.a) * t1;
            cut.push_back(wall{segment{a, b}, w.normal});
            const vec2 mid = (a + b) * 0.5;
            bucket_of.push_back(static_cast<std::uint32_t>(by(mid.y) * nx_ + bx(mid.x)));
        }
    }
    start_.assign(static_cast<std::size_t>(nx_ * ny_) + 1, 0);
    for (const std::uint32_t b : bucket_of) ++start_[b + 1];
    for (std::size_t b = 1; b < start_.size(); ++b) start_[b] += start_[b - 1];
    pieces_.resize(cut.size());
    std::vector<std::uint32_t> fill(start_.begin(), start_.end() - 1);
    for (std::size_t i = 0; i < cut.size(); ++i) pieces_[fill[bucket_of[i]]++] = cut[i];
}

std::int64_t wall_index::bx(double x) const noexcept {
    const double f = std::floor((x - bounds_.min.x) / bucket_);
    if (!(f > 0)) return 0;
    return std::min<std::int64_t>(nx_ - 1, static_cast<std::int64_t>(std::min(f, 1e15)));
}

std::int64_t wall_index::by(double y) const noexcept {
    const double f = std::floor((y - bounds_.min.y) / bucket_);
    if (!(f > 0)) return 0;
    return std::min<std::int64_t>(ny_ - 1, static_cast<std::int64_t>(std::min(f, 1e15)));
}

bool wall_index::clear_line(vec2 a, vec2 b, double radius) const {
    const segment path{a, b};
    bool clear = true;
    auto look = [&](const wall& w) {
        if (clear && segment_distance(path, w.s) < radius) clear = false;
    };
    const double len = length(b - a);
    // Samples every half bucket: a piece within `radius` of the line lies within
    // radius + bucket / 2 of a sample.
    const double step = bucket_ / 2;
    const auto n = static_cast<std::int64_t>(std::ceil(len / step));
    for (std::int64_t i = 0; i <= n && clear; ++i) {
        const double t = n == 0 ? 0.0 : static_cast<double>(i) / static_cast<double>(n);
        for_each_near(a + (b - a) * t, radius + step / 2, look);
    }
    return clear;
}

} // namespace xunlu::crowd
