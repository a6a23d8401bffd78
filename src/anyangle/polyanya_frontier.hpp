// What the two Polyanya searches (over the rectangle mesh and over the convex mesh) share: the
// node pool and OPEN, where a lone successor is expanded at once; the loop with its budget,
// memory cap and root pruning; the trace; and the answer rebuilt from the chain of roots.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/half_point.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/result_builder.hpp"

namespace xunlu::anyangle::detail {

inline constexpr std::uint32_t no_polyanya_node = std::numeric_limits<std::uint32_t>::max();

/// `Node` has `g` (the path length to its root), `goal` (non-zero: the goal is reached
/// through it) and `parent` (the node its root was reached through, or no_polyanya_node);
/// `Entry` has `f`, `g` and `id`; `CellOf(node)` is the cell a trace shows the node at.
template <class Node, class Entry, class CellOf> class polyanya_frontier {
  public:
    polyanya_frontier(std::vector<Node>& nodes, std::vector<Entry>& open,
                      std::vector<Entry>& successors, search::search_result& out,
                      const search::search_request& request, CellOf cell_of)
        : nodes_(nodes), open_(open), successors_(successors), out_(out), request_(request),
          trace_(request.record_trace), cell_of_(cell_of) {
        nodes_.clear();
        open_.clear();
        successors_.clear();
    }

    /// A new node with its f, among the successors of the expansion under way.
    void push(const Node& n, double f) {
        const auto id = static_cast<std::uint32_t>(nodes_.size());
        nodes_.push_back(n);
        successors_.push_back({f, n.g, id});
        ++out_.stats.generated;
        if (trace_) out_.trace.events.push_back({cell_of_(n), search::node_event::opened});
    }

    /// The successors so far into OPEN.
    void open_successors() {
        for (const Entry& e : successors_) {
            open_.push_back(e);
            std::push_heap(open_.begin(), open_.end(), later);
        }
        out_.stats.heap_pushes += successors_.size();
        successors_.clear();
        out_.stats.peak_open = std::max<std::uint64_t>(out_.stats.peak_open, open_.size());
    }

    /// Takes nodes from OPEN (smaller f first, then larger g) until a goal node, an empty
    /// OPEN, the budget (nodes, deadline, cancel flag) or the memory cap. A node whose root was
    /// reached cheaper since (`pruned(node)`) is dropped; the others go to `expand(node, id)`,
    /// then their successor while there is exactly one (a corridor: the order does not matter
    /// for optimality, as goals still wait in OPEN). `root_of(node)` is the node's root; the
    /// expanded node whose root is nearest `goal` is kept for partial answers.
    template <class Pruned, class RootOf, class Expand>
    void run(point goal, double start_h, Pruned pruned, RootOf root_of, Expand expand) {
        search::search_stats& stats = out_.stats;
        open_successors();
        ++stats.expanded; // the start
        best_h_ = start_h;
        const std::size_t cap = request_.max_memory_bytes;
        any_angle_budget budget(request_);
        while (!open_.empty()) {
            if (budget.spent(stats.expanded)) {
                phase_ = search::search_phase::out_of_budget;
                break;
            }
            if (cap != 0 && node_bytes() > cap) {
                phase_ = search::search_phase::out_of_memory;
                break;
            }
            std::pop_heap(open_.begin(), open_.end(), later);
            const std::uint32_t id = open_.back().id;
            open_.pop_back();
            const Node n = nodes_[id]; // a copy: pushes below may move the pool
            if (n.goal != 0) {
                phase_ = search::search_phase::found;
                found_ = id;
                break;
            }
            if (pruned(n)) continue;
            for (std::uint32_t next = id;;) {
                const Node m = nodes_[next];
                ++stats.expanded;
                if (trace_) {
                    const cell c = cell_of_(m);
                    out_.trace.events.push_back({c, search::node_event::closed});
                    out_.trace.expanded.push_back(c);
                }
                const point r = root_of(m);
                const double dx = goal.x - r.x;
                const double dy = goal.y - r.y;
                if (const double hr = std::sqrt(dx * dx + dy * dy); hr < best_h_) {
                    best_h_ = hr;
                    best_ = next;
                }
                expand(m, next);
                if (successors_.size() != 1 || nodes_[successors_[0].id].goal != 0 ||
                    (request_.max_expansions != 0 && stats.expanded >= request_.max_expansions)) {
                    break;
                }
                next = successors_[0].id;
                successors_.clear();
            }
            open_successors();
        }
    }

    /// The answer after run(): the outcome and its reason, the memory (with `other_bytes`
    /// the search also held), OPEN in the trace, and the path: the goal (when found), each
    /// node's root back along the chain, skipping repeats, then the start.
    template <class RootOf>
    void finish(const grid::grid_map& map, std::string_view algorithm, half_point start,
                half_point goal, std::size_t other_bytes, RootOf root_of) {
        out_.stats.memory_bytes = node_bytes() + other_bytes;
        if (trace_) {
            for (const Entry& e : open_) out_.trace.open.push_back(cell_of_(nodes_[e.id]));
        }
        search::describe_outcome(out_, phase_, request_, out_.stats,
                                 phase_ == search::search_phase::out_of_memory
                                     ? std::string(algorithm) + ": node memory over the cap of " +
                                           std::to_string(request_.max_memory_bytes) + " bytes"
                                     : std::string{});
        if (phase_ == search::search_phase::exhausted_open ||
            phase_ == search::search_phase::out_of_memory) {
            return;
        }
        const std::uint32_t last = phase_ == search::search_phase::found ? found_ : best_;
        if (last == no_polyanya_node) return;
        std::vector<half_point> polyline;
        if (phase_ == search::search_phase::found) polyline.push_back(goal);
        for (std::uint32_t id = last; id != no_polyanya_node; id = nodes_[id].parent) {
            const point r = root_of(nodes_[id]);
            const half_point p{static_cast<std::int32_t>(std::lround(2 * r.x)),
                               static_cast<std::int32_t>(std::lround(2 * r.y))};
            if (polyline.empty() || polyline.back() != p) polyline.push_back(p);
        }
        if (polyline.back() != start) polyline.push_back(start);
        std::reverse(polyline.begin(), polyline.end());
        fill_any_angle_answer(map, polyline, request_.mask(), algorithm, out_);
    }

  private:
    /// OPEN's order as a function object, so the heap's comparisons are inlined.
    struct later_than {
        bool operator()(const Entry& a, const Entry& b) const noexcept {
            return a.f > b.f || (a.f == b.f && a.g < b.g);
        }
    };
    static constexpr later_than later{};
    [[nodiscard]] std::size_t node_bytes() const noexcept {
        return nodes_.capacity() * sizeof(Node) + open_.capacity() * sizeof(Entry);
    }

    std::vector<Node>& nodes_;
    std::vector<Entry>& open_;
    std::vector<Entry>& successors_;
    search::search_result& out_;
    const search::search_request& request_;
    bool trace_;
    CellOf cell_of_;
    search::search_phase phase_ = search::search_phase::exhausted_open;
    std::uint32_t found_ = no_polyanya_node;
    std::uint32_t best_ = no_polyanya_node; ///< the expanded node whose root is nearest the goal
    double best_h_ = 0;
};

} // namespace xunlu::anyangle::detail
