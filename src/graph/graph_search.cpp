// Graph search on the best-first core: the single-pair A*/Dijkstra with the component check,
// and the multi-entry, multi-exit route with a virtual source and sink.
#include "xunlu/graph/graph_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace xunlu::graph {

namespace {

constexpr std::uint32_t no_parent = std::numeric_limits<std::uint32_t>::max();

/// Successors of a node: its out-edges. Position = the node index.
struct edge_expander {
    using position = std::uint32_t;
    const spatial_graph* graph;

    [[nodiscard]] position position_of(std::uint32_t id) const noexcept { return id; }

    template <class Emit>
    void expand(std::uint32_t id, position, std::uint32_t, Emit&& emit) const {
        const auto nbrs = graph->neighbours(id);
        const auto costs = graph->costs(id);
        for (std::size_t k = 0; k < nbrs.size(); ++k) {
            emit(nbrs[k], costs[k], id, [n = nbrs[k]] { return n; });
        }
    }
};

/// Straight distance to `goal` times the graph's scale (consistent: scale <= every edge's
/// cost / length).
struct scaled_distance {
    const node* nodes;
    point goal;
    double scale;
    [[nodiscard]] double operator()(std::uint32_t id) const noexcept {
        return scale * distance(nodes[id].at, goal);
    }
};

struct zero_estimate {
    [[nodiscard]] double operator()(std::uint32_t) const noexcept { return 0.0; }
};

struct reach_node {
    std::uint32_t target;
    [[nodiscard]] bool operator()(std::uint32_t id, std::uint32_t) const noexcept {
        return id == target;
    }
};

/// Successors of a node plus the two virtual nodes: `source` (id n) leads to every entry at
/// its cost, and each exit leads to `sink` (id n + 1) at its cost.
struct endpoint_expander {
    using position = std::uint32_t;
    const spatial_graph* graph;
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

/// Scaled straight distance to the goal; 0 at the virtual nodes and without a goal.
struct endpoint_heuristic {
    const spatial_graph* graph;
    std::optional<point> goal;
    double scale;
    std::uint32_t real_nodes;
    [[nodiscard]] double operator()(std::uint32_t id) const noexcept {
        if (!goal || id >= real_nodes) return 0.0;
        return scale * distance(graph->at(id).at, *goal);
    }
};

} // namespace

std::string_view heuristic_name(heuristic_kind k) noexcept {
    switch (k) {
    case heuristic_kind::euclidean:
        return "euclidean";
    case heuristic_kind::scaled_euclidean:
        return "scaled_euclidean";
    case heuristic_kind::none:
        return "none";
    }
    return "none";
}

heuristic_kind heuristic_for(const spatial_graph& g) noexcept {
    const double s = g.heuristic_scale();
    if (s >= 1.0) return heuristic_kind::euclidean;
    return s > 0 ? heuristic_kind::scaled_euclidean : heuristic_kind::none;
}

path_result graph_search::find_path(const spatial_graph& g, const path_request& request) {
    path_result out;
    out.heuristic = request.dijkstra ? heuristic_kind::none : heuristic_for(g);
    out.heuristic_scale = out.heuristic == heuristic_kind::none ? 0.0 : g.heuristic_scale();
    const std::size_t n = g.size();
    if (request.from >= n || request.to >= n) {
        out.reason = "node index " + std::to_string(std::max(request.from, request.to)) +
                     " is outside the graph of " + std::to_string(n) + " nodes";
        return out;
    }
    if (request.use_components && g.provably_unreachable(request.from, request.to)) {
        out.status = search::search_status::no_path;
        out.by_components = true;
        out.reason = g.component(request.from) != g.component(request.to)
                         ? "the nodes are in different components (answered without "
                           "searching)"
                         : "no edge leads back from the strong component of 'to' to "
                           "that of 'from' (answered without searching)";
        return out;
    }
    search::search_limits limits;
    limits.max_expansions = request.max_expansions;
    limits.max_memory_bytes = request.max_memory_bytes;
    search::null_observer observer;
    const edge_expander expander{&g};
    const reach_node goal{request.to};
    const scaled_distance h{g.nodes().data(), g.at(request.to).at, g.heuristic_scale()};
    const bool dijkstra = out.heuristic == heuristic_kind::none;
    if (!core_.start(n, request.from, no_parent, dijkstra ? 0.0 : h(request.from), limits)) {
        out.status = search::search_status::resource_exhausted;
        out.reason = core_.failure();
        return out;
    }
    // The scaled straight distance is consistent, so the fast stack is valid.
    if (dijkstra) {
        core_.step<true>(expander, zero_estimate{}, goal, observer, 0);
    } else {
        core_.step<true>(expander, h, goal, observer, 0);
    }
    out.expanded = core_.stats().expanded;
    out.generated = core_.stats().generated;
    switch (core_.phase()) {
    case search::search_phase::found:
        break;
    case search::search_phase::exhausted_open:
        out.status = search::search_status::no_path;
        out.reason = "every node reachable from 'from' was searched";
        return out;
    case search::search_phase::out_of_budget:
        out.status = search::search_status::budget_exhausted;
        out.reason = "stopped after " + std::to_string(out.expanded) + " expansions (budget)";
        return out;
    case search::search_phase::out_of_memory:
        out.status = search::search_status::resource_exhausted;
        out.reason = core_.failure();
        return out;
    default:
        out.reason = "search did not finish";
        return out;
    }
    out.cost = core_.node(request.to)->g;
    if (!std::isfinite(out.cost)) {
        // Finite edge costs whose sum overflows a double: no cost to report, so no path.
        out.status = search::search_status::invalid_input;
        out.reason = "the path's cost overflows: the sum of its edge costs is above the largest "
                     "number (about 1.8e308); scale the edge costs down";
        out.cost = 0;
        return out;
    }
    out.status = search::search_status::found;
    try {
        for (std::uint32_t i = request.to; i != no_parent; i = core_.parent(i)) {
            out.nodes.push_back(i);
        }
    } catch (const std::bad_alloc&) {
        out.nodes.clear();
        out.status = search::search_status::resource_exhausted;
        out.reason = "out of memory while copying the path";
        return out;
    }
    std::reverse(out.nodes.begin(), out.nodes.end());
    return out;
}

graph_route graph_search::find(const spatial_graph& g, std::span<const graph_endpoint> entries,
                               std::span<const graph_endpoint> exits, std::optional<point> goal) {
    graph_route out;
    const std::size_t n = g.size();
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

    const endpoint_expander expander{
        &g, entries_, exit_cost_.data(), exit_stamp_.data(), generation_, source, sink};
    const endpoint_heuristic h{&g, goal, g.heuristic_scale(), source};
    search::null_observer observer;
    if (!core_.start(n + 2, source, source, 0.0, search::search_limits{})) return out;
    // No fast stack: joining costs need not keep the heuristic consistent at the sink.
    core_.step<false>(expander, h, reach_node{sink}, observer, 0);
    const std::uint64_t expanded = core_.stats().expanded;
    if (core_.phase() != search::search_phase::found) {
        out.settled = expanded > 0 ? expanded - 1 : 0; // minus the source
        return out;
    }
    out.settled = expanded - 2; // minus the source and the sink
    out.found = true;
    out.cost = core_.node(sink)->g;
    try {
        for (std::uint32_t i = core_.parent(sink); i != source; i = core_.parent(i)) {
            out.nodes.push_back(i);
        }
    } catch (const std::bad_alloc&) {
        return graph_route{};
    }
    std::reverse(out.nodes.begin(), out.nodes.end());
    return out;
}

} // namespace xunlu::graph
