// Landmark distances over the abstract graph: farthest-point landmarks, one Dijkstra each.
#include "abstract_landmarks.hpp"

#include <algorithm>

namespace xunlu::hierarchy::detail {

abstract_landmarks abstract_landmarks::build(std::shared_ptr<const cluster_graph> graph,
                                             const grid::grid_map& map) {
    abstract_landmarks out;
    out.graph_ = graph;
    const cluster_graph& g = *graph;
    const std::uint32_t n = g.node_count();
    if (n == 0) return out;
    out.count_ =
        static_cast<std::int64_t>(map.width()) * map.height() > (std::int64_t{1} << 22) ? 4 : 8;
    std::vector<double> all(static_cast<std::size_t>(n) * out.count_, unreachable);
    std::vector<std::uint32_t> owner(n);
    for (std::size_t k = 0; k < g.cluster_count(); ++k) {
        for (std::size_t i = 0; i < g.at(k).transitions.size(); ++i) {
            owner[g.node_id(k, i)] = static_cast<std::uint32_t>(k);
        }
    }
    std::vector<double> d(n);
    struct entry {
        double d;
        std::uint32_t id;
    };
    std::vector<entry> heap;
    auto later = [](const entry& a, const entry& b) { return a.d > b.d; };
    auto dijkstra = [&](std::uint32_t source) {
        std::fill(d.begin(), d.end(), unreachable);
        d[source] = 0;
        heap.assign(1, {0.0, source});
        while (!heap.empty()) {
            std::pop_heap(heap.begin(), heap.end(), later);
            const entry top = heap.back();
            heap.pop_back();
            if (top.d > d[top.id]) continue;
            const std::size_t k = owner[top.id];
            for_each_abstract_neighbour(g, k, top.id - g.node_id(k, 0),
                                        [&](std::uint32_t v, double cost, std::size_t, cell) {
                                            if (top.d + cost < d[v]) {
                                                d[v] = top.d + cost;
                                                heap.push_back({d[v], v});
                                                std::push_heap(heap.begin(), heap.end(), later);
                                            }
                                        });
        }
    };
    auto farthest = [&](const std::vector<double>& from) {
        std::uint32_t best = 0;
        double best_d = -1;
        for (std::uint32_t v = 0; v < n; ++v) {
            if (from[v] != unreachable && from[v] > best_d) {
                best_d = from[v];
                best = v;
            }
        }
        return best;
    };
    dijkstra(0);
    std::uint32_t next = farthest(d);
    std::vector<double> nearest(n, unreachable); // distance to the nearest landmark so far
    for (std::size_t l = 0; l < out.count_; ++l) {
        dijkstra(next);
        for (std::uint32_t v = 0; v < n; ++v) {
            all[static_cast<std::size_t>(v) * out.count_ + l] = d[v];
            nearest[v] = std::min(nearest[v], d[v]);
        }
        next = farthest(nearest);
    }
    out.split(all);
    return out;
}

void abstract_landmarks::split(const std::vector<double>& all) {
    const cluster_graph& g = *graph_;
    rows_.clear();
    bytes_ = sizeof(abstract_landmarks);
    for (std::size_t c = 0; c < g.chunk_count(); ++c) {
        const std::size_t begin = static_cast<std::size_t>(g.chunk_first(c)) * count_;
        const std::size_t end =
            (c + 1 < g.chunk_count() ? static_cast<std::size_t>(g.chunk_first(c + 1))
                                     : static_cast<std::size_t>(g.node_count())) *
            count_;
        rows_.push_back(std::make_shared<const std::vector<double>>(
            all.begin() + static_cast<std::ptrdiff_t>(begin),
            all.begin() + static_cast<std::ptrdiff_t>(end)));
        bytes_ += (end - begin) * sizeof(double) + 32;
    }
}

abstract_landmarks abstract_landmarks::inherit(const abstract_landmarks& old,
                                               std::shared_ptr<const cluster_graph> graph) {
    abstract_landmarks out;
    out.graph_ = graph;
    out.fresh_ = false;
    out.count_ = old.count_;
    out.bytes_ = sizeof(abstract_landmarks);
    const cluster_graph& g = *graph;
    const cluster_graph& was = *old.graph_;
    const bool same_shape = was.chunk_count() == g.chunk_count();
    for (std::size_t c = 0; c < g.chunk_count(); ++c) {
        const cluster_chunk& now = g.chunk(c);
        if (same_shape && &now == &was.chunk(c)) { // the chunk is shared: so are its rows
            out.rows_.push_back(old.rows_[c]);
            out.bytes_ += old.rows_[c]->size() * sizeof(double) + 32;
            continue;
        }
        // A repaired chunk: rows of the clusters it shares are copied, rebuilt ones unknown.
        auto rows = std::make_shared<std::vector<double>>(
            static_cast<std::size_t>(now.first[cluster_chunk::size]) * out.count_,
            std::numeric_limits<double>::quiet_NaN());
        if (same_shape) {
            const cluster_chunk& before = was.chunk(c);
            for (std::size_t i = 0; i < now.count && i < before.count; ++i) {
                if (now.clusters[i] != before.clusters[i]) continue;
                const std::size_t n = now.clusters[i]->transitions.size() * out.count_;
                std::copy_n(old.rows_[c]->begin() +
                                static_cast<std::ptrdiff_t>(before.first[i] * out.count_),
                            n,
                            rows->begin() + static_cast<std::ptrdiff_t>(now.first[i] * out.count_));
            }
        }
        out.bytes_ += rows->size() * sizeof(double) + 32;
        out.rows_.push_back(std::move(rows));
    }
    return out;
}

} // namespace xunlu::hierarchy::detail
