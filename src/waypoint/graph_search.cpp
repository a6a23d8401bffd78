// Multi-entry, multi-exit A*/Dijkstra over the waypoint graph with a binary heap (lazy deletion).
#include "xunlu/waypoint/graph_search.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>

namespace xunlu::waypoint {

graph_route graph_search::find(const waypoint_graph& graph, std::span<const graph_endpoint> entries,
                               std::span<const graph_endpoint> exits, std::optional<point> goal) {
    graph_route out;
    const std::size_t n = graph.size();
    if (n == 0 || entries.empty() || exits.empty()) return out;
    if (nodes_.size() < n) {
        nodes_.assign(n, {0, 0, 0, false});
        exit_cost_.assign(n, 0);
        exit_stamp_.assign(n, 0);
        generation_ = 0;
    }
    if (++generation_ == 0) {
        std::fill(nodes_.begin(), nodes_.end(), node_state{0, 0, 0, false});
        std::fill(exit_stamp_.begin(), exit_stamp_.end(), 0u);
        generation_ = 1;
    }
    const std::uint32_t gen = generation_;
    constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();
    const double scale = graph.heuristic_scale();
    auto h = [&](std::uint32_t i) {
        if (!goal) return 0.0;
        const point c = graph.at(i).centre();
        return scale * std::hypot(c.x - goal->x, c.y - goal->y);
    };
    for (const graph_endpoint& e : exits) {
        if (e.node >= n) continue;
        if (exit_stamp_[e.node] != gen || e.cost < exit_cost_[e.node]) {
            exit_stamp_[e.node] = gen;
            exit_cost_[e.node] = e.cost;
        }
    }
    using item = std::pair<double, std::uint32_t>; // (f, node)
    std::priority_queue<item, std::vector<item>, std::greater<>> open;
    for (const graph_endpoint& e : entries) {
        if (e.node >= n) continue;
        node_state& s = nodes_[e.node];
        if (s.stamp != gen || e.cost < s.g) {
            s = {e.cost, none, gen, false};
            open.emplace(e.cost + h(e.node), e.node);
        }
    }
    double best = std::numeric_limits<double>::infinity();
    std::uint32_t best_exit = none;
    while (!open.empty()) {
        const auto [f, cur] = open.top();
        open.pop();
        if (f >= best) break; // nothing left can beat the best complete route
        node_state& cs = nodes_[cur];
        if (cs.closed) continue;
        cs.closed = true;
        ++out.settled;
        if (exit_stamp_[cur] == gen && cs.g + exit_cost_[cur] < best) {
            best = cs.g + exit_cost_[cur];
            best_exit = cur;
        }
        const auto nbrs = graph.neighbours(cur);
        const auto costs = graph.costs(cur);
        for (std::size_t k = 0; k < nbrs.size(); ++k) {
            const std::uint32_t nb = nbrs[k];
            const double g = cs.g + costs[k];
            node_state& ns = nodes_[nb];
            if (ns.stamp != gen) {
                ns = {g, cur, gen, false};
                open.emplace(g + h(nb), nb);
            } else if (!ns.closed && g < ns.g) {
                ns.g = g;
                ns.parent = cur;
                open.emplace(g + h(nb), nb);
            }
        }
    }
    if (best_exit == none) return out;
    out.found = true;
    out.cost = best;
    for (std::uint32_t i = best_exit; i != none; i = nodes_[i].parent) out.nodes.push_back(i);
    std::reverse(out.nodes.begin(), out.nodes.end());
    return out;
}

} // namespace xunlu::waypoint
