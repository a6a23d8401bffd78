// Hierarchical queries: link, abstract A*, refine, smooth (fast mode), with the request's
// budget, deadline, cancellation, memory cap and trace.
#include "xunlu/hierarchy/hpa_search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "abstract_landmarks.hpp"
#include "box_search.hpp"
#include "cluster_ranges.hpp"
#include "xunlu/hierarchy/dead_end_jps.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/landmark_ranges.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::hierarchy {

namespace {

constexpr std::uint32_t none = 0xffffffffu;
constexpr std::size_t page_bits = 12;     ///< 4096 abstract nodes per page
constexpr std::size_t lookahead = 6;      ///< fast mode: chain nodes a straight line may skip
constexpr std::size_t smooth_window = 64; ///< fast mode: turning points smoothing may skip

/// One abstract node's search record. `mark` is 2 * generation when reached in the current
/// query, 2 * generation + 1 once closed; older marks mean untouched.
struct node_record {
    double g = 0;
    std::uint32_t parent = none;
    std::uint32_t mark = 0;
};

detail::cell_box box_of(const cluster& k) {
    return {k.origin, k.width, k.height};
}

bool neighbours(cell a, cell b) {
    return std::abs(a.x - b.x) <= 1 && std::abs(a.y - b.y) <= 1;
}

} // namespace

struct hpa_search::impl {
    hpa_mode mode;
    std::int32_t cluster_size;
    std::optional<double> abstract_weight; ///< set_abstract_weight's; unset: by map size
    build_progress progress;
    detail::box_search box;
    std::vector<packed_steps> start_steps;
    std::vector<packed_steps> goal_steps;
    std::vector<double> goal_bounds; ///< the goal's distance from each landmark
    std::vector<std::unique_ptr<std::array<node_record, std::size_t{1} << page_bits>>> pages;
    std::size_t pages_held = 0;
    std::uint32_t generation = 0;
    struct entry {
        double f;
        double g;
        std::uint32_t id;
        std::uint32_t cluster; ///< the node's cluster (start and goal: theirs)
    };
    std::vector<entry> heap;
    std::vector<std::uint32_t> chain;
    std::vector<std::size_t> turns;    ///< smoothing: indices of the path's turning points
    std::vector<double> prefix;        ///< smoothing: path cost up to each cell
    std::vector<cell> smooth;          ///< smoothing: the new path
    std::vector<cell> raw;             ///< the refined path before smoothing
    dead_end_keep keep;                ///< exact mode: the dead-end areas the query needs
    std::optional<exact_search> exact; ///< set_exact_search's; unset: by map size
    dead_end_jps cells; ///< exact mode's search of the cells (jps-pruned on the dead-end core)

    node_record& record(std::uint32_t id) {
        const std::size_t p = id >> page_bits;
        if (pages[p] == nullptr) {
            pages[p] = std::make_unique<std::array<node_record, std::size_t{1} << page_bits>>();
            ++pages_held;
        }
        return (*pages[p])[id & ((std::size_t{1} << page_bits) - 1)];
    }
};

hpa_search::hpa_search(hpa_mode mode, std::int32_t cluster_size) : impl_(std::make_unique<impl>()) {
    impl_->mode = mode;
    impl_->cluster_size = cluster_size;
}
hpa_search::hpa_search(hpa_search&&) noexcept = default;
hpa_search& hpa_search::operator=(hpa_search&&) noexcept = default;
hpa_search::~hpa_search() = default;

void hpa_search::set_progress(build_progress progress) {
    impl_->progress = std::move(progress);
}

bool hpa_search::set_abstract_weight(double weight) noexcept {
    if (impl_->mode != hpa_mode::fast || !std::isfinite(weight) || weight < 1 || weight > 10) {
        return false;
    }
    impl_->abstract_weight = weight;
    return true;
}

double hpa_search::abstract_weight(const grid::grid_map& map) const noexcept {
    if (impl_->mode != hpa_mode::fast) return 1.0;
    if (impl_->abstract_weight) return *impl_->abstract_weight;
    return big_world(map) ? big_world_abstract_weight : fast_abstract_weight;
}

void hpa_search::set_exact_search(exact_search how) noexcept {
    impl_->exact = how;
}

exact_search hpa_search::exact_search_for(const grid::grid_map& map) const noexcept {
    if (impl_->exact) return *impl_->exact;
    (void)map; // every size: the cell search's node store pages by tiles where it goes
    return exact_search::cells;
}

hpa_mode hpa_search::mode() const noexcept {
    return impl_->mode;
}

std::size_t hpa_search::memory_bytes() const noexcept {
    return impl_->box.memory_bytes() + impl_->pages_held * (sizeof(node_record) << page_bits) +
           impl_->pages.capacity() * sizeof(void*) + impl_->heap.capacity() * sizeof(impl::entry) +
           (impl_->start_steps.capacity() + impl_->goal_steps.capacity()) * sizeof(packed_steps) +
           impl_->turns.capacity() * sizeof(std::size_t) +
           impl_->prefix.capacity() * sizeof(double) +
           (impl_->smooth.capacity() + impl_->raw.capacity()) * sizeof(cell) +
           impl_->goal_bounds.capacity() * sizeof(double) + impl_->keep.memory_bytes() +
           impl_->chain.capacity() * sizeof(std::uint32_t) + impl_->cells.memory_bytes();
}

std::string hpa_search::size_problem(const grid::grid_map& map) const {
    const std::int64_t cells = std::int64_t{map.width()} * map.height();
    if (impl_->mode == hpa_mode::exact && cells > max_exact_cells) {
        return "hpa-exact: the map has " + std::to_string(cells) +
               " cells, over the exact mode's limit of 2^24 (its graph makes every crossing "
               "cell a node: about 30 bytes per cell); use hpa (fast mode) on big worlds";
    }
    return {};
}

cluster_graph_options hpa_search::options_for(const grid::grid_map& map,
                                              const search::search_request& request) const {
    cluster_graph_options o;
    o.rules = request.rules;
    o.mask = request.mask();
    o.transitions = impl_->mode == hpa_mode::fast ? transition_policy::entrances
                                                  : transition_policy::every_crossing;
    o.cluster_size = impl_->cluster_size;
    if (o.cluster_size == 0) {
        o.cluster_size = impl_->mode == hpa_mode::fast ? 16 : 8;
        if (big_world(map)) o.cluster_size *= 2;
    }
    // Fast mode with clusters of 32 cells or more puts one transition in the middle of every
    // entrance: a sixth fewer abstract nodes on the big worlds, paths as short after smoothing
    // (docs/hierarchy.md). Smaller clusters keep HPA*'s two transitions on long entrances.
    if (impl_->mode == hpa_mode::fast && o.cluster_size >= 32) o.split_entrances_from = 0;
    return o;
}

std::shared_ptr<const cluster_graph> hpa_search::graph_for(const grid::grid_map& map,
                                                           const search::search_request& request) {
    const cluster_graph_options o = options_for(map, request);
    return map.derived().get_or_build<cluster_graph>(
        o.cache_key(), [&] { return cluster_graph::build(map, o, impl_->progress); },
        [&](const cluster_graph& old, std::span<const grid::cell_edit> edits) {
            return cluster_graph::repair(old, map, edits);
        });
}

search::search_result hpa_search::find_path(const grid::grid_map& map,
                                            const search::search_request& request) {
    const std::string_view algo = impl_->mode == hpa_mode::fast ? "hpa" : "hpa-exact";
    search::search_result out;
    if (auto bad = search::request_problem(map, request)) {
        out.reason = std::move(*bad);
        return out;
    }
    const cluster_graph_options options = options_for(map, request);
    if (auto bad = cluster_graph::options_problem(options); !bad.empty()) {
        out.reason = std::string(algo) + ": " + bad;
        return out;
    }
    if (auto big = size_problem(map); !big.empty()) {
        out.reason = std::move(big);
        return out;
    }
    const char* why = nullptr;
    if (map.has_terrain_costs()) {
        why = "the map has terrain costs (the cluster distances assume uniform cost)";
    } else if (request.stop_within > 0) {
        why = "stop_within > 0 is not supported by hierarchical search";
    } else if (request.turn_penalty) {
        why = "turn penalties are searched over (cell, heading) states";
    } else if (request.hex) {
        why = "hex maps are not cut into square clusters";
    } else if (request.window) {
        why = "search windows are not supported by hierarchical search";
    } else if (request.weight != 1.0) {
        why = "weighted A* (weight above 1) keeps its bound only in A*";
    }
    if (why != nullptr) {
        search::search_result r = search::find_path_astar(map, request);
        const std::string note = std::string(algo) + " fell back to A*: " + why;
        r.reason = r.reason.empty() ? note : note + "; " + r.reason;
        return r;
    }

    const auto graph = graph_for(map, request);
    impl& s = *impl_;
    const auto& rules = request.rules;
    const cell start = request.start;
    const cell goal = request.goal;
    const std::uint64_t expanded_before = s.box.expanded();
    out.stats.preprocessing_bytes = graph->memory_bytes();
    auto finish_stats = [&] {
        out.stats.memory_bytes = memory_bytes();
        out.stats.expanded += s.box.expanded() - expanded_before;
    };
    auto cost_of = [&](const std::vector<cell>& path) {
        double cost = 0;
        double length = 0;
        for (std::size_t i = 1; i < path.size(); ++i) {
            const bool diag = path[i].x != path[i - 1].x && path[i].y != path[i - 1].y;
            cost += diag ? rules.diagonal_cost() : rules.straight_cost();
            length += diag ? std::sqrt(2.0) : 1.0;
        }
        out.cost = cost;
        out.length = length;
    };
    if (start == goal) {
        out.status = search::search_status::found;
        out.path = {start};
        finish_stats();
        return out;
    }

    // Link the start and the goal to the transitions of their clusters (and to each other when
    // they share one).
    const std::size_t ks = graph->cluster_of(start);
    const std::size_t kg = graph->cluster_of(goal);
    const cluster& cs = graph->at(ks);
    const cluster& cg = graph->at(kg);
    // A transition reached by a walkable octile-length path (the line or an elbow, which stay
    // in the cluster) lies at its octile distance, the shortest there is. When that holds for
    // every transition of the cluster (open ground, most of a big world), the in-cluster search
    // is not needed; else Dijkstra over the cluster gives every distance.
    const auto link_to_cluster = [&](const cluster& c, cell from, std::vector<packed_steps>& steps,
                                     bool whole_cluster) {
        steps.resize(c.transitions.size());
        bool by_lines = !whole_cluster;
        for (std::size_t i = 0; by_lines && i < c.transitions.size(); ++i) {
            by_lines = detail::octile_walk(map, from, c.transitions[i], request.mask(), nullptr);
            steps[i] = detail::octile_steps(from, c.transitions[i]);
        }
        if (by_lines) return;
        s.box.from(map, box_of(c), from, rules, request.mask());
        for (std::size_t i = 0; i < c.transitions.size(); ++i) {
            steps[i] = s.box.steps(c.transitions[i]);
        }
    };
    // Exact mode searches the cells (below) and links only the goal.
    const bool cells =
        impl_->mode == hpa_mode::exact && exact_search_for(map) == exact_search::cells;
    // Start and goal in one cluster: the start's search also gives the direct distance.
    if (!cells) link_to_cluster(cs, start, s.start_steps, ks == kg);
    const packed_steps direct = ks == kg && !cells ? s.box.steps(goal) : no_route;
    link_to_cluster(cg, goal, s.goal_steps, false);

    const double straight = rules.straight_cost();
    const double diagonal = rules.diagonal_cost();
    auto h = [&](cell c) { return steps_cost(detail::octile_steps(c, goal), rules); };
    // Fast mode weighs the abstract heuristic (weighted A*: the abstract path costs at most
    // `weight` times the abstract optimum): on big worlds it cuts the expansions several times.
    const double weight = abstract_weight(map);
    // Landmark bounds (ALT) over the abstract graph: the goal's distance from each landmark is
    // its best link; a node's bound is the largest |d(L, goal) - d(L, node)|. A node that a
    // landmark reaches while the goal is not (or the other way round) cannot reach the goal.
    // A new map version's fast-mode search carries the previous version's landmarks over (a
    // rebuild takes seconds on the largest worlds); exact mode builds them for its version.
    const auto build_landmarks = [&] { return detail::abstract_landmarks::build(graph, map); };
    const auto landmarks =
        impl_->mode == hpa_mode::fast
            ? map.derived().get_or_build<detail::abstract_landmarks>(
                  detail::abstract_landmarks::cache_key(options.cache_key()), build_landmarks,
                  [&](const detail::abstract_landmarks& old, std::span<const grid::cell_edit>) {
                      return detail::abstract_landmarks::inherit(old, graph);
                  })
            : map.derived().get_or_build<detail::abstract_landmarks>(
                  detail::abstract_landmarks::cache_key(options.cache_key()), build_landmarks);
    const bool fresh = landmarks->fresh();
    const std::size_t lcount = landmarks->count();
    out.stats.preprocessing_bytes += landmarks->memory_bytes();
    s.goal_bounds.assign(lcount, detail::abstract_landmarks::unreachable);
    for (std::size_t i = 0; i < cg.transitions.size(); ++i) {
        if (s.goal_steps[i] == no_route) continue;
        const double link = steps_cost(s.goal_steps[i], rules);
        const double* row = landmarks->row(kg, graph->node_id(kg, i));
        for (std::size_t l = 0; l < lcount; ++l) {
            s.goal_bounds[l] = std::min(s.goal_bounds[l], row[l] + link);
        }
    }
    if (cells) {
        // JPS over the cells with the larger of the octile distance and the landmark bounds of
        // each cell's cluster: the range of its cells' distances from each landmark
        // (detail::cluster_ranges, built once per graph version from these landmarks), against
        // the goal's exact distance. Admissible, so the answer stays the shortest. The search
        // runs on the dead-end core (jps-deadend: small dead ends blocked) when neither start
        // nor goal lies in a blocked one; distances there are never shorter, so the bounds hold.
        const auto ranges = map.derived().get_or_build<search::landmark_ranges>(
            detail::cluster_ranges_key(options.cache_key()),
            [&] { return detail::cluster_ranges(map, *graph, *landmarks); });
        search::landmark_ranges_goal toward;
        toward.ranges = ranges.get();
        toward.goal.fill(search::landmark_ranges::unreachable);
        for (std::size_t l = 0; l < std::min(lcount, ranges->count()); ++l) {
            toward.goal[l] = s.goal_bounds[l];
        }
        search::search_request r = request;
        r.landmark_ranges = &toward;
        search::search_result cells_out = s.cells.find_path(map, r);
        cells_out.stats.preprocessing_bytes +=
            out.stats.preprocessing_bytes + ranges->memory_bytes();
        cells_out.stats.expanded += s.box.expanded() - expanded_before; // the goal's link
        constexpr std::string_view inner = "jps-deadend";
        if (cells_out.reason.starts_with(inner)) {
            cells_out.reason = std::string(algo) + cells_out.reason.substr(inner.size());
        }
        return cells_out;
    }
    // Abstract A*: the transitions, then the start (id n) and the goal (id n + 1).
    const std::uint32_t n = graph->node_count();
    const std::uint32_t start_id = n;
    const std::uint32_t goal_id = n + 1;
    const std::size_t page_count = ((std::size_t{n} + 2) >> page_bits) + 1;
    if (request.max_memory_bytes != 0 &&
        page_count * sizeof(void*) + sizeof(node_record) * (std::size_t{1} << page_bits) >
            request.max_memory_bytes) {
        out.status = search::search_status::resource_exhausted;
        out.reason = std::string(algo) + ": the memory cap is below one page of node records";
        finish_stats();
        return out;
    }
    if (s.pages.size() < page_count) s.pages.resize(page_count);
    if (++s.generation > 0x7ffffff0u) { // marks would wrap: forget every record
        for (auto& p : s.pages) p.reset();
        s.pages_held = 0;
        s.generation = 1;
    }
    const std::uint32_t seen = 2 * s.generation;
    const std::uint32_t closed = seen + 1;
    constexpr double unreachable = detail::abstract_landmarks::unreachable;
    auto h_node = [&](std::size_t k, std::uint32_t id, cell c) {
        double best = h(c);
        const double* row = landmarks->row(k, id);
        for (std::size_t l = 0; l < lcount; ++l) {
            const double a = row[l];
            const double b = s.goal_bounds[l];
            if (std::isnan(a)) continue; // a rebuilt cluster's node: no bound from this table
            if (a == unreachable || b == unreachable) {
                if (fresh && a != b) return unreachable;
                continue;
            }
            best = std::max(best, std::abs(b - a));
        }
        return best;
    };
    auto cell_of = [&](std::uint32_t id) -> cell {
        if (id == start_id) return start;
        if (id == goal_id) return goal;
        const std::size_t k = graph->cluster_of_node(id);
        return graph->at(k).transitions[id - graph->node_id(k, 0)];
    };
    // Lowest f first; among equal f (open ground has many) the deepest node, so the search runs
    // along the path instead of widening a band of equal-f nodes.
    auto later = [](const impl::entry& a, const impl::entry& b) {
        if (a.f > b.f + 1e-9) return true;
        if (b.f > a.f + 1e-9) return false;
        return a.g < b.g;
    };
    s.heap.clear();
    // Exact mode leaves out the transitions in dead ends (areas behind one gap: a cell or a
    // straight gate of a few cells, dead_end_map) that hold neither the start nor the goal: a
    // path into one leaves by the gap it entered by, and walking along the gap instead is
    // never longer, so some shortest path avoids them (in-cluster distances are true distances
    // either way). Mazes and random maps are full of them.
    std::shared_ptr<const dead_end_map> ends;
    if (impl_->mode == hpa_mode::exact &&
        std::int64_t{map.width()} * map.height() <= dead_end_map::max_cells) {
        ends = dead_end_map::of(map, rules, request.mask());
        // Only where dead ends are common (one area per 64 cells or more: mazes, dense random
        // maps). On game maps, with a few hundred areas on a million cells, the lookup per
        // reached node cost 1-8 % and saved no expansions (BENCHMARKS.md).
        if (ends->area_count() * 64 < static_cast<std::size_t>(map.width()) * map.height()) {
            ends.reset();
        }
    }
    if (ends != nullptr) {
        s.keep.mark(*ends, start, goal, !map.has_terrain_costs());
        out.stats.preprocessing_bytes += ends->memory_bytes();
    }
    const bool trace = request.record_trace;
    auto reach = [&](std::uint32_t from, std::uint32_t to, double g, cell at, std::size_t k) {
        if (ends != nullptr) {
            if (!s.keep.needed(ends->area_of(at))) return;
        }
        node_record& r = s.record(to);
        if (r.mark == closed) return;
        if (r.mark == seen && r.g <= g) return;
        const double hn = to == goal_id ? 0.0 : weight * h_node(k, to, at);
        if (hn == unreachable) return; // cannot reach the goal
        if (r.mark != seen && trace) out.trace.events.push_back({at, search::node_event::opened});
        r.g = g;
        r.parent = from;
        r.mark = seen;
        s.heap.push_back({g + hn, g, to, static_cast<std::uint32_t>(k)});
        std::push_heap(s.heap.begin(), s.heap.end(), later);
        ++out.stats.heap_pushes;
        ++out.stats.generated;
        out.stats.peak_open = std::max<std::uint64_t>(out.stats.peak_open, s.heap.size());
    };
    {
        node_record& r = s.record(start_id);
        r.g = 0;
        r.parent = none;
        r.mark = seen;
        s.heap.push_back({h(start), 0.0, start_id, static_cast<std::uint32_t>(ks)});
    }
    std::uint32_t best = start_id; // closed node nearest the goal, for a partial answer
    double best_h = h(start);
    bool found = false;
    bool stopped = false;
    std::string stop_reason;
    std::uint64_t expansions = 0;
    while (!s.heap.empty()) {
        std::pop_heap(s.heap.begin(), s.heap.end(), later);
        const std::uint32_t u = s.heap.back().id;
        const std::size_t k = s.heap.back().cluster;
        s.heap.pop_back();
        node_record& ru = s.record(u);
        if (ru.mark == closed) continue;
        if (u == goal_id) {
            found = true;
            break;
        }
        if (request.max_expansions != 0 && expansions >= request.max_expansions) {
            stopped = true;
            stop_reason =
                "node budget of " + std::to_string(request.max_expansions) + " expansions ran out";
            break;
        }
        if ((expansions & 255u) == 0 && expansions != 0) {
            if (request.cancel != nullptr && request.cancel->load(std::memory_order_relaxed)) {
                stopped = true;
                stop_reason = "cancelled";
                break;
            }
            if (request.deadline && std::chrono::steady_clock::now() >= *request.deadline) {
                stopped = true;
                stop_reason = "deadline passed";
                break;
            }
            if (request.max_memory_bytes != 0 && memory_bytes() > request.max_memory_bytes) {
                out.status = search::search_status::resource_exhausted;
                out.reason = std::string(algo) + ": search memory passed the cap of " +
                             std::to_string(request.max_memory_bytes) + " bytes";
                finish_stats();
                return out;
            }
        }
        ru.mark = closed;
        ++expansions;
        const double gu = ru.g;
        const cell cu = u == start_id ? start : graph->at(k).transitions[u - graph->node_id(k, 0)];
        if (trace) {
            out.trace.events.push_back({cu, search::node_event::closed});
            out.trace.expanded.push_back(cu);
        }
        if (const double hu = h(cu); hu < best_h) {
            best_h = hu;
            best = u;
        }
        if (u == start_id) {
            for (std::size_t i = 0; i < cs.transitions.size(); ++i) {
                if (s.start_steps[i] == no_route) continue;
                reach(u, graph->node_id(ks, i), steps_cost(s.start_steps[i], rules),
                      cs.transitions[i], ks);
            }
            if (direct != no_route) reach(u, goal_id, steps_cost(direct, rules), goal, kg);
            continue;
        }
        const std::size_t i = u - graph->node_id(k, 0);
        detail::for_each_abstract_neighbour(*graph, k, i,
                                            [&](std::uint32_t v, double cost, std::size_t kv,
                                                cell at) { reach(u, v, gu + cost, at, kv); });
        if (k == kg && s.goal_steps[i] != no_route) {
            reach(u, goal_id, gu + steps_cost(s.goal_steps[i], rules), goal, kg);
        }
    }
    out.stats.expanded = expansions;
    if (trace) {
        for (const auto& e : s.heap) {
            if (s.record(e.id).mark == seen) out.trace.open.push_back(cell_of(e.id));
        }
    }

    // The chain of abstract nodes, start first, then its cells.
    const std::uint32_t end = found ? goal_id : best;
    s.chain.clear();
    for (std::uint32_t id = end; id != none; id = s.record(id).parent) s.chain.push_back(id);
    std::reverse(s.chain.begin(), s.chain.end());
    if (!found && !stopped) {
        out.status = search::search_status::no_path;
        out.reason = "no path from " + search::cell_text(start) + " to " + search::cell_text(goal);
        finish_stats();
        return out;
    }
    // The cells go to the engine's scratch first (a long path grown in the result would be
    // copied and its pages faulted in again at every doubling), then once into the result.
    auto& raw = s.raw;
    raw.clear();
    raw.push_back(start);
    std::size_t failures = 0;       // look-aheads that failed in a row
    std::size_t skip_lookahead = 0; // chain nodes to refine before the next look-ahead
    for (std::size_t at = 1; at < s.chain.size(); ++at) {
        const cell a = raw.back();
        const cell b = cell_of(s.chain[at]);
        if (a == b) continue;
        const std::uint32_t prev = s.chain[at - 1];
        const bool crossing = prev != start_id && s.chain[at] != goal_id &&
                              graph->cluster_of(a) != graph->cluster_of(b);
        if (impl_->mode == hpa_mode::fast && skip_lookahead > 0) {
            --skip_lookahead;
        } else if (impl_->mode == hpa_mode::fast) {
            // Fast mode looks ahead: the farthest of the next few chain nodes that a walkable
            // octile line reaches is joined at once (never longer than the chain between, and
            // no in-cluster search for the edges it skips). Smoothing does the same later for
            // the cells, but refining first would pay for searches it then throws away. Where
            // lines keep failing (mazes), it backs off: after n failures in a row (n at most
            // 5) it skips the next 2^n - 1 nodes.
            std::size_t far = std::min(s.chain.size() - 1, at + lookahead);
            for (; far > at; --far) {
                if (detail::octile_line(map, a, cell_of(s.chain[far]), request.mask(), &raw)) {
                    break;
                }
            }
            if (far > at) {
                failures = 0;
                at = far;
                continue;
            }
            failures = std::min<std::size_t>(failures + 1, 5);
            skip_lookahead = (std::size_t{1} << failures) - 1;
        }
        if (crossing && neighbours(a, b)) {
            raw.push_back(b);
            continue;
        }
        if (detail::octile_walk(map, a, b, request.mask(), &raw)) continue;
        const cluster& home = graph->at(graph->cluster_of(a));
        if (!s.box.to(map, box_of(home), a, b, rules, request.mask())) {
            out.status = search::search_status::invalid_input;
            out.reason = std::string(algo) + ": internal error: an abstract edge from " +
                         search::cell_text(a) + " to " + search::cell_text(b) +
                         " has no path inside its cluster";
            finish_stats();
            return out;
        }
        s.box.append_path(b, raw);
    }

    if (impl_->mode == hpa_mode::fast && raw.size() > 2) {
        // Smoothing: from each turning point, replace the stretch up to the farthest of the
        // next 16 turning points by the straight octile line when that line is walkable and
        // strictly shorter.
        auto& turns = s.turns;
        turns.assign(1, 0);
        for (std::size_t i = 1; i + 1 < raw.size(); ++i) {
            const cell p = raw[i - 1];
            const cell q = raw[i];
            const cell r = raw[i + 1];
            if (q.x - p.x != r.x - q.x || q.y - p.y != r.y - q.y) turns.push_back(i);
        }
        turns.push_back(raw.size() - 1);
        auto& prefix = s.prefix;
        prefix.assign(raw.size(), 0.0);
        for (std::size_t i = 1; i < raw.size(); ++i) {
            const bool diag = raw[i].x != raw[i - 1].x && raw[i].y != raw[i - 1].y;
            prefix[i] = prefix[i - 1] + (diag ? diagonal : straight);
        }
        auto& smooth = s.smooth;
        smooth.assign(1, raw.front());
        std::size_t t = 0;
        while (t + 1 < turns.size()) {
            const cell a = raw[turns[t]];
            const auto shortcut = [&](std::size_t u) {
                const cell b = raw[turns[u]];
                const double line = steps_cost(detail::octile_steps(a, b), rules);
                return line < prefix[turns[u]] - prefix[turns[t]] - 1e-9 &&
                       detail::octile_line(map, a, b, request.mask(), nullptr);
            };
            // The next few turning points one by one (a staircase's line to t + 2 may clip a
            // corner where the line to t + 3 does not); past them, gallop (t + 8, t + 16, ...)
            // while lines hold, then halve the gap between the last that held and the first
            // that failed.
            const std::size_t last = std::min(turns.size() - 1, t + smooth_window);
            std::size_t good = t + 1;
            std::size_t bad = last + 1;
            const std::size_t near = std::min(last, t + 6);
            for (std::size_t u = t + 2; u <= near; ++u) {
                if (shortcut(u)) good = u;
            }
            if (good == near) {
                for (std::size_t step = 8; good < last; step *= 2) {
                    const std::size_t u = std::min(last, t + step);
                    if (!shortcut(u)) {
                        bad = u;
                        break;
                    }
                    good = u;
                }
            } else {
                bad = good + 1;
            }
            while (bad - good > 1) {
                const std::size_t mid = good + (bad - good) / 2;
                (shortcut(mid) ? good : bad) = mid;
            }
            const std::size_t next = good;
            if (next == t + 1) {
                smooth.insert(smooth.end(), raw.begin() + static_cast<std::ptrdiff_t>(turns[t]) + 1,
                              raw.begin() + static_cast<std::ptrdiff_t>(turns[next]) + 1);
            } else {
                detail::octile_line(map, a, raw[turns[next]], request.mask(), &smooth);
            }
            t = next;
        }
        out.path.assign(smooth.begin(), smooth.end());
    } else {
        out.path.assign(raw.begin(), raw.end());
    }
    cost_of(out.path);
    if (found) {
        out.status = search::search_status::found;
    } else {
        out.status = search::search_status::budget_exhausted;
        out.partial = true;
        out.reason = std::string(algo) + ": " + stop_reason +
                     "; partial path to the node nearest " + "the goal";
    }
    finish_stats();
    return out;
}

} // namespace xunlu::hierarchy
