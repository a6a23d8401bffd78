// The pathfinding service without its transports: loads and unloads scenes, answers route,
// path, ray and batch queries and applies cell updates, enforcing the server's limits. The
// gRPC and HTTP transports convert their messages to these inputs (api/) and call it; every
// answer names the scene version it ran on.
//
// Thread safety: every member may be called from many threads at once. Queries run on the
// calling thread (the transports call from the worker pool); find_routes also spreads its
// batch over the pool.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cold_search.hpp"
#include "scene_registry.hpp"
#include "service_error.hpp"
#include "service_limits.hpp"
#include "worker_pool.hpp"
#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/pipeline/route_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::server {

struct load_scene_input {
    std::string id;
    std::optional<std::string> path;      ///< relative to the scene directory
    std::optional<std::string> map_bytes; ///< or the file's content
    std::string waypoints_dir;            ///< relative to the scene directory
    std::string road_points_csv;          ///< or the two CSV files' contents
    std::string path_links_csv;
    double cell_size = 1.0;
    std::vector<std::string> stages; ///< empty = default order
    std::uint64_t step_limit = 0;    ///< 0 = 20000
    std::int32_t bounded_max_distance = 0;
    std::string algorithm; ///< "" = jps
    bool replace = false;
};

struct scene_info {
    std::string id;
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::uint64_t version = 0;
    std::uint64_t memory_bytes = 0;
    double cell_size = 1.0;
    std::uint32_t waypoints = 0;
    std::string algorithm;
    std::string source;
};

struct load_scene_output {
    scene_info info;
    std::vector<std::string> warnings;
};

/// How long a query may run and whether its client is still there.
struct query_context {
    std::optional<std::chrono::steady_clock::time_point> deadline;
    const std::atomic<bool>* cancel = nullptr;
};

/// What a query's unit knows and prefers, by the names the scene holds them under.
struct unit_knowledge {
    /// Influence layers (SetInfluence) and their weights: cost = terrain + sum(weight x layer).
    std::vector<std::pair<std::string, float>> influence;
    /// Whose fog (Explore): "" = the whole map is known. A player that has explored nothing yet
    /// knows nothing.
    std::string player;
    bool unexplored_blocked = false; ///< with a player: unexplored cells blocked, not walkable
};

struct route_input {
    std::string scene;
    point from; ///< pixels
    point to;
    std::int32_t stop_short = 0;
    std::uint64_t max_expansions = 0; ///< 0 = the server's maximum
    bool four_way = false;
    bool ignore_low = false;
    bool nearest_free = false;
    bool nearest_reachable = false;
    std::int32_t unit_size = 1; ///< N x N unit: pixels name the footprint's top-left cell
    unit_knowledge unit;        ///< the player's fog and the influences it weighs
};

struct route_output {
    pipeline::route_result result; ///< result.map_version: the version it ran on
    double cell_size = 1.0;
};

struct path_input {
    std::string scene;
    cell from;
    cell to;
    std::string algorithm; ///< "" = astar
    bool four_way = false;
    bool ignore_low = false;
    std::uint64_t max_expansions = 0; ///< 0 = the server's maximum
    std::int32_t stop_within = 0;
    std::int32_t unit_size = 1; ///< N x N unit: cells name the footprint's top-left cell
    unit_knowledge unit;        ///< the player's fog and the influences it weighs
};

struct path_output {
    search::search_result result;
    std::string algorithm;
    double time_us = 0;
    std::uint64_t version = 0;
};

struct ray_input {
    std::string scene;
    point from; ///< pixels
    point to;
    bool low_blocks = false;
};

struct ray_output {
    grid::ray_result ray;
    std::uint64_t cells = 0; ///< cells the ray touches
    std::uint64_t version = 0;
};

/// Nearest: the walkable cell whose centre is closest to a pixel.
struct nearest_input {
    std::string scene;
    point at;          ///< pixels
    double radius = 0; ///< pixels; 0 = no limit
    bool ignore_low = false;
};

struct nearest_output {
    bool found = false;
    cell at_cell;        ///< the cell (when found)
    point centre;        ///< its centre in pixels
    double distance = 0; ///< pixels
    std::uint64_t version = 0;
};

struct update_input {
    std::string scene;
    std::vector<grid::cell_edit> edits;
    std::optional<std::uint64_t> expected_version;
};

/// SetInfluence: the scene's layer `layer` becomes exactly these sources.
struct influence_input {
    std::string scene;
    std::string layer;
    std::vector<overlays::influence_source> sources;
    float byte_step = 0; ///< > 0: an 8-bit layer in multiples of this (1 byte per cell)
};

/// Explore: the player has seen these discs.
struct explore_input {
    std::string scene;
    std::string player;
    std::vector<explored_disc> discs;
};

class pathfinding_service {
  public:
    /// `scene_dir`: where LoadScene paths and waypoint folders are looked up ("" = none allowed).
    pathfinding_service(service_limits limits, std::string scene_dir, worker_pool& pool);

    outcome<load_scene_output> load_scene(const load_scene_input& in);
    outcome<bool> unload_scene(std::string_view id);
    [[nodiscard]] std::vector<scene_info> list_scenes() const;
    [[nodiscard]] std::size_t scene_count() const { return scenes_.size(); }

    outcome<route_output> find_route(const route_input& in, const query_context& ctx);
    /// Answers every route in request order, spread over the worker pool (the calling thread
    /// works too). Any invalid item fails the whole batch, naming routes[i].
    outcome<std::vector<route_output>> find_routes(std::span<const route_input> in,
                                                   const query_context& ctx);
    outcome<path_output> find_path(const path_input& in, const query_context& ctx);
    outcome<ray_output> raycast(const ray_input& in);
    /// Exact: rings of cells around the position until no farther ring can hold a closer
    /// centre (at worst the whole map, bounded by max_map_cells), checking the deadline per ring.
    outcome<nearest_output> nearest(const nearest_input& in, const query_context& ctx);
    outcome<std::uint64_t> update_cells(const update_input& in);
    /// Replaces a named influence layer of a scene; answers its number of sources.
    outcome<std::size_t> set_influence(const influence_input& in);
    /// Marks discs explored in a player's fog; answers the cells that player has explored.
    outcome<std::size_t> explore(const explore_input& in);

    /// The loaded scene `id` (the web endpoints read its map and waypoint graph); not_found.
    [[nodiscard]] outcome<std::shared_ptr<scene_entry>> scene(std::string_view id) const {
        return scene_of(id);
    }

    [[nodiscard]] const service_limits& limits() const noexcept { return limits_; }
    /// Preprocessing builds running on their own threads now (cold_search.hpp).
    [[nodiscard]] std::size_t preprocessing_builds() const { return cold_.running(); }
    [[nodiscard]] const std::string& scene_dir() const noexcept { return scene_dir_; }

  private:
    outcome<std::shared_ptr<scene_entry>> scene_of(std::string_view id) const;

    service_limits limits_;
    std::string scene_dir_;
    worker_pool& pool_;
    scene_registry scenes_;
    cold_search_runner cold_;
};

/// Width x height a PNG declares in its IHDR chunk, so a tiny compressed image that would decode
/// to a huge map is refused before it is decoded. Nothing for other formats (their cells are
/// bounded by their length).
[[nodiscard]] std::optional<std::uint64_t> png_declared_cells(std::string_view bytes);

/// The scene's description as ListScenes gives it.
[[nodiscard]] scene_info describe(const scene_entry& e);

} // namespace xunlu::server
