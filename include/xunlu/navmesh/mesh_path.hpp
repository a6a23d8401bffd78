// The exact shortest path over a polygon mesh by Polyanya (Cui, Harabor & Grastien, "Compromise-
// free Pathfinding on a Navigation Mesh", IJCAI 2017): a request (two points, a polygon filter,
// an expansion budget), its answer, and the reusable search, whole or in slices over game ticks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "xunlu/navmesh/mesh_index.hpp"
#include "xunlu/navmesh/polygon_mesh.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::navmesh {

/// A point on the mesh: the polygon it lies in, or no_polygon to find it with
/// mesh_index::locate (the polygon under or over the point nearest in height).
struct mesh_location {
    vec3 point;
    std::uint32_t polygon = no_polygon;
};

/// Which polygons a query may cross, as Detour's dtQueryFilter: polygon p passes when
/// (flags[p] & include_flags) != 0 and (flags[p] & exclude_flags) == 0. Polygons that fail are
/// walls for the query (the path stays optimal among the others). Area costs are not priced
/// (every walkable polygon costs its length).
struct query_filter {
    std::uint16_t include_flags = 0xFFFF;
    std::uint16_t exclude_flags = 0;
    [[nodiscard]] bool passes(std::uint16_t flags) const noexcept {
        return (flags & include_flags) != 0 && (flags & exclude_flags) == 0;
    }
    /// true when every polygon with a non-zero flag passes (the default).
    [[nodiscard]] bool all() const noexcept {
        return include_flags == 0xFFFF && exclude_flags == 0;
    }
};

struct mesh_path_request {
    mesh_location start;
    mesh_location goal;
    query_filter filter{};
    /// Stop after this many node expansions with status budget_reached (0: no limit).
    std::uint64_t max_expansions = 0;
};

enum class mesh_path_status : std::uint8_t {
    found,          ///< `points` is a shortest path
    unreachable,    ///< no path: the goal lies where no chain of passing polygons leads
    budget_reached, ///< stopped at max_expansions; no path is given
    invalid_input,  ///< `message` says what: a point off the mesh, a bad polygon, NaN, ...
    in_progress,    ///< sliced search: step() again
};

/// The answer. Lengths are HORIZONTAL: measured in the (x, z) plane, heights ignored, which
/// is what the search minimises exactly. length_3d is the length of the returned polyline
/// in 3D (its turning points joined by straight segments), for information.
struct mesh_path_result {
    mesh_path_status status = mesh_path_status::invalid_input;
    std::string message;
    /// The start, the mesh vertices the path turns at (with their heights), the goal. The
    /// start and goal keep the y they were given. One point when start and goal coincide.
    std::vector<vec3> points;
    double length = 0;    ///< horizontal, in level units
    double length_3d = 0; ///< of `points`
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
};

/// A reusable search over meshes (not thread-safe: one per thread; the mesh and index are
/// shared and read-only). Keeps its node pool and per-vertex tables between queries; they are
/// reset by a generation stamp, so a query pays for what it touches.
///
/// A node is (root, interval, polygon): the interval is a stretch of one edge of the polygon,
/// seen whole from the root (the start or a corner vertex, mesh_index::corner), and stands for
/// the paths that reach the root by the shortest way and then go straight through the
/// interval. Its f is g(root) plus the shortest (x, z) route from the root through the
/// interval to the goal (mirrored across the edge's line when on the root's side). Expanding
/// projects the interval across the polygon onto its other edges; past an interval end that
/// is a corner, the part of the polygon hidden from the root gets that corner as root. Floors
/// change only through polygon adjacency, never where they overlap seen from above.
class XUNLU_API mesh_path_search {
  public:
    /// The whole search: start(), step() until done, finish().
    [[nodiscard]] mesh_path_result find_path(const mesh_index& index,
                                             const mesh_path_request& request);

    /// Sliced form: start() checks the request and opens the search (in_progress, or an
    /// answer at once: invalid input, start and goal in one polygon, nothing to open);
    /// step(n) expands up to n nodes and returns in_progress until the search ends; finish()
    /// returns the answer (call it once step() returned something else). The index must stay
    /// alive and unchanged in between.
    mesh_path_status start(const mesh_index& index, const mesh_path_request& request);
    mesh_path_status step(std::uint64_t max_steps);
    [[nodiscard]] mesh_path_result finish();

    /// Bytes the search's pools hold (they are kept for the next query).
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    struct node {
        double g;              ///< horizontal path length to the root
        double lx, lz;         ///< the interval's left end seen from the root
        double rx, rz;         ///< its right end
        double root_x, root_z; ///< the root: the start or a vertex
        std::uint32_t root;    ///< 0 the start, else 1 + the canonical vertex
        std::uint32_t polygon; ///< the polygon the interval leads into
        std::uint32_t side;    ///< the interval's edge, by its place in the polygon
        std::uint32_t parent;  ///< the node the root was reached through, or none
        std::uint8_t end_l;    ///< 0 a projection, 1 a vertex, 2 a corner vertex
        std::uint8_t end_r;
        std::uint8_t goal; ///< the goal is reached through this node
    };
    struct open_entry {
        double f;
        double g;
        std::uint32_t id;
    };
    struct root_entry {
        double g;
        std::uint32_t stamp;
    };

    void add(double rx, double rz, std::uint32_t root, double g, double lx, double lz, double qx,
             double qz, std::uint8_t end_l, std::uint8_t end_r, std::uint32_t q, std::uint32_t m,
             std::uint32_t parent);
    void emit(std::uint32_t p, std::uint32_t i, double u0, double u1, double rx, double rz,
              std::uint32_t root, double g, std::uint32_t parent);
    void edge_on(std::uint32_t p, std::uint32_t i, double rx, double rz, double g,
                 std::uint32_t record);
    void expand(const node& n, std::uint32_t id);
    void open_root(double x, double z, std::uint32_t root, double g, std::uint32_t p,
                   std::uint32_t parent);
    [[nodiscard]] bool shut(std::uint32_t p, std::uint32_t i) const noexcept;
    [[nodiscard]] std::uint8_t end_kind(std::uint32_t vertex) const noexcept;
    [[nodiscard]] bool is_goal_polygon(std::uint32_t p) const noexcept;
    bool improve(std::uint32_t key, double g) noexcept;
    bool admit(std::uint32_t key, std::uint32_t slot, double g) noexcept;
    double& at(root_entry& e) noexcept;
    void push(const node& n, double f);
    mesh_path_status done(mesh_path_status s, std::string message = {});

    const mesh_index* index_ = nullptr;
    mesh_path_request request_{};
    mesh_path_status status_ = mesh_path_status::invalid_input;
    std::string message_;
    std::vector<std::uint32_t> starts_; ///< the polygons holding the start
    std::vector<std::uint32_t> goals_;  ///< the polygons holding the goal
    std::vector<node> nodes_;
    std::vector<open_entry> open_;
    std::vector<root_entry> roots_;    ///< per 1 + vertex, [0] the start
    std::vector<root_entry> corners_;  ///< per polygon corner: rooted there at this g
    std::vector<std::uint32_t> enter_; ///< per polygon: == generation_ for dead ends to enter
    std::uint32_t generation_ = 0;
    std::uint32_t found_ = 0xFFFFFFFF;
    std::uint64_t expanded_ = 0;
    std::uint64_t generated_ = 0;
    double sx_ = 0, sz_ = 0, tx_ = 0, tz_ = 0;
    double line_tol_ = 0; ///< interval ends this near a corner (level units) are the corner
};

} // namespace xunlu::navmesh
