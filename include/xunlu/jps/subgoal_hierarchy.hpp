// A contraction hierarchy (Geisberger et al., 2008) over a simple subgoal graph, as in Uras &
// Koenig's "Subgoal graphs and contraction hierarchies" (the fastest optimal entries of the
// Grid-Based Path Planning Competition): subgoals ranked by contracting them one by one, each
// contraction adding the shortcuts that keep every shortest distance, so a query searches only
// upwards from the start and from the goal, and meets in the middle.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/jps/subgoal_graph.hpp"
#include "xunlu/search/build_budget.hpp"

namespace xunlu::jps {

/// An edge towards a subgoal of higher rank: `mid` is the subgoal a shortcut was made over
/// (`none` for a link of the subgoal graph), `cost` the length of the path it stands for.
struct subgoal_up_edge {
    std::uint32_t to;
    std::uint32_t mid;
    double cost;
};

/// The hierarchy of one subgoal graph under one cost model (exact or 10/14 step costs).
/// Immutable once built and shared by every thread (a derived value of the map, beside its
/// subgoal graph). The graph is undirected, so one upward edge list serves both search
/// directions.
class subgoal_hierarchy {
  public:
    static constexpr std::uint32_t none = subgoal_graph::none;
    /// Edges (links plus shortcuts, each counted once) a build may hold before it gives up:
    /// about 1 GiB with its working copies.
    static constexpr std::size_t max_edges = std::size_t{1} << 25;

    /// Subgoals with more live edges than this when their turn comes are not contracted: they
    /// stay in the core (see build).
    static constexpr std::size_t default_core_degree = 48;
    /// Edges the witness searches may scan in all before the build stops contracting and puts
    /// every subgoal left into the core: a bound on the build's time (a few seconds on one core)
    /// that, unlike a clock, gives the same hierarchy on every machine.
    static constexpr std::uint64_t default_work_limit = 1'500'000'000;

    /// Contracts the subgoals of `graph` (lazy edge-difference order, witness searches bounded
    /// by `witness_limit` settled subgoals and goal-directed by the octile distance to their
    /// targets; a bounded search that gives up adds the shortcut, which costs query time, never
    /// correctness). A subgoal whose live edges number more than `core_degree` when its turn
    /// comes stays uncontracted: these form the core, ranked above all others, whose edges
    /// among themselves are kept at both ends, so a query searches the core in both directions
    /// (open maps, where subgoals see many others, would otherwise add shortcuts without end:
    /// the core bounds the build's time and size and keeps every answer exact). Once the
    /// witness searches have scanned `work_limit` edges, every subgoal left joins the core.
    /// `progress(1, done, total)` reports contracted subgoals. More than `edge_limit` edges
    /// (tests pass small ones) stops the build with `problem()` set; so does passing `budget`
    /// (also `stopped()` then, with the budget's reason).
    [[nodiscard]] static subgoal_hierarchy
    build(std::shared_ptr<const subgoal_graph> graph, const grid::movement_rules& rules,
          const build_progress& progress = {}, std::size_t witness_limit = 128,
          std::size_t edge_limit = max_edges, std::size_t core_degree = default_core_degree,
          const search::build_budget* budget = nullptr,
          std::uint64_t work_limit = default_work_limit);

    /// A rough estimate of build's time (ms, one core of a current desktop CPU) from the
    /// graph alone (linear in its links): each subgoal's contraction runs a witness search per
    /// neighbour, each relaxing the edges of up to witness_limit subgoals, so the time grows
    /// with the sum over subgoals of the square of their degree (capped at the core degree).
    /// For deciding whether to build at all (auto-pre); the budget is what bounds the build.
    [[nodiscard]] static double estimate_build_ms(const subgoal_graph& graph,
                                                  std::size_t core_degree = default_core_degree);

    /// Current binary format version (see docs/jps.md#subgoal-hierarchy-file).
    static constexpr std::uint32_t format_version = 1;

    /// Serialises the hierarchy: the common table header (the map's size, mask and fingerprint),
    /// the cost model, every subgoal's rank, the upward edges, the checksum; little-endian.
    [[nodiscard]] std::vector<std::uint8_t> serialise() const;
    /// Writes `serialise()` to `path`; an error names the file.
    [[nodiscard]] std::optional<error> save(const std::string& path) const;
    /// Reads a hierarchy saved by `save` for `graph` (the subgoal graph of `map` under its mask,
    /// built or loaded) under `rules`' step costs, and checks it: magic, version, size, mask,
    /// checksum, fingerprint, subgoal count, cost model, ranks (a permutation), every edge
    /// (upwards, in range, a link of the graph with its octile length, or a shortcut whose two
    /// halves exist at its middle subgoal and add up to it). Those checks keep every answer a
    /// walkable path of the stated length; that it is the shortest is trusted to the file (a
    /// file with shortcuts left out gives longer paths). Nothing larger than the header
    /// announces is read.
    static result<subgoal_hierarchy> load(const std::string& path,
                                          std::shared_ptr<const subgoal_graph> graph,
                                          const grid::grid_map& map,
                                          const grid::movement_rules& rules);
    /// Same as `load` from bytes in memory; `name` is used in messages.
    static result<subgoal_hierarchy> parse(std::span<const std::uint8_t> bytes,
                                           const std::string& name,
                                           std::shared_ptr<const subgoal_graph> graph,
                                           const grid::grid_map& map,
                                           const grid::movement_rules& rules);

    /// Derived-cache key for a graph of obstacle mask `mask` under `rules`' step costs.
    [[nodiscard]] static std::uint64_t cache_key(grid::obstacle_mask mask,
                                                 const grid::movement_rules& rules) noexcept;

    /// Empty when built; otherwise why not (the shortcuts passed max_edges, or the budget).
    [[nodiscard]] const std::string& problem() const noexcept { return problem_; }
    /// Whether the build stopped on its budget (time, memory or cancellation).
    [[nodiscard]] bool stopped() const noexcept { return stopped_; }
    /// Subgoals left uncontracted (the top ranks; their edges among themselves go both ways).
    [[nodiscard]] std::size_t core_count() const noexcept { return core_; }
    [[nodiscard]] const subgoal_graph& graph() const noexcept { return *graph_; }
    /// The step costs the edge lengths are in.
    [[nodiscard]] grid::step_costs costs() const noexcept { return costs_; }
    [[nodiscard]] std::size_t node_count() const noexcept { return rank_.size(); }
    /// Upward edges in all (each edge once, at its lower end).
    [[nodiscard]] std::size_t edge_count() const noexcept { return edges_.size(); }
    [[nodiscard]] std::size_t shortcut_count() const noexcept { return shortcuts_; }
    [[nodiscard]] double build_ms() const noexcept { return build_ms_; }
    [[nodiscard]] std::size_t memory_bytes() const noexcept;
    /// Subgoal `k`'s cell (the graph keeps padded cell ids; the searches aim with cells).
    [[nodiscard]] cell cell_of(std::uint32_t k) const noexcept { return cells_[k]; }
    /// The contraction order of subgoal `k` (0 first; the core's ranks come last).
    [[nodiscard]] std::uint32_t rank(std::uint32_t k) const noexcept { return rank_[k]; }
    /// Subgoal `k`'s edges to subgoals of higher rank (a core subgoal's: to every core subgoal
    /// it links, whatever their ranks).
    [[nodiscard]] std::span<const subgoal_up_edge> up(std::uint32_t k) const noexcept {
        return {edges_.data() + first_[k], edges_.data() + first_[k + 1]};
    }
    /// Appends the subgoals of the graph path the edge from `from` to `e.to` stands for, after
    /// `from` and up to `e.to` (both directions: `reversed` walks from e.to to `from`, appending
    /// up to `from`). `e` is one of this hierarchy's edges (from `up(from)`): its halves are
    /// found by its position. False (and `out` incomplete) if it is not, or if the hierarchy is
    /// inconsistent. `stack` is the caller's scratch (a query keeps one, so unpacking allocates
    /// nothing).
    struct unpack_piece {
        std::uint32_t a;
        std::uint32_t b;
        std::uint32_t edge; ///< the index of the edge between a and b
    };
    [[nodiscard]] bool unpack(std::uint32_t from, const subgoal_up_edge& e, bool reversed,
                              std::vector<std::uint32_t>& out,
                              std::vector<unpack_piece>& stack) const;
    /// The same with a stack of its own.
    [[nodiscard]] bool unpack(std::uint32_t from, const subgoal_up_edge& e, bool reversed,
                              std::vector<std::uint32_t>& out) const {
        std::vector<unpack_piece> stack;
        return unpack(from, e, reversed, out, stack);
    }

  private:
    /// The upward edge from `low` to `high` (rank(low) < rank(high)), or null; it exists for
    /// every pair a shortcut was made over.
    [[nodiscard]] const subgoal_up_edge* edge(std::uint32_t low, std::uint32_t high) const;
    /// Fills halves_ from the edges (after build or load, whose checks found every half).
    void index_halves();

    std::shared_ptr<const subgoal_graph> graph_;
    grid::step_costs costs_ = grid::step_costs::exact;
    std::vector<cell> cells_; ///< per subgoal, derived from the graph (not in the file)
    std::vector<std::uint32_t> rank_;
    std::vector<std::uint32_t> first_; ///< CSR over edges_, per subgoal
    std::vector<subgoal_up_edge> edges_;
    /// Per edge, the indices of its two halves at its middle subgoal (to its lower end, then to
    /// e.to), none for a link: unpacking then follows indices instead of searching the middle
    /// subgoal's edge list for each half. Derived from edges_, not in the file.
    std::vector<std::uint32_t> halves_;
    std::size_t shortcuts_ = 0;
    std::size_t core_ = 0;
    double build_ms_ = 0;
    std::string problem_;
    bool stopped_ = false;
};

} // namespace xunlu::jps
