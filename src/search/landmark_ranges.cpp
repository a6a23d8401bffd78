// Landmark distance ranges per block of cells, and the heuristic over them.
#include "xunlu/search/landmark_ranges.hpp"

#include <algorithm>

namespace xunlu::search {

landmark_ranges::landmark_ranges(std::int32_t width, std::int32_t height, std::int32_t block,
                                 std::size_t count)
    : width_(std::max(width, 0)), height_(std::max(height, 0)), block_(std::max(block, 1)),
      blocks_x_((width_ + block_ - 1) / block_),
      count_(std::clamp<std::size_t>(count, 1, max_count)) {
    const std::size_t blocks = static_cast<std::size_t>(blocks_x_) *
                               static_cast<std::size_t>((height_ + block_ - 1) / block_);
    ranges_.resize(blocks * count_ * 2);
    for (std::size_t i = 0; i < ranges_.size(); i += 2) {
        ranges_[i] = unreachable;
        ranges_[i + 1] = -unreachable;
    }
}

landmark_range_heuristic make_landmark_range_heuristic(const landmark_ranges_goal& query, cell goal,
                                                       double a, double b) {
    landmark_range_heuristic h;
    h.ranges = query.ranges;
    h.gx = goal.x;
    h.gy = goal.y;
    h.a = a;
    h.b = b;
    if (query.ranges == nullptr) return h;
    for (std::size_t k = 0; k < query.ranges->count(); ++k) {
        if (!std::isfinite(query.goal[k])) continue; // this landmark does not reach the goal
        h.which[h.active] = static_cast<std::uint8_t>(k);
        h.goal[h.active] = query.goal[k];
        ++h.active;
    }
    return h;
}

} // namespace xunlu::search
