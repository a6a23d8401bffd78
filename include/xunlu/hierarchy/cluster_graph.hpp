// The abstract graph of two-tier (hierarchical) search in the manner of HPA* (Botea, Müller &
// Schaeffer, 2004): the map cut into square clusters, transition cells on cluster borders, and
// for each cluster the shortest distance inside it between every pair of its transitions.
// Built once per map (in its derived cache), repaired cluster by cluster after edits.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <memory_resource>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::hierarchy {

/// Which border cells become transitions (abstract nodes).
enum class transition_policy : std::uint8_t {
    /// HPA*'s entrances: each maximal run of cells that can step straight across a border gets
    /// one transition pair in its middle (runs shorter than `split_entrances_from`, 6 by
    /// default) or one at each end. Small graph; paths through it are near-shortest (the fast
    /// mode).
    entrances,
    /// Every border cell with a legal step (straight or diagonal) into another cluster. Every
    /// grid path is then a chain of in-cluster shortest paths and crossing steps, so the
    /// shortest path through the graph is the shortest grid path (the exact mode).
    every_crossing,
};

/// Packed step counts of an in-cluster shortest path: straight steps in the high 16 bits,
/// diagonal steps in the low 16. `no_route` when the cluster holds no path.
using packed_steps = std::uint32_t;
inline constexpr packed_steps no_route = 0xffffffffu;
[[nodiscard]] constexpr packed_steps pack_steps(std::uint32_t straight,
                                                std::uint32_t diagonal) noexcept {
    return (straight << 16) | diagonal;
}
[[nodiscard]] constexpr double steps_cost(packed_steps p, const grid::movement_rules& rules) {
    return static_cast<double>(p >> 16) * rules.straight_cost() +
           static_cast<double>(p & 0xffffu) * rules.diagonal_cost();
}

/// An abstract edge inside a cluster: to transition `to`, `steps` the in-cluster distance.
struct cluster_edge {
    std::uint16_t to = 0;
    packed_steps steps = no_route;
};

/// One cluster: its box, transitions and the shortest in-cluster paths between them.
/// A built cluster keeps its arrays in one block of its own (`cluster(const cluster&, packed)`),
/// so a search that expands one of its transitions reads a few neighbouring cache lines
/// instead of one scattered allocation per array.
struct cluster {
    struct packed {};
    cluster() = default;
    /// A copy of `from` whose arrays all lie in one block sized for them.
    cluster(const cluster& from, packed);
    cluster(const cluster&) = delete;
    cluster& operator=(const cluster&) = delete;

  private:
    std::unique_ptr<std::byte[]> block_; ///< the packed arrays (empty while being built)
    std::pmr::monotonic_buffer_resource arena_{std::pmr::get_default_resource()};

  public:
    cell origin;             ///< top-left cell
    std::int32_t width = 0;  ///< cells (the last column and row of clusters may be narrower)
    std::int32_t height = 0; ///< cells
    std::pmr::vector<cell> transitions{&arena_};
    /// The edges of transition i are edges[first_edge[i] .. first_edge[i + 1]): to every
    /// transition reachable inside the cluster, except where a path through a third transition
    /// is just as short (that pair is then joined by two edges; distances stay the same).
    std::pmr::vector<std::uint32_t> first_edge{&arena_};
    std::pmr::vector<cluster_edge> edges{&arena_};
    /// Per border position (top row, bottom row, left column, right column; see
    /// border_position) the index of the transition there, or `no_slot`.
    std::pmr::vector<std::uint16_t> slot{&arena_};
    /// Per transition, the legal steps out of the cluster: bit d is set when the step
    /// `exit_steps[d]` leaves the cluster and is legal under the graph's mask (so a search need
    /// not read the map to find the crossings). They depend only on cells within one cell of
    /// the cluster, which a repair rebuilds with it.
    std::pmr::vector<std::uint8_t> exits{&arena_};
    static constexpr std::array<cell, 8> exit_steps{cell{-1, -1}, cell{0, -1}, cell{1, -1},
                                                    cell{-1, 0},  cell{1, 0},  cell{-1, 1},
                                                    cell{0, 1},   cell{1, 1}};
    static constexpr std::uint16_t no_slot = 0xffff;

    [[nodiscard]] bool contains(cell c) const noexcept {
        return c.x >= origin.x && c.y >= origin.y && c.x < origin.x + width &&
               c.y < origin.y + height;
    }
    /// The position of border cell `c` in `slot` (c must lie on the border).
    [[nodiscard]] std::size_t border_position(cell c) const noexcept {
        if (c.y == origin.y) return static_cast<std::size_t>(c.x - origin.x);
        if (c.y == origin.y + height - 1) return static_cast<std::size_t>(width + c.x - origin.x);
        if (c.x == origin.x) return static_cast<std::size_t>(2 * width + c.y - origin.y);
        return static_cast<std::size_t>(2 * width + height + c.y - origin.y);
    }
    /// The transition at cell `c`, or no_slot (c not a transition or not on the border).
    /// (Inline: the abstract search calls it for every crossing step.)
    [[nodiscard]] std::uint16_t transition_at(cell c) const noexcept {
        if (!contains(c)) return no_slot;
        if (c.y != origin.y && c.y != origin.y + height - 1 && c.x != origin.x &&
            c.x != origin.x + width - 1) {
            return no_slot;
        }
        return slot[border_position(c)];
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept;
};

/// What a repair rebuilt (or a build built): for logs, `xunlu update` and tests.
struct repair_report {
    std::size_t clusters_rebuilt = 0;
    std::size_t clusters_total = 0;
    std::size_t transitions_before = 0; ///< in the rebuilt clusters, before
    std::size_t transitions_after = 0;  ///< in the rebuilt clusters, after
    double microseconds = 0;
};

/// Called while a graph is built with (clusters done, clusters in all).
using build_progress = std::function<void(std::size_t done, std::size_t total)>;

struct cluster_graph_options {
    std::int32_t cluster_size = 16; ///< 4 to 64 cells per side
    transition_policy transitions = transition_policy::entrances;
    grid::movement_rules rules{}; ///< 8-connected without corner cutting (exact or 10/14 costs)
    grid::obstacle_mask mask = grid::obstacle_mask::high_and_low;
    /// Entrances policy: a run at least this long gets a transition at each end, a shorter one
    /// a single transition in its middle (HPA*: 6). 0: every run one transition in its middle.
    /// 0 or 2 to 64.
    std::int32_t split_entrances_from = 6;

    /// The derived-cache key of a graph with these options.
    [[nodiscard]] std::uint64_t cache_key() const noexcept;
};

/// 64 consecutive clusters (row-major) and their node numbering: the unit a repair copies, so a
/// repair costs the rebuilt clusters plus one pointer per 64 clusters, not one per cluster.
struct cluster_chunk {
    static constexpr std::size_t bits = 6;
    static constexpr std::size_t size = std::size_t{1} << bits;
    std::array<std::shared_ptr<const cluster>, size> clusters; ///< the last chunk may be short
    std::array<std::uint32_t, size + 1> first{}; ///< node ids relative to the chunk's first
    std::size_t count = 0;                       ///< clusters held
    std::size_t bytes = 0;                       ///< bytes of the clusters held

    /// Recomputes `first` and `bytes` from the clusters.
    void number();
};

/// The abstract graph of one map under one set of options. Immutable once built; shared by
/// every thread that searches the map. Clusters are held in shared chunks of 64, so a repaired
/// graph shares every chunk an edit did not touch with the graph it was repaired from.
class cluster_graph {
  public:
    static constexpr std::int32_t min_cluster_size = 4;
    static constexpr std::int32_t max_cluster_size = 64;

    /// Why these options cannot build a graph (rules other than 8 without corner cutting, a
    /// cluster size outside 4..64), or empty.
    [[nodiscard]] static std::string options_problem(const cluster_graph_options& options);

    /// Builds every cluster. Precondition: options_problem(options) is empty.
    static cluster_graph build(const grid::grid_map& map, const cluster_graph_options& options,
                               const build_progress& progress = {});

    /// The graph of `map`, made from `old` (the graph of the map `edits` were applied to) by
    /// rebuilding only the clusters whose cells or borders the obstacle edits touch; terrain
    /// edits change nothing here. `last_repair()` of the result says what was rebuilt.
    static cluster_graph repair(const cluster_graph& old, const grid::grid_map& map,
                                std::span<const grid::cell_edit> edits);

    [[nodiscard]] const cluster_graph_options& options() const noexcept { return options_; }
    [[nodiscard]] std::int32_t clusters_x() const noexcept { return clusters_x_; }
    [[nodiscard]] std::int32_t clusters_y() const noexcept { return clusters_y_; }
    [[nodiscard]] std::size_t cluster_count() const noexcept { return cluster_count_; }
    [[nodiscard]] const cluster& at(std::size_t k) const noexcept {
        return *chunks_[k >> cluster_chunk::bits]->clusters[k & (cluster_chunk::size - 1)];
    }
    /// The index of the cluster holding cell `c` (in the map).
    [[nodiscard]] std::size_t cluster_of(cell c) const noexcept {
        return static_cast<std::size_t>(c.y / options_.cluster_size) *
                   static_cast<std::size_t>(clusters_x_) +
               static_cast<std::size_t>(c.x / options_.cluster_size);
    }
    /// Abstract node id of transition `i` of cluster `k` (ids are dense, cluster by cluster).
    [[nodiscard]] std::uint32_t node_id(std::size_t k, std::size_t i) const noexcept {
        return chunk_first_[k >> cluster_chunk::bits] +
               chunks_[k >> cluster_chunk::bits]->first[k & (cluster_chunk::size - 1)] +
               static_cast<std::uint32_t>(i);
    }
    [[nodiscard]] std::uint32_t node_count() const noexcept { return chunk_first_.back(); }
    /// Chunks of 64 clusters (cluster k lies in chunk k >> cluster_chunk::bits), for data kept
    /// per chunk beside the graph (shared between versions the same way).
    [[nodiscard]] std::size_t chunk_count() const noexcept { return chunks_.size(); }
    [[nodiscard]] const cluster_chunk& chunk(std::size_t c) const noexcept { return *chunks_[c]; }
    /// The first node id of chunk `c`.
    [[nodiscard]] std::uint32_t chunk_first(std::size_t c) const noexcept {
        return chunk_first_[c];
    }
    /// The cluster of abstract node `id` (binary search over the clusters' first ids).
    [[nodiscard]] std::size_t cluster_of_node(std::uint32_t id) const noexcept;

    /// Bytes held (clusters shared with another graph are counted in each).
    [[nodiscard]] std::size_t memory_bytes() const noexcept { return bytes_; }
    /// What the build or the repair that made this graph did.
    [[nodiscard]] const repair_report& last_repair() const noexcept { return report_; }

  private:
    cluster_graph_options options_;
    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    std::int32_t clusters_x_ = 0;
    std::int32_t clusters_y_ = 0;
    std::size_t cluster_count_ = 0;
    std::vector<std::shared_ptr<const cluster_chunk>> chunks_;
    std::vector<std::uint32_t> chunk_first_; ///< per chunk, plus the total at the end
    repair_report report_;
    std::size_t bytes_ = 0;

    /// Numbers the abstract nodes and counts the bytes held.
    void number_nodes();
};

} // namespace xunlu::hierarchy
