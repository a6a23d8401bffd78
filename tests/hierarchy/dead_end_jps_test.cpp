// JPS on the dead-end core: equals A* on random, maze, room and open maps under rules 4 and 8,
// with queries inside and outside dead ends and unreachable pairs; searches the core (fewer
// expansions) where start and goal are outside the blocked pockets; falls back to jps-pruned
// on the map for terrain costs and corner-cutting rules; follows map versions after edits.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "support/ascii_map.hpp"
#include "support/astar_agreement.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/hierarchy/dead_end_jps.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/jps/block_jps.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu {
namespace {

using hierarchy::dead_end_jps;

void equals_astar(const grid::grid_map& m, grid::movement_rules rules, int queries,
                  std::uint64_t seed, const std::string& what) {
    dead_end_jps engine;
    testing::expect_equals_astar(engine, m, rules, queries, seed, what);
}

TEST(dead_end_jps, equals_astar_under_rules_4_and_8) {
    grid::movement_rules four;
    four.moves = grid::connectivity::four;
    for (const auto rules : {grid::movement_rules{}, four}) {
        const std::string r = std::string(grid::movement_rules_name(rules));
        equals_astar(*grid::generate_random(60, 50, 30, 7), rules, 120, 1, "random " + r);
        equals_astar(*grid::generate_rooms(65, 49, 7, 3, 30), rules, 120, 2, "rooms " + r);
        equals_astar(*grid::generate_maze(41, 41, 1, 4), rules, 80, 3, "maze " + r);
        equals_astar(*grid::generate_maze(61, 61, 4, 5), rules, 80, 4, "wide maze " + r);
        equals_astar(*grid::generate_random(40, 40, 0, 7), rules, 30, 5, "open " + r);
    }
}

TEST(dead_end_jps, searches_the_core_outside_the_pockets) {
    auto drawn = testing::parse_ascii(R"(
        ......................
        ......................
        S....................G
        ..#####...............
        ..#...#...............
        ..#...#...............
        ..##.##...............
        ......................
        ......................
        ......................
    )");
    // The room (3..5, 4..5) and its door (4, 6), reached only from (4, 7) straight below it
    // (no corner cutting): a small dead end, blocked in the core; (4, 7) stays open.
    const auto ends =
        hierarchy::dead_end_map::build(drawn.map, {}, grid::obstacle_mask::high_and_low);
    const auto core =
        hierarchy::dead_end_core::build(drawn.map, ends, grid::obstacle_mask::high_and_low);
    EXPECT_EQ(core.blocked, 7u);
    EXPECT_FALSE(core.rows->free(4 + 1, 4 + 1)) << "the room is open in the core";
    EXPECT_FALSE(core.rows->free(4 + 1, 6 + 1)) << "the door is open in the core";
    EXPECT_TRUE(core.rows->free(4 + 1, 7 + 1)) << "the cell below the door is blocked";
    EXPECT_FALSE(core.cols->free(4 + 1, 4 + 1)) << "the room is open in the transposed core";
    EXPECT_TRUE(core.cols->free(7 + 1, 4 + 1));
    // Round the room from below the door to the far side: plain JPS jumps into the room.
    const search::search_request req{.start = {4, 9}, .goal = {4, 1}};
    dead_end_jps engine;
    jps::block_jps plain(jps::jump_pruning::intermediate);
    const auto got = engine.find_path(drawn.map, req);
    const auto ref = plain.find_path(drawn.map, req);
    ASSERT_TRUE(got.found()) << got.reason;
    EXPECT_NEAR(got.cost, ref.cost, 1e-9);
    EXPECT_LT(got.stats.expanded, ref.stats.expanded);
    for (const cell c : got.path) {
        EXPECT_FALSE(c.x >= 3 && c.x <= 5 && c.y >= 4 && c.y <= 5) << search::cell_text(c);
    }
    // Into the room and out of it: the map itself, still shortest.
    for (const auto& [a, b] :
         {std::pair{cell{4, 4}, cell{21, 9}}, std::pair{cell{0, 0}, cell{5, 5}}}) {
        const search::search_request q{.start = a, .goal = b};
        const auto in = engine.find_path(drawn.map, q);
        ASSERT_TRUE(in.found()) << in.reason;
        EXPECT_NEAR(in.cost, search::find_path_astar(drawn.map, q).cost, 1e-9);
    }
}

TEST(dead_end_jps, falls_back_to_the_map_and_follows_edits) {
    auto snap = grid::map_snapshot::make(*grid::generate_rooms(57, 41, 7, 3, 30));
    dead_end_jps engine;
    // Terrain costs: jps-pruned's own fallback (A*), named as this algorithm.
    grid::grid_map costly = snap->map();
    costly.set_terrain_cost({1, 1}, 3.0f);
    const auto r = engine.find_path(costly, {.start = {0, 0}, .goal = {50, 35}});
    EXPECT_NE(r.reason.find("jps-deadend"), std::string::npos) << r.reason;
    // A corner-cutting rule is not searched by block-based JPS: refused as jps-pruned does.
    grid::movement_rules cut;
    cut.corners = grid::corner_rule::always;
    EXPECT_EQ(engine.find_path(snap->map(), {.start = {0, 0}, .goal = {1, 1}, .rules = cut}).status,
              search::search_status::invalid_input);
    // A cell off the map: refused, not searched.
    EXPECT_EQ(engine.find_path(snap->map(), {.start = {-1, 0}, .goal = {1, 1}}).status,
              search::search_status::invalid_input);
    EXPECT_EQ(engine.find_path(snap->map(), {.start = {0, 0}, .goal = {57, 3}}).status,
              search::search_status::invalid_input);
    // Maps over the dead-end map's limit: jps-pruned on the map itself, and said so (nothing
    // is built).
    const auto huge = grid::grid_map::create(4097, 4096).value();
    const auto big = engine.find_path(huge, {.start = {0, 0}, .goal = {3, 3}});
    ASSERT_TRUE(big.found()) << big.reason;
    EXPECT_NE(big.reason.find("over the dead-end map's limit of 2^24 cells"), std::string::npos)
        << big.reason;
    // Edits: each new version gets its own core, and answers stay A*'s.
    std::mt19937_64 rng(5);
    for (int round = 0; round < 30; ++round) {
        std::vector<grid::cell_edit> edits;
        for (int i = 0; i < 6; ++i) {
            const cell c{static_cast<std::int32_t>(rng() % 57),
                         static_cast<std::int32_t>(rng() % 41)};
            edits.push_back(grid::cell_edit::high(c, !snap->map().is_high_obstacle(c)));
        }
        snap = snap->apply(edits).value();
        equals_astar(snap->map(), {}, 10, static_cast<std::uint64_t>(round),
                     "round " + std::to_string(round));
    }
}

} // namespace
} // namespace xunlu
