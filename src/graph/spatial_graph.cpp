// Spatial graph construction: compressed adjacency, the sorted id index, the heuristic scale,
// and component labels (union-find for connected/weak components, Tarjan for strong ones).
#include "xunlu/graph/spatial_graph.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace xunlu::graph {

namespace {

constexpr std::uint32_t unset = std::numeric_limits<std::uint32_t>::max();

std::string node_name(std::size_t index, std::int64_t id) {
    return "node " + std::to_string(index) + " (id " + std::to_string(id) + ")";
}

/// Union-find with path halving and union by size.
class disjoint_sets {
  public:
    explicit disjoint_sets(std::size_t n) : parent_(n), size_(n, 1) {
        for (std::uint32_t i = 0; i < n; ++i) parent_[i] = i;
    }
    std::uint32_t find(std::uint32_t x) noexcept {
        while (parent_[x] != x) {
            parent_[x] = parent_[parent_[x]];
            x = parent_[x];
        }
        return x;
    }
    void unite(std::uint32_t a, std::uint32_t b) noexcept {
        a = find(a);
        b = find(b);
        if (a == b) return;
        if (size_[a] < size_[b]) std::swap(a, b);
        parent_[b] = a;
        size_[a] += size_[b];
    }

  private:
    std::vector<std::uint32_t> parent_;
    std::vector<std::uint32_t> size_;
};

} // namespace

spatial_graph::spatial_graph(std::vector<node> nodes, std::span<const edge> edges, edge_kind kind)
    : nodes_(std::move(nodes)), edge_count_(edges.size()), kind_(kind) {
    const std::size_t n = nodes_.size();
    index_.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) index_.emplace_back(nodes_[i].id, i);
    std::sort(index_.begin(), index_.end());

    std::vector<std::uint32_t> degree(n, 0);
    for (const edge& e : edges) {
        ++degree[e.from];
        if (kind_ == edge_kind::undirected) ++degree[e.to];
    }
    offsets_.assign(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) offsets_[i + 1] = offsets_[i] + degree[i];
    targets_.resize(offsets_[n]);
    costs_.resize(offsets_[n]);
    std::vector<std::uint32_t>& fill = degree; // reused: next free slot per node
    std::copy(offsets_.begin(), offsets_.end() - 1, fill.begin());
    for (const edge& e : edges) {
        targets_[fill[e.from]] = e.to;
        costs_[fill[e.from]++] = e.cost;
        if (kind_ == edge_kind::undirected) {
            targets_[fill[e.to]] = e.from;
            costs_[fill[e.to]++] = e.cost;
        }
        const double d = distance(nodes_[e.from].at, nodes_[e.to].at);
        if (d > 0) heuristic_scale_ = std::min(heuristic_scale_, e.cost / d);
    }
    label_components();
}

result<spatial_graph> spatial_graph::make(std::vector<node> nodes, std::span<const edge> edges,
                                          edge_kind kind) {
    if (nodes.size() > max_nodes) {
        return error{"graph: " + std::to_string(nodes.size()) + " nodes, more than the " +
                     std::to_string(max_nodes) + " allowed"};
    }
    if (edges.size() > max_edges) {
        return error{"graph: " + std::to_string(edges.size()) + " edges, more than the " +
                     std::to_string(max_edges) + " allowed"};
    }
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (!(std::abs(nodes[i].at.x) <= max_coordinate) ||
            !(std::abs(nodes[i].at.y) <= max_coordinate)) {
            return error{"graph: " + node_name(i, nodes[i].id) +
                         " has a position that is not finite or beyond +-1e150"};
        }
    }
    for (std::size_t k = 0; k < edges.size(); ++k) {
        const edge& e = edges[k];
        const std::string name = "graph: edge " + std::to_string(k) + " (" +
                                 std::to_string(e.from) + " -> " + std::to_string(e.to) + ")";
        if (e.from >= nodes.size() || e.to >= nodes.size()) {
            return error{name + " names a node index outside 0.." + std::to_string(nodes.size()) +
                         "-1"};
        }
        if (!std::isfinite(e.cost) || e.cost < 0) {
            return error{name + " has cost " + std::to_string(e.cost) +
                         "; costs must be finite and >= 0"};
        }
    }
    spatial_graph g(std::move(nodes), edges, kind);
    for (std::size_t k = 1; k < g.index_.size(); ++k) {
        if (g.index_[k].first == g.index_[k - 1].first) {
            const std::uint32_t a = std::min(g.index_[k - 1].second, g.index_[k].second);
            const std::uint32_t b = std::max(g.index_[k - 1].second, g.index_[k].second);
            return error{"graph: " + node_name(b, g.index_[k].first) + " repeats the id of node " +
                         std::to_string(a)};
        }
    }
    return g;
}

std::int64_t spatial_graph::index_of(std::int64_t id) const noexcept {
    const auto it = std::lower_bound(index_.begin(), index_.end(), id,
                                     [](const std::pair<std::int64_t, std::uint32_t>& e,
                                        std::int64_t v) { return e.first < v; });
    if (it == index_.end() || it->first != id) return -1;
    return it->second;
}

void spatial_graph::label_components() {
    const std::size_t n = nodes_.size();
    // Connected (weak) components: union-find over the adjacency, numbered by first node.
    {
        disjoint_sets sets(n);
        for (std::uint32_t v = 0; v < n; ++v) {
            for (const std::uint32_t w : neighbours(v)) sets.unite(v, w);
        }
        std::vector<std::uint32_t> label_of_root(n, unset);
        component_.assign(n, 0);
        for (std::uint32_t v = 0; v < n; ++v) {
            std::uint32_t& label = label_of_root[sets.find(v)];
            if (label == unset) label = component_count_++;
            component_[v] = label;
        }
    }
    if (kind_ != edge_kind::directed) return;

    // Strongly connected components: Tarjan's algorithm with an explicit stack. A component
    // is numbered when it is complete, after every component it reaches: reverse topological.
    strong_.assign(n, unset);
    std::vector<std::uint32_t> order(n, unset); // discovery number
    std::vector<std::uint32_t> low(n, 0);
    std::vector<std::uint32_t> members; // Tarjan's stack
    struct frame {
        std::uint32_t v;
        std::uint32_t next; ///< next adjacency slot to look at
    };
    std::vector<frame> frames;
    std::uint32_t counter = 0;
    for (std::uint32_t s = 0; s < n; ++s) {
        if (order[s] != unset) continue;
        order[s] = low[s] = counter++;
        members.push_back(s);
        frames.push_back({s, offsets_[s]});
        while (!frames.empty()) {
            frame& f = frames.back();
            const std::uint32_t v = f.v;
            if (f.next < offsets_[v + 1]) {
                const std::uint32_t w = targets_[f.next++];
                if (order[w] == unset) {
                    order[w] = low[w] = counter++;
                    members.push_back(w);
                    frames.push_back({w, offsets_[w]});
                } else if (strong_[w] == unset) { // visited, not yet in a component: on stack
                    low[v] = std::min(low[v], order[w]);
                }
                continue;
            }
            if (low[v] == order[v]) {
                std::uint32_t w;
                do {
                    w = members.back();
                    members.pop_back();
                    strong_[w] = strong_count_;
                } while (w != v);
                ++strong_count_;
            }
            frames.pop_back();
            if (!frames.empty()) {
                const std::uint32_t u = frames.back().v;
                low[u] = std::min(low[u], low[v]);
            }
        }
    }
}

std::size_t spatial_graph::memory_bytes() const noexcept {
    return nodes_.capacity() * sizeof(node) + index_.capacity() * sizeof(index_[0]) +
           (offsets_.capacity() + targets_.capacity() + component_.capacity() +
            strong_.capacity()) *
               sizeof(std::uint32_t) +
           costs_.capacity() * sizeof(double);
}

} // namespace xunlu::graph
