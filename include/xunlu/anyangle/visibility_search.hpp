// Optimal any-angle paths on a grid: A* over the convex-corner visibility graph, with the start
// and goal centres linked to the corners they see. The answer is the exact shortest Euclidean
// path under anyangle::segment_is_free.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "xunlu/anyangle/corner_graph.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/indexed_heap.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::anyangle {

/// A reusable visibility-graph search (not thread-safe: one per thread; the graphs it reads are
/// shared). `find_path(map, request)` takes the map's graph from its derived cache, building it
/// on first use (corner_graph::build), so an edited map gets a new one.
///
/// Why it is optimal: a shortest path among polygonal obstacles bends only at obstacle vertices
/// where it wraps the obstacle, i.e. at convex corners with both segments tangent; every such
/// segment is an edge of the graph (or a start/goal link), and A* with the Euclidean heuristic
/// (consistent) returns the shortest path in the graph. Per query: the start and the goal are
/// linked to the corners they see (link_mode: by a shadowed sweep with one segment check per
/// candidate, or lazily, a candidate's segment checked only when A* would take it next), then
/// A* over the graph.
/// How a query links its start and goal centres to the corners they see.
enum class link_mode : std::uint8_t {
    /// A shadowed quadrant sweep with a budget of cells per corner; past it, lazy links.
    automatic,
    /// The sweep always, without a budget.
    sweep,
    /// Lazy links always: every corner tangent towards the point is a candidate, checked only
    /// when it is the cheapest thing left in the search.
    lazy,
};

class XUNLU_API visibility_search {
  public:
    explicit visibility_search(link_mode mode = link_mode::automatic) : mode_(mode) {}

    [[nodiscard]] search::search_result find_path(const grid::grid_map& map,
                                                  const search::search_request& request);
    /// The same over a graph built for `map` and `request.mask()`.
    [[nodiscard]] search::search_result find_path(const corner_graph& graph,
                                                  const grid::grid_map& map,
                                                  const search::search_request& request);

  private:
    /// A min-queue of lazy link candidates (f, corner), kept between queries so that pushes in
    /// the search loop reuse its storage.
    class link_queue {
      public:
        void clear() noexcept { items_.clear(); }
        [[nodiscard]] bool empty() const noexcept { return items_.empty(); }
        [[nodiscard]] double top_f() const noexcept { return items_.front().first; }
        [[nodiscard]] std::uint32_t top_id() const noexcept { return items_.front().second; }
        void push(double f, std::uint32_t id) {
            items_.emplace_back(f, id);
            std::push_heap(items_.begin(), items_.end(), std::greater<>{});
        }
        void pop() {
            std::pop_heap(items_.begin(), items_.end(), std::greater<>{});
            items_.pop_back();
        }

      private:
        std::vector<std::pair<double, std::uint32_t>> items_;
    };
    struct slot_of {
        std::uint32_t* slots = nullptr;
        std::uint32_t& operator()(std::uint32_t id) const noexcept { return slots[id]; }
    };
    void prepare(std::size_t nodes);
    /// Calls visit(corner index) for every convex corner the centre of `from` sees along a
    /// segment tangent at the corner, found by a sweep; false (nothing visited) when the mode is
    /// lazy or the sweep's budget ran out.
    template <class Visit>
    bool link_by_sweep(const corner_graph& graph, const grid::grid_map& map,
                       grid::obstacle_mask mask, cell from, Visit&& visit);

    link_mode mode_;

    std::vector<double> g_;
    std::vector<double> to_goal_; ///< length of the goal link, < 0 when there is none
    std::vector<std::uint32_t> parent_;
    std::vector<std::uint32_t> slot_;
    std::vector<std::uint32_t> stamp_;
    std::vector<std::uint8_t> closed_;
    std::uint32_t generation_ = 0;
    search::indexed_heap<slot_of> open_;
    std::vector<std::uint8_t> sweep_previous_; ///< scratch rows of the linking sweeps
    std::vector<std::uint8_t> sweep_current_;
    std::vector<std::uint32_t> linked_; ///< corners a linking sweep found
    link_queue start_links_;            ///< lazy start links
    link_queue goal_links_;             ///< lazy goal links
};

} // namespace xunlu::anyangle
