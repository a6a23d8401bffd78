// Building and repairing the abstract graph: transitions per cluster border, in-cluster
// distances by Dijkstra inside the cluster (or the octile formula in clusters without obstacles).
#include "xunlu/hierarchy/cluster_graph.hpp"

#include <algorithm>
#include <chrono>
#include <string>

#include "box_search.hpp"

namespace xunlu::hierarchy {

namespace {

bool free_cell(const grid::grid_map& map, cell c, std::uint8_t mask) {
    return map.in_bounds(c) && (map.flags(c) & mask) == 0;
}

/// The transitions HPA*'s entrances put on one side of a cluster: `along` walks the side's
/// cells, `across` is the step into the neighbouring cluster.
void entrance_cells(const grid::grid_map& map, cell first, cell along, cell across,
                    std::int32_t length, std::uint8_t mask, std::int32_t split_from,
                    std::vector<cell>& out) {
    std::int32_t run = 0;
    auto close_run = [&](std::int32_t end) { // cells [end - run, end)
        if (run == 0) return;
        const std::int32_t begin = end - run;
        auto at = [&](std::int32_t i) {
            return cell{first.x + along.x * i, first.y + along.y * i};
        };
        if (split_from == 0 || run < split_from) {
            out.push_back(at(begin + (run - 1) / 2));
        } else {
            out.push_back(at(begin));
            out.push_back(at(end - 1));
        }
        run = 0;
    };
    for (std::int32_t i = 0; i < length; ++i) {
        const cell c{first.x + along.x * i, first.y + along.y * i};
        const cell o{c.x + across.x, c.y + across.y};
        if (free_cell(map, c, mask) && free_cell(map, o, mask)) {
            ++run;
        } else {
            close_run(i);
        }
    }
    close_run(length);
}

std::shared_ptr<const cluster> build_cluster(const grid::grid_map& map,
                                             const cluster_graph_options& options, cell origin,
                                             detail::box_search& search) {
    auto k = std::make_unique<cluster>(); // built here, then packed
    k->origin = origin;
    k->width = std::min(options.cluster_size, map.width() - origin.x);
    k->height = std::min(options.cluster_size, map.height() - origin.y);
    const auto mask = static_cast<std::uint8_t>(options.mask);
    const std::int32_t w = k->width;
    const std::int32_t h = k->height;
    const std::int32_t x1 = origin.x + w - 1;
    const std::int32_t y1 = origin.y + h - 1;
    std::vector<cell> found;
    if (options.transitions == transition_policy::entrances) {
        // Only straight crossings: a diagonal one always has a straight one beside it.
        entrance_cells(map, origin, {1, 0}, {0, -1}, w, mask, options.split_entrances_from,
                       found); // top
        entrance_cells(map, {origin.x, y1}, {1, 0}, {0, 1}, w, mask, options.split_entrances_from,
                       found); // bottom
        entrance_cells(map, origin, {0, 1}, {-1, 0}, h, mask, options.split_entrances_from,
                       found); // left
        entrance_cells(map, {x1, origin.y}, {0, 1}, {1, 0}, h, mask, options.split_entrances_from,
                       found); // right
    } else {
        auto consider = [&](cell c) {
            for (std::int32_t dy = -1; dy <= 1; ++dy) {
                for (std::int32_t dx = -1; dx <= 1; ++dx) {
                    const cell o{c.x + dx, c.y + dy};
                    if ((dx != 0 || dy != 0) && !k->contains(o) && free_cell(map, c, mask) &&
                        detail::legal_step(map, c, o, mask)) {
                        found.push_back(c);
                        return;
                    }
                }
            }
        };
        for (std::int32_t x = origin.x; x <= x1; ++x) {
            consider({x, origin.y});
            if (h > 1) consider({x, y1});
        }
        for (std::int32_t y = origin.y + 1; y < y1; ++y) {
            consider({origin.x, y});
            if (w > 1) consider({x1, y});
        }
    }
    // A corner cell can be found from two sides: keep one, in a stable order.
    std::sort(found.begin(), found.end(),
              [](cell a, cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    found.erase(std::unique(found.begin(), found.end()), found.end());
    k->transitions.assign(found.begin(), found.end());
    const std::size_t n = k->transitions.size();
    k->slot.assign(static_cast<std::size_t>(2 * w + 2 * h), cluster::no_slot);
    for (std::size_t i = 0; i < n; ++i) {
        const cell c = k->transitions[i];
        const auto idx = static_cast<std::uint16_t>(i);
        if (c.y == origin.y) k->slot[static_cast<std::size_t>(c.x - origin.x)] = idx;
        if (c.y == y1) k->slot[static_cast<std::size_t>(w + c.x - origin.x)] = idx;
        if (c.x == origin.x) k->slot[static_cast<std::size_t>(2 * w + c.y - origin.y)] = idx;
        if (c.x == x1) k->slot[static_cast<std::size_t>(2 * w + h + c.y - origin.y)] = idx;
    }
    k->exits.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const cell c = k->transitions[i];
        for (std::size_t d = 0; d < cluster::exit_steps.size(); ++d) {
            const cell o{c.x + cluster::exit_steps[d].x, c.y + cluster::exit_steps[d].y};
            if (!k->contains(o) && detail::legal_step(map, c, o, mask)) {
                k->exits[i] |= static_cast<std::uint8_t>(1u << d);
            }
        }
    }
    std::vector<packed_steps> distance(n * n, no_route);
    bool open = true; // no obstacle in the cluster: every distance is the octile one
    for (std::int32_t y = origin.y; y <= y1 && open; ++y) {
        for (std::int32_t x = origin.x; x <= x1; ++x) {
            if ((map.flags({x, y}) & mask) != 0) {
                open = false;
                break;
            }
        }
    }
    const detail::cell_box box{origin, w, h};
    for (std::size_t i = 0; i < n; ++i) {
        distance[i * n + i] = 0;
        if (open) {
            for (std::size_t j = i + 1; j < n; ++j) {
                const packed_steps d = detail::octile_steps(k->transitions[i], k->transitions[j]);
                distance[i * n + j] = d;
                distance[j * n + i] = d;
            }
            continue;
        }
        if (i + 1 == n) break;
        search.from(map, box, k->transitions[i], options.rules, options.mask);
        for (std::size_t j = i + 1; j < n; ++j) {
            const packed_steps d = search.steps(k->transitions[j]);
            distance[i * n + j] = d;
            distance[j * n + i] = d;
        }
    }
    // Keep an edge only when no third transition lies on a path of the same length: distances
    // through the graph stay the same (by induction on distance: the two shorter edges are
    // kept or replaced in turn), and searches relax far fewer edges.
    std::vector<double> cost(n * n);
    for (std::size_t i = 0; i < n * n; ++i) {
        cost[i] = distance[i] == no_route ? -1.0 : steps_cost(distance[i], options.rules);
    }
    k->first_edge.assign(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
        k->first_edge[i] = static_cast<std::uint32_t>(k->edges.size());
        for (std::size_t j = 0; j < n; ++j) {
            const double dij = cost[i * n + j];
            if (j == i || dij < 0) continue;
            bool redundant = false;
            for (std::size_t m = 0; m < n && !redundant; ++m) {
                if (m == i || m == j || cost[i * n + m] < 0 || cost[m * n + j] < 0) continue;
                redundant = cost[i * n + m] + cost[m * n + j] <= dij + 1e-9;
            }
            if (!redundant) {
                k->edges.push_back({static_cast<std::uint16_t>(j), distance[i * n + j]});
            }
        }
    }
    k->first_edge[n] = static_cast<std::uint32_t>(k->edges.size());
    return std::make_shared<const cluster>(*k, cluster::packed{});
}

cell origin_of(const cluster_graph_options& options, std::int32_t clusters_x, std::size_t k) {
    const auto kx = static_cast<std::int32_t>(k % static_cast<std::size_t>(clusters_x));
    const auto ky = static_cast<std::int32_t>(k / static_cast<std::size_t>(clusters_x));
    return {kx * options.cluster_size, ky * options.cluster_size};
}

double micros_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

namespace {

/// Bytes of one block holding `from`'s arrays, each start aligned to 8 bytes.
std::size_t packed_bytes(const cluster& from) {
    const auto round = [](std::size_t bytes) { return (bytes + 7) & ~std::size_t{7}; };
    return round(from.transitions.size() * sizeof(cell)) +
           round(from.first_edge.size() * sizeof(std::uint32_t)) +
           round(from.edges.size() * sizeof(cluster_edge)) + round(from.exits.size()) +
           round(from.slot.size() * sizeof(std::uint16_t));
}

} // namespace

// The arrays are copied in the order a search reads them. The arena falls back to the heap if
// the block were ever too small, so the sizes above are a layout choice, not a safety one.
cluster::cluster(const cluster& from, packed)
    : block_(std::make_unique_for_overwrite<std::byte[]>(packed_bytes(from))),
      arena_(block_.get(), packed_bytes(from), std::pmr::get_default_resource()),
      origin(from.origin), width(from.width), height(from.height),
      transitions(from.transitions.begin(), from.transitions.end(), &arena_),
      first_edge(from.first_edge.begin(), from.first_edge.end(), &arena_),
      edges(from.edges.begin(), from.edges.end(), &arena_), slot(&arena_),
      exits(from.exits.begin(), from.exits.end(), &arena_) {
    slot.assign(from.slot.begin(), from.slot.end());
}

std::size_t cluster::memory_bytes() const noexcept {
    return sizeof(cluster) + transitions.capacity() * sizeof(cell) +
           first_edge.capacity() * sizeof(std::uint32_t) + edges.capacity() * sizeof(cluster_edge) +
           slot.capacity() * sizeof(std::uint16_t) + exits.capacity();
}

std::uint64_t cluster_graph_options::cache_key() const noexcept {
    return static_cast<std::uint64_t>(cluster_size) |
           (static_cast<std::uint64_t>(transitions) << 8) |
           (static_cast<std::uint64_t>(rules.costs) << 16) |
           (static_cast<std::uint64_t>(mask) << 24) |
           (static_cast<std::uint64_t>(split_entrances_from) << 32);
}

std::string cluster_graph::options_problem(const cluster_graph_options& options) {
    if (options.rules.moves != grid::connectivity::eight ||
        options.rules.corners != grid::corner_rule::no_cut) {
        return "rule " + std::string(grid::movement_rules_name(options.rules)) +
               " is not supported: hierarchical search supports rule 8 (8-connected, no corner "
               "cutting) only";
    }
    if (options.cluster_size < min_cluster_size || options.cluster_size > max_cluster_size) {
        return "cluster size " + std::to_string(options.cluster_size) + " is outside " +
               std::to_string(min_cluster_size) + ".." + std::to_string(max_cluster_size);
    }
    if (options.split_entrances_from != 0 &&
        (options.split_entrances_from < 2 || options.split_entrances_from > max_cluster_size)) {
        return "split_entrances_from " + std::to_string(options.split_entrances_from) +
               " is outside 2.." + std::to_string(max_cluster_size) + " (or 0: never split)";
    }
    return {};
}

cluster_graph cluster_graph::build(const grid::grid_map& map, const cluster_graph_options& options,
                                   const build_progress& progress) {
    const auto t0 = std::chrono::steady_clock::now();
    cluster_graph g;
    g.options_ = options;
    g.width_ = map.width();
    g.height_ = map.height();
    g.clusters_x_ = (map.width() + options.cluster_size - 1) / options.cluster_size;
    g.clusters_y_ = (map.height() + options.cluster_size - 1) / options.cluster_size;
    const std::size_t total =
        static_cast<std::size_t>(g.clusters_x_) * static_cast<std::size_t>(g.clusters_y_);
    g.cluster_count_ = total;
    detail::box_search search;
    const std::size_t report_every = std::max<std::size_t>(1, total / 100);
    std::shared_ptr<cluster_chunk> chunk;
    for (std::size_t k = 0; k < total; ++k) {
        if ((k & (cluster_chunk::size - 1)) == 0) {
            chunk = std::make_shared<cluster_chunk>();
            g.chunks_.push_back(chunk);
        }
        chunk->clusters[chunk->count++] =
            build_cluster(map, options, origin_of(options, g.clusters_x_, k), search);
        if (chunk->count == cluster_chunk::size || k + 1 == total) chunk->number();
        if (progress && ((k + 1) % report_every == 0 || k + 1 == total)) progress(k + 1, total);
    }
    g.number_nodes();
    g.report_.clusters_rebuilt = total;
    g.report_.clusters_total = total;
    g.report_.transitions_after = g.node_count();
    g.report_.microseconds = micros_since(t0);
    return g;
}

cluster_graph cluster_graph::repair(const cluster_graph& old, const grid::grid_map& map,
                                    std::span<const grid::cell_edit> edits) {
    const auto t0 = std::chrono::steady_clock::now();
    cluster_graph g;
    g.options_ = old.options_;
    g.width_ = old.width_;
    g.height_ = old.height_;
    g.clusters_x_ = old.clusters_x_;
    g.clusters_y_ = old.clusters_y_;
    g.cluster_count_ = old.cluster_count_;
    g.chunks_ = old.chunks_;
    // A cell's state decides the cluster it lies in and, on a border, the transitions and
    // crossings of the clusters around it: rebuild every cluster within one cell of an edit.
    std::vector<std::size_t> touched;
    for (const grid::cell_edit& e : edits) {
        if (!e.changes_walkability() || !map.in_bounds(e.at)) continue;
        for (std::int32_t dy = -1; dy <= 1; ++dy) {
            for (std::int32_t dx = -1; dx <= 1; ++dx) {
                const cell c{e.at.x + dx, e.at.y + dy};
                if (map.in_bounds(c)) touched.push_back(g.cluster_of(c));
            }
        }
    }
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    detail::box_search search;
    std::shared_ptr<cluster_chunk> copy; // the chunk being rewritten (touched is sorted)
    std::size_t copy_index = ~std::size_t{0};
    for (const std::size_t k : touched) {
        const std::size_t c = k >> cluster_chunk::bits;
        if (c != copy_index) {
            if (copy) copy->number();
            copy = std::make_shared<cluster_chunk>(*g.chunks_[c]);
            g.chunks_[c] = copy;
            copy_index = c;
        }
        auto& slot = copy->clusters[k & (cluster_chunk::size - 1)];
        g.report_.transitions_before += slot->transitions.size();
        slot = build_cluster(map, g.options_, slot->origin, search);
        g.report_.transitions_after += slot->transitions.size();
    }
    if (copy) copy->number();
    g.number_nodes();
    g.report_.clusters_rebuilt = touched.size();
    g.report_.clusters_total = g.cluster_count_;
    g.report_.microseconds = micros_since(t0);
    return g;
}

void cluster_chunk::number() {
    std::uint32_t next = 0;
    bytes = sizeof(cluster_chunk) + 16; // + the control block
    for (std::size_t i = 0; i < count; ++i) {
        first[i] = next;
        next += static_cast<std::uint32_t>(clusters[i]->transitions.size());
        bytes += clusters[i]->memory_bytes() + 16;
    }
    for (std::size_t i = count; i <= size; ++i) first[i] = next;
}

void cluster_graph::number_nodes() {
    chunk_first_.resize(chunks_.size() + 1);
    std::uint32_t next = 0;
    bytes_ = sizeof(cluster_graph) +
             chunks_.capacity() * sizeof(std::shared_ptr<const cluster_chunk>) +
             chunk_first_.capacity() * sizeof(std::uint32_t);
    for (std::size_t c = 0; c < chunks_.size(); ++c) {
        chunk_first_[c] = next;
        next += chunks_[c]->first[cluster_chunk::size];
        bytes_ += chunks_[c]->bytes;
    }
    chunk_first_.back() = next;
}

std::size_t cluster_graph::cluster_of_node(std::uint32_t id) const noexcept {
    const auto it = std::upper_bound(chunk_first_.begin(), chunk_first_.end(), id);
    const auto c = static_cast<std::size_t>(it - chunk_first_.begin()) - 1;
    const cluster_chunk& chunk = *chunks_[c];
    const std::uint32_t local = id - chunk_first_[c];
    const auto jt =
        std::upper_bound(chunk.first.begin(),
                         chunk.first.begin() + static_cast<std::ptrdiff_t>(chunk.count) + 1, local);
    return (c << cluster_chunk::bits) + static_cast<std::size_t>(jt - chunk.first.begin()) - 1;
}

} // namespace xunlu::hierarchy
