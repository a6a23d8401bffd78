// Multi-entry, multi-exit A*/Dijkstra over the waypoint graph: an expander of the search core
// with a virtual source (the entries) and a virtual sink (the exits).
#include "xunlu/waypoint/graph_search.hpp"

#include <algorithm>
#include <cmath>

namespace xunlu::waypoint {

namespace {

/// Successors of a waypoint in the graph, plus the two virtual nodes: `source` (id n) leads to
/// every entry at its cost, and each exit leads to `sink` (id n + 1) at its cost.
struct graph_expander {
    using position = std::uint32_t;
    const waypoint_graph* graph;
    std::span<const graph_endpoint> entries;
    const double* exit_cost;
    const std::uint32_t* exit_stamp;
    std::uint32_t generation;
    std::uint32_t source;
    std::uint32_t sink;

    [[nodiscard]] position position_of(std::uint32_t id) const noexcept { return id; }

    template <class Emit>
    void expand(std::uint32_t id, position, std::uint32_t, Emit&& emit) const {
        if (id == source) {
            for (const graph_endpoint& e : entries) {
                emit(e.node, e.cost, source, [n = e.node] { return n; });
            }
            return;
        }
        const auto nbrs = graph->neighbours(id);
        const auto costs = graph->costs(id);
        for (std::size_t k = 0; k < nbrs.size(); ++k) {
            emit(nbrs[k], costs[k], id, [n = nbrs[k]] { return n; });
        }
        if (exit_stamp[id] == generation) emit(sink, exit_cost[id], id, [s = sink] { return s; });
    }
};

/// Straight distance to the goal scaled to stay admissible; 0 at the virtual nodes and
/// without a goal (Dijkstra).
struct graph_heuristic {
    const waypoint_graph* graph;
    std::optional<point> goal;
    double scale;
    std::uint32_t real_nodes;
    [[nodiscard]] double operator()(std::uint32_t id) const noexcept {
        if (!goal || id >= real_nodes) return 0.0;
        const point c = graph->at(id).centre();
        return scale * std::hypot(c.x - goal->x, c.y - goal->y);
    }
};

struct reach_sink {
    std::uint32_t sink;
    [[nodiscard]] bool operator()(std::uint32_t id, std::uint32_t) const noexcept {
        return id == sink;
    }
};

} // namespace

graph_route graph_search::find(const waypoint_graph& graph, std::span<const graph_endpoint> entries,
                               std::span<const graph_endpoint> exits, std::optional<point> goal) {
    graph_route out;
    const std::size_t n = graph.size();
    if (n == 0 || entries.empty() || exits.empty()) return out;
    const auto source = static_cast<std::uint32_t>(n);
    const auto sink = source + 1;
    try {
        if (exit_stamp_.size() < n) {
            exit_cost_.assign(n, 0);
            exit_stamp_.assign(n, 0);
            generation_ = 0;
        }
        if (++generation_ == 0) {
            std::fill(exit_stamp_.begin(), exit_stamp_.end(), 0u);
            generation_ = 1;
        }
        entries_.clear();
        for (const graph_endpoint& e : entries) {
            if (e.node < n) entries_.push_back(e);
        }
    } catch (const std::bad_alloc&) {
        return out;
    }
    bool any_exit = false;
    for (const graph_endpoint& e : exits) {
        if (e.node >= n) continue;
        any_exit = true;
        if (exit_stamp_[e.node] != generation_ || e.cost < exit_cost_[e.node]) {
            exit_stamp_[e.node] = generation_;
            exit_cost_[e.node] = e.cost;
        }
    }
    if (entries_.empty() || !any_exit) return out;

    const graph_expander expander{
        &graph, entries_, exit_cost_.data(), exit_stamp_.data(), generation_, source, sink};
    const graph_heuristic h{&graph, goal, graph.heuristic_scale(), source};
    search::null_observer observer;
    if (!core_.start(n + 2, source, source, 0.0, search::search_limits{})) return out;
    // No fast stack: joining costs need not keep the heuristic consistent at the sink.
    core_.step<false>(expander, h, reach_sink{sink}, observer, 0);
    const std::uint64_t expanded = core_.stats().expanded;
    if (core_.phase() != search::search_phase::found) {
        out.settled = expanded > 0 ? expanded - 1 : 0; // minus the source
        return out;
    }
    out.settled = expanded - 2; // minus the source and the sink
    out.found = true;
    out.cost = core_.node(sink)->g;
    for (std::uint32_t i = core_.parent(sink); i != source; i = core_.parent(i)) {
        out.nodes.push_back(i);
    }
    std::reverse(out.nodes.begin(), out.nodes.end());
    return out;
}

} // namespace xunlu::waypoint
