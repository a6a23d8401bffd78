// The web visualizer's service parts without a transport: a traced search's trace limits (a
// truncated trace is the prefix of the whole one, and the answer's numbers are the whole
// search's), and the scratch store (bounded, LRU, copy on write, edits from many threads while
// others search; this suite also runs under ThreadSanitizer).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "service/scratch_store.hpp"
#include "service/traced_search.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::server::testing {
namespace {

grid::grid_map open_map(std::int32_t w, std::int32_t h) {
    return grid::grid_map::create(w, h).value();
}

TEST(traced_search, memory_is_this_search_s_own_as_a_fresh_finder_reports_it) {
    // A large search first on this thread: a reused finder would keep its memory.
    const auto big = open_map(300, 300);
    ASSERT_TRUE(traced_search(big, {.from = {0, 0}, .to = {299, 299}}, 2'000'000, {}, {}));
    auto small = open_map(30, 20);
    for (std::int32_t y = 0; y < 15; ++y) small.set_high_obstacle({15, y}, true);
    const traced_input in{.from = {2, 2}, .to = {27, 2}};
    const auto out = traced_search(small, in, 2'000'000, {}, {});
    ASSERT_TRUE(out);
    ASSERT_EQ(out.value().result.status, search::search_status::found);
    search::search_request req{.start = in.from, .goal = in.to};
    const auto fresh = registry::find_finder("astar")->make()->find(small, req);
    EXPECT_EQ(out.value().result.stats.memory_bytes, fresh.stats.memory_bytes);
    EXPECT_EQ(out.value().result.stats.expanded, fresh.stats.expanded);
    // A short search is timed several times: the median, between the fastest and the slowest.
    const auto& t = out.value();
    EXPECT_EQ(t.time_runs, 5u);
    EXPECT_LE(t.time_min_us, t.time_us);
    EXPECT_LE(t.time_us, t.time_max_us);
    ASSERT_EQ(t.run_times_us.size(), 5u);
    EXPECT_EQ(*std::min_element(t.run_times_us.begin(), t.run_times_us.end()), t.time_min_us);
    const auto once = traced_search(small, in, 2'000'000, {.timing_runs = 1}, {});
    ASSERT_TRUE(once);
    EXPECT_EQ(once.value().time_runs, 1u);
    EXPECT_EQ(once.value().time_min_us, once.value().time_us);
}

TEST(traced_search, a_truncated_trace_is_the_prefix_of_the_whole_trace) {
    auto map = open_map(120, 120);
    for (std::int32_t y = 0; y < 110; ++y) map.set_high_obstacle({60, y}, true); // a long wall
    traced_input in;
    in.from = {5, 5};
    in.to = {115, 5};
    const trace_limits limits{};
    const auto whole = traced_search(map, in, 2'000'000, limits, {});
    ASSERT_TRUE(whole);
    ASSERT_EQ(whole.value().result.status, search::search_status::found);
    ASSERT_FALSE(whole.value().truncated);
    const auto expanded = whole.value().result.stats.expanded;
    ASSERT_GT(expanded, 1000u);
    std::size_t closed = 0;
    for (const auto& e : whole.value().events) closed += e.kind == search::node_event::closed;
    EXPECT_EQ(closed, expanded);

    in.trace_limit = 500;
    const auto cut = traced_search(map, in, 2'000'000, limits, {});
    ASSERT_TRUE(cut);
    EXPECT_TRUE(cut.value().truncated);
    EXPECT_EQ(cut.value().trace_expansions, 500u);
    // The answer is still the whole search's.
    EXPECT_EQ(cut.value().result.stats.expanded, expanded);
    EXPECT_EQ(cut.value().result.path, whole.value().result.path);
    const auto& a = cut.value().events;
    const auto& b = whole.value().events;
    ASSERT_LT(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        ASSERT_EQ(a[i].at, b[i].at) << i;
        ASSERT_EQ(a[i].kind, b[i].kind) << i;
    }
    // The event cap cuts too, and says so.
    const auto capped =
        traced_search(map, {.from = {5, 5}, .to = {115, 5}}, 2'000'000,
                      {.max_trace_expansions = 250'000, .max_trace_events = 100}, {});
    ASSERT_TRUE(capped);
    EXPECT_TRUE(capped.value().truncated);
    EXPECT_EQ(capped.value().events.size(), 100u);
}

TEST(traced_search, a_walking_method_above_the_limit_answers_no_replay_rather_than_unbounded) {
    auto map = open_map(120, 120);
    for (std::int32_t y = 0; y < 110; ++y) map.set_high_obstacle({60, y}, true);
    traced_input in{.from = {5, 5}, .to = {115, 5}, .algorithm = "hybrid"};
    const auto whole = traced_search(map, in, 2'000'000, {}, {});
    ASSERT_TRUE(whole);
    ASSERT_EQ(whole.value().result.status, search::search_status::found);
    ASSERT_GT(whole.value().result.stats.expanded, 10u);
    EXPECT_FALSE(whole.value().truncated);
    EXPECT_FALSE(whole.value().events.empty());
    in.trace_limit = 10;
    const auto cut = traced_search(map, in, 2'000'000, {}, {});
    ASSERT_TRUE(cut);
    EXPECT_TRUE(cut.value().truncated);
    EXPECT_TRUE(cut.value().events.empty());
    EXPECT_EQ(cut.value().result.path, whole.value().result.path); // the answer itself stays
}

TEST(traced_search, refuses_what_it_cannot_do_naming_the_field) {
    const auto map = open_map(10, 10);
    const auto field_of = [&](traced_input in, std::uint64_t max = 1000) {
        const auto out = traced_search(map, in, max, {}, {});
        EXPECT_FALSE(out);
        return out ? std::string() : out.error().message.substr(0, out.error().message.find(':'));
    };
    EXPECT_EQ(field_of({.from = {0, 0}, .to = {9, 9}, .algorithm = "nope"}), "algo");
    EXPECT_EQ(field_of({.from = {-1, 0}, .to = {9, 9}}), "from");
    EXPECT_EQ(field_of({.from = {0, 0}, .to = {9, 10}}), "to");
    EXPECT_EQ(field_of({.from = {0, 0}, .to = {9, 9}, .weight = 0.5}), "weight");
    EXPECT_EQ(field_of({.from = {0, 0}, .to = {9, 9}, .max_expansions = 1001}), "max_expansions");
    EXPECT_EQ(field_of({.from = {0, 0}, .to = {9, 9}, .trace_limit = 250'001}), "trace_limit");
    traced_input four{.from = {0, 0}, .to = {9, 9}, .algorithm = "jps+"};
    four.rules.moves = grid::connectivity::four;
    EXPECT_EQ(field_of(four), "rule");
}

TEST(scratch_store, bounded_copies_evict_the_least_recently_used) {
    scratch_store store({.max_copies = 3, .max_cells = 100, .max_edits = 10});
    const auto map = open_map(10, 10);
    std::vector<std::string> ids;
    for (int i = 0; i < 3; ++i) ids.push_back(store.create("m", map).value().id);
    ASSERT_TRUE(store.get(ids[0])); // ids[1] is now the least recently used
    const auto fourth = store.create("m", map).value().id;
    EXPECT_EQ(store.size(), 3u);
    EXPECT_FALSE(store.get(ids[1]));
    EXPECT_EQ(store.get(ids[1]).error().code, status_code::not_found);
    EXPECT_TRUE(store.get(ids[0]));
    EXPECT_TRUE(store.get(fourth));
    // Too big a map, too many edits.
    EXPECT_EQ(store.create("big", open_map(11, 10)).error().code, status_code::resource_exhausted);
    std::vector<grid::cell_edit> edits(11, grid::cell_edit::high({1, 1}, true));
    EXPECT_EQ(store.edit(fourth, edits).error().code, status_code::invalid_argument);
}

TEST(scratch_store, edits_copy_on_write_and_never_touch_the_source_map) {
    scratch_store store;
    const auto source = open_map(8, 8);
    const auto made = store.create("m", source).value();
    const auto before = made.map; // a snapshot a query could be holding
    const grid::cell_edit edits[] = {grid::cell_edit::high({3, 3}, true),
                                     grid::cell_edit::terrain({4, 4}, 5.0f)};
    const auto after = store.edit(made.id, edits).value();
    EXPECT_EQ(after.version, 1u);
    EXPECT_TRUE(after.map->is_high_obstacle({3, 3}));
    EXPECT_FLOAT_EQ(after.map->terrain_cost({4, 4}), 5.0f);
    EXPECT_FALSE(before->is_high_obstacle({3, 3}));
    EXPECT_FALSE(source.is_high_obstacle({3, 3}));
    EXPECT_FALSE(source.has_terrain_costs());
    // All or nothing: one bad edit, nothing applied.
    const grid::cell_edit bad[] = {grid::cell_edit::high({5, 5}, true),
                                   grid::cell_edit::high({8, 0}, true)};
    EXPECT_FALSE(store.edit(made.id, bad));
    EXPECT_FALSE(store.get(made.id).value().map->is_high_obstacle({5, 5}));
    EXPECT_EQ(store.get(made.id).value().version, 1u);
}

TEST(scratch_store, edits_from_many_threads_while_others_search_all_land) {
    scratch_store store;
    const auto id = store.create("m", open_map(64, 64)).value().id;
    constexpr int writers = 3, per_writer = 40;
    std::atomic<bool> done{false};
    std::thread reader([&] {
        while (!done) {
            const auto snap = store.get(id).value();
            traced_input in{.from = {0, 0}, .to = {63, 63}};
            const auto out = traced_search(*snap.map, in, 100'000, {}, {});
            ASSERT_TRUE(out);
        }
    });
    std::vector<std::thread> threads;
    for (int w = 0; w < writers; ++w) {
        threads.emplace_back([&, w] {
            for (int i = 0; i < per_writer; ++i) {
                const grid::cell_edit e[] = {grid::cell_edit::high({10 + w, 1 + i}, true)};
                ASSERT_TRUE(store.edit(id, e));
            }
        });
    }
    for (auto& t : threads) t.join();
    done = true;
    reader.join();
    const auto last = store.get(id).value();
    EXPECT_EQ(last.version, static_cast<std::uint64_t>(writers * per_writer));
    for (int w = 0; w < writers; ++w) {
        for (int i = 0; i < per_writer; ++i)
            EXPECT_TRUE(last.map->is_high_obstacle({10 + w, 1 + i}));
    }
}

} // namespace
} // namespace xunlu::server::testing
