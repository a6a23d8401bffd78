// The contraction hierarchy over a subgoal graph: every subgoal ranked once, upward edges only,
// every shortcut unpacking into graph links of the same length, the edge limit, and the partial
// answer of a stopped query. Optimality against A* is in jps_differential_test.cpp (and on the
// Moving AI sample in jps_movingai_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/jps/subgoal_ch_search.hpp"
#include "xunlu/jps/subgoal_hierarchy.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using jps::subgoal_graph;
using jps::subgoal_hierarchy;
constexpr auto sh_mask = grid::obstacle_mask::high_and_low;

double sh_octile(cell a, cell b) {
    const int dx = std::abs(a.x - b.x);
    const int dy = std::abs(a.y - b.y);
    return std::abs(dx - dy) + std::sqrt(2.0) * std::min(dx, dy);
}

TEST(subgoal_hierarchy, ranks_every_subgoal_and_unpacks_every_edge_into_links) {
    for (const double rate : {10.0, 30.0}) {
        auto made = grid::generate_random(60, 45, rate, 7);
        ASSERT_TRUE(made.ok());
        const grid::grid_map& map = *made;
        const auto graph =
            std::make_shared<const subgoal_graph>(subgoal_graph::build(map, sh_mask));
        const subgoal_hierarchy h = subgoal_hierarchy::build(graph, {});
        ASSERT_TRUE(h.problem().empty()) << h.problem();
        const std::size_t n = graph->subgoal_count();
        ASSERT_EQ(h.node_count(), n);
        std::set<std::uint32_t> ranks;
        for (std::uint32_t k = 0; k < n; ++k) ranks.insert(h.rank(k));
        EXPECT_EQ(ranks.size(), n); // a permutation
        EXPECT_EQ(*ranks.rbegin(), n - 1);
        // The graph's links, as pairs, to check unpacked edges against.
        std::set<std::pair<std::uint32_t, std::uint32_t>> links;
        for (std::uint32_t k = 0; k < n; ++k) {
            for (const std::uint32_t t : graph->neighbours(k)) {
                const std::uint32_t j = graph->subgoal_at(t);
                links.insert({std::min(k, j), std::max(k, j)});
            }
        }
        std::size_t shortcuts = 0;
        for (std::uint32_t k = 0; k < n; ++k) {
            for (const jps::subgoal_up_edge& e : h.up(k)) {
                ASSERT_GT(h.rank(e.to), h.rank(k)) << "an edge that does not go up";
                std::vector<std::uint32_t> path{k};
                ASSERT_TRUE(h.unpack(k, e, false, path));
                ASSERT_EQ(path.back(), e.to);
                double length = 0;
                for (std::size_t i = 1; i < path.size(); ++i) {
                    const std::uint32_t a = std::min(path[i - 1], path[i]);
                    const std::uint32_t b = std::max(path[i - 1], path[i]);
                    ASSERT_TRUE(links.contains({a, b})) << "unpacked into a non-link";
                    length += sh_octile(map.cell_of(graph->cell_id(path[i - 1])),
                                        map.cell_of(graph->cell_id(path[i])));
                }
                EXPECT_NEAR(length, e.cost, 1e-9);
                // The same edge walked the other way gives the same subgoals reversed.
                std::vector<std::uint32_t> back{e.to};
                ASSERT_TRUE(h.unpack(k, e, true, back));
                std::reverse(back.begin(), back.end());
                EXPECT_EQ(back, path);
                shortcuts += e.mid != subgoal_hierarchy::none ? 1 : 0;
            }
        }
        EXPECT_GT(shortcuts, 0U) << "rate " << rate << ": no shortcut was needed at all?";
        EXPECT_GT(h.memory_bytes(), 0U);
    }
}

TEST(subgoal_hierarchy, an_edge_limit_stops_the_build_with_a_reason) {
    auto made = grid::generate_random(60, 45, 20.0, 3);
    ASSERT_TRUE(made.ok());
    const auto graph = std::make_shared<const subgoal_graph>(subgoal_graph::build(*made, sh_mask));
    const subgoal_hierarchy h = subgoal_hierarchy::build(graph, {}, {}, 128, 10);
    EXPECT_NE(h.problem().find("passed 10 edges"), std::string::npos) << h.problem();
    EXPECT_EQ(h.edge_count(), 0U);
}

TEST(subgoal_hierarchy, costs_follow_the_rule_and_progress_is_reported) {
    auto made = grid::generate_maze(41, 41, 1, 4);
    ASSERT_TRUE(made.ok());
    const auto graph = std::make_shared<const subgoal_graph>(subgoal_graph::build(*made, sh_mask));
    grid::movement_rules ten{};
    ten.costs = grid::step_costs::integer_10_14;
    std::int32_t last = 0;
    const subgoal_hierarchy h =
        subgoal_hierarchy::build(graph, ten, [&](int pass, std::int32_t done, std::int32_t total) {
            EXPECT_EQ(pass, 1);
            EXPECT_GE(done, last);
            EXPECT_LE(done, total);
            last = done;
        });
    ASSERT_TRUE(h.problem().empty());
    EXPECT_EQ(static_cast<std::size_t>(last), graph->subgoal_count());
    for (std::uint32_t k = 0; k < h.node_count(); ++k) {
        for (const jps::subgoal_up_edge& e : h.up(k)) {
            // 10 per straight step and 14 per diagonal: whole numbers.
            EXPECT_EQ(e.cost, std::round(e.cost));
        }
    }
    EXPECT_NE(subgoal_hierarchy::cache_key(sh_mask, ten),
              subgoal_hierarchy::cache_key(sh_mask, {}));
}

TEST(subgoal_ch_search, a_stopped_query_returns_a_walkable_partial_path) {
    auto made = grid::generate_maze(61, 61, 1, 9);
    ASSERT_TRUE(made.ok());
    const grid::grid_map& map = *made;
    jps::subgoal_ch_search engine;
    const search::search_request whole{.start = {0, 0}, .goal = {60, 60}};
    const auto full = engine.find_path(map, whole);
    ASSERT_TRUE(full.found()) << full.reason;
    EXPECT_NEAR(full.cost, search::find_path_astar(map, whole).cost, 1e-9);
    ASSERT_GT(full.stats.expanded, 4U);
    search::search_request limited = whole;
    limited.max_expansions = 4;
    const auto part = engine.find_path(map, limited);
    EXPECT_EQ(part.status, search::search_status::budget_exhausted);
    EXPECT_TRUE(part.partial);
    ASSERT_FALSE(part.path.empty());
    EXPECT_EQ(part.path.front(), whole.start);
    EXPECT_FALSE(grid::check_path(map, part.path, {}, sh_mask).has_value());
    EXPECT_NE(part.reason.find("budget"), std::string::npos) << part.reason;
    // A memory cap below the labels is refused with a reason.
    search::search_request capped = whole;
    capped.max_memory_bytes = 64;
    const auto refused = engine.find_path(map, capped);
    EXPECT_EQ(refused.status, search::search_status::resource_exhausted);
    EXPECT_NE(refused.reason.find("memory cap"), std::string::npos) << refused.reason;
    ASSERT_NE(engine.hierarchy(), nullptr);
    EXPECT_GT(engine.memory_bytes(), 0U);
}

} // namespace
} // namespace xunlu
