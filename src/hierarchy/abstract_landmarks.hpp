// Private: the abstract graph's neighbours (in-cluster edges and crossing steps), and landmark
// distances over that graph (ALT: Goldberg & Harrelson 2005) that bound the abstract search's
// remaining distance far better than the octile distance where rivers and walls force detours.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "box_search.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hierarchy/cluster_graph.hpp"

namespace xunlu::hierarchy::detail {

/// Calls emit(node id, cost, cluster index, cell) for every neighbour of transition `i` of
/// cluster `k`: the cluster's edges, then the legal steps into other clusters' transitions
/// (the cluster's `exits`; the map is not read).
template <class Emit>
void for_each_abstract_neighbour(const cluster_graph& g, std::size_t k, std::size_t i,
                                 Emit&& emit) {
    const cluster& c = g.at(k);
    const auto& rules = g.options().rules;
    const std::uint32_t base = g.node_id(k, 0);
    for (std::uint32_t e = c.first_edge[i]; e < c.first_edge[i + 1]; ++e) {
        const cluster_edge& edge = c.edges[e];
        emit(base + edge.to, steps_cost(edge.steps, rules), k, c.transitions[edge.to]);
    }
    const cell cu = c.transitions[i];
    for (std::uint32_t exits = c.exits[i]; exits != 0; exits &= exits - 1) {
        const cell step = cluster::exit_steps[static_cast<std::size_t>(std::countr_zero(exits))];
        const cell o{cu.x + step.x, cu.y + step.y};
        const std::size_t k2 = g.cluster_of(o);
        const std::uint16_t j = g.at(k2).transition_at(o);
        if (j == cluster::no_slot) continue;
        emit(g.node_id(k2, j),
             step.x != 0 && step.y != 0 ? rules.diagonal_cost() : rules.straight_cost(), k2, o);
    }
}

/// Shortest abstract distances from a few landmark transitions to every transition, for one
/// version of a cluster graph (a derived value of the map, built on first use).
class abstract_landmarks {
  public:
    static constexpr double unreachable = std::numeric_limits<double>::infinity();

    /// Landmarks by farthest-point selection (each the transition farthest from those chosen),
    /// 8 on maps up to 2^22 cells, 4 above; one Dijkstra over the abstract graph each.
    static abstract_landmarks build(std::shared_ptr<const cluster_graph> g,
                                    const grid::grid_map& map);
    /// The landmarks of `old`'s graph carried over to `g`, a repair of it: rows of clusters
    /// both graphs share are copied, rows of rebuilt clusters are unknown (NaN). Not fresh:
    /// after edits that open cells these bounds may overestimate, so only the fast mode uses
    /// them, never to rule a node out.
    static abstract_landmarks inherit(const abstract_landmarks& old,
                                      std::shared_ptr<const cluster_graph> g);
    /// Built for this graph version (admissible and consistent), not inherited.
    [[nodiscard]] bool fresh() const noexcept { return fresh_; }

    [[nodiscard]] std::size_t count() const noexcept { return count_; }
    /// The distances of node `id` (in cluster `k`) from each landmark: count() values,
    /// `unreachable` where none, NaN where unknown (a rebuilt cluster's node).
    [[nodiscard]] const double* row(std::size_t k, std::uint32_t id) const noexcept {
        const std::size_t c = k >> cluster_chunk::bits;
        return rows_[c]->data() + static_cast<std::size_t>(id - graph_->chunk_first(c)) * count_;
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept { return bytes_; }
    /// The derived-cache key of the landmarks of the graph with options key `graph_key`.
    [[nodiscard]] static std::uint64_t cache_key(std::uint64_t graph_key) noexcept {
        return graph_key;
    }

  private:
    std::shared_ptr<const cluster_graph> graph_; ///< the graph whose node ids index the rows
    bool fresh_ = true;
    std::size_t count_ = 0;
    /// Per chunk of the graph, node-major: count_ values per node. Shared with the landmarks
    /// of the version this one was carried over from wherever the graph's chunk is shared.
    std::vector<std::shared_ptr<const std::vector<double>>> rows_;
    std::size_t bytes_ = 0;

    /// Splits node-major distances of every node into rows per chunk.
    void split(const std::vector<double>& all);
};

} // namespace xunlu::hierarchy::detail
