// Landmark distance ranges per cluster, from the abstract landmarks and one in-cluster
// Dijkstra per landmark.
#include "cluster_ranges.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <queue>
#include <vector>

#include "box_search.hpp"

namespace xunlu::hierarchy::detail {

search::landmark_ranges cluster_ranges(const grid::grid_map& map, const cluster_graph& g,
                                       const abstract_landmarks& landmarks) {
    const std::size_t count = std::min(landmarks.count(), search::landmark_ranges::max_count);
    search::landmark_ranges out(map.width(), map.height(), g.options().cluster_size,
                                std::max<std::size_t>(count, 1));
    const auto& rules = g.options().rules;
    const auto mask = static_cast<std::uint8_t>(g.options().mask);
    constexpr double unreachable = abstract_landmarks::unreachable;
    std::vector<double> dist;
    using item = std::pair<double, std::uint32_t>; // distance, local cell index
    std::priority_queue<item, std::vector<item>, std::greater<>> open;
    for (std::size_t k = 0; k < g.cluster_count(); ++k) {
        const cluster& c = g.at(k);
        const cell_box box{c.origin, c.width, c.height};
        for (std::size_t l = 0; l < count; ++l) {
            dist.assign(box.area(), unreachable);
            for (std::size_t i = 0; i < c.transitions.size(); ++i) {
                const double d = landmarks.row(k, g.node_id(k, i))[l];
                if (!(d < unreachable)) continue; // not reached (or unknown: not fresh)
                const auto at = static_cast<std::uint32_t>(box.local(c.transitions[i]));
                if (d < dist[at]) {
                    dist[at] = d;
                    open.emplace(d, at);
                }
            }
            while (!open.empty()) {
                const auto [d, at] = open.top();
                open.pop();
                if (d > dist[at]) continue;
                const cell p{box.origin.x + static_cast<std::int32_t>(at % box.width),
                             box.origin.y + static_cast<std::int32_t>(at / box.width)};
                out.widen(k, l, d);
                for (std::int32_t dy = -1; dy <= 1; ++dy) {
                    for (std::int32_t dx = -1; dx <= 1; ++dx) {
                        const cell q{p.x + dx, p.y + dy};
                        if ((dx == 0 && dy == 0) || !box.contains(q) ||
                            !legal_step(map, p, q, mask)) {
                            continue;
                        }
                        const double nd = d + (dx != 0 && dy != 0 ? rules.diagonal_cost()
                                                                  : rules.straight_cost());
                        const auto qi = static_cast<std::uint32_t>(box.local(q));
                        if (nd < dist[qi]) {
                            dist[qi] = nd;
                            open.emplace(nd, qi);
                        }
                    }
                }
            }
        }
    }
    return out;
}

} // namespace xunlu::hierarchy::detail
