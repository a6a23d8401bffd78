// A graph of any shape: nodes with an id and a position, directed or undirected edges with a
// cost, stored as compressed adjacency, with its connected components found once at build.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "xunlu/core/point.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::graph {

/// One node: the caller's id and its position (free units, the same as the edge costs when the
/// Euclidean heuristic is to be exact).
struct node {
    std::int64_t id = 0;
    point at;
};

/// One edge between node indices (not ids) with its cost (finite, >= 0).
struct edge {
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    double cost = 0;
};

/// Undirected edges can be walked both ways; directed ones only from `from` to `to`.
enum class edge_kind : std::uint8_t { undirected, directed };

/// Largest graph accepted (ids of the search core are 32-bit; bounds memory on hostile input).
inline constexpr std::size_t max_nodes = std::size_t{1} << 24;
inline constexpr std::size_t max_edges = std::size_t{1} << 26;

/// Largest |x| or |y| of a position: squares of differences then stay finite, so every straight
/// distance (and the heuristic) is a finite number.
inline constexpr double max_coordinate = 1e150;

/// Straight distance between two positions (the one formula of the heuristic and its check).
[[nodiscard]] inline double distance(point a, point b) noexcept {
    const double dx = a.x - b.x;
    const double dy = a.y - b.y;
    return std::sqrt(dx * dx + dy * dy);
}

/// Immutable graph; shared read-only between threads once built. Nodes are addressed by index
/// 0..size()-1; `index_of` maps ids. Building is O(n log n + m): adjacency, the id index, the
/// heuristic scale and the component labels (connected components; for directed graphs weak
/// components and strongly connected components in reverse topological order).
class XUNLU_API spatial_graph {
  public:
    spatial_graph() = default;
    /// Trusted input: indices < nodes.size(), costs finite and >= 0, positions within
    /// +-max_coordinate, ids unique (the loaders and `make` check this first).
    spatial_graph(std::vector<node> nodes, std::span<const edge> edges, edge_kind kind);
    /// Checked construction: an error names the first bad node or edge by index (duplicate
    /// id, a position not within +-max_coordinate, index out of range, negative or non-finite cost,
    /// too large).
    [[nodiscard]] static result<spatial_graph> make(std::vector<node> nodes,
                                                    std::span<const edge> edges, edge_kind kind);

    [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }
    /// Edges as given (an undirected edge counts once).
    [[nodiscard]] std::size_t edge_count() const noexcept { return edge_count_; }
    [[nodiscard]] edge_kind kind() const noexcept { return kind_; }
    [[nodiscard]] bool directed() const noexcept { return kind_ == edge_kind::directed; }
    [[nodiscard]] const node& at(std::uint32_t index) const noexcept { return nodes_[index]; }
    [[nodiscard]] std::span<const node> nodes() const noexcept { return nodes_; }
    /// Index of the node with id `id`, or -1 (binary search, O(log n)).
    [[nodiscard]] std::int64_t index_of(std::int64_t id) const noexcept;

    /// Nodes reachable from `index` by one edge, and those edges' costs, in the same order.
    [[nodiscard]] std::span<const std::uint32_t> neighbours(std::uint32_t index) const noexcept {
        return {targets_.data() + offsets_[index], targets_.data() + offsets_[index + 1]};
    }
    [[nodiscard]] std::span<const double> costs(std::uint32_t index) const noexcept {
        return {costs_.data() + offsets_[index], costs_.data() + offsets_[index + 1]};
    }

    /// min(1, smallest cost / straight distance over the edges of nonzero length): the
    /// straight distance times this never overestimates, and stays consistent. 1 means every
    /// edge costs at least its length (plain Euclidean A*); 0 means Dijkstra.
    [[nodiscard]] double heuristic_scale() const noexcept { return heuristic_scale_; }

    /// Connected component (undirected) or weak component (directed) of a node.
    [[nodiscard]] std::uint32_t component(std::uint32_t index) const noexcept {
        return component_[index];
    }
    /// Strongly connected component of a node; numbered in reverse topological order (an
    /// edge between two components goes from the higher number to the lower). For undirected
    /// graphs, the same as component().
    [[nodiscard]] std::uint32_t strong_component(std::uint32_t index) const noexcept {
        return directed() ? strong_[index] : component_[index];
    }
    [[nodiscard]] std::uint32_t component_count() const noexcept { return component_count_; }
    [[nodiscard]] std::uint32_t strong_component_count() const noexcept {
        return directed() ? strong_count_ : component_count_;
    }

    /// True when no path can lead from `from` to `to`, known from the labels alone: different
    /// (weak) components, or, in a directed graph, `to` in a strong component that comes
    /// before `from`'s in topological order. False means a search must decide (it is always
    /// reachable in an undirected graph and inside one strong component).
    [[nodiscard]] bool provably_unreachable(std::uint32_t from, std::uint32_t to) const noexcept {
        if (component_[from] != component_[to]) return true;
        return directed() && strong_[to] > strong_[from];
    }
    /// True when `to` is certainly reachable from `from` (same strong component).
    [[nodiscard]] bool provably_reachable(std::uint32_t from, std::uint32_t to) const noexcept {
        return strong_component(from) == strong_component(to);
    }

    /// Bytes held by the graph (nodes, adjacency, index, labels).
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    void label_components();

    std::vector<node> nodes_;
    std::vector<std::pair<std::int64_t, std::uint32_t>> index_; ///< (id, index), sorted by id
    std::vector<std::uint32_t> offsets_{0};
    std::vector<std::uint32_t> targets_;
    std::vector<double> costs_;
    std::vector<std::uint32_t> component_;
    std::vector<std::uint32_t> strong_; ///< directed graphs only
    std::size_t edge_count_ = 0;
    double heuristic_scale_ = 1.0;
    std::uint32_t component_count_ = 0;
    std::uint32_t strong_count_ = 0;
    edge_kind kind_ = edge_kind::undirected;
};

} // namespace xunlu::graph
