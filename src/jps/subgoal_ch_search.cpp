// Queries over the subgoal hierarchy: linking, the bidirectional upward search, unpacking and
// the cells of each link.
#include "xunlu/jps/subgoal_ch_search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <span>
#include <string>
#include <vector>

#include "jump_engine.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/request_check.hpp"
#include "xunlu/search/result_builder.hpp"

namespace xunlu::jps {

namespace {

constexpr std::string_view algorithm = "subgoal-ch";
constexpr double inf = std::numeric_limits<double>::infinity();
/// Lengths are sums of the two step costs: a bound within this of the best is as long (rounding).
constexpr double tie = 1e-9;
constexpr std::uint32_t none = subgoal_graph::none;

int sign(std::int32_t v) noexcept {
    return (v > 0) - (v < 0);
}

/// Writes the cells after `from` up to `to` along an octile path to `out` (max(|dx|, |dy|)
/// cells): diagonal moves first, then straight ones, or (`diagonal_first` false) the straight
/// moves first. Each step is checked on the padded flags (no corner cutting); false on a blocked
/// step. The map has a border of high obstacles, so neighbours need no bounds checks.
bool write_leg(const std::uint8_t* flags, std::uint8_t blocking, std::int32_t stride, cell from,
               cell to, bool diagonal_first, cell* out) {
    const std::int32_t dx = to.x - from.x;
    const std::int32_t dy = to.y - from.y;
    const std::int32_t sx = sign(dx);
    const std::int32_t sy = sign(dy);
    const std::int32_t diagonal = std::min(std::abs(dx), std::abs(dy));
    const std::int32_t straight = std::max(std::abs(dx), std::abs(dy)) - diagonal;
    const std::int32_t tx = std::abs(dx) > std::abs(dy) ? sx : 0;
    const std::int32_t ty = std::abs(dy) > std::abs(dx) ? sy : 0;
    const auto free = [&](cell c) {
        return (flags[static_cast<std::size_t>(c.y + 1) * static_cast<std::size_t>(stride) +
                      static_cast<std::size_t>(c.x + 1)] &
                blocking) == 0;
    };
    cell c = from;
    const auto diagonals = [&] {
        for (std::int32_t i = 0; i < diagonal; ++i) {
            if (!free({c.x + sx, c.y}) || !free({c.x, c.y + sy}) || !free({c.x + sx, c.y + sy})) {
                return false;
            }
            c = {c.x + sx, c.y + sy};
            *out++ = c;
        }
        return true;
    };
    const auto straights = [&] {
        for (std::int32_t i = 0; i < straight; ++i) {
            if (!free({c.x + tx, c.y + ty})) return false;
            c = {c.x + tx, c.y + ty};
            *out++ = c;
        }
        return true;
    };
    return diagonal_first ? diagonals() && straights() : straights() && diagonals();
}

/// Fills `out`'s path, cost and length with the cells of the legs between consecutive
/// `corners`: diagonal moves first, except the last leg when `last_straight_first` (a goal's
/// link, found by the goal's own diagonal-first scan); the other order is tried when a step is
/// blocked. The step counts come first: one allocation, and the length and cost from whole
/// numbers of straight and diagonal steps (cell-by-cell checks and sums were over half of a
/// maze query). False when a leg is blocked both ways.
bool fill_legs(const grid::grid_map& map, grid::obstacle_mask mask, std::span<const cell> corners,
               bool last_straight_first, const grid::movement_rules& rules,
               search::search_result& out) {
    std::int64_t straight = 0;
    std::int64_t diagonal = 0;
    for (std::size_t i = 1; i < corners.size(); ++i) {
        const std::int64_t dx = std::abs(std::int64_t{corners[i].x} - corners[i - 1].x);
        const std::int64_t dy = std::abs(std::int64_t{corners[i].y} - corners[i - 1].y);
        diagonal += std::min(dx, dy);
        straight += std::max(dx, dy) - std::min(dx, dy);
    }
    out.path.resize(static_cast<std::size_t>(1 + straight + diagonal));
    out.path.front() = corners.front();
    const std::uint8_t* flags = map.padded_flags();
    const auto blocking = static_cast<std::uint8_t>(mask);
    cell* at = out.path.data() + 1;
    for (std::size_t i = 1; i < corners.size(); ++i) {
        const cell from = corners[i - 1];
        const cell to = corners[i];
        const bool diagonal_first = !(last_straight_first && i + 1 == corners.size());
        if (!write_leg(flags, blocking, map.stride(), from, to, diagonal_first, at) &&
            !write_leg(flags, blocking, map.stride(), from, to, !diagonal_first, at)) {
            return false;
        }
        at += std::max(std::abs(to.x - from.x), std::abs(to.y - from.y));
    }
    out.cost = static_cast<double>(straight) * rules.straight_cost() +
               static_cast<double>(diagonal) * rules.diagonal_cost();
    out.length =
        static_cast<double>(straight) + static_cast<double>(diagonal) * std::numbers::sqrt2;
    return true;
}

} // namespace

struct subgoal_ch_search::impl {
    build_progress progress;
    std::shared_ptr<const subgoal_hierarchy> hierarchy;

    /// One search direction's labels over the subgoals (stamped per query).
    struct side {
        /// A subgoal's label, one record so that a look-up touches one cache line.
        struct label {
            double dist = inf;
            std::uint32_t stamp = 0;
            std::uint32_t parent = none; ///< previous subgoal, or none (a seed)
        };
        std::vector<label> labels;
        std::vector<const subgoal_up_edge*> via; ///< the upward edge from parent
        /// A queued label: `key` is the distance plus the octile distance to the other end.
        struct entry {
            double key;
            double d;
            std::uint32_t k;
            bool operator>(const entry& o) const noexcept { return key > o.key; }
        };
        std::vector<entry> heap; ///< min-heap on key
        std::uint32_t generation = 0;

        void prepare(std::size_t n) {
            if (labels.size() < n) {
                labels.resize(n);
                via.resize(n, nullptr);
            }
            if (++generation == 0) {
                for (label& l : labels) l.stamp = 0;
                generation = 1;
            }
            heap.clear();
        }
        [[nodiscard]] double at(std::uint32_t k) const noexcept {
            const label& l = labels[k];
            return l.stamp == generation ? l.dist : inf;
        }
        [[nodiscard]] std::uint32_t parent(std::uint32_t k) const noexcept {
            return labels[k].parent;
        }
        /// Lowers k's label; false when it was no better.
        bool reach(std::uint32_t k, double d, double h, std::uint32_t from,
                   const subgoal_up_edge* e) {
            label& l = labels[k];
            if (l.stamp == generation && d >= l.dist) return false;
            l = {d, generation, from};
            via[k] = e;
            heap.push_back({d + h, d, k});
            std::push_heap(heap.begin(), heap.end(), std::greater<>());
            return true;
        }
        [[nodiscard]] double top() const noexcept { return heap.empty() ? inf : heap.front().key; }
        [[nodiscard]] std::size_t bytes() const noexcept {
            return labels.capacity() * sizeof(label) + via.capacity() * sizeof(void*) +
                   heap.capacity() * sizeof(entry);
        }
    };
    side forward;
    side backward;
    std::vector<std::uint32_t> links;    ///< padded cell ids from the direct-h-reachable scan
    std::vector<std::uint32_t> subgoals; ///< the unpacked subgoal path
    std::vector<subgoal_hierarchy::unpack_piece> unpacking; ///< unpack's stack
    std::vector<std::uint32_t> chain;
    std::vector<cell> corners; ///< start, the subgoals, the goal: the legs' ends
};

subgoal_ch_search::subgoal_ch_search() : impl_(std::make_unique<impl>()) {}
subgoal_ch_search::subgoal_ch_search(subgoal_ch_search&&) noexcept = default;
subgoal_ch_search& subgoal_ch_search::operator=(subgoal_ch_search&&) noexcept = default;
subgoal_ch_search::~subgoal_ch_search() = default;

void subgoal_ch_search::set_progress(build_progress progress) {
    impl_->progress = std::move(progress);
}

void subgoal_ch_search::use_hierarchy(const grid::grid_map& map, subgoal_hierarchy hierarchy) {
    grid::movement_rules rules{};
    rules.costs = hierarchy.costs();
    const std::uint64_t key = subgoal_hierarchy::cache_key(hierarchy.graph().mask(), rules);
    map.derived().get_or_build<subgoal_hierarchy>(key, [&] { return std::move(hierarchy); });
}

const subgoal_hierarchy* subgoal_ch_search::hierarchy() const noexcept {
    return impl_->hierarchy.get();
}

std::size_t subgoal_ch_search::memory_bytes() const noexcept {
    return impl_->forward.bytes() + impl_->backward.bytes() +
           impl_->unpacking.capacity() * sizeof(subgoal_hierarchy::unpack_piece) +
           (impl_->links.capacity() + impl_->subgoals.capacity() + impl_->chain.capacity()) *
               sizeof(std::uint32_t);
}

search::search_result subgoal_ch_search::find_path(const grid::grid_map& map,
                                                   const search::search_request& request) {
    search::search_result out;
    if (auto bad = search::request_problem(map, request)) {
        out.reason = std::move(*bad);
        return out;
    }
    if (request.rules.moves != grid::connectivity::eight ||
        request.rules.corners != grid::corner_rule::no_cut) {
        out.reason = std::string(algorithm) + ": rule " +
                     std::string(grid::movement_rules_name(request.rules)) +
                     " is not supported (subgoal graphs are built for 8-connected moves without "
                     "corner cutting; use --algo jps)";
        return out;
    }
    if (std::int64_t{map.width()} * map.height() > subgoal_graph::max_cells ||
        map.width() > subgoal_graph::max_side || map.height() > subgoal_graph::max_side) {
        out.reason = std::string(algorithm) + ": the map is " + std::to_string(map.width()) +
                     " x " + std::to_string(map.height()) +
                     "; subgoal graphs are built for at most " +
                     std::to_string(subgoal_graph::max_cells) + " cells and " +
                     std::to_string(subgoal_graph::max_side) + " cells per side";
        return out;
    }
    const auto why = search::astar_fallback_reason(map, request, "the subgoal graph");
    const auto fall_back = [&](const std::string& note) {
        search::search_result r = search::find_path_astar(map, request);
        r.reason = r.reason.empty() ? note : note + "; " + r.reason;
        return r;
    };
    if (why) return fall_back(std::string(algorithm) + " fell back to A*: " + *why);

    impl& s = *impl_;
    const grid::obstacle_mask mask = request.mask();
    const cell start = request.start;
    const cell goal = request.goal;
    if (start == goal) {
        out.status = search::search_status::found;
        out.path = {start};
        out.stats.expanded = 1;
        out.stats.heap_pushes = 1;
        out.stats.peak_open = 1;
        return out;
    }
    // An installed hierarchy (use_hierarchy) brings its own graph; else both are built.
    const std::uint64_t key = subgoal_hierarchy::cache_key(mask, request.rules);
    s.hierarchy = map.derived().find<subgoal_hierarchy>(key);
    if (!s.hierarchy) {
        auto graph =
            map.derived().get_or_build<subgoal_graph>(static_cast<std::uint64_t>(mask), [&] {
                return subgoal_graph::build(map, mask, s.progress);
            });
        s.hierarchy = map.derived().get_or_build<subgoal_hierarchy>(key, [&] {
            return subgoal_hierarchy::build(
                graph, request.rules, s.progress, 128, subgoal_hierarchy::max_edges,
                subgoal_hierarchy::default_core_degree, request.preprocess);
        });
    }
    const subgoal_hierarchy& h = *s.hierarchy;
    if (h.stopped()) { // over the caller's build budget: said, not searched another way
        out.status = search::search_status::resource_exhausted;
        out.reason = h.problem();
        return out;
    }
    if (!h.problem().empty()) {
        return fall_back(std::string(algorithm) + " fell back to A*: " + h.problem());
    }
    const subgoal_graph& g = h.graph();
    out.stats.preprocessing_bytes = g.memory_bytes() + h.memory_bytes();
    const std::size_t n = h.node_count();
    const double straight = request.rules.straight_cost();
    const double diagonal = request.rules.diagonal_cost();
    const auto octile = [&](cell a, cell b) {
        const std::int32_t dx = std::abs(a.x - b.x);
        const std::int32_t dy = std::abs(a.y - b.y);
        return straight * std::abs(dx - dy) + diagonal * std::min(dx, dy);
    };
    const auto cell_of_subgoal = [&h](std::uint32_t k) { return h.cell_of(k); };
    const auto finish_stats = [&] { out.stats.memory_bytes = memory_bytes(); };

    // Goal in a straight (octile) line from the start: nothing is shorter.
    s.links.clear();
    const auto goal_id = static_cast<std::uint32_t>(map.index(goal));
    if (g.reachable_from(map.padded_flags(), start, goal_id, s.links)) {
        const std::array<cell, 2> line{start, goal};
        if (fill_legs(map, mask, line, false, request.rules, out)) {
            out.status = search::search_status::found;
            out.stats.expanded = 1; // the start: its scan found the goal
            out.stats.heap_pushes = 1;
            out.stats.peak_open = 1;
            finish_stats();
            return out;
        }
        out.path.clear(); // not walkable after all: search
    }
    if (request.max_memory_bytes != 0 && n * 2 * 40 > request.max_memory_bytes) {
        out.status = search::search_status::resource_exhausted;
        out.reason = std::string(algorithm) + ": the labels of " + std::to_string(n) +
                     " subgoals need more than the memory cap of " +
                     std::to_string(request.max_memory_bytes) + " bytes";
        finish_stats();
        return out;
    }
    impl::side& fw = s.forward;
    impl::side& bw = s.backward;
    fw.prepare(n);
    bw.prepare(n);
    const bool trace = request.record_trace;
    auto& stats = out.stats;
    double best = inf;
    std::uint32_t meet = none;
    // `scanned`: s.links holds `from`'s scan already (the start's, from the straight-line test
    // above, whose results do not depend on the cell it watches for).
    const auto seed = [&](impl::side& side, const impl::side& other, cell from, cell to,
                          bool scanned) {
        const std::uint32_t own = g.subgoal_at(static_cast<std::uint32_t>(map.index(from)));
        if (own != none) {
            s.links.assign(1, g.cell_id(own));
        } else if (!scanned) {
            s.links.clear();
            g.reachable_from(map.padded_flags(), from, none, s.links);
        }
        for (const std::uint32_t t : s.links) {
            const std::uint32_t k = g.subgoal_at(t);
            const double d = octile(from, map.cell_of(t));
            if (!side.reach(k, d, octile(map.cell_of(t), to), none, nullptr)) continue;
            ++stats.generated;
            if (trace) out.trace.events.push_back({map.cell_of(t), search::node_event::opened});
            if (d + other.at(k) < best) {
                best = d + other.at(k);
                meet = k;
            }
        }
    };
    seed(fw, bw, start, goal, true);
    seed(bw, fw, goal, start, false);
    stats.heap_pushes = fw.heap.size() + bw.heap.size();

    // Both directions climb the hierarchy, each an A* towards the other end (the octile distance
    // is a consistent bound: a link is never shorter than its octile length); a label meeting the
    // other side's is a path. Done when neither queue holds a key below the best meeting: every
    // upward chain of a shorter path would still hold one.
    std::uint32_t nearest = none; // forward subgoal nearest the goal, for a partial answer
    double nearest_h = octile(start, goal);
    search::search_phase phase = search::search_phase::found;
    while (std::min(fw.top(), bw.top()) < best) {
        if (request.max_expansions != 0 && stats.expanded >= request.max_expansions) {
            phase = search::search_phase::out_of_budget;
            break;
        }
        if ((stats.expanded & 255u) == 255u) {
            if ((request.cancel != nullptr && request.cancel->load(std::memory_order_relaxed)) ||
                (request.deadline && std::chrono::steady_clock::now() >= *request.deadline)) {
                phase = search::search_phase::out_of_budget;
                break;
            }
        }
        const bool forward = fw.top() <= bw.top();
        impl::side& side = forward ? fw : bw;
        const impl::side& other = forward ? bw : fw;
        std::pop_heap(side.heap.begin(), side.heap.end(), std::greater<>());
        const auto [f, d, u] = side.heap.back();
        side.heap.pop_back();
        if (d > side.at(u)) continue; // a stale entry
        const cell end = forward ? goal : start;
        const double hu = f - d;
        // Stall on demand: a higher subgoal this side reached already is a shorter way to u,
        // so u's label is not a shortest distance and nothing above it is reached through it.
        bool stalled = false;
        for (const subgoal_up_edge& e : h.up(u)) {
            if (side.at(e.to) + e.cost < d) {
                stalled = true;
                break;
            }
        }
        if (stalled) continue;
        ++stats.expanded;
        if (trace) {
            const cell c = cell_of_subgoal(u);
            out.trace.events.push_back({c, search::node_event::closed});
            out.trace.expanded.push_back(c);
        }
        if (forward) {
            if (hu < nearest_h) {
                nearest_h = hu;
                nearest = u;
            }
        }
        for (const subgoal_up_edge& e : h.up(u)) {
            const double nd = d + e.cost;
            const double h_to = octile(cell_of_subgoal(e.to), end);
            if (nd + h_to > best + tie) continue; // no way through it beats the best meeting
            if (!side.reach(e.to, nd, h_to, u, &e)) continue;
            ++stats.generated;
            ++stats.heap_pushes;
            if (trace) {
                out.trace.events.push_back({cell_of_subgoal(e.to), search::node_event::opened});
            }
            if (nd + other.at(e.to) < best) {
                best = nd + other.at(e.to);
                meet = e.to;
            }
        }
        stats.peak_open = std::max<std::uint64_t>(stats.peak_open, fw.heap.size() + bw.heap.size());
    }
    if (trace) { // labels still queued (entries equal to their label) were never settled
        for (const impl::side* side : {&fw, &bw}) {
            for (const auto& [f, d, k] : side->heap) {
                if (d == side->at(k)) out.trace.open.push_back(cell_of_subgoal(k));
            }
        }
    }
    if (meet != none && stats.expanded == 0) {
        // The two scans met at a subgoal no queued key could beat: counted as the straight-line
        // answer is (the start: its scan found the way).
        stats.expanded = 1;
    }
    if (phase == search::search_phase::found && meet == none) {
        phase = search::search_phase::exhausted_open;
    }
    search::describe_outcome(out, phase, request, stats, {});
    if (phase == search::search_phase::exhausted_open) {
        finish_stats();
        return out;
    }
    // The subgoals: the forward chain up to `end`, then (found) the backward chain down.
    const std::uint32_t end = phase == search::search_phase::found ? meet : nearest;
    out.path = {start};
    if (end == none) { // stopped before the forward search settled anything
        finish_stats();
        return out;
    }
    s.chain.clear();
    for (std::uint32_t k = end; k != none; k = fw.parent(k)) s.chain.push_back(k);
    std::reverse(s.chain.begin(), s.chain.end());
    s.subgoals.assign(1, s.chain.front());
    bool consistent = true;
    for (std::size_t i = 1; i < s.chain.size(); ++i) {
        consistent = consistent &&
                     h.unpack(s.chain[i - 1], *fw.via[s.chain[i]], false, s.subgoals, s.unpacking);
    }
    if (phase == search::search_phase::found) {
        for (std::uint32_t k = meet; bw.parent(k) != none; k = bw.parent(k)) {
            consistent =
                consistent && h.unpack(bw.parent(k), *bw.via[k], true, s.subgoals, s.unpacking);
        }
    }
    // The cells: start to the first subgoal (found by the start's diagonal-first scan), link by
    // link (diagonal moves first), the last subgoal to the goal (the goal's scan reversed:
    // straight moves first).
    s.corners.assign(1, start);
    for (const std::uint32_t k : s.subgoals) s.corners.push_back(cell_of_subgoal(k));
    const bool found = phase == search::search_phase::found;
    if (found) s.corners.push_back(goal);
    consistent = consistent && fill_legs(map, mask, s.corners, found, request.rules, out);
    if (!consistent) {
        out = {};
        out.status = search::search_status::invalid_input;
        out.reason = std::string(algorithm) + ": internal error: the hierarchy's path from " +
                     search::cell_text(start) + " to " + search::cell_text(goal) +
                     " could not be turned into cells";
        finish_stats();
        return out;
    }
    finish_stats();
    return out;
}

} // namespace xunlu::jps
