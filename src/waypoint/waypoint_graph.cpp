// Waypoint graph construction (compressed adjacency) and nearest-waypoint lookup.
#include "xunlu/waypoint/waypoint_graph.hpp"

#include <algorithm>
#include <cmath>

namespace xunlu::waypoint {

namespace {

double distance(point a, point b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

} // namespace

waypoint_graph::waypoint_graph(std::vector<waypoint> waypoints, std::span<const link> links)
    : waypoints_(std::move(waypoints)), link_count_(links.size()) {
    const std::size_t n = waypoints_.size();
    index_.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) index_.emplace(waypoints_[i].id, i);
    std::vector<std::uint32_t> degree(n + 1, 0);
    for (const link& l : links) {
        ++degree[l.a];
        ++degree[l.b];
    }
    offsets_.assign(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) offsets_[i + 1] = offsets_[i] + degree[i];
    targets_.resize(offsets_[n]);
    costs_.resize(offsets_[n]);
    std::vector<std::uint32_t> fill(offsets_.begin(), offsets_.end() - 1);
    for (const link& l : links) {
        targets_[fill[l.a]] = l.b;
        costs_[fill[l.a]++] = l.cost;
        targets_[fill[l.b]] = l.a;
        costs_[fill[l.b]++] = l.cost;
        const double d = distance(waypoints_[l.a].centre(), waypoints_[l.b].centre());
        if (d > 0) heuristic_scale_ = std::min(heuristic_scale_, l.cost / d);
    }
}

std::int64_t waypoint_graph::index_of(std::int64_t id) const noexcept {
    const auto it = index_.find(id);
    return it == index_.end() ? -1 : static_cast<std::int64_t>(it->second);
}

std::vector<std::uint32_t> waypoint_graph::nearest(point p, std::size_t k) const {
    std::vector<std::pair<double, std::uint32_t>> all;
    all.reserve(waypoints_.size());
    for (std::uint32_t i = 0; i < waypoints_.size(); ++i) {
        all.emplace_back(distance(p, waypoints_[i].centre()), i);
    }
    k = std::min(k, all.size());
    std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k), all.end());
    std::vector<std::uint32_t> out;
    out.reserve(k);
    for (std::size_t i = 0; i < k; ++i) out.push_back(all[i].second);
    return out;
}

} // namespace xunlu::waypoint
