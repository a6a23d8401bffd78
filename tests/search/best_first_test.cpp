// The best-first core through A* and Dijkstra: stepping equals one-shot, the trace observer's
// ordered events, the paged node store equals the dense one (and its square tiles map every id
// to its own node), the memory cap, and memory that follows the search on big maps whatever
// the path's direction.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "support/ascii_map.hpp"
#include "support/search_checks.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/node_store.hpp"

namespace xunlu {
namespace {

using search::search_status;

using testing::expect_same_result;
using testing::random_map;

std::vector<std::pair<cell, cell>> queries(const grid::grid_map& map, int n, std::uint32_t seed) {
    return testing::random_queries(map, n, seed);
}

class heuristics : public ::testing::TestWithParam<search::heuristic_kind> {};

TEST_P(heuristics, stepping_one_node_at_a_time_equals_one_shot) {
    const auto map = random_map(120, 7);
    search::astar whole;
    search::astar stepped;
    for (const auto& [a, b] : queries(map, 12, 3)) {
        const search::search_request request{.start = a, .goal = b, .heuristic = GetParam()};
        const auto want = whole.find_path(map, request);
        ASSERT_TRUE(stepped.start(map, request));
        std::uint64_t steps = 0;
        while (!stepped.step(1)) ++steps;
        const auto got = stepped.finish();
        expect_same_result(got, want);
        if (want.status == search_status::found) {
            EXPECT_GE(steps + 1, want.stats.expanded - 1); // one expansion per step
        }
    }
}

TEST_P(heuristics, paged_store_gives_the_same_results_as_the_dense_one) {
    const auto map = random_map(150, 11);
    search::astar dense;
    search::astar paged;
    paged.set_dense_limit(0); // every map goes to the paged store
    for (const auto& [a, b] : queries(map, 12, 5)) {
        const search::search_request request{
            .start = a, .goal = b, .heuristic = GetParam(), .record_trace = true};
        const auto want = dense.find_path(map, request);
        const auto got = paged.find_path(map, request);
        expect_same_result(got, want);
        for (const auto& [x, y] : queries(map, 5, 9)) {
            (void)y;
            EXPECT_EQ(paged.distance(x), dense.distance(x));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(all, heuristics,
                         ::testing::Values(search::heuristic_kind::octile,
                                           search::heuristic_kind::zero, // Dijkstra
                                           search::heuristic_kind::euclidean));

TEST(best_first, stepping_with_budgets_of_every_size_equals_one_shot) {
    const auto map = random_map(100, 21);
    search::astar engine;
    for (const auto& [a, b] : queries(map, 6, 8)) {
        const search::search_request request{.start = a, .goal = b, .record_trace = true};
        const auto want = engine.find_path(map, request);
        for (std::uint64_t budget : {2u, 7u, 64u}) {
            ASSERT_TRUE(engine.start(map, request));
            while (!engine.step(budget)) {
            }
            expect_same_result(engine.finish(), want);
        }
    }
}

TEST(best_first, trace_events_are_in_order_and_match_the_stats) {
    auto m = testing::parse_ascii(R"(
        S....#....
        .###.#.##.
        ...#...#.G
        .#.#####..
        .#........
    )");
    for (const auto h : {search::heuristic_kind::octile, search::heuristic_kind::zero}) {
        auto r = search::find_path_astar(
            m.map, {.start = m.start, .goal = m.goal, .heuristic = h, .record_trace = true});
        ASSERT_EQ(r.status, search_status::found);
        const auto& events = r.trace.events;
        ASSERT_FALSE(events.empty());
        EXPECT_EQ(events.front().at, m.start);
        EXPECT_EQ(events.front().kind, search::node_event::opened);
        EXPECT_EQ(events.back().at, m.goal); // the goal is closed last
        EXPECT_EQ(events.back().kind, search::node_event::closed);
        std::set<std::pair<int, int>> opened;
        std::set<std::pair<int, int>> closed;
        std::vector<cell> closed_order;
        for (const auto& e : events) {
            const std::pair<int, int> key{e.at.x, e.at.y};
            if (e.kind == search::node_event::opened) {
                EXPECT_TRUE(opened.insert(key).second) << "opened twice";
            } else {
                EXPECT_TRUE(opened.count(key)) << "closed before it was opened";
                EXPECT_TRUE(closed.insert(key).second) << "closed twice";
                closed_order.push_back(e.at);
            }
        }
        EXPECT_EQ(closed.size(), r.stats.expanded);
        EXPECT_EQ(r.trace.expanded, closed_order);
        EXPECT_EQ(r.trace.expanded.size() + r.trace.open.size(), opened.size());
        for (const cell c : r.trace.open) EXPECT_FALSE(closed.count({c.x, c.y}));
    }
    // No trace unless asked for.
    auto plain = search::find_path_astar(m.map, {.start = m.start, .goal = m.goal});
    EXPECT_TRUE(plain.trace.events.empty());
}

TEST(best_first, memory_cap_ends_the_search_with_resource_exhausted) {
    auto made = grid::grid_map::create(400, 400);
    ASSERT_TRUE(made);
    const auto map = std::move(made).value();
    const search::search_request far{
        .start = {0, 0}, .goal = {399, 399}, .heuristic = search::heuristic_kind::zero};
    for (const std::size_t dense_limit : {search::default_dense_limit, std::size_t{0}}) {
        search::astar engine;
        engine.set_dense_limit(dense_limit);
        auto capped = far;
        capped.max_memory_bytes = 200'000; // the dense table alone needs 400*400*17 bytes
        const auto r = engine.find_path(map, capped);
        EXPECT_EQ(r.status, search_status::resource_exhausted);
        EXPECT_NE(r.reason.find("memory cap of 200000 bytes"), std::string::npos) << r.reason;
        EXPECT_TRUE(r.path.empty());
        EXPECT_EQ(search::status_name(r.status), "resource_exhausted");
        // The engine is still usable, and a cap that fits lets the search finish.
        auto roomy = far;
        roomy.max_memory_bytes = 64u << 20;
        const auto ok = engine.find_path(map, roomy);
        EXPECT_EQ(ok.status, search_status::found);
        EXPECT_LE(ok.stats.memory_bytes, roomy.max_memory_bytes);
        EXPECT_NEAR(ok.cost, 399 * 1.4142135623730951, 1e-6);
    }
}

TEST(best_first, small_query_on_a_huge_map_holds_memory_for_what_it_touched) {
    auto made = grid::grid_map::create(20000, 20000);
    ASSERT_TRUE(made);
    const auto map = std::move(made).value();
    search::astar engine;
    for (const auto h : {search::heuristic_kind::octile, search::heuristic_kind::zero}) {
        const auto r = engine.find_path(
            map, {.start = {10000, 10000}, .goal = {10001, 10000}, .heuristic = h});
        ASSERT_EQ(r.status, search_status::found) << r.reason;
        EXPECT_EQ(r.cost, 1.0);
        EXPECT_LE(r.stats.expanded, h == search::heuristic_kind::zero ? 6u : 2u);
        EXPECT_LT(r.stats.memory_bytes, std::size_t{4} << 20); // not 400M cells * 17 bytes
        EXPECT_LT(engine.memory_bytes(), std::size_t{4} << 20);
    }
}

TEST(paged_node_store, tiles_give_every_id_its_own_node_in_any_row_layout) {
    // Widths below, at and above a tile, not multiples of it, and no rows at all.
    for (const std::size_t width : {std::size_t{0}, std::size_t{3}, std::size_t{32},
                                    std::size_t{37}, std::size_t{1000}, std::size_t{4098 * 9}}) {
        const std::size_t ids = width == 0 ? 5000 : width * 70 + width / 2;
        search::paged_node_store<std::uint8_t> store;
        store.prepare(ids, 0, width);
        std::mt19937 rng(static_cast<std::uint32_t>(width));
        std::vector<std::uint32_t> order(ids);
        for (std::size_t i = 0; i < ids; ++i) order[i] = static_cast<std::uint32_t>(i);
        std::shuffle(order.begin(), order.end(), rng);
        for (const std::uint32_t id : order) {
            search::search_node& n = store.at(id);
            n = {static_cast<double>(id), search::no_slot, store.generation()};
            store.parent_at(id) = static_cast<std::uint8_t>(id * 7);
        }
        ASSERT_FALSE(store.failed());
        // Two ids sharing a node would show the one written last.
        for (std::uint32_t id = 0; id < ids; ++id) {
            const search::search_node* n = store.find(id);
            ASSERT_NE(n, nullptr) << "width " << width << " id " << id;
            EXPECT_EQ(n->g, static_cast<double>(id));
            EXPECT_EQ(store.parent(id), static_cast<std::uint8_t>(id * 7));
        }
        // A new search sees none of them; a layout change drops the pages.
        store.prepare(ids, 0, width);
        EXPECT_EQ(store.find(static_cast<std::uint32_t>(ids / 2)), nullptr);
        EXPECT_GT(store.pages_held(), 0u);
        store.prepare(ids, 0, width == 0 ? 100 : width + 1);
        EXPECT_EQ(store.pages_held(), 0u);
    }
}

TEST(paged_node_store, a_column_of_ids_takes_as_few_pages_as_a_row) {
    const std::size_t width = 4098;
    search::paged_node_store<std::uint8_t> across, down;
    across.prepare(width * width, 0, width);
    down.prepare(width * width, 0, width);
    for (std::uint32_t i = 1; i + 1 < width; ++i) {
        across.at(static_cast<std::uint32_t>(2049 * width + i));
        down.at(static_cast<std::uint32_t>(i * width + 2049));
    }
    // One tile per 32 ids of the line either way (plus one where the line starts mid-tile).
    EXPECT_LE(across.pages_held(), width / 32 + 1);
    EXPECT_LE(down.pages_held(), width / 32 + 1);
}

/// memory_bytes of A* along a straight line of `map` from `from` to `to` (found, exact cost).
std::size_t straight_query_memory(const grid::grid_map& map, cell from, cell to,
                                  std::size_t cap = 0) {
    search::astar engine;
    const auto r = engine.find_path(map, {.start = from, .goal = to, .max_memory_bytes = cap});
    EXPECT_EQ(r.status, search_status::found) << r.reason;
    EXPECT_EQ(r.cost,
              static_cast<double>(std::max(std::abs(to.x - from.x), std::abs(to.y - from.y))));
    return r.stats.memory_bytes;
}

TEST(best_first, straight_queries_on_a_4096_map_take_the_same_small_memory_up_or_across) {
    // Issue 49: pages that were runs of one row made the vertical query take 285 MB (one
    // 4096-node page per row crossed) where the horizontal one took 0.24 MB.
    auto made = grid::grid_map::create(4096, 4096);
    ASSERT_TRUE(made);
    const auto map = std::move(made).value();
    const std::size_t across = straight_query_memory(map, {0, 2048}, {4095, 2048});
    const std::size_t down = straight_query_memory(map, {2048, 0}, {2048, 4095});
    EXPECT_LT(across, std::size_t{4} << 20);
    EXPECT_LT(down, std::size_t{4} << 20);
    EXPECT_LE(down, 2 * across);
    EXPECT_LE(across, 2 * down);
    // The CLI's --max-memory-mb 500 no longer refuses it.
    EXPECT_LT(straight_query_memory(map, {2048, 0}, {2048, 4095}, std::size_t{500} << 20),
              std::size_t{4} << 20);
}

TEST(best_first, a_straight_query_of_20000_steps_on_a_20000_map_stays_under_32_mb) {
    auto made = grid::grid_map::create(20000, 20000);
    ASSERT_TRUE(made);
    const auto map = std::move(made).value();
    EXPECT_LT(straight_query_memory(map, {10000, 0}, {10000, 19999}), std::size_t{32} << 20);
    EXPECT_LT(straight_query_memory(map, {0, 10000}, {19999, 10000}), std::size_t{32} << 20);
}

} // namespace
} // namespace xunlu
