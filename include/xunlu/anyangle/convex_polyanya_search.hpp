// Optimal any-angle paths by Polyanya (Cui, Harabor & Grastien, IJCAI 2017) over the convex
// mesh of a grid map (convex_mesh): the general form of the search, whose intervals lie on any
// side of a convex polygon, slanted or not. Same answers as polyanya_search (the rectangle
// mesh) and visgraph; fewer nodes where streets run at an angle.
#pragma once

#include <cstdint>
#include <vector>

#include "xunlu/anyangle/convex_mesh.hpp"
#include "xunlu/anyangle/vertex_roots.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// A reusable search (not thread-safe: one per thread; the meshes it reads are shared).
/// `find_path(map, request)` takes the map's convex mesh from its derived cache, building it on
/// first use, so an edited map gets a new one. Besides its nodes and OPEN, a search keeps
/// 16 bytes per vertex and per polygon corner of the biggest mesh it has searched, for root
/// pruning (vertex_roots; under half of what the mesh holds), and 4 bytes per block of it (the
/// blocks a query may cross), reported in the answer's memory_bytes.
///
/// A node is (root, interval, polygon): the interval is a stretch of one side of the polygon,
/// seen whole from the root (the start or a bend corner) on the other side, and the node stands
/// for the paths that reach the root by the shortest way and then go straight through the
/// interval into the polygon. Its f is g(root) plus the shortest root-interval-goal route (the
/// goal mirrored across the side's line when it lies on the root's side). Expanding a node
/// projects the interval from the root across the polygon onto its other sides (observable
/// successors); where an interval end is a bend corner, the part of the polygon hidden from the
/// root gets that corner as its root (non-observable successors). A root on the side's line (a
/// corner of the polygon) sees the whole polygon. Roots reached at a higher g than before are
/// pruned, a corner already rooted in a polygon at no higher g is not rooted there again, and
/// only the mesh's blocks between the start's and the goal's polygons are crossed
/// (polygon_blocks).
class XUNLU_API convex_polyanya_search {
  public:
    [[nodiscard]] search::search_result find_path(const grid::grid_map& map,
                                                  const search::search_request& request);
    /// The same over a mesh built for `map` and `request.mask()`.
    [[nodiscard]] search::search_result find_path(const convex_mesh& mesh,
                                                  const grid::grid_map& map,
                                                  const search::search_request& request);

  private:
    struct node {
        double g;  ///< path length to the root
        double lx; ///< the interval: its left end as seen from the root (nearer corner
        double ly; ///< `side` of the polygon) ...
        double rx; ///< ... and its right end (nearer corner `side` + 1)
        double ry;
        double root_x; ///< the root: the start, or a mesh vertex
        double root_y;
        std::uint32_t root;    ///< 0 the start, else 1 + the mesh vertex
        std::uint32_t polygon; ///< the polygon the interval leads into
        std::uint32_t side;    ///< the interval's side, by its position in the polygon
        std::uint32_t parent;  ///< the node the root was reached through, or none
        std::uint8_t end_l;    ///< 0 a projection, 1 a mesh vertex, 2 a bend corner
        std::uint8_t end_r;
        std::uint8_t goal; ///< the goal reached through this node (the root is the last bend)
    };
    struct open_entry {
        double f;
        double g;
        std::uint32_t id;
    };

    std::vector<node> nodes_;
    std::vector<open_entry> open_;
    std::vector<open_entry> successors_; ///< one expansion's successors, before OPEN
    vertex_roots roots_;
    std::vector<std::uint32_t> open_block_; ///< per block: == generation_ when it may be crossed
    std::uint32_t generation_ = 0;
};

} // namespace xunlu::anyangle
