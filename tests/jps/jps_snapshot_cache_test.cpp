// JPS caches per map snapshot: bit rows and jump tables belong to one snapshot, bit rows are
// built word by word (and equal the map cell by cell, transposed too), repaired from the
// parent's (and equal a rebuild), every engine on a snapshot shares them, and the query that
// builds them reports the time as preprocessing (the catalogue says so).
#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/jps/bit_grid.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/jps/jps_plus.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using grid::cell_edit;
using grid::obstacle_mask;

void expect_same_bits(const jps::bit_grid& a, const jps::bit_grid& b) {
    ASSERT_EQ(a.rows(), b.rows());
    ASSERT_EQ(a.cols(), b.cols());
    for (std::int32_t py = 0; py < a.rows(); ++py) {
        for (std::int32_t px = 0; px < a.cols(); ++px) {
            ASSERT_EQ(a.free(px, py), b.free(px, py)) << "padded cell " << px << "," << py;
        }
    }
}

std::vector<cell_edit> random_edits(const grid::grid_map& map, std::uint32_t seed, int n) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::int32_t> x(0, map.width() - 1), y(0, map.height() - 1);
    std::vector<cell_edit> edits;
    for (int i = 0; i < n; ++i) {
        const cell c{x(rng), y(rng)};
        edits.push_back(i % 3 == 0 ? cell_edit::low(c, !map.is_low_obstacle(c))
                                   : cell_edit::high(c, !map.is_high_obstacle(c)));
    }
    return edits;
}

TEST(jps_snapshot_cache, bit_rows_and_their_transpose_equal_the_map_cell_by_cell) {
    // Sizes around the 64-cell words and blocks (the padded sizes are two more).
    for (const auto& [w, h] : {std::pair{1, 1}, std::pair{62, 61}, std::pair{63, 130},
                               std::pair{126, 62}, std::pair{200, 131}}) {
        const auto map = *grid::generate_random(w, h, 30.0, static_cast<std::uint32_t>(w + h));
        for (const auto mask : {obstacle_mask::high_only, obstacle_mask::high_and_low}) {
            const auto rows = jps::bit_grid::from_map(map, mask, false);
            const auto cols = jps::bit_grid::from_map(map, mask, true);
            ASSERT_EQ(rows.rows(), h + 2);
            ASSERT_EQ(rows.cols(), w + 2);
            ASSERT_EQ(cols.rows(), w + 2);
            ASSERT_EQ(cols.cols(), h + 2);
            for (std::int32_t py = 0; py < h + 2; ++py) {
                for (std::int32_t px = 0; px < w + 2; ++px) {
                    const bool free = px > 0 && py > 0 && px <= w && py <= h &&
                                      map.passable({px - 1, py - 1}, mask);
                    ASSERT_EQ(rows.free(px, py), free) << w << "x" << h << " " << px << "," << py;
                    ASSERT_EQ(cols.free(py, px), free) << w << "x" << h << " " << px << "," << py;
                }
            }
            // Nothing set past the last column (scans read whole words). The last row is left
            // out: forward() one past its end reads the word after the grid, which no scan does.
            for (std::int32_t py = 0; py < h + 1; ++py) {
                EXPECT_EQ(rows.forward(py, w + 2), 0u);
            }
            for (std::int32_t px = 0; px < w + 1; ++px) {
                EXPECT_EQ(cols.forward(px, h + 2), 0u);
            }
        }
    }
}

TEST(jps_snapshot_cache, the_query_that_builds_the_tables_reports_them_as_preprocessing) {
    // Issue 49: the bit rows were built inside the query's time while the catalogue said
    // "preprocessing: no".
    for (const char* algo : {"jps", "jps-pruned", "jps-block", "jps+"}) {
        const auto* entry = registry::find_finder(algo);
        ASSERT_NE(entry, nullptr) << algo;
        EXPECT_TRUE(entry->caps.preprocessing) << algo;
    }
    EXPECT_FALSE(registry::find_finder("jps-online")->caps.preprocessing);
    const search::search_request request{.start = {0, 0}, .goal = {299, 299}};
    for (const char* algo : {"jps", "jps-block", "jps+"}) {
        // A map of its own: the bit rows are shared by every JPS variant on a map.
        const auto own = grid::map_snapshot::make(*grid::generate_random(300, 300, 20.0, 4));
        auto engine = registry::find_finder(algo)->make();
        const auto first = engine->find(own->map(), request);
        const auto second = engine->find(own->map(), request);
        EXPECT_GT(first.stats.preprocess_us, 0.0) << algo;
        EXPECT_EQ(second.stats.preprocess_us, 0.0) << algo;
        EXPECT_EQ(first.cost, second.cost) << algo;
        EXPECT_GT(first.stats.preprocessing_bytes, 0u) << algo;
    }
    // A new version repairs or builds its own, on its first query only.
    auto v0 = grid::map_snapshot::make(*grid::generate_random(300, 300, 20.0, 4));
    (void)registry::find_finder("jps")->make()->find(v0->map(), request);
    const cell_edit e = cell_edit::high({150, 150}, !v0->map().is_high_obstacle({150, 150}));
    auto v1 = v0->apply({&e, 1});
    ASSERT_TRUE(v1.ok());
    auto engine = registry::find_finder("jps")->make();
    EXPECT_GT(engine->find((*v1)->map(), request).stats.preprocess_us, 0.0);
    EXPECT_EQ(engine->find((*v1)->map(), request).stats.preprocess_us, 0.0);
}

TEST(jps_snapshot_cache, repaired_bit_rows_equal_rebuilt_ones_and_are_per_snapshot) {
    auto v0 = grid::map_snapshot::make(*grid::generate_random(70, 40, 25.0, 3));
    for (const auto mask : {obstacle_mask::high_only, obstacle_mask::high_and_low}) {
        for (const bool transposed : {false, true}) {
            (void)jps::bit_grid::of(v0->map(), mask, transposed);
        }
    }
    auto snap = v0;
    for (std::uint32_t round = 0; round < 5; ++round) {
        const auto edits = random_edits(snap->map(), round, 12);
        auto next = snap->apply(edits);
        ASSERT_TRUE(next.ok());
        for (const auto mask : {obstacle_mask::high_only, obstacle_mask::high_and_low}) {
            for (const bool transposed : {false, true}) {
                const auto old = jps::bit_grid::of(snap->map(), mask, transposed);
                std::size_t built = 0;
                const auto repaired = jps::bit_grid::of((*next)->map(), mask, transposed, &built);
                EXPECT_EQ(built, 1u);
                EXPECT_NE(repaired, old) << "version n's rows are never used for n + 1";
                expect_same_bits(*repaired,
                                 jps::bit_grid::from_map((*next)->map(), mask, transposed));
            }
        }
        snap = *next;
    }
}

TEST(jps_snapshot_cache, engines_share_a_snapshots_tables_and_each_version_gets_its_own) {
    auto v0 = grid::map_snapshot::make(*grid::generate_random(50, 50, 15.0, 1));
    const search::search_request request{.start = {0, 0}, .goal = {49, 49}};
    jps::block_jps block_a, block_b;
    jps::jps_plus plus_a, plus_b;
    (void)block_a.find_path(v0->map(), request);
    (void)plus_a.find_path(v0->map(), request);
    (void)block_b.find_path(v0->map(), request);
    (void)plus_b.find_path(v0->map(), request);
    EXPECT_EQ(block_a.rebuilds() + block_b.rebuilds(), 1u) << "one build per snapshot";
    EXPECT_EQ(plus_a.builds() + plus_b.builds(), 1u);

    // Close a cell on the optimal path of v0: v1 must be answered on v1's cells.
    const auto before = search::find_path_astar(v0->map(), request);
    ASSERT_TRUE(before.found());
    const cell on_path = before.path[before.path.size() / 2];
    const cell_edit e = cell_edit::high(on_path, true);
    auto v1 = v0->apply({&e, 1});
    ASSERT_TRUE(v1.ok());
    const auto ref = search::find_path_astar((*v1)->map(), request);
    const auto b = block_a.find_path((*v1)->map(), request);
    const auto p = plus_a.find_path((*v1)->map(), request);
    EXPECT_EQ(block_a.rebuilds(), 2u);
    EXPECT_EQ(plus_a.builds(), 2u);
    ASSERT_EQ(b.status, ref.status);
    ASSERT_EQ(p.status, ref.status);
    if (ref.found()) {
        EXPECT_NEAR(b.cost, ref.cost, 1e-9);
        EXPECT_NEAR(p.cost, ref.cost, 1e-9);
    }
    // The old snapshot still answers with its own tables, unchanged.
    const auto again = plus_b.find_path(v0->map(), request);
    EXPECT_NEAR(again.cost, before.cost, 1e-9);
    EXPECT_EQ(plus_b.builds(), 0u);
}

} // namespace
} // namespace xunlu
