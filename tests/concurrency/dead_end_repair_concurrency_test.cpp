// Dead-end maps repaired while threads read: a writer applies game edits one snapshot after
// another (keeping the history alive, so every new version repairs its parent's map) while
// readers run astar-deadend and jps-deadend on the newest snapshot, racing to repair its map
// and to build its core. Every answer is checked against A* on the same snapshot, and most
// versions were repaired, not built anew.
// Run under ThreadSanitizer by ./test (build/tsan).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "support/game_edits.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/hierarchy/dead_end_jps.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using snapshot_ptr = std::shared_ptr<const grid::map_snapshot>;

TEST(dead_end_repair_concurrency, readers_repair_each_new_version_while_a_writer_edits) {
    constexpr int versions = 40;
    constexpr int readers = 3;
    std::vector<snapshot_ptr> history{
        grid::map_snapshot::make(*grid::generate_rooms(60, 48, 8, 4))};
    const grid::movement_rules rules{};
    const auto key = hierarchy::dead_end_map::cache_key(rules, grid::obstacle_mask::high_and_low);
    std::mutex latest_lock;
    snapshot_ptr latest = history.front();
    std::atomic<bool> writer_done{false};
    std::atomic<int> answered{0};
    std::vector<std::string> problems(readers);
    const auto query = [&](const grid::grid_map& map, std::uint64_t seed) -> std::string {
        std::mt19937_64 rng(seed);
        cell a{};
        cell b{};
        do {
            a = {static_cast<std::int32_t>(rng() % 60), static_cast<std::int32_t>(rng() % 48)};
            b = {static_cast<std::int32_t>(rng() % 60), static_cast<std::int32_t>(rng() % 48)};
        } while (!map.passable(a) || !map.passable(b));
        hierarchy::dead_end_astar pruned;
        hierarchy::dead_end_jps core; // the map's core, built from its dead-end map
        const search::search_request req{.start = a, .goal = b, .rules = rules};
        const auto ref = search::find_path_astar(map, req);
        for (const auto& got : {pruned.find_path(map, req), core.find_path(map, req)}) {
            if (got.status != ref.status) return "status differs: " + got.reason;
            if (ref.found() && std::abs(got.cost - ref.cost) > 1e-9 * std::max(1.0, ref.cost)) {
                return "cost differs";
            }
        }
        return "";
    };
    // Version 0's map exists before the first edit, so version 1 can repair it.
    ASSERT_EQ(query(history.front()->map(), 1), "");

    std::vector<std::thread> pool;
    for (int t = 0; t < readers; ++t) {
        pool.emplace_back([&, t] {
            std::uint64_t seed = 100 + static_cast<std::uint64_t>(t);
            for (int q = 0; q < 400 && (q < 20 || !writer_done.load()); ++q) {
                snapshot_ptr st;
                {
                    const std::lock_guard<std::mutex> hold(latest_lock);
                    st = latest;
                }
                const std::string bad = query(st->map(), seed++);
                if (!bad.empty()) {
                    problems[static_cast<std::size_t>(t)] =
                        "version " + std::to_string(st->version()) + ": " + bad;
                    return;
                }
                answered.fetch_add(1);
            }
        });
    }
    std::mt19937_64 rng(7);
    for (int v = 1; v < versions; ++v) {
        const snapshot_ptr parent = history.back();
        // The parent's map exists (a reader or this thread built or repaired it).
        (void)query(parent->map(), 1000 + static_cast<std::uint64_t>(v));
        auto next = parent->apply(testing::game_edits(parent->map(), rng));
        ASSERT_TRUE(next.ok()) << next.err().message;
        history.push_back(*next);
        const std::lock_guard<std::mutex> hold(latest_lock);
        latest = history.back();
    }
    writer_done.store(true);
    for (auto& th : pool) th.join();
    for (const auto& p : problems) EXPECT_EQ(p, "");
    EXPECT_GT(answered.load(), readers * 20 - 1);
    int repaired = 0;
    for (std::size_t v = 1; v < history.size(); ++v) {
        const auto ends = history[v]->map().derived().find<hierarchy::dead_end_map>(key);
        if (ends != nullptr && !ends->last_repair().rebuilt) ++repaired;
    }
    EXPECT_GE(repaired, versions * 8 / 10) << "versions built anew instead of repaired";
}

} // namespace
} // namespace xunlu
