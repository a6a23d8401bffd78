// Graph search over waypoints: Dijkstra and A* against Floyd-Warshall on random graphs, with
// several entries and exits, and the admissible heuristic scale for short designer costs.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "xunlu/waypoint/graph_search.hpp"

namespace xunlu {
namespace {

TEST(graph_search, matches_floyd_warshall_on_random_graphs) {
    std::mt19937_64 rng(42);
    waypoint::graph_search search;
    for (int trial = 0; trial < 40; ++trial) {
        const std::uint32_t n = 5 + static_cast<std::uint32_t>(rng() % 30);
        std::vector<waypoint::waypoint> wps;
        for (std::uint32_t i = 0; i < n; ++i) {
            wps.push_back(
                {static_cast<std::int64_t>(i * 10),
                 {static_cast<std::int32_t>(rng() % 50), static_cast<std::int32_t>(rng() % 50)}});
        }
        std::vector<waypoint::link> links;
        const double inf = std::numeric_limits<double>::infinity();
        std::vector<std::vector<double>> d(n, std::vector<double>(n, inf));
        for (std::uint32_t i = 0; i < n; ++i) d[i][i] = 0;
        for (std::uint32_t k = 0; k < n * 2; ++k) {
            const auto a = static_cast<std::uint32_t>(rng() % n);
            const auto b = static_cast<std::uint32_t>(rng() % n);
            if (a == b) continue;
            const double dist = std::hypot(wps[a].at.x - wps[b].at.x, wps[a].at.y - wps[b].at.y);
            // Some designer costs are shorter than the distance: A* must stay exact.
            const double cost = dist * (0.5 + static_cast<double>(rng() % 100) / 100.0);
            links.push_back({a, b, cost});
            d[a][b] = std::min(d[a][b], cost);
            d[b][a] = std::min(d[b][a], cost);
        }
        for (std::uint32_t k = 0; k < n; ++k)
            for (std::uint32_t i = 0; i < n; ++i)
                for (std::uint32_t j = 0; j < n; ++j)
                    d[i][j] = std::min(d[i][j], d[i][k] + d[k][j]);
        const waypoint::waypoint_graph g(wps, links);
        EXPECT_LE(g.heuristic_scale(), 1.0);
        for (int q = 0; q < 10; ++q) {
            const waypoint::graph_endpoint e1{static_cast<std::uint32_t>(rng() % n), 1.5};
            const waypoint::graph_endpoint e2{static_cast<std::uint32_t>(rng() % n), 0.25};
            const waypoint::graph_endpoint x1{static_cast<std::uint32_t>(rng() % n), 2.0};
            const waypoint::graph_endpoint x2{static_cast<std::uint32_t>(rng() % n), 0.0};
            double best = inf;
            for (const auto& e : {e1, e2})
                for (const auto& x : {x1, x2})
                    best = std::min(best, e.cost + d[e.node][x.node] + x.cost);
            const std::vector<waypoint::graph_endpoint> entries{e1, e2}, exits{x1, x2};
            const point goal = g.at(x2.node).centre();
            for (const bool astar : {false, true}) {
                auto r = search.find(g, entries, exits,
                                     astar ? std::optional<point>(goal) : std::nullopt);
                if (std::isinf(best)) {
                    EXPECT_FALSE(r.found);
                    continue;
                }
                // A* is exact only with a goal the exits' costs cover; the heuristic measures
                // to x2's centre and x1 may be elsewhere, so check A* with x2 alone below.
                if (astar) continue;
                ASSERT_TRUE(r.found);
                EXPECT_NEAR(r.cost, best, 1e-9);
                double walk = 0;
                for (std::size_t i = 1; i < r.nodes.size(); ++i) {
                    const auto nb = g.neighbours(r.nodes[i - 1]);
                    const auto cs = g.costs(r.nodes[i - 1]);
                    double c = inf;
                    for (std::size_t k = 0; k < nb.size(); ++k)
                        if (nb[k] == r.nodes[i]) c = std::min(c, cs[k]);
                    walk += c;
                }
                bool adds_up = false; // entry cost + links walked + exit cost == reported cost
                for (const auto& e : entries)
                    for (const auto& x : exits)
                        adds_up |= e.node == r.nodes.front() && x.node == r.nodes.back() &&
                                   std::abs(e.cost + walk + x.cost - r.cost) < 1e-9;
                EXPECT_TRUE(adds_up);
            }
            // A* towards x2's centre, single exit x2: exact.
            const std::vector<waypoint::graph_endpoint> only{x2};
            auto ra = search.find(g, entries, only, goal);
            const double want =
                std::min(e1.cost + d[e1.node][x2.node], e2.cost + d[e2.node][x2.node]);
            if (std::isinf(want)) {
                EXPECT_FALSE(ra.found);
            } else {
                ASSERT_TRUE(ra.found);
                EXPECT_NEAR(ra.cost, want, 1e-9);
                EXPECT_EQ(ra.nodes.back(), x2.node);
            }
        }
    }
}

TEST(graph_search, empty_inputs_find_nothing) {
    waypoint::graph_search search;
    const waypoint::waypoint_graph empty;
    EXPECT_FALSE(search.find(empty, {}, {}).found);
    const std::vector<waypoint::waypoint> wps{{1, {0, 0}}, {2, {3, 4}}};
    const std::vector<waypoint::link> links{{0, 1, 5.0}};
    const waypoint::waypoint_graph g(wps, links);
    const std::vector<waypoint::graph_endpoint> e{{0, 0}}, x{{1, 0}};
    auto r = search.find(g, e, x);
    ASSERT_TRUE(r.found);
    EXPECT_DOUBLE_EQ(r.cost, 5.0);
    EXPECT_EQ(g.nearest({3.4, 4.6}, 5), (std::vector<std::uint32_t>{1, 0}));
}

} // namespace
} // namespace xunlu
