// Contracting a subgoal graph: lazy edge-difference order, bounded witness searches, upward
// edge lists for the queries, and shortcut unpacking.
#include "xunlu/jps/subgoal_hierarchy.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <set>
#include <span>
#include <utility>

#include "xunlu/grid/table_file.hpp"

namespace xunlu::jps {

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
/// Lengths are sums of 1 and sqrt 2 (or 10 and 14): a witness within this of a shortcut is as
/// short (rounding), so no shortcut is needed.
constexpr double tie = 1e-9;

/// The octile length between two cells under the step costs: a link's cost, and a lower bound
/// on the length of any path between them.
struct octile_length {
    double straight = 1;
    double diagonal = 1;
    [[nodiscard]] double operator()(std::int32_t dx, std::int32_t dy) const noexcept {
        return straight * std::abs(dx - dy) + diagonal * std::min(dx, dy);
    }
    [[nodiscard]] double operator()(cell a, cell b) const noexcept {
        return (*this)(std::abs(a.x - b.x), std::abs(a.y - b.y));
    }
};

struct work_edge {
    std::uint32_t to;
    std::uint32_t mid;
    double cost;
};

/// Shortest distances from one subgoal among the uncontracted ones, skipping one, stopping
/// after `limit` settled subgoals. Goal-directed, since a link is never shorter than the octile
/// distance between its ends: a witness to target t is no longer than `first + t.cost` (the way
/// over the skipped subgoal), so a subgoal whose distance plus its octile distance to the
/// waiting targets' box passes the longest such way is not queued, and one from which no
/// waiting target is within its way is not settled (nor counted against the limit). The box
/// and the bound shrink as targets settle.
class witness_search {
  public:
    witness_search(std::size_t n, const std::vector<cell>& cells, octile_length octile)
        : dist_(n, inf), stamp_(n, 0), target_(n, 0), cells_(cells), octile_(octile) {}

    /// `targets`: subgoals whose distance is wanted, each with its edge to the skipped
    /// subgoal; `first`: the source's edge to it. The search stops once all are settled.
    void run(const std::vector<std::vector<work_edge>>& adj, std::uint32_t source,
             std::uint32_t skip, double first, std::size_t limit,
             std::span<const work_edge> targets) {
        if (++generation_ == 0) {
            std::fill(stamp_.begin(), stamp_.end(), 0U);
            std::fill(target_.begin(), target_.end(), 0U);
            generation_ = 1;
        }
        for (const work_edge& t : targets) target_[t.to] = generation_;
        aim(first, targets);
        std::size_t waiting = targets.size();
        heap_.clear();
        set(source, 0);
        heap_.push_back({0, source});
        std::size_t settled = 0;
        while (!heap_.empty() && settled < limit && waiting > 0) {
            std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
            const auto [d, u] = heap_.back();
            heap_.pop_back();
            if (d > distance(u)) continue;
            if (d > bound_) break;
            if (u != source && target_[u] != generation_ && !on_the_way(u, d, first, targets)) {
                continue;
            }
            ++settled;
            if (target_[u] == generation_) {
                target_[u] = 0;
                if (--waiting == 0) break;
                aim(first, targets);
            }
            work_ += adj[u].size();
            for (const work_edge& e : adj[u]) {
                if (e.to == skip) continue;
                const double nd = d + e.cost;
                if (nd < distance(e.to) && nd + to_box(cells_[e.to]) <= bound_ + tie) {
                    set(e.to, nd);
                    heap_.push_back({nd, e.to});
                    std::push_heap(heap_.begin(), heap_.end(), std::greater<>());
                }
            }
        }
    }
    [[nodiscard]] double distance(std::uint32_t v) const noexcept {
        return stamp_[v] == generation_ ? dist_[v] : inf;
    }
    /// Edges scanned by all runs so far (the build's work bound counts them).
    [[nodiscard]] std::uint64_t work() const noexcept { return work_; }
    void add_work(std::uint64_t w) noexcept { work_ += w; }

  private:
    /// The bound (the longest way over the skipped subgoal) and the box of the waiting targets.
    void aim(double first, std::span<const work_edge> targets) noexcept {
        double longest = 0;
        bool any = false;
        for (const work_edge& t : targets) {
            if (target_[t.to] != generation_) continue;
            const cell c = cells_[t.to];
            if (!any) low_ = high_ = c;
            any = true;
            longest = std::max(longest, t.cost);
            low_ = {std::min(low_.x, c.x), std::min(low_.y, c.y)};
            high_ = {std::max(high_.x, c.x), std::max(high_.y, c.y)};
        }
        bound_ = first + longest;
    }
    /// Whether a subgoal at distance `d` may be on a witness to a waiting target.
    [[nodiscard]] bool on_the_way(std::uint32_t u, double d, double first,
                                  std::span<const work_edge> targets) const noexcept {
        const cell c = cells_[u];
        for (const work_edge& t : targets) {
            if (target_[t.to] != generation_) continue;
            if (d + octile_(c, cells_[t.to]) <= first + t.cost + tie) {
                return true;
            }
        }
        return false;
    }
    /// The octile distance to the nearest cell of the waiting targets' box.
    [[nodiscard]] double to_box(cell c) const noexcept {
        return octile_(std::max({0, low_.x - c.x, c.x - high_.x}),
                       std::max({0, low_.y - c.y, c.y - high_.y}));
    }
    void set(std::uint32_t v, double d) noexcept {
        dist_[v] = d;
        stamp_[v] = generation_;
    }
    std::vector<double> dist_;
    std::vector<std::uint32_t> stamp_;
    std::vector<std::uint32_t> target_;
    const std::vector<cell>& cells_;
    octile_length octile_;
    std::uint32_t generation_ = 0;
    std::uint64_t work_ = 0;
    double bound_ = 0;
    cell low_{};
    cell high_{};
    std::vector<std::pair<double, std::uint32_t>> heap_;
};

/// Each subgoal's cell, from the graph's padded cell ids.
std::vector<cell> subgoal_cells(const subgoal_graph& g) {
    const std::int32_t stride = g.width() + 2;
    std::vector<cell> cells(g.subgoal_count());
    for (std::uint32_t k = 0; k < cells.size(); ++k) {
        const auto id = static_cast<std::int32_t>(g.cell_id(k));
        cells[k] = cell{id % stride - 1, id / stride - 1};
    }
    return cells;
}

/// Adds (or shortens) the undirected edge u-w. Returns true when a new edge was added.
bool link(std::vector<std::vector<work_edge>>& adj, std::uint32_t u, std::uint32_t w, double cost,
          std::uint32_t mid) {
    for (work_edge& e : adj[u]) {
        if (e.to != w) continue;
        if (cost < e.cost) {
            e.cost = cost;
            e.mid = mid;
            for (work_edge& back : adj[w]) {
                if (back.to == u) {
                    back.cost = cost;
                    back.mid = mid;
                }
            }
        }
        return false;
    }
    adj[u].push_back({w, mid, cost});
    adj[w].push_back({u, mid, cost});
    return true;
}

} // namespace

std::uint64_t subgoal_hierarchy::cache_key(grid::obstacle_mask mask,
                                           const grid::movement_rules& rules) noexcept {
    return static_cast<std::uint64_t>(mask) | (static_cast<std::uint64_t>(rules.costs) << 8);
}

double subgoal_hierarchy::estimate_build_ms(const subgoal_graph& graph, std::size_t core_degree) {
    // Measured (CPU time): 160-240 ns per unit of sum(min(degree, core_degree)^2) on the
    // street, sc1, bg512 and dao maps of the shared set; maps whose witnesses are far (random
    // obstacles: 2.5 us per unit on random512-10-0) are underestimated, and left to the budget.
    constexpr double ns_per_unit = 250.0;
    double units = 0;
    for (std::uint32_t k = 0; k < graph.subgoal_count(); ++k) {
        const auto d = static_cast<double>(std::min(graph.neighbours(k).size(), core_degree));
        units += d * d;
    }
    return units * ns_per_unit / 1e6;
}

std::size_t subgoal_hierarchy::memory_bytes() const noexcept {
    return sizeof(*this) + cells_.capacity() * sizeof(cell) +
           rank_.capacity() * sizeof(std::uint32_t) + first_.capacity() * sizeof(std::uint32_t) +
           edges_.capacity() * sizeof(subgoal_up_edge) + halves_.capacity() * sizeof(std::uint32_t);
}

subgoal_hierarchy
subgoal_hierarchy::build(std::shared_ptr<const subgoal_graph> graph,
                         const grid::movement_rules& rules, const build_progress& progress,
                         std::size_t witness_limit, std::size_t edge_limit, std::size_t core_degree,
                         const search::build_budget* budget, std::uint64_t work_limit) {
    const auto began = std::chrono::steady_clock::now();
    search::build_watch watch(budget, "subgoal-ch", graph->width(), graph->height());
    subgoal_hierarchy h;
    h.graph_ = std::move(graph);
    h.costs_ = rules.costs;
    const subgoal_graph& g = *h.graph_;
    const auto n = static_cast<std::uint32_t>(g.subgoal_count());
    const octile_length octile{rules.straight_cost(), rules.diagonal_cost()};
    h.cells_ = subgoal_cells(g);
    const std::vector<cell>& cells = h.cells_;
    // The working graph: every link of the subgoal graph, at both ends, with its octile cost.
    std::vector<std::vector<work_edge>> adj(n);
    std::size_t edges = 0;
    for (std::uint32_t k = 0; k < n; ++k) {
        const cell a = cells[k];
        for (const std::uint32_t t : g.neighbours(k)) {
            const std::uint32_t j = g.subgoal_at(t);
            if (j == subgoal_graph::none || j <= k) continue;
            edges += link(adj, k, j, octile(a, cells[j]), none) ? 1 : 0;
        }
    }
    std::vector<char> contracted(n, 0);
    std::vector<std::uint32_t> deleted(n, 0); ///< contracted neighbours, for the order
    witness_search witness(n, cells, octile);
    std::vector<work_edge> around;                               ///< v's live neighbours
    std::vector<std::pair<std::uint32_t, std::uint32_t>> needed; ///< shortcut pairs (indices)

    // The shortcuts contracting v needs: for each pair of live neighbours u, w, one when no
    // path avoiding v is as short as u-v-w (within the witness search's limit).
    // Before any search, the witnesses of one or two edges: in a subgoal graph most pairs of a
    // subgoal's neighbours see each other, or see a common subgoal, by a way as short. `direct`
    // holds, per subgoal, the length of u's edge to it (inf elsewhere; reset after each u).
    std::vector<double> direct(n, inf);
    std::vector<char> open(n, 0);     ///< per target of the current u: no witness found yet
    std::vector<double> want(n, inf); ///< per target of the current u: its way over v
    std::vector<work_edge> pending;
    std::size_t limit_now = witness_limit;
    const auto shortcuts_of = [&](std::uint32_t v) -> std::size_t {
        around.assign(adj[v].begin(), adj[v].end());
        needed.clear();
        // A subgoal over the core degree goes to the core when its turn comes: no searches,
        // and a priority that puts it after the others (as if every pair needed a shortcut).
        if (around.size() > core_degree) return around.size() * (around.size() - 1) / 2;
        // The search from the i-th neighbour looks for the later ones only.
        for (std::size_t i = 0; i + 1 < around.size(); ++i) {
            const std::uint32_t u = around[i].to;
            for (const work_edge& e : adj[u]) direct[e.to] = e.cost;
            pending.clear();
            std::size_t left = 0;
            for (std::size_t j = i + 1; j < around.size(); ++j) {
                const std::uint32_t w = around[j].to;
                want[w] = around[i].cost + around[j].cost;
                open[w] = direct[w] > want[w] + tie ? 1 : 0;
                left += open[w];
            }
            // Two edges u-x-w (x not v).
            for (std::size_t k = 0; left > 0 && k < adj[u].size(); ++k) {
                const work_edge& e = adj[u][k];
                if (e.to == v) continue;
                witness.add_work(adj[e.to].size());
                for (const work_edge& f : adj[e.to]) {
                    if (open[f.to] != 0 && e.cost + f.cost <= want[f.to] + tie) {
                        open[f.to] = 0;
                        --left;
                    }
                }
            }
            for (std::size_t j = i + 1; j < around.size(); ++j) {
                if (open[around[j].to] != 0) pending.push_back(around[j]);
            }
            for (const work_edge& e : adj[u]) direct[e.to] = inf;
            if (!pending.empty()) {
                witness.run(adj, u, v, around[i].cost, limit_now, pending);
            }
            for (std::size_t j = i + 1; j < around.size(); ++j) {
                const std::uint32_t w = around[j].to;
                if (open[w] == 0) continue;
                open[w] = 0;
                const double via = around[i].cost + around[j].cost;
                if (witness.distance(w) > via + tie) needed.emplace_back(i, j);
            }
        }
        return needed.size();
    };
    // Edge difference (twice the shortcuts added, less the edges removed) plus the neighbours
    // already contracted, which spreads the contraction evenly over the map.
    const auto priority = [&](std::uint32_t v) {
        const auto added = static_cast<std::int64_t>(shortcuts_of(v));
        return 2 * added - static_cast<std::int64_t>(around.size()) +
               static_cast<std::int64_t>(deleted[v]);
    };
    // The budget: the working graph, the upward edges so far, the per-subgoal arrays.
    std::size_t up_edges = 0;
    const auto bytes_now = [&] {
        return 2 * edges * sizeof(work_edge) + up_edges * sizeof(subgoal_up_edge) +
               std::size_t{n} * (sizeof(std::vector<work_edge>) +
                                 sizeof(std::vector<subgoal_up_edge>) + 4 * sizeof(double));
    };
    const auto give_up = [&](std::string reason, bool stopped) {
        h.problem_ = std::move(reason);
        h.stopped_ = stopped;
        h.rank_.clear();
        h.first_.assign(1, 0);
        h.edges_.clear();
        h.shortcuts_ = 0;
        h.core_ = 0;
        return h;
    };
    using queued = std::pair<std::int64_t, std::uint32_t>;
    std::priority_queue<queued, std::vector<queued>, std::greater<>> order;
    // The first order uses only the witnesses of one or two edges (no search): it is corrected
    // lazily as subgoals come up, and the searches on the whole graph were most of the build
    // (1.9 of 3.2 s on Berlin_0_256).
    limit_now = 0;
    for (std::uint32_t v = 0; v < n; ++v) {
        order.push({priority(v), v});
        if (v % 64 == 63) {
            if (auto over = watch.check(bytes_now(), "while ordering the subgoals (" +
                                                         std::to_string(v + 1) + " of " +
                                                         std::to_string(n) + ")")) {
                return give_up(std::move(*over), true);
            }
        }
    }

    limit_now = witness_limit;
    h.rank_.assign(n, 0);
    std::vector<std::vector<subgoal_up_edge>> up(n);
    std::vector<std::uint32_t> core;
    std::uint32_t next_rank = 0;
    while (!order.empty()) {
        const std::uint32_t v = order.top().second;
        order.pop();
        if (contracted[v] != 0) continue;
        // Lazy update: contract v only if its priority, recomputed now, is still the least.
        const std::int64_t p = priority(v);
        if (!order.empty() && p > order.top().first) {
            order.push({p, v});
            continue;
        }
        if (around.size() > core_degree) { // stays live, in the core
            contracted[v] = 2;
            core.push_back(v);
            continue;
        }
        if (witness.work() > work_limit) {
            // The work bound: every subgoal not contracted yet joins the core (in queue order).
            for (contracted[v] = 2, core.push_back(v); !order.empty(); order.pop()) {
                const std::uint32_t w = order.top().second;
                if (contracted[w] != 0) continue;
                contracted[w] = 2;
                core.push_back(w);
            }
            break;
        }
        // shortcuts_of(v) ran last (inside priority): `around` and `needed` are v's.
        for (const work_edge& e : around) up[v].push_back({e.to, e.mid, e.cost});
        up_edges += around.size();
        for (const auto& [i, j] : needed) {
            edges +=
                link(adj, around[i].to, around[j].to, around[i].cost + around[j].cost, v) ? 1 : 0;
            ++h.shortcuts_;
        }
        contracted[v] = 1;
        h.rank_[v] = next_rank++;
        // v leaves its neighbours' lists (in order, so the searches see the same live edges in
        // the same order as if v were skipped): the lists hold live subgoals only.
        for (const work_edge& e : around) {
            ++deleted[e.to];
            std::erase_if(adj[e.to], [v](const work_edge& back) { return back.to == v; });
        }
        std::vector<work_edge>().swap(adj[v]);
        if (edges > edge_limit) {
            return give_up("the contraction passed " + std::to_string(edge_limit) +
                               " edges (links and shortcuts) after " + std::to_string(next_rank) +
                               " of " + std::to_string(n) + " subgoals",
                           false);
        }
        if (next_rank % 32 == 0) {
            if (auto over =
                    watch.check(bytes_now(), "after contracting " + std::to_string(next_rank) +
                                                 " of " + std::to_string(n) + " subgoals")) {
                return give_up(std::move(*over), true);
            }
        }
        if (next_rank % 1024 == 0 || next_rank == n) {
            if (progress) {
                progress(1, static_cast<std::int32_t>(next_rank), static_cast<std::int32_t>(n));
            }
            watch.progress(1, next_rank, n);
        }
    }
    // The core: ranked last, each with its live edges (all to other core subgoals) kept at its
    // own end, so both search directions cross the core freely.
    h.core_ = core.size();
    for (const std::uint32_t v : core) {
        h.rank_[v] = next_rank++;
        for (const work_edge& e : adj[v]) up[v].push_back({e.to, e.mid, e.cost});
    }
    h.first_.reserve(std::size_t{n} + 1);
    h.first_.push_back(0);
    for (std::uint32_t v = 0; v < n; ++v) {
        h.edges_.insert(h.edges_.end(), up[v].begin(), up[v].end());
        h.first_.push_back(static_cast<std::uint32_t>(h.edges_.size()));
        std::vector<subgoal_up_edge>().swap(up[v]);
    }
    h.index_halves();
    h.build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    return h;
}

const subgoal_up_edge* subgoal_hierarchy::edge(std::uint32_t low, std::uint32_t high) const {
    for (const subgoal_up_edge& e : up(low)) {
        if (e.to == high) return &e;
    }
    return nullptr;
}

void subgoal_hierarchy::index_halves() {
    halves_.assign(2 * edges_.size(), none);
    for (std::uint32_t k = 0; k + 1 < first_.size(); ++k) {
        for (std::uint32_t i = first_[k]; i < first_[k + 1]; ++i) {
            const subgoal_up_edge& e = edges_[i];
            if (e.mid == none) continue;
            const subgoal_up_edge* low = edge(e.mid, k);
            const subgoal_up_edge* high = edge(e.mid, e.to);
            if (low == nullptr || high == nullptr) continue; // unpack reports it
            halves_[2 * std::size_t{i}] = static_cast<std::uint32_t>(low - edges_.data());
            halves_[2 * std::size_t{i} + 1] = static_cast<std::uint32_t>(high - edges_.data());
        }
    }
}

bool subgoal_hierarchy::unpack(std::uint32_t from, const subgoal_up_edge& e, bool reversed,
                               std::vector<std::uint32_t>& out,
                               std::vector<unpack_piece>& stack) const {
    // An edge from elsewhere (a copy) has no position here, and so no halves.
    const std::less<const subgoal_up_edge*> before;
    if (before(&e, edges_.data()) || !before(&e, edges_.data() + edges_.size())) return false;
    const auto index = static_cast<std::uint32_t>(&e - edges_.data());
    stack.assign(1, reversed ? unpack_piece{e.to, from, index} : unpack_piece{from, e.to, index});
    while (!stack.empty()) {
        const unpack_piece p = stack.back();
        stack.pop_back();
        const subgoal_up_edge& pe = edges_[p.edge];
        if (pe.mid == none) {
            out.push_back(p.b);
            continue;
        }
        // a - mid - b, mid ranked below both: a shortcut over mid was made from two of mid's
        // upward edges, one to each end (halves_: to the lower end, then to pe.to).
        const std::uint32_t to_low = halves_[2 * std::size_t{p.edge}];
        const std::uint32_t to_high = halves_[2 * std::size_t{p.edge} + 1];
        if (to_low == none || to_high == none) return false;
        const bool a_is_high = p.a == pe.to;
        stack.push_back({pe.mid, p.b, a_is_high ? to_low : to_high});
        stack.push_back({p.a, pe.mid, a_is_high ? to_high : to_low});
    }
    return true;
}

} // namespace xunlu::jps

namespace xunlu::jps {

namespace {

constexpr char hierarchy_magic[8] = {'X', 'U', 'N', 'L', 'U', 'S', 'G', 'H'};
/// Common header (32), subgoals (8), upward edges (8), cost model (4), core subgoals (4; 0 in
/// files of builds without a core).
constexpr std::size_t hierarchy_header_bytes = 56;
constexpr std::size_t hierarchy_trailer_bytes = 8;
constexpr std::size_t bytes_per_edge = 16; ///< to (4), mid (4), cost (8, IEEE double)

std::uint64_t file_bytes(std::uint64_t n, std::uint64_t m) {
    return hierarchy_header_bytes + 4 * n + 4 * (n + 1) + bytes_per_edge * m +
           hierarchy_trailer_bytes;
}

} // namespace

std::vector<std::uint8_t> subgoal_hierarchy::serialise() const {
    using grid::table_file::put_u32;
    using grid::table_file::put_u64;
    const subgoal_graph& g = *graph_;
    std::vector<std::uint8_t> out;
    out.reserve(file_bytes(rank_.size(), edges_.size()));
    grid::table_file::put_common_header(out, hierarchy_magic, format_version, g.width(), g.height(),
                                        g.mask(), g.map_hash());
    put_u64(out, rank_.size());
    put_u64(out, edges_.size());
    put_u32(out, static_cast<std::uint32_t>(costs_));
    put_u32(out, static_cast<std::uint32_t>(core_));
    for (const std::uint32_t r : rank_) put_u32(out, r);
    for (const std::uint32_t f : first_) put_u32(out, f);
    for (const subgoal_up_edge& e : edges_) {
        put_u32(out, e.to);
        put_u32(out, e.mid);
        put_u64(out, std::bit_cast<std::uint64_t>(e.cost));
    }
    put_u64(out, grid::table_file::fnv1a(grid::table_file::fnv_offset, out.data(), out.size()));
    return out;
}

std::optional<error> subgoal_hierarchy::save(const std::string& path) const {
    return grid::table_file::write_file(path, serialise());
}

result<subgoal_hierarchy> subgoal_hierarchy::load(const std::string& path,
                                                  std::shared_ptr<const subgoal_graph> graph,
                                                  const grid::grid_map& map,
                                                  const grid::movement_rules& rules) {
    // The graph bounds the header's counts, the counts the file's size.
    const std::uint64_t subgoals = graph->subgoal_count();
    auto bytes = grid::table_file::read_announced_file(
        path, "subgoal hierarchy", hierarchy_header_bytes,
        hierarchy_header_bytes + hierarchy_trailer_bytes,
        [&](const std::uint8_t* header) -> result<std::uint64_t> {
            const std::uint64_t n = grid::table_file::get_u64(header + 32);
            const std::uint64_t m = grid::table_file::get_u64(header + 40);
            if (n != subgoals || m > max_edges) {
                return error{"subgoal hierarchy declares " + std::to_string(n) + " subgoals and " +
                             std::to_string(m) + " edges; the map's subgoal graph has " +
                             std::to_string(subgoals) + " subgoals (and at most " +
                             std::to_string(max_edges) + " edges are read)"};
            }
            return file_bytes(n, m);
        });
    if (!bytes) return bytes.err();
    return parse(*bytes, path, std::move(graph), map, rules);
}

result<subgoal_hierarchy> subgoal_hierarchy::parse(std::span<const std::uint8_t> bytes,
                                                   const std::string& name,
                                                   std::shared_ptr<const subgoal_graph> graph,
                                                   const grid::grid_map& map,
                                                   const grid::movement_rules& rules) {
    using grid::table_file::get_u32;
    using grid::table_file::get_u64;
    const auto fail = [&name](const std::string& what) { return error{name + ": " + what}; };
    if (bytes.size() < hierarchy_header_bytes + hierarchy_trailer_bytes) {
        return fail("truncated subgoal hierarchy (" + std::to_string(bytes.size()) + " bytes)");
    }
    const std::uint8_t* p = bytes.data();
    const subgoal_graph& g = *graph;
    if (auto bad = grid::table_file::common_header_problem(p, hierarchy_magic, format_version,
                                                           "subgoal hierarchy", map, g.mask())) {
        return fail(*bad);
    }
    const std::uint64_t n = get_u64(p + 32);
    const std::uint64_t m = get_u64(p + 40);
    if (n != g.subgoal_count()) {
        return fail("subgoal hierarchy lists " + std::to_string(n) + " subgoals, the map's " +
                    "subgoal graph has " + std::to_string(g.subgoal_count()));
    }
    if (m > max_edges || bytes.size() != file_bytes(n, m)) {
        return fail("subgoal hierarchy is " + std::to_string(bytes.size()) + " bytes, its header " +
                    "announces " +
                    std::to_string(file_bytes(n, std::min<std::uint64_t>(m, max_edges))) + " (" +
                    std::to_string(m) + " edges)");
    }
    const std::size_t body = bytes.size() - hierarchy_trailer_bytes;
    if (grid::table_file::fnv1a(grid::table_file::fnv_offset, p, body) != get_u64(p + body)) {
        return fail("subgoal hierarchy checksum mismatch (the file is corrupted)");
    }
    if (get_u64(p + 24) != g.map_hash()) {
        return fail("subgoal hierarchy was built for a different map (fingerprint mismatch): "
                    "rebuild it");
    }
    if (get_u32(p + 48) != static_cast<std::uint32_t>(rules.costs)) {
        return fail("subgoal hierarchy was built for other step costs (" +
                    std::to_string(get_u32(p + 48)) + "), not these (" +
                    std::to_string(static_cast<std::uint32_t>(rules.costs)) + ")");
    }
    const std::uint64_t core = get_u32(p + 52);
    if (core > n) {
        return fail("subgoal hierarchy declares a core of " + std::to_string(core) +
                    " subgoals, more than its " + std::to_string(n));
    }
    subgoal_hierarchy h;
    h.graph_ = std::move(graph);
    h.costs_ = rules.costs;
    h.core_ = static_cast<std::size_t>(core);
    const std::uint8_t* q = p + hierarchy_header_bytes;
    h.rank_.resize(static_cast<std::size_t>(n));
    std::vector<char> taken(static_cast<std::size_t>(n), 0);
    for (std::uint64_t k = 0; k < n; ++k, q += 4) {
        const std::uint32_t r = get_u32(q);
        if (r >= n || taken[r] != 0) {
            return fail("rank " + std::to_string(r) + " of subgoal " + std::to_string(k) +
                        " is out of range or given twice");
        }
        taken[r] = 1;
        h.rank_[k] = r;
    }
    if (const auto bad = grid::table_file::read_offsets(q, n, m, h.first_)) {
        return fail("subgoal hierarchy edge offsets are inconsistent at subgoal " +
                    std::to_string(*bad));
    }
    q += 4 * (n + 1);
    h.edges_.resize(static_cast<std::size_t>(m));
    for (std::uint64_t e = 0; e < m; ++e, q += bytes_per_edge) {
        h.edges_[e] = {get_u32(q), get_u32(q + 4), std::bit_cast<double>(get_u64(q + 8))};
    }
    // Every edge climbs, and is a link with its octile length or a shortcut made of two edges
    // of its middle subgoal: unpacking then always ends in links, and the path it gives is as
    // long as the edge says. Costs are bounded by the map, so unpacking is too.
    const octile_length octile{rules.straight_cost(), rules.diagonal_cost()};
    const double longest = octile.diagonal * static_cast<double>(map.width()) * map.height();
    h.cells_ = subgoal_cells(g);
    const auto close = [](double a, double b) {
        return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
    };
    for (std::uint32_t k = 0; k < n; ++k) {
        for (const subgoal_up_edge& e : h.up(k)) {
            const std::string which =
                "edge from subgoal " + std::to_string(k) + " to " + std::to_string(e.to);
            // Upwards, or between two core subgoals (the last `core` ranks).
            const bool in_core = e.to < n && h.rank_[k] >= n - core && h.rank_[e.to] >= n - core;
            if (e.to >= n || e.to == k || (h.rank_[e.to] <= h.rank_[k] && !in_core) ||
                !std::isfinite(e.cost) || e.cost <= 0 || e.cost > longest) {
                return fail(which + " does not climb to another subgoal at a finite cost");
            }
            if (e.mid == none) {
                const auto links = g.neighbours(k);
                const std::uint32_t target = g.cell_id(e.to);
                if (std::find(links.begin(), links.end(), target) == links.end() ||
                    !close(e.cost, octile(h.cell_of(k), h.cell_of(e.to)))) {
                    return fail(which + " is neither a link of the subgoal graph at its octile "
                                        "length nor a shortcut");
                }
                continue;
            }
            const subgoal_up_edge* low =
                e.mid < n && h.rank_[e.mid] < h.rank_[k] && h.rank_[e.mid] < n - core
                    ? h.edge(e.mid, k)
                    : nullptr;
            const subgoal_up_edge* high = low != nullptr ? h.edge(e.mid, e.to) : nullptr;
            if (high == nullptr || !close(e.cost, low->cost + high->cost)) {
                return fail(which + " is a shortcut over subgoal " + std::to_string(e.mid) +
                            " without two edges there that add up to it");
            }
        }
    }
    h.index_halves();
    return h;
}

} // namespace xunlu::jps
