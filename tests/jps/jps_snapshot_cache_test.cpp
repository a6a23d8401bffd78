// JPS caches per map snapshot: bit rows and jump tables belong to one snapshot, bit rows are
// repaired from the parent's (and equal a rebuild), and every engine on a snapshot shares them.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/jps/bit_grid.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/jps/jps_plus.hpp"
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
