// The Boost Graph Library peer: a grid map as a BGL compressed_sparse_row_graph searched with
// boost::astar_search under the same rules as ours (8-connected, no corner cutting, 1/sqrt 2).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::bench {

/// How the BGL search is called.
enum class bgl_mode : std::uint8_t {
    /// `boost::astar_search`: the documented entry point; it initialises every vertex's
    /// colour, distance, cost and predecessor (O(V)) before each query.
    full_init,
    /// `boost::astar_search_no_init` with the property maps kept initialised between queries
    /// and only the vertices a query discovered reset afterwards: the fastest way to call BGL
    /// repeatedly on one graph that we know of.
    no_init,
};

struct bgl_result {
    bool found = false;
    double cost = 0;            ///< distance BGL computed at the goal
    std::uint64_t expanded = 0; ///< vertices examined (popped from the queue)
    std::vector<cell> path;     ///< start to goal
};

/// One BGL graph built from one map (once, outside any timing) plus reusable property maps.
/// Vertices are the map's free cells only (high and low obstacles block), numbered row by row.
class bgl_grid_astar {
  public:
    explicit bgl_grid_astar(const grid::grid_map& map);
    bgl_grid_astar(const bgl_grid_astar&) = delete;
    bgl_grid_astar& operator=(const bgl_grid_astar&) = delete;
    ~bgl_grid_astar();

    /// Octile A* from `start` to `goal` (both must be free cells of the map); stops when the
    /// goal is examined, by throwing from the visitor (BGL's documented idiom).
    bgl_result find_path(cell start, cell goal, bgl_mode mode);

    [[nodiscard]] std::size_t vertex_count() const noexcept;
    [[nodiscard]] std::size_t edge_count() const noexcept;
    /// Bytes of the graph (CSR arrays, edge weights, cell tables) and of the per-query maps.
    [[nodiscard]] std::size_t graph_bytes() const noexcept;
    [[nodiscard]] std::size_t property_map_bytes() const noexcept;

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::bench
