// Graph search against a Dijkstra written here on the test's own edge lists: random graphs of
// thousands of nodes, directed and undirected, edge costs on both sides of the straight
// distance; unreachable pairs the labels prove expand nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <vector>

#include "xunlu/graph/graph_search.hpp"

namespace xunlu {
namespace {

using graph::edge_kind;

constexpr double inf = std::numeric_limits<double>::infinity();

struct test_graph {
    std::vector<graph::node> nodes;
    std::vector<graph::edge> edges;
    /// The test's own adjacency: (target, cost) per node, both ways when undirected.
    std::vector<std::vector<std::pair<std::uint32_t, double>>> out;
};

/// n nodes in a 1000 x 1000 square, m edges between random nodes near each other in index
/// order (nodes are sorted by x, so most edges are short), costs = length x [low, high].
test_graph random_graph(std::mt19937_64& rng, std::uint32_t n, std::uint32_t m, edge_kind kind,
                        double low, double high) {
    test_graph t;
    std::uniform_real_distribution<double> pos(0, 1000), factor(low, high);
    std::vector<double> xs(n);
    for (double& x : xs) x = pos(rng);
    std::sort(xs.begin(), xs.end());
    for (std::uint32_t i = 0; i < n; ++i) {
        // Ids unrelated to indices: the search must go through index_of.
        t.nodes.push_back({static_cast<std::int64_t>(i) * 7 - 5000, {xs[i], pos(rng)}});
    }
    t.out.resize(n);
    for (std::uint32_t k = 0; k < m; ++k) {
        const auto a = static_cast<std::uint32_t>(rng() % n);
        const auto span = static_cast<std::int64_t>(rng() % 40) - 20;
        const auto b = static_cast<std::uint32_t>(
            std::clamp<std::int64_t>(static_cast<std::int64_t>(a) + span, 0, n - 1));
        const double len = graph::distance(t.nodes[a].at, t.nodes[b].at);
        const double cost = len * factor(rng);
        t.edges.push_back({a, b, cost});
        t.out[a].emplace_back(b, cost);
        if (kind == edge_kind::undirected) t.out[b].emplace_back(a, cost);
    }
    return t;
}

/// Textbook Dijkstra with a binary heap and lazy deletion: every distance from `source`.
std::vector<double> dijkstra(const test_graph& t, std::uint32_t source) {
    std::vector<double> d(t.nodes.size(), inf);
    using item = std::pair<double, std::uint32_t>;
    std::priority_queue<item, std::vector<item>, std::greater<>> q;
    d[source] = 0;
    q.emplace(0.0, source);
    while (!q.empty()) {
        const auto [du, u] = q.top();
        q.pop();
        if (du > d[u]) continue;
        for (const auto& [v, c] : t.out[u]) {
            if (du + c < d[v]) {
                d[v] = du + c;
                q.emplace(d[v], v);
            }
        }
    }
    return d;
}

/// Weak components by breadth-first search over the test's edges, ignoring direction.
std::vector<int> weak_components(const test_graph& t) {
    std::vector<std::vector<std::uint32_t>> und(t.nodes.size());
    for (const auto& e : t.edges) {
        und[e.from].push_back(e.to);
        und[e.to].push_back(e.from);
    }
    std::vector<int> label(t.nodes.size(), -1);
    int next = 0;
    for (std::uint32_t s = 0; s < t.nodes.size(); ++s) {
        if (label[s] >= 0) continue;
        std::vector<std::uint32_t> stack{s};
        label[s] = next;
        while (!stack.empty()) {
            const auto u = stack.back();
            stack.pop_back();
            for (const auto v : und[u]) {
                if (label[v] < 0) {
                    label[v] = next;
                    stack.push_back(v);
                }
            }
        }
        ++next;
    }
    return label;
}

/// Cost of the path along the test's own edges (cheapest edge per step), inf when a step has
/// no edge.
double walk_cost(const test_graph& t, const std::vector<std::uint32_t>& path) {
    double sum = 0;
    for (std::size_t k = 1; k < path.size(); ++k) {
        double best = inf;
        for (const auto& [v, c] : t.out[path[k - 1]]) {
            if (v == path[k]) best = std::min(best, c);
        }
        sum += best;
    }
    return sum;
}

struct case_params {
    edge_kind kind;
    std::uint32_t nodes;
    std::uint32_t edges;
    double low;  ///< smallest cost / length factor
    double high; ///< largest
};

void check_against_dijkstra(const case_params& p, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const test_graph t = random_graph(rng, p.nodes, p.edges, p.kind, p.low, p.high);
    auto made = graph::spatial_graph::make(t.nodes, t.edges, p.kind);
    ASSERT_TRUE(made) << made.err().message;
    const graph::spatial_graph& g = *made;
    const auto weak = weak_components(t);
    graph::graph_search search;
    std::size_t found = 0, unreachable = 0, by_labels = 0;
    for (int s = 0; s < 25; ++s) {
        const auto from = static_cast<std::uint32_t>(rng() % p.nodes);
        const auto d = dijkstra(t, from);
        for (int q = 0; q < 40; ++q) {
            const auto to = static_cast<std::uint32_t>(rng() % p.nodes);
            const std::int64_t from_index = g.index_of(t.nodes[from].id);
            const std::int64_t to_index = g.index_of(t.nodes[to].id);
            ASSERT_EQ(from_index, from);
            ASSERT_EQ(to_index, to);
            const auto r = search.find_path(g, {.from = from, .to = to});
            if (std::isinf(d[to])) {
                ++unreachable;
                ASSERT_EQ(r.status, search::search_status::no_path) << from << " -> " << to;
                EXPECT_TRUE(r.nodes.empty());
                if (weak[from] != weak[to] || p.kind == edge_kind::undirected) {
                    // Different components: answered from the labels, nothing expanded.
                    EXPECT_TRUE(r.by_components);
                    EXPECT_EQ(r.expanded, 0u) << from << " -> " << to;
                }
                if (r.by_components) {
                    ++by_labels;
                    EXPECT_EQ(r.expanded, 0u);
                }
                continue;
            }
            ++found;
            ASSERT_EQ(r.status, search::search_status::found) << from << " -> " << to;
            EXPECT_NEAR(r.cost, d[to], 1e-9 * std::max(1.0, d[to])) << from << " -> " << to;
            ASSERT_FALSE(r.nodes.empty());
            EXPECT_EQ(r.nodes.front(), from);
            EXPECT_EQ(r.nodes.back(), to);
            EXPECT_NEAR(walk_cost(t, r.nodes), r.cost, 1e-9 * std::max(1.0, r.cost));
            EXPECT_FALSE(r.by_components);
            EXPECT_GT(r.expanded, 0u);
            if (q % 4 == 0) { // the same query without the heuristic
                const auto dj = search.find_path(g, {.from = from, .to = to, .dijkstra = true});
                ASSERT_TRUE(dj.found());
                EXPECT_EQ(dj.heuristic, graph::heuristic_kind::none);
                EXPECT_NEAR(dj.cost, d[to], 1e-9 * std::max(1.0, d[to]));
            }
        }
    }
    // The drawn graphs must exercise both answers (else the parameters are wrong).
    EXPECT_GT(found, 50u);
    EXPECT_GT(unreachable, 20u);
    EXPECT_GT(by_labels, 0u);
}

TEST(graph_search, undirected_costs_above_the_straight_distance_use_plain_euclidean) {
    const case_params p{edge_kind::undirected, 4000, 4400, 1.0, 2.5};
    std::mt19937_64 rng(1);
    const auto t = random_graph(rng, p.nodes, p.edges, p.kind, p.low, p.high);
    const graph::spatial_graph g(t.nodes, t.edges, p.kind);
    EXPECT_EQ(graph::heuristic_for(g), graph::heuristic_kind::euclidean);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) check_against_dijkstra(p, seed);
}

TEST(graph_search, undirected_costs_on_both_sides_of_the_straight_distance) {
    const case_params p{edge_kind::undirected, 5000, 5600, 0.4, 2.0};
    std::mt19937_64 rng(11);
    const auto t = random_graph(rng, p.nodes, p.edges, p.kind, p.low, p.high);
    const graph::spatial_graph g(t.nodes, t.edges, p.kind);
    EXPECT_EQ(graph::heuristic_for(g), graph::heuristic_kind::scaled_euclidean);
    EXPECT_GE(g.heuristic_scale(), 0.4 - 1e-12);
    EXPECT_LT(g.heuristic_scale(), 1.0);
    for (std::uint64_t seed = 11; seed <= 13; ++seed) check_against_dijkstra(p, seed);
}

TEST(graph_search, directed_costs_on_both_sides_of_the_straight_distance) {
    for (std::uint64_t seed = 21; seed <= 23; ++seed) {
        check_against_dijkstra({edge_kind::directed, 3000, 6000, 0.5, 1.8}, seed);
    }
}

TEST(graph_search, directed_graphs_with_many_strong_components) {
    for (std::uint64_t seed = 31; seed <= 33; ++seed) {
        check_against_dijkstra({edge_kind::directed, 4000, 9000, 0.8, 1.5}, seed);
    }
}

TEST(graph_search, zero_cost_edges_make_it_dijkstra) {
    const case_params p{edge_kind::undirected, 3000, 3600, 0.0, 1.5};
    std::mt19937_64 rng(41);
    auto t = random_graph(rng, p.nodes, p.edges, p.kind, p.low, p.high);
    t.edges[0].cost = 0; // between distinct positions, unless drawn equal
    const graph::spatial_graph g(t.nodes, t.edges, p.kind);
    EXPECT_EQ(graph::heuristic_for(g), graph::heuristic_kind::none);
    for (std::uint64_t seed = 41; seed <= 42; ++seed) check_against_dijkstra(p, seed);
}

// A small directed graph drawn by hand:
//   1 -> 2 -> 3 -> 1   (a cycle: one strong component)
//   3 -> 4 -> 5        (4 and 5 reachable from the cycle, not back)
//   6                  (alone)
TEST(graph_search, directed_labels_answer_without_searching_and_searches_decide_the_rest) {
    std::vector<graph::node> nodes;
    for (std::int64_t id = 1; id <= 6; ++id) nodes.push_back({id, {static_cast<double>(id), 0}});
    auto idx = [](std::int64_t id) { return static_cast<std::uint32_t>(id - 1); };
    const std::vector<graph::edge> edges{{idx(1), idx(2), 1},
                                         {idx(2), idx(3), 1},
                                         {idx(3), idx(1), 2},
                                         {idx(3), idx(4), 1},
                                         {idx(4), idx(5), 1}};
    const graph::spatial_graph g(nodes, edges, edge_kind::directed);
    EXPECT_EQ(g.component_count(), 2u);
    EXPECT_EQ(g.strong_component_count(), 4u);
    EXPECT_EQ(g.strong_component(idx(1)), g.strong_component(idx(3)));
    graph::graph_search search;
    auto r = search.find_path(g, {.from = idx(2), .to = idx(5)});
    ASSERT_TRUE(r.found());
    EXPECT_DOUBLE_EQ(r.cost, 3.0);
    EXPECT_EQ(r.nodes, (std::vector<std::uint32_t>{idx(2), idx(3), idx(4), idx(5)}));
    // 5 -> 1: 5's strong component comes after the cycle's in topological order.
    r = search.find_path(g, {.from = idx(5), .to = idx(1)});
    EXPECT_EQ(r.status, search::search_status::no_path);
    EXPECT_TRUE(r.by_components);
    EXPECT_EQ(r.expanded, 0u);
    // 1 -> 6: different weak components.
    r = search.find_path(g, {.from = idx(1), .to = idx(6)});
    EXPECT_TRUE(r.by_components);
    EXPECT_EQ(r.expanded, 0u);
    // Without the labels the search proves it the long way.
    r = search.find_path(g, {.from = idx(5), .to = idx(1), .use_components = false});
    EXPECT_EQ(r.status, search::search_status::no_path);
    EXPECT_FALSE(r.by_components);
    EXPECT_EQ(r.expanded, 1u);
}

TEST(graph_search, strong_components_match_mutual_reachability_on_random_graphs) {
    std::mt19937_64 rng(51);
    for (int trial = 0; trial < 20; ++trial) {
        const auto t = random_graph(rng, 120, 200, edge_kind::directed, 1.0, 1.0);
        const graph::spatial_graph g(t.nodes, t.edges, edge_kind::directed);
        std::vector<std::vector<bool>> reach;
        for (std::uint32_t s = 0; s < 120; ++s) {
            const auto d = dijkstra(t, s);
            reach.emplace_back();
            for (const double x : d) reach.back().push_back(!std::isinf(x));
        }
        for (std::uint32_t a = 0; a < 120; ++a) {
            for (std::uint32_t b = 0; b < 120; ++b) {
                const bool mutual = reach[a][b] && reach[b][a];
                ASSERT_EQ(g.strong_component(a) == g.strong_component(b), mutual) << a << "," << b;
                if (reach[a][b]) {
                    ASSERT_FALSE(g.provably_unreachable(a, b)) << a << "," << b;
                }
            }
        }
    }
}

TEST(graph_search, same_node_budget_and_bad_indices) {
    const std::vector<graph::node> nodes{{10, {0, 0}}, {20, {3, 4}}, {30, {6, 8}}};
    const std::vector<graph::edge> edges{{0, 1, 5}, {1, 2, 5}};
    const graph::spatial_graph g(nodes, edges, edge_kind::undirected);
    graph::graph_search search;
    auto r = search.find_path(g, {.from = 1, .to = 1});
    ASSERT_TRUE(r.found());
    EXPECT_EQ(r.cost, 0.0);
    EXPECT_EQ(r.nodes, std::vector<std::uint32_t>{1});
    r = search.find_path(g, {.from = 0, .to = 2, .max_expansions = 1});
    EXPECT_EQ(r.status, search::search_status::budget_exhausted);
    EXPECT_TRUE(r.nodes.empty());
    r = search.find_path(g, {.from = 0, .to = 3});
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    EXPECT_NE(r.reason.find("outside"), std::string::npos);
    r = search.find_path(g, {.from = 0, .to = 2});
    ASSERT_TRUE(r.found());
    EXPECT_DOUBLE_EQ(r.cost, 10.0);
    EXPECT_EQ(r.heuristic, graph::heuristic_kind::euclidean);
    EXPECT_EQ(r.heuristic_scale, 1.0);
}

} // namespace
} // namespace xunlu
