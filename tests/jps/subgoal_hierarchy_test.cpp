// The contraction hierarchy over a subgoal graph: every subgoal ranked once, upward edges only,
// every shortcut unpacking into graph links of the same length, the edge limit, and the partial
// answer of a stopped query, and optimality against A* whatever the witness limit. Optimality
// over more maps and rules is in jps_differential_test.cpp (and on the Moving AI sample in
// jps_movingai_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/grid/table_file.hpp"
#include "xunlu/jps/subgoal_ch_search.hpp"
#include "xunlu/jps/subgoal_hierarchy.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/build_budget.hpp"

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
                const std::size_t core_from = n - h.core_count();
                ASSERT_TRUE(h.rank(e.to) > h.rank(k) ||
                            (h.rank(k) >= core_from && h.rank(e.to) >= core_from))
                    << "an edge that does not go up and is not between core subgoals";
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
                // A copy of the edge is not one of the hierarchy's (its halves are found by
                // position): refused, not read out of bounds.
                const jps::subgoal_up_edge copy = e;
                std::vector<std::uint32_t> elsewhere{k};
                EXPECT_FALSE(h.unpack(k, copy, false, elsewhere));
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

// The witness searches are goal-directed and may give up early (a small limit): whatever they
// find or miss, every query over the hierarchy stays as short as A*'s, under both cost models.
TEST(subgoal_hierarchy, any_witness_limit_keeps_queries_optimal) {
    grid::movement_rules ten{};
    ten.costs = grid::step_costs::integer_10_14;
    for (const std::uint64_t seed : {3U, 11U}) {
        for (const double rate : {15.0, 35.0}) {
            for (const std::size_t limit : {std::size_t{1}, std::size_t{4}, std::size_t{128}}) {
                for (const grid::movement_rules& rules : {grid::movement_rules{}, ten}) {
                    const grid::grid_map map =
                        std::move(grid::generate_random(40, 30, rate, seed).value());
                    const auto graph =
                        std::make_shared<const subgoal_graph>(subgoal_graph::build(map, sh_mask));
                    jps::subgoal_ch_search engine;
                    engine.use_hierarchy(map, subgoal_hierarchy::build(graph, rules, {}, limit));
                    std::vector<cell> open;
                    for (std::int32_t y = 0; y < map.height(); ++y) {
                        for (std::int32_t x = 0; x < map.width(); ++x) {
                            if (map.passable({x, y}, sh_mask)) open.push_back({x, y});
                        }
                    }
                    std::size_t reachable = 0;
                    for (std::size_t i = 0; i < 80; ++i) {
                        const cell a = open[(i * 7919) % open.size()];
                        const cell b = open[(i * 104729 + 13) % open.size()];
                        const search::search_request request{.start = a, .goal = b, .rules = rules};
                        const auto got = engine.find_path(map, request);
                        const auto want = search::find_path_astar(map, request);
                        const std::string where =
                            "seed " + std::to_string(seed) + " rate " + std::to_string(rate) +
                            " limit " + std::to_string(limit) + " from (" + std::to_string(a.x) +
                            "," + std::to_string(a.y) + ") to (" + std::to_string(b.x) + "," +
                            std::to_string(b.y) + ")";
                        ASSERT_EQ(got.status, want.status) << where << ": " << got.reason;
                        if (!want.found()) continue;
                        ++reachable;
                        EXPECT_NEAR(got.cost, want.cost, 1e-9 * std::max(1.0, want.cost)) << where;
                        EXPECT_FALSE(grid::check_path(map, got.path, rules, sh_mask).has_value())
                            << where;
                    }
                    EXPECT_GT(reachable, 40U);
                }
            }
        }
    }
}

/// The free cells of `map` (the queries' endpoints).
std::vector<cell> sh_open_cells(const grid::grid_map& map) {
    std::vector<cell> open;
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (map.passable({x, y}, sh_mask)) open.push_back({x, y});
        }
    }
    return open;
}

/// 80 queries over `engine` (its hierarchy installed on `map`) against A*.
void expect_optimal(const grid::grid_map& map, jps::subgoal_ch_search& engine,
                    const std::string& what) {
    const std::vector<cell> open = sh_open_cells(map);
    std::size_t reachable = 0;
    for (std::size_t i = 0; i < 80; ++i) {
        const search::search_request request{.start = open[(i * 7919) % open.size()],
                                             .goal = open[(i * 104729 + 13) % open.size()]};
        const auto got = engine.find_path(map, request);
        const auto want = search::find_path_astar(map, request);
        ASSERT_EQ(got.status, want.status) << what << " query " << i << ": " << got.reason;
        if (!want.found()) continue;
        ++reachable;
        EXPECT_NEAR(got.cost, want.cost, 1e-9 * std::max(1.0, want.cost)) << what << " query " << i;
        EXPECT_FALSE(grid::check_path(map, got.path, {}, sh_mask).has_value()) << what;
    }
    EXPECT_GT(reachable, 40U) << what;
}

// Subgoals of more live edges than the core degree stay uncontracted (the core, ranked last,
// its edges kept both ways): the queries cross it in both directions and stay exact, and a
// saved hierarchy keeps its core.
TEST(subgoal_hierarchy, a_core_of_uncontracted_subgoals_keeps_queries_optimal) {
    for (const double rate : {8.0, 30.0}) {
        for (const std::size_t core_degree : {std::size_t{3}, std::size_t{8}}) {
            const grid::grid_map map = std::move(grid::generate_random(48, 40, rate, 5).value());
            const auto graph =
                std::make_shared<const subgoal_graph>(subgoal_graph::build(map, sh_mask));
            subgoal_hierarchy h = subgoal_hierarchy::build(
                graph, {}, {}, 128, subgoal_hierarchy::max_edges, core_degree);
            ASSERT_TRUE(h.problem().empty()) << h.problem();
            const std::string what =
                "rate " + std::to_string(rate) + " core degree " + std::to_string(core_degree);
            if (core_degree == 3) {
                EXPECT_GT(h.core_count(), 0U) << what;
            }
            EXPECT_LT(h.core_count(), h.node_count()) << what;
            const auto bytes = h.serialise();
            auto loaded = subgoal_hierarchy::parse(bytes, "core.sgh", graph, map, {});
            ASSERT_TRUE(loaded.ok()) << loaded.err().message;
            EXPECT_EQ(loaded->core_count(), h.core_count());
            jps::subgoal_ch_search built;
            built.use_hierarchy(map, std::move(h));
            expect_optimal(map, built, what);
            grid::grid_map again = map; // a fresh derived cache for the loaded hierarchy
            jps::subgoal_ch_search from_file;
            from_file.use_hierarchy(again, std::move(loaded).value());
            expect_optimal(again, from_file, what + " (loaded)");
        }
    }
}

// The work bound: once the witness searches have scanned that many edges, every subgoal left
// joins the core; with a bound of one edge nearly all do, and the answers stay exact.
TEST(subgoal_hierarchy, the_work_bound_leaves_the_rest_in_the_core) {
    const grid::grid_map map = std::move(grid::generate_random(48, 40, 25.0, 9).value());
    const auto graph = std::make_shared<const subgoal_graph>(subgoal_graph::build(map, sh_mask));
    subgoal_hierarchy h =
        subgoal_hierarchy::build(graph, {}, {}, 128, subgoal_hierarchy::max_edges,
                                 subgoal_hierarchy::default_core_degree, nullptr, 1);
    ASSERT_TRUE(h.problem().empty()) << h.problem();
    EXPECT_GE(h.core_count() + 2, h.node_count());
    jps::subgoal_ch_search engine;
    engine.use_hierarchy(map, std::move(h));
    expect_optimal(map, engine, "work bound 1");
}

// A build budget stops the contraction: the reason names the method, the map's size and the
// limit passed; cancellation stops it too; the progress callback sees the contraction.
TEST(subgoal_hierarchy, a_build_budget_stops_the_build_and_says_why) {
    const grid::grid_map map = std::move(grid::generate_random(128, 96, 20.0, 3).value());
    const auto graph = std::make_shared<const subgoal_graph>(subgoal_graph::build(map, sh_mask));
    ASSERT_GT(graph->subgoal_count(), 64U); // the budget is checked every 64 orderings
    const auto stopped_by = [&](const search::build_budget& budget) {
        const subgoal_hierarchy h =
            subgoal_hierarchy::build(graph, {}, {}, 128, subgoal_hierarchy::max_edges,
                                     subgoal_hierarchy::default_core_degree, &budget);
        EXPECT_TRUE(h.stopped()) << h.problem();
        EXPECT_EQ(h.edge_count(), 0U);
        EXPECT_NE(h.problem().find("subgoal-ch on the 128x96 map"), std::string::npos)
            << h.problem();
        return h.problem();
    };
    search::build_budget bytes;
    bytes.max_bytes = 1024;
    EXPECT_NE(stopped_by(bytes).find("over the build budget of 0 MiB"), std::string::npos);
    search::build_budget time;
    time.max_ms = 1e-6;
    EXPECT_NE(stopped_by(time).find("ms, over the build budget of 0 ms"), std::string::npos);
    const std::atomic<bool> cancel{true};
    search::build_budget cancelled;
    cancelled.cancel = &cancel;
    EXPECT_NE(stopped_by(cancelled).find("cancelled"), std::string::npos);

    // Within a generous budget: built, with progress through it.
    search::build_budget roomy;
    roomy.max_ms = 600'000;
    roomy.max_bytes = std::size_t{1} << 30;
    std::int64_t last = 0;
    roomy.progress = [&](int pass, std::int64_t done, std::int64_t total) {
        EXPECT_EQ(pass, 1);
        EXPECT_GE(done, last);
        EXPECT_LE(done, total);
        last = done;
    };
    const subgoal_hierarchy h =
        subgoal_hierarchy::build(graph, {}, {}, 128, subgoal_hierarchy::max_edges,
                                 subgoal_hierarchy::default_core_degree, &roomy);
    EXPECT_TRUE(h.problem().empty()) << h.problem();
    EXPECT_GT(last, 0);

    // Through a query: resource_exhausted with the reason, no path.
    jps::subgoal_ch_search engine;
    const std::vector<cell> open = sh_open_cells(map);
    search::search_request request{.start = open.front(), .goal = open.back()};
    request.preprocess = &cancelled;
    const auto refused = engine.find_path(map, request);
    EXPECT_EQ(refused.status, search::search_status::resource_exhausted);
    EXPECT_TRUE(refused.path.empty());
    EXPECT_NE(refused.reason.find("cancelled"), std::string::npos) << refused.reason;
}

/// A map, its graph, its hierarchy and the hierarchy's bytes, for the file tests.
struct saved {
    grid::grid_map map;
    std::shared_ptr<const subgoal_graph> graph;
    std::vector<std::uint8_t> bytes;

    explicit saved(std::uint64_t seed)
        : map(std::move(grid::generate_random(48, 36, 25.0, seed).value())),
          graph(std::make_shared<const subgoal_graph>(subgoal_graph::build(map, sh_mask))),
          bytes(subgoal_hierarchy::build(graph, {}).serialise()) {}
};

/// `bytes` with a new checksum (a crafted file that passes the corruption check).
std::vector<std::uint8_t> resealed(std::vector<std::uint8_t> bytes) {
    const std::size_t body = bytes.size() - 8;
    const std::uint64_t sum =
        grid::table_file::fnv1a(grid::table_file::fnv_offset, bytes.data(), body);
    for (int i = 0; i < 8; ++i) bytes[body + i] = static_cast<std::uint8_t>(sum >> (8 * i));
    return bytes;
}

TEST(subgoal_hierarchy_file, round_trip_serves_queries_without_a_rebuild) {
    saved s(5);
    const auto path = (std::filesystem::temp_directory_path() /
                       ("xunlu_hierarchy_" +
                        std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + ".sgh"))
                          .string();
    const subgoal_hierarchy built = subgoal_hierarchy::build(s.graph, {});
    ASSERT_FALSE(built.save(path).has_value());
    auto loaded = subgoal_hierarchy::load(path, s.graph, s.map, {});
    std::filesystem::remove(path);
    ASSERT_TRUE(loaded.ok()) << loaded.err().message;
    EXPECT_EQ(loaded->serialise(), s.bytes);

    jps::subgoal_ch_search engine;
    engine.use_hierarchy(s.map, std::move(loaded.value()));
    const std::size_t built_before = s.map.derived().built();
    const search::search_request request{.start = {0, 0}, .goal = {47, 35}};
    const auto got = engine.find_path(s.map, request);
    const auto want = search::find_path_astar(s.map, request);
    ASSERT_EQ(got.status, want.status) << got.reason;
    EXPECT_NEAR(got.cost, want.cost, 1e-9);
    EXPECT_EQ(s.map.derived().built(), built_before) << "the installed hierarchy must be used";
    EXPECT_FALSE(subgoal_hierarchy::load("/nonexistent/h.sgh", s.graph, s.map, {}).ok());
}

TEST(subgoal_hierarchy_file, every_truncation_and_flipped_bit_is_an_error) {
    saved s(5);
    for (std::size_t n = 0; n < s.bytes.size(); n += (n < 80 ? 1 : 97)) {
        const auto r = subgoal_hierarchy::parse({s.bytes.data(), n}, "cut.sgh", s.graph, s.map, {});
        ASSERT_FALSE(r.ok()) << "truncated at " << n;
        EXPECT_NE(r.err().message.find("cut.sgh"), std::string::npos) << r.err().message;
    }
    for (std::size_t i = 0; i < s.bytes.size(); i += 11) {
        auto bad = s.bytes;
        bad[i] ^= static_cast<std::uint8_t>(1u << (i % 8));
        EXPECT_FALSE(subgoal_hierarchy::parse(bad, "flip.sgh", s.graph, s.map, {}).ok())
            << "bit flipped at byte " << i;
    }
}

TEST(subgoal_hierarchy_file, mismatches_and_crafted_edges_name_the_problem) {
    saved s(5);
    const saved other(6);
    auto r = subgoal_hierarchy::parse(s.bytes, "h.sgh", other.graph, other.map, {});
    ASSERT_FALSE(r.ok());
    grid::movement_rules ten{};
    ten.costs = grid::step_costs::integer_10_14;
    r = subgoal_hierarchy::parse(s.bytes, "h.sgh", s.graph, s.map, ten);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("step costs"), std::string::npos) << r.err().message;
    // The edges start after the header (56 bytes), the ranks (4 n) and the offsets (4 (n + 1)).
    const std::size_t n = s.graph->subgoal_count();
    const std::size_t edges = 56 + 4 * n + 4 * (n + 1);
    const std::size_t m = (s.bytes.size() - 8 - edges) / 16;
    ASSERT_GT(m, 0U);
    // A shortcut (or link) made longer than what it stands for, resealed: refused.
    std::size_t crafted = 0;
    for (std::size_t e = 0; e < m; ++e) {
        auto bad = s.bytes;
        double cost = 0;
        std::uint64_t raw = 0;
        for (int i = 0; i < 8; ++i) raw |= std::uint64_t{bad[edges + 16 * e + 8 + i]} << (8 * i);
        cost = std::bit_cast<double>(raw) + 1.0;
        raw = std::bit_cast<std::uint64_t>(cost);
        for (int i = 0; i < 8; ++i)
            bad[edges + 16 * e + 8 + i] = static_cast<std::uint8_t>(raw >> (8 * i));
        const auto got = subgoal_hierarchy::parse(resealed(bad), "long.sgh", s.graph, s.map, {});
        ASSERT_FALSE(got.ok()) << "edge " << e << " made 1 longer was accepted";
        EXPECT_NE(got.err().message.find("edge from subgoal"), std::string::npos)
            << got.err().message;
        if (++crafted == 40) break;
    }
    // Edge 0 turned back onto the subgoal that owns it (it no longer climbs): refused.
    std::uint32_t owner = 0;
    for (; owner < n; ++owner) {
        std::uint32_t next = 0;
        for (int i = 0; i < 4; ++i) {
            next |= std::uint32_t{s.bytes[56 + 4 * n + 4 * (owner + 1) + i]} << (8 * i);
        }
        if (next > 0) break;
    }
    ASSERT_LT(owner, n);
    auto loop = s.bytes;
    for (int i = 0; i < 4; ++i) loop[edges + i] = static_cast<std::uint8_t>(owner >> (8 * i));
    const auto looped = subgoal_hierarchy::parse(resealed(loop), "loop.sgh", s.graph, s.map, {});
    ASSERT_FALSE(looped.ok());
    EXPECT_NE(looped.err().message.find("does not climb"), std::string::npos)
        << looped.err().message;
}

} // namespace
} // namespace xunlu
