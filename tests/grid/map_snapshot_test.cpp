// map_snapshot: versions, all-or-nothing edit lists, old snapshots never change, shared cost
// layer, and the per-map derived cache (dropped on mutation, built once, repaired from parent).
#include <gtest/gtest.h>

#include <atomic>
#include <barrier>
#include <chrono>
#include <limits>
#include <span>
#include <thread>
#include <vector>

#include "support/ascii_map.hpp"
#include "xunlu/grid/map_snapshot.hpp"

namespace xunlu {
namespace {

using grid::cell_edit;
using grid::map_snapshot;

std::shared_ptr<const map_snapshot> door_map() {
    return map_snapshot::make(testing::parse_ascii(R"(
        ....#....
        ....#....
        .........
        ....#....
    )")
                                  .map);
}

TEST(map_snapshot, an_edit_list_makes_the_next_version_and_leaves_the_old_one_alone) {
    const auto v0 = door_map();
    EXPECT_EQ(v0->version(), 0u);
    EXPECT_TRUE(v0->edits().empty());
    const std::vector<cell_edit> close{cell_edit::high({4, 2}, true), cell_edit::low({1, 1}, true)};
    auto v1 = v0->apply(close);
    ASSERT_TRUE(v1.ok()) << v1.err().message;
    EXPECT_EQ((*v1)->version(), 1u);
    ASSERT_EQ((*v1)->edits().size(), 2u);
    EXPECT_EQ((*v1)->edits()[0].at, (cell{4, 2}));
    EXPECT_TRUE((*v1)->map().is_high_obstacle({4, 2}));
    EXPECT_TRUE((*v1)->map().is_low_obstacle({1, 1}));
    // The old snapshot, as a query holding it sees it: unchanged.
    EXPECT_FALSE(v0->map().is_high_obstacle({4, 2}));
    EXPECT_FALSE(v0->map().is_low_obstacle({1, 1}));
    const cell_edit open = cell_edit::high({4, 2}, false);
    auto v2 = (*v1)->apply({&open, 1});
    ASSERT_TRUE(v2.ok());
    EXPECT_EQ((*v2)->version(), 2u);
    EXPECT_FALSE((*v2)->map().is_high_obstacle({4, 2}));
    EXPECT_TRUE((*v1)->map().is_high_obstacle({4, 2}));
}

TEST(map_snapshot, a_bad_edit_rejects_the_whole_list_and_names_the_cell) {
    const auto v0 = door_map();
    const std::vector<cell_edit> edits{cell_edit::high({0, 0}, true), cell_edit::low({9, 1}, true)};
    auto bad = v0->apply(edits);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.err().message.find("edit 1"), std::string::npos) << bad.err().message;
    EXPECT_NE(bad.err().message.find("(9, 1)"), std::string::npos) << bad.err().message;
    EXPECT_FALSE(v0->map().is_high_obstacle({0, 0})) << "nothing applied";
    const cell_edit nan_cost = cell_edit::terrain({1, 1}, std::numeric_limits<float>::quiet_NaN());
    EXPECT_FALSE(v0->apply({&nan_cost, 1}).ok());
}

TEST(map_snapshot, the_cost_layer_is_shared_until_a_cost_changes) {
    const cell_edit cost = cell_edit::terrain({2, 2}, 3.0f);
    auto v1 = door_map()->apply({&cost, 1});
    ASSERT_TRUE(v1.ok());
    const cell_edit wall = cell_edit::high({0, 0}, true);
    auto v2 = (*v1)->apply({&wall, 1});
    ASSERT_TRUE(v2.ok());
    EXPECT_EQ((*v2)->map().padded_costs(), (*v1)->map().padded_costs()) << "shared, not copied";
    const cell_edit recost = cell_edit::terrain({2, 2}, 5.0f);
    auto v3 = (*v2)->apply({&recost, 1});
    ASSERT_TRUE(v3.ok());
    EXPECT_NE((*v3)->map().padded_costs(), (*v2)->map().padded_costs());
    EXPECT_FLOAT_EQ((*v3)->map().terrain_cost({2, 2}), 5.0f);
    EXPECT_FLOAT_EQ((*v2)->map().terrain_cost({2, 2}), 3.0f) << "the old layer kept its cost";
}

TEST(derived_cache, a_mutation_or_a_copy_does_not_keep_derived_data) {
    auto map = testing::parse_ascii("...\n...").map;
    int builds = 0;
    const auto a = map.derived().get_or_build<int>(7, [&] { return ++builds; });
    const auto b = map.derived().get_or_build<int>(7, [&] { return ++builds; });
    EXPECT_EQ(a, b);
    EXPECT_EQ(builds, 1);
    EXPECT_EQ(map.derived().find<long>(7), nullptr) << "keyed by type as well as key";
    const grid::grid_map copy = map;
    EXPECT_EQ(copy.derived().find<int>(7), nullptr);
    map.set_low_obstacle({1, 1}, true);
    EXPECT_EQ(map.derived().find<int>(7), nullptr) << "a changed map must not keep old data";
    EXPECT_EQ(*map.derived().get_or_build<int>(7, [&] { return ++builds; }), 2);
    EXPECT_EQ(*a, 1) << "values handed out stay alive";
}

TEST(derived_cache, adopts_a_copys_values_it_has_not_built_and_shares_them) {
    auto map = testing::parse_ascii("....\n.#..\n....").map;
    const grid::grid_map copy = map;
    const auto mine = map.derived().get_or_build<int>(1, [] { return 10; });
    const auto theirs = copy.derived().get_or_build<int>(1, [] { return 20; });
    const auto other = copy.derived().get_or_build<long>(2, [] { return 30L; });
    EXPECT_EQ(map.derived().adopt(copy.derived()), 1u);
    EXPECT_EQ(*map.derived().find<int>(1), 10) << "a value already built here is kept";
    EXPECT_EQ(map.derived().find<long>(2), other) << "taken by sharing, not copying";
    EXPECT_EQ(map.derived().adopt(copy.derived()), 0u) << "nothing new the second time";
    EXPECT_EQ(*theirs, 20);
    EXPECT_EQ(*mine, 10);
}

TEST(derived_cache, concurrent_first_use_builds_once) {
    const auto snap = door_map();
    constexpr int threads = 4;
    std::atomic<int> builds{0};
    std::vector<std::shared_ptr<const std::vector<int>>> got(threads);
    std::barrier start(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            start.arrive_and_wait();
            got[static_cast<std::size_t>(t)] =
                snap->map().derived().get_or_build<std::vector<int>>(1, [&] {
                    builds.fetch_add(1);
                    std::this_thread::sleep_for(std::chrono::milliseconds(20));
                    return std::vector<int>(1000, 42);
                });
        });
    }
    for (auto& th : pool) th.join();
    EXPECT_EQ(builds.load(), 1);
    for (const auto& g : got) EXPECT_EQ(g, got[0]);
}

TEST(derived_cache, repairs_from_the_parent_while_it_lives_else_builds) {
    auto v0 = door_map();
    (void)v0->map().derived().get_or_build<int>(0, [] { return 10; });
    const cell_edit e = cell_edit::high({0, 0}, true);
    auto v1 = v0->apply({&e, 1});
    ASSERT_TRUE(v1.ok());
    auto v2 = (*v1)->apply({&e, 1});
    ASSERT_TRUE(v2.ok());
    int seen_edits = -1;
    const auto repaired = (*v1)->map().derived().get_or_build<int>(
        0, [] { return -1; },
        [&](const int& old, std::span<const cell_edit> edits) {
            seen_edits = static_cast<int>(edits.size());
            return old + 1;
        });
    EXPECT_EQ(*repaired, 11);
    EXPECT_EQ(seen_edits, 1);
    v1 = std::shared_ptr<const map_snapshot>(); // parent of v2 gone: v2 builds from scratch
    const auto built = (*v2)->map().derived().get_or_build<int>(
        0, [] { return -1; }, [](const int& old, std::span<const cell_edit>) { return old + 1; });
    EXPECT_EQ(*built, -1);
}

} // namespace
} // namespace xunlu
