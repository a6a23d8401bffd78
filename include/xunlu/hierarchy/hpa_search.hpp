// Two-tier (hierarchical) search over a cluster_graph: start and goal linked to the transitions
// of their clusters, A* over the abstract graph, each abstract edge refined into cells inside
// its cluster. Fast mode (HPA*'s entrances, then the path smoothed) or exact mode (every
// crossing cell a transition: the shortest grid path).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hierarchy/cluster_graph.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::hierarchy {

enum class hpa_mode : std::uint8_t {
    /// HPA*: few transitions per border, abstract path refined then smoothed. Valid paths,
    /// near-shortest (see docs/hierarchy.md for the measured ratio), not guaranteed shortest.
    fast,
    /// Every crossing cell a transition: the abstract shortest path is the grid shortest path,
    /// so answers are optimal (the Moving AI lengths).
    exact,
};

/// How exact mode searches once the goal is linked (fast mode: always the abstract graph).
enum class exact_search : std::uint8_t {
    /// JPS (jps-pruned, on the dead-end core) over the cells, guided by the landmark distance
    /// ranges of the clusters (from the abstract graph's landmarks): the default on every map,
    /// 1.2-2.4x faster than jps on the Moving AI families and about 15x faster than `abstract`
    /// on a 4096² world. Its memory per worker is JPS's node store, paged by square tiles of
    /// cells, so it follows the cells the query touches (docs/hierarchy.md).
    cells,
    /// A* over the abstract graph (every crossing cell a node), each edge refined into cells;
    /// memory follows the clusters the query touches. Skips dead ends on maps full of them.
    abstract,
};

/// Reusable hierarchical search engine (one per thread). Rule 8 (8-connected, no corner
/// cutting; exact or 10/14 costs); other rules get invalid_input. Terrain costs, stop_within
/// > 0, turn penalties, hex maps, windows and weights run A* (said in `reason`).
///
/// The cluster graph lives in the map's derived cache, one per (mode's options, mask, costs):
/// built on the first query of any engine on the map, shared by every thread. A map_snapshot
/// made by edits from one whose graph was built repairs that graph (only the clusters around
/// the edited cells) on its first query instead of building anew.
///
/// Memory per engine: the in-cluster search arrays (a few cluster areas) and the abstract
/// search's node records, allocated in pages of 4096 abstract nodes only where the search
/// goes; in exact mode's cell search (exact_search::cells), JPS's node table, paged by tiles of
/// cells where the search goes on maps over 2^22 cells (memory_bytes()).
class hpa_search {
  public:
    /// `cluster_size` 0: 16 cells for fast mode, 8 for exact mode, on maps up to 2^22 cells
    /// (big_world_cells); twice that above.
    explicit hpa_search(hpa_mode mode = hpa_mode::fast, std::int32_t cluster_size = 0);
    hpa_search(hpa_search&&) noexcept;
    hpa_search& operator=(hpa_search&&) noexcept;
    ~hpa_search();

    search::search_result find_path(const grid::grid_map& map,
                                    const search::search_request& request);

    /// Largest map exact mode builds a graph for (cells): its graph takes about 30 bytes per
    /// cell (every crossing cell a node), 0.5 GiB at 2^24 cells.
    static constexpr std::int64_t max_exact_cells = std::int64_t{1} << 24;
    /// Fast mode's default weight on the abstract heuristic on maps up to big_world_cells: its
    /// abstract path costs at most this many times the abstract optimum (exact mode: 1).
    static constexpr double fast_abstract_weight = 1.05;
    /// Fast mode's default weight on maps over big_world_cells, where clusters are 32 cells and
    /// abstract paths run to thousands of nodes: measured on 4096² to 16384² worlds, 200 queries
    /// each, paths 1.016-1.017 × optimal on average against 1.011-1.013 at 1.05, and the 16384²
    /// median 1.93 -> 1.59 ms (docs/hierarchy.md).
    static constexpr double big_world_abstract_weight = 1.08;
    /// Maps over this many cells are big worlds: clusters twice as large, and the weight above.
    static constexpr std::int64_t big_world_cells = std::int64_t{1} << 22;
    [[nodiscard]] static bool big_world(const grid::grid_map& map) noexcept {
        return std::int64_t{map.width()} * map.height() > big_world_cells;
    }
    /// Sets fast mode's abstract weight (1 to 10) for every map, instead of the defaults above:
    /// more trades path length for fewer abstract expansions (docs/hierarchy.md has the measured
    /// trade). false (nothing set) in exact mode, which stays optimal, or for a weight out of
    /// range.
    bool set_abstract_weight(double weight) noexcept;
    /// The weight a query on `map` uses: the one set, else the default for the map's size;
    /// 1 in exact mode.
    [[nodiscard]] double abstract_weight(const grid::grid_map& map) const noexcept;

    /// Why this engine will not build a graph for `map` (exact mode over max_exact_cells), or
    /// empty. find_path answers invalid_input with this reason.
    [[nodiscard]] std::string size_problem(const grid::grid_map& map) const;

    /// The graph options this engine uses on `map` for `request` (rules, mask, cluster size;
    /// fast mode with clusters of 32 or more: one transition per entrance).
    [[nodiscard]] cluster_graph_options options_for(const grid::grid_map& map,
                                                    const search::search_request& request) const;
    /// The graph of `map` for `request`, built (or repaired) now if the map has none yet.
    std::shared_ptr<const cluster_graph> graph_for(const grid::grid_map& map,
                                                   const search::search_request& request);
    /// Called with progress while a query builds a graph (for big maps).
    void set_progress(build_progress progress);
    [[nodiscard]] hpa_mode mode() const noexcept;
    /// Chooses exact mode's search for every map (docs/hierarchy.md) instead of the default
    /// (`cells`); both answer with the shortest paths.
    void set_exact_search(exact_search how) noexcept;
    /// The search exact mode uses on `map`: the one set, else `cells` (every size: the node
    /// store pages by tiles of cells, so big maps no longer keep it off).
    [[nodiscard]] exact_search exact_search_for(const grid::grid_map& map) const noexcept;
    /// Bytes of this engine's scratch (in-cluster arrays, abstract node pages, heap, and the
    /// cell search's node table, OPEN and bit grids).
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::hierarchy
