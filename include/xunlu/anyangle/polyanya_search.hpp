// Optimal any-angle paths without a visibility graph: Polyanya (Cui, Harabor & Grastien, IJCAI
// 2017) over the map's rectangle mesh. Search nodes are intervals of grid lines seen from a
// root (the start or an obstacle corner); the answer is the exact shortest Euclidean path under
// anyangle::segment_is_free, the same as visgraph's, with an O(cells) mesh build instead of a
// visibility graph.
#pragma once

#include <cstdint>
#include <vector>

#include "xunlu/anyangle/polyanya_roots.hpp"
#include "xunlu/anyangle/rect_mesh.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// A reusable Polyanya search (not thread-safe: one per thread; the meshes it reads are
/// shared). `find_path(map, request)` takes the map's rectangle mesh from its derived cache,
/// building it on first use, so an edited map gets a new one.
///
/// A node is (root, interval, rectangle): every point of the interval (a stretch of the grid
/// line the rectangle lies on) is seen from the root, and the node stands for the paths that
/// reach the root optimally, then go straight through the interval into the rectangle. Its f
/// is g(root) plus the length of the shortest root-interval-goal route (the goal mirrored
/// across the line when it lies on the root's side), a lower bound that never decreases along
/// a path, so the first goal popped is the shortest. Expanding a node projects the interval
/// across the rectangle (observable successors, same root); where an interval end is an
/// obstacle corner, the parts of the rectangle hidden from the root get that corner as root
/// (non-observable successors), including stretches back on the entry line, reached along it.
/// Roots reached at a higher g than before are pruned (root-level pruning).
class XUNLU_API polyanya_search {
  public:
    [[nodiscard]] search::search_result find_path(const grid::grid_map& map,
                                                  const search::search_request& request);
    /// The same over a mesh built for `map` and `request.mask()`.
    [[nodiscard]] search::search_result find_path(const rect_mesh& mesh, const grid::grid_map& map,
                                                  const search::search_request& request);

  private:
    struct node {
        double g;  ///< path length to the root
        double xl; ///< the interval [xl, xr] on line y
        double xr;
        std::int32_t y;
        std::uint32_t rect;   ///< the rectangle the interval leads into
        std::uint32_t parent; ///< the node with the previous bend (or the same root), or none
        double rx;            ///< the root
        double ry;
        std::uint8_t vertex_l; ///< xl is: 0 a projection, 1 a link's end, 2 that and convex
        std::uint8_t vertex_r;
        std::uint8_t goal; ///< the goal reached through this node (rx, ry is the last bend)
    };
    struct open_entry {
        double f;
        double g;
        std::uint32_t id;
    };
    /// Rectangles marked in this query (stamp == generation).
    struct rect_marks {
        std::vector<std::uint32_t> stamp;
        std::uint32_t generation = 0;
        void clear(std::size_t rects);
    };

    std::vector<node> nodes_;
    std::vector<open_entry> open_;
    std::vector<open_entry> successors_; ///< one expansion's successors, before OPEN
    polyanya_roots roots_;
    rect_marks goal_branch_; ///< the goal's rectangle and the dead ends holding it
};

} // namespace xunlu::anyangle
