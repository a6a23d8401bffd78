// The one best-first search template (A*, Dijkstra, JPS, ...): a stepping state machine
// composed from an expander, a heuristic, a goal rule and an observer.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <optional>
#include <string>
#include <type_traits>

#include "xunlu/search/node_store.hpp"
#include "xunlu/search/open_list.hpp"
#include "xunlu/search/search_observer.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::search {

/// Whether heuristic `H` is consistent (the default) or only admissible (it says
/// `static constexpr bool consistent = false;`).
template <class H> inline constexpr bool consistent_heuristic = true;
template <class H>
requires requires {
    H::consistent;
}
inline constexpr bool consistent_heuristic<H> = H::consistent;

/// Where a search stands. `running` until a step ends it.
enum class search_phase : std::uint8_t {
    idle,           ///< nothing started
    running,        ///< started, more steps needed
    found,          ///< the goal rule accepted an expanded node (end_id())
    exhausted_open, ///< OPEN ran empty: no path
    out_of_budget,  ///< max_expansions or the deadline ran out (partial path to end_id())
    out_of_memory,  ///< the memory cap was reached or an allocation failed (failure())
    invalid,        ///< the caller rejected the request before starting
};

/// Limits of one search: node budget, deadline, memory cap and the store choice.
struct search_limits {
    std::uint64_t max_expansions = 0;                              ///< expansions, 0 = unlimited
    std::optional<std::chrono::steady_clock::time_point> deadline; ///< checked every 256
    /// Optional cancellation flag (e.g. set when a network client goes away), read with
    /// relaxed order every 256 expansions like the deadline; set = stop as out_of_budget.
    const std::atomic<bool>* cancel = nullptr;
    std::size_t max_memory_bytes = 0;              ///< node store + OPEN, bytes; 0 = no cap
    std::size_t dense_limit = default_dense_limit; ///< larger id spaces use the paged store
    /// Ids per row when ids are laid out in rows (grid searches: the padded map's stride, or
    /// stride x states per cell); the paged store then pages by square tiles. 0 = no rows.
    std::size_t row_ids = 0;
};

/// Best-first search over node ids [0, id_count) with per-node records of type `Parent`.
///
/// How to write an expander (a plain struct, passed to `step`; everything is inlined):
/// ```
/// struct my_expander {
///     using position = ...;                       // what the heuristic/goal look at
///     position position_of(std::uint32_t id) const;
///     template <class Emit>
///     void expand(std::uint32_t id, const position& at, const Parent& how, Emit&& emit) const;
/// };
/// ```
/// `expand` calls `emit(target_id, step_cost, parent_record, position_of_target)` for each
/// successor, where `position_of_target` is a nullary functor returning the target's position
/// (called only for newly reached nodes, so its cost is not paid for the others); `how` is the
/// record the node was reached with (the `root` record for the start). The parent record is
/// whatever the expander needs to rebuild the path and to prune (A*: the direction byte; JPS: the
/// parent id and the direction of arrival). The heuristic is a functor `double(const position&)`,
/// consistent (then the fast stack is valid when enabled) unless it says
/// `static constexpr bool consistent = false;` (admissible only: then a closed node reached by a
/// cheaper path is opened again, which keeps answers optimal; never with the fast stack); the
/// goal rule `bool(std::uint32_t id, const position&)` decides when an expanded node ends the
/// search. The observer gets `on_open(id)` / `on_close(id)` (null_observer: nothing).
///
/// Use: `start(...)`, then `step(...)` until it returns true, then read phase(), end_id(),
/// node()/parent() along the chain, stats(). Never throws: allocation failures end the search
/// with phase out_of_memory. Not thread-safe; keep one per thread and reuse it.
template <class Parent> class best_first {
  public:
    using parent_record = Parent;

    /// Starts a search from `start_id` whose heuristic is `h0`. Returns false (phase
    /// out_of_memory) when the node store cannot be set up within the limits.
    template <class Observer = null_observer>
    bool start(std::size_t id_count, std::uint32_t start_id, const Parent& root, double h0,
               const search_limits& limits, Observer&& observer = {}) noexcept {
        limits_ = limits;
        stats_ = {};
        failure_.clear();
        best_ = start_id;
        best_h_ = h0;
        const std::size_t cap = limits.max_memory_bytes;
        paged_mode_ = id_count > limits.dense_limit ||
                      (cap != 0 && dense_node_store<Parent>::bytes_for(id_count) > cap);
        try {
            if (paged_mode_) {
                dense_.release();
                dense_open_.release();
                paged_.prepare(id_count, cap, limits.row_ids);
                paged_open_.reset(paged_slot{&paged_});
                if (!seed(paged_.get_view(), paged_open_, start_id, root, h0)) return false;
            } else {
                paged_.release();
                paged_open_.release();
                dense_.prepare(id_count);
                auto view = dense_.get_view();
                dense_open_.reset(dense_slot{view.nodes});
                if (!seed(view, dense_open_, start_id, root, h0)) return false;
            }
        } catch (const std::bad_alloc&) {
            return fail("out of memory while preparing the search");
        }
        observer.on_open(start_id);
        stats_.heap_pushes = 1;
        stats_.peak_open = 1;
        stats_.memory_bytes = memory_bytes();
        phase_ = search_phase::running;
        return true;
    }

    /// Expands at most `budget` nodes (0 = no limit). Returns true once the search is over.
    /// `FastStack`: children with f equal to the parent's skip the heap (needs a consistent
    /// heuristic; changes only the order among equal-f nodes).
    template <bool FastStack, class Expander, class Heuristic, class Goal, class Observer>
    bool step(const Expander& expander, const Heuristic& h, const Goal& goal, Observer& observer,
              std::uint64_t budget) noexcept {
        if (phase_ != search_phase::running) return true;
        try {
            if (paged_mode_) {
                run<FastStack>(paged_.get_view(), paged_open_, expander, h, goal, observer, budget);
            } else {
                run<FastStack>(dense_.get_view(), dense_open_, expander, h, goal, observer, budget);
            }
        } catch (const std::bad_alloc&) {
            fail("out of memory after " + std::to_string(stats_.expanded) + " expansions");
        }
        stats_.memory_bytes = memory_bytes();
        return phase_ != search_phase::running;
    }

    /// Marks the search as rejected by the caller (phase invalid).
    void reject() noexcept { phase_ = search_phase::invalid; }
    /// Forgets the last search (phase idle).
    void reset() noexcept { phase_ = search_phase::idle; }

    [[nodiscard]] search_phase phase() const noexcept { return phase_; }
    /// The goal node (found) or the expanded node with the smallest heuristic (otherwise).
    [[nodiscard]] std::uint32_t end_id() const noexcept { return best_; }
    [[nodiscard]] const search_stats& stats() const noexcept { return stats_; }
    [[nodiscard]] const search_limits& limits() const noexcept { return limits_; }
    /// Why the search ran out of memory (phase out_of_memory).
    [[nodiscard]] const std::string& failure() const noexcept { return failure_; }
    [[nodiscard]] bool paged() const noexcept { return paged_mode_; }

    /// The node of `id` if the last search touched it, else nullptr.
    [[nodiscard]] const search_node* node(std::uint32_t id) const noexcept {
        return paged_mode_ ? paged_.find(id) : dense_.find(id);
    }
    /// Whether the last search expanded `id`.
    [[nodiscard]] bool closed(std::uint32_t id) const noexcept {
        const search_node* n = node(id);
        return n != nullptr && n->heap_slot == closed_slot;
    }
    /// Parent record of a touched node (precondition: node(id) != nullptr).
    [[nodiscard]] const Parent& parent(std::uint32_t id) const noexcept {
        return paged_mode_ ? paged_.parent(id) : dense_.parent(id);
    }
    /// Bytes held now: node stores and OPEN.
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return dense_.memory_bytes() + paged_.memory_bytes() + dense_open_.memory_bytes() +
               paged_open_.memory_bytes();
    }

  private:
    struct dense_slot {
        search_node* nodes = nullptr;
        std::uint32_t& operator()(std::uint32_t id) const noexcept { return nodes[id].heap_slot; }
    };
    struct paged_slot {
        paged_node_store<Parent>* store = nullptr;
        std::uint32_t& operator()(std::uint32_t id) const noexcept {
            return store->at(id).heap_slot;
        }
    };

    bool fail(std::string why) noexcept {
        phase_ = search_phase::out_of_memory;
        try {
            failure_ = std::move(why);
        } catch (...) {
            failure_.clear();
        }
        return false;
    }

    template <class View, class Open>
    bool seed(const View& view, Open& open, std::uint32_t start_id, const Parent& root, double h0) {
        search_node& s = view.at(start_id);
        if (view.failed()) return fail(cap_text(0));
        s = search_node{0.0, no_slot, generation()};
        view.parent(start_id) = root;
        open.heap().push({h0, 0.0f}, start_id);
        return true;
    }

    [[nodiscard]] std::uint32_t generation() const noexcept {
        return paged_mode_ ? paged_.generation() : dense_.generation();
    }

    [[nodiscard]] std::string cap_text(std::uint64_t expanded) const {
        // Without a cap the only way here is a failed allocation: say so, not "a cap of 0".
        if (limits_.max_memory_bytes == 0) {
            return "out of memory after " + std::to_string(expanded) +
                   " expansions (an allocation of the search's node store failed)";
        }
        return "search memory cap of " + std::to_string(limits_.max_memory_bytes) +
               " bytes reached after " + std::to_string(expanded) + " expansions";
    }

    /// The deadline and memory checks, every 256 expansions. True = stop (phase set).
    [[gnu::noinline]] bool over_limits(std::uint64_t expanded) {
        if (limits_.max_memory_bytes != 0 && memory_bytes() > limits_.max_memory_bytes) {
            fail(cap_text(expanded));
            return true;
        }
        if (limits_.deadline && std::chrono::steady_clock::now() >= *limits_.deadline) {
            phase_ = search_phase::out_of_budget;
            return true;
        }
        if (limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed)) {
            phase_ = search_phase::out_of_budget;
            return true;
        }
        return false;
    }

    /// The expansion loop. Searches without an observer run it flattened: the heap, the
    /// expander and the emit step must inline into it (the compiler's size limits would
    /// otherwise keep them as calls). Traced searches (the visualizer's) run it as written:
    /// flattening every observer's copy too doubled the compile time of each JPS variant.
    template <bool FastStack, class View, class Open, class Expander, class Heuristic, class Goal,
              class Observer>
    void run(const View view, Open& open, const Expander& expander, const Heuristic& h,
             const Goal& goal, Observer& observer, std::uint64_t budget) {
        if constexpr (std::is_same_v<Observer, null_observer>) {
            run_flat<FastStack>(view, open, expander, h, goal, observer, budget);
        } else {
            loop<FastStack>(view, open, expander, h, goal, observer, budget);
        }
    }
    /// Never inlined into its caller: where a caller holds just this one loop (the JPS variants'
    /// step functions, compiled one per file), GCC would inline it there and allocate registers
    /// worse (2-3 % more instructions per query for jps-online, measured with callgrind).
    template <bool FastStack, class View, class Open, class Expander, class Heuristic, class Goal,
              class Observer>
    [[gnu::flatten, gnu::noinline]] void
    run_flat(const View view, Open& open, const Expander& expander, const Heuristic& h,
             const Goal& goal, Observer& observer, std::uint64_t budget) {
        loop<FastStack>(view, open, expander, h, goal, observer, budget);
    }
    template <bool FastStack, class View, class Open, class Expander, class Heuristic, class Goal,
              class Observer>
    void loop(const View view, Open& open, const Expander& expander_in, const Heuristic& h_in,
              const Goal& goal_in, Observer& observer, std::uint64_t budget) {
        // Local copies of the policies: their fields cannot alias the node writes, so they
        // stay in registers (through the references they would be reloaded after each store).
        const Expander expander = expander_in;
        const Heuristic h = h_in;
        const Goal goal = goal_in;
        const std::uint32_t gen = generation();
        // Counters live in a local copy (registers) and are written back on every exit: stores
        // through `this` would otherwise be reloaded after each node write.
        search_stats st = stats_;
        struct write_back {
            search_stats& to;
            const search_stats& from;
            ~write_back() { to = from; }
        } const keep{stats_, st};
        const std::uint64_t stop_at =
            budget == 0 ? std::numeric_limits<std::uint64_t>::max() : st.expanded + budget;
        const std::uint64_t total_budget = limits_.max_expansions;
        const bool periodic = limits_.deadline.has_value() || limits_.max_memory_bytes != 0 ||
                              limits_.cancel != nullptr;
        auto& heap = open.heap();
        auto& fast = open.fast();

        while (!fast.empty() || !heap.empty()) {
            if (st.expanded >= stop_at) {
                return; // paused: the caller steps again later
            }
            if (total_budget != 0 && st.expanded >= total_budget) {
                phase_ = search_phase::out_of_budget;
                return;
            }
            if (periodic && (st.expanded & 255u) == 0 && st.expanded != 0 &&
                over_limits(st.expanded)) {
                return;
            }
            std::uint32_t cur;
            if constexpr (FastStack) {
                if (!fast.empty()) {
                    cur = fast.back();
                    fast.pop_back();
                } else {
                    cur = heap.pop().id;
                }
            } else {
                cur = heap.pop().id;
            }
            search_node& cn = view.at(cur);
            cn.heap_slot = closed_slot;
            ++st.expanded;
            observer.on_close(cur);
            const auto at = expander.position_of(cur);
            if (goal(cur, at)) {
                best_ = cur;
                phase_ = search_phase::found;
                return;
            }
            const double g = cn.g;
            const double hcur = h(at);
            const double fcur = g + hcur;
            if (hcur < best_h_) {
                best_h_ = hcur;
                best_ = cur;
            }
            expander.expand(
                cur, at, view.parent(cur),
                [&](std::uint32_t nb, double step_cost, const Parent& how, const auto& nb_at) {
                    ++st.generated;
                    search_node& nn = view.at(nb);
                    if (nn.stamp != gen) {
                        nn.stamp = gen;
                        nn.g = g + step_cost;
                        view.parent(nb) = how;
                        const double fn = nn.g + h(nb_at());
                        observer.on_open(nb);
                        if (FastStack && fn <= fcur) {
                            nn.heap_slot = fast_slot;
                            fast.push_back(nb);
                        } else {
                            heap.push({fn, static_cast<float>(nn.g)}, nb);
                            ++st.heap_pushes;
                        }
                        return;
                    }
                    if constexpr (!consistent_heuristic<Heuristic>) {
                        // An admissible but inconsistent heuristic can close a node before
                        // its cheapest path is known: open it again when one shows up.
                        static_assert(!FastStack, "the fast stack needs a consistent heuristic");
                        if (nn.heap_slot == closed_slot) {
                            const double rg = g + step_cost;
                            if (rg < nn.g) {
                                nn.g = rg;
                                view.parent(nb) = how;
                                heap.push({rg + h(nb_at()), static_cast<float>(rg)}, nb);
                                ++st.heap_pushes;
                                ++st.reopened;
                            }
                            return;
                        }
                    }
                    // Closed, or waiting on the fast stack (then its f is minimal
                    // and cannot improve).
                    if (nn.heap_slot >= fast_slot) return;
                    const double ng = g + step_cost;
                    if (ng < nn.g) {
                        const double hn = heap.items()[nn.heap_slot].f - nn.g;
                        nn.g = ng;
                        view.parent(nb) = how;
                        heap.decrease(nn.heap_slot, {ng + hn, static_cast<float>(ng)});
                        ++st.decrease_keys;
                    }
                });
            st.peak_open = std::max<std::uint64_t>(st.peak_open, heap.size() + fast.size());
            if constexpr (View::can_fail) {
                if (view.failed()) [[unlikely]] {
                    fail(cap_text(st.expanded));
                    return;
                }
            }
        }
        phase_ = search_phase::exhausted_open;
    }

    dense_node_store<Parent> dense_;
    paged_node_store<Parent> paged_;
    open_list<dense_slot> dense_open_;
    open_list<paged_slot> paged_open_;
    search_limits limits_{};
    search_stats stats_{};
    std::string failure_;
    std::uint32_t best_ = no_id;
    double best_h_ = 0;
    search_phase phase_ = search_phase::idle;
    bool paged_mode_ = false;
};

} // namespace xunlu::search
