// Dead-end maps repaired after edits: after hundreds of random edit lists (doors toggled,
// rectangles put up and torn down, units placed; applied as map_snapshot versions) every live
// area of the repaired map is still cut off by one gap (a cell or a straight gate) on the new
// map, A* that skips them still
// equals A*, and the repair stayed around the edits; a door closed makes the room behind it a
// dead end and opening it again undoes that.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "support/ascii_map.hpp"
#include "support/dead_end_checks.hpp"
#include "support/game_edits.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/request_check.hpp"

// Sanitizer and unoptimised builds run fewer rounds.
#if defined(__SANITIZE_ADDRESS__) || defined(XUNLU_ASAN_BUILD) || !defined(NDEBUG)
constexpr int repair_rounds = 60;
#else
constexpr int repair_rounds = 300;
#endif

namespace xunlu {
namespace {

using grid::cell_edit;
using hierarchy::dead_end_astar;
using hierarchy::dead_end_map;

/// The live areas a cell lies in, innermost first.
std::vector<std::uint32_t> chain_of(const dead_end_map& ends, cell c) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t a = ends.area_of(c); a != dead_end_map::none; a = ends.parent(a)) {
        out.push_back(a);
    }
    return out;
}

/// Empty when every live area of `ends` is entered from outside through one gap on `m` (under
/// `rules` and `mask`): one cell, or cells of one straight free run (testing::one_gap); else
/// the first area with more.
std::string every_area_has_one_gap(const grid::grid_map& m, const dead_end_map& ends,
                                   grid::movement_rules rules, grid::obstacle_mask mask) {
    std::vector<std::vector<std::uint32_t>> chains(static_cast<std::size_t>(m.width()) *
                                                   static_cast<std::size_t>(m.height()));
    auto at = [&](cell c) -> std::vector<std::uint32_t>& {
        return chains[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(m.width()) +
                      static_cast<std::size_t>(c.x)];
    };
    for (std::int32_t y = 0; y < m.height(); ++y) {
        for (std::int32_t x = 0; x < m.width(); ++x) {
            if (m.passable({x, y}, mask)) at({x, y}) = chain_of(ends, {x, y});
        }
    }
    std::vector<std::vector<cell>> entries(ends.area_slots());
    for (std::int32_t y = 0; y < m.height(); ++y) {
        for (std::int32_t x = 0; x < m.width(); ++x) {
            if (!m.passable({x, y}, mask)) continue;
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    const cell o{x + dx, y + dy};
                    if ((dx == 0 && dy == 0) || !m.in_bounds(o) || !m.passable(o, mask)) continue;
                    if (grid::check_path(m, std::vector<cell>{o, {x, y}}, rules, mask)) continue;
                    const auto& outer = at(o);
                    for (const std::uint32_t a : at({x, y})) {
                        if (std::find(outer.begin(), outer.end(), a) != outer.end()) break;
                        auto& list = entries[a];
                        if (std::find(list.begin(), list.end(), o) == list.end()) list.push_back(o);
                    }
                }
            }
        }
    }
    for (std::size_t a = 0; a < entries.size(); ++a) {
        if (auto why = testing::one_gap(m, entries[a], mask); !why.empty()) {
            return "area " + std::to_string(a) + ": " + why;
        }
    }
    return "";
}

/// A random free cell of `m` (which has some).
cell random_free(const grid::grid_map& m, std::mt19937_64& rng) {
    for (;;) {
        const cell c{static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(m.width())),
                     static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(m.height()))};
        if (m.passable(c)) return c;
    }
}

void repair_through_edits(grid::grid_map first, grid::movement_rules rules, std::uint64_t seed,
                          const std::string& what) {
    auto snap = grid::map_snapshot::make(std::move(first));
    dead_end_astar pruned;
    std::mt19937_64 rng(seed);
    const auto key = dead_end_map::cache_key(rules, grid::obstacle_mask::high_and_low);
    std::size_t repaired = 0;
    std::size_t found_again = 0;
    for (int round = 0; round < repair_rounds; ++round) {
        const std::string where = what + " round " + std::to_string(round);
        const grid::grid_map& before = snap->map();
        search::search_request req{.rules = rules};
        req.start = random_free(before, rng);
        req.goal = random_free(before, rng);
        (void)pruned.find_path(before, req); // the parent's dead-end map exists before the edit
        ASSERT_NE(before.derived().find<dead_end_map>(key), nullptr) << where;
        auto next = snap->apply(testing::game_edits(before, rng));
        ASSERT_TRUE(next.ok()) << next.err().message;
        const auto keep_parent_alive = snap;
        snap = *next;
        const grid::grid_map& now = snap->map();
        req.start = random_free(now, rng);
        req.goal = random_free(now, rng);
        const auto got = pruned.find_path(now, req);
        const auto ends = now.derived().find<dead_end_map>(key);
        ASSERT_NE(ends, nullptr) << where;
        const auto& report = ends->last_repair();
        if (!report.rebuilt) {
            ++repaired;
            EXPECT_GE(report.windows, 1u) << where;
            EXPECT_LE(report.window_cells, report.edits * 81u * 81u) << where;
        }
        found_again += report.areas_added;
        const std::string bad =
            every_area_has_one_gap(now, *ends, rules, grid::obstacle_mask::high_and_low);
        ASSERT_EQ(bad, "") << where;
        // A* over the repaired map equals A*.
        const auto ref = search::find_path_astar(now, req);
        ASSERT_EQ(got.status, ref.status) << where << ": " << got.reason;
        if (ref.found()) {
            EXPECT_NEAR(got.cost, ref.cost, 1e-9 * std::max(1.0, ref.cost)) << where;
            const auto invalid = grid::check_path(now, got.path, rules, req.mask());
            ASSERT_FALSE(invalid.has_value()) << where << ": " << *invalid;
        }
    }
    EXPECT_GE(repaired, static_cast<std::size_t>(repair_rounds) * 8 / 10)
        << what << ": maps were rebuilt instead of repaired";
    EXPECT_GT(found_again, 0u) << what << ": no repair found a dead end";
}

TEST(dead_end_repair, live_areas_stay_dead_ends_after_random_edits) {
    grid::movement_rules four;
    four.moves = grid::connectivity::four;
    grid::movement_rules cut;
    cut.corners = grid::corner_rule::always;
    repair_through_edits(*grid::generate_rooms(70, 54, 9, 3), {}, 1, "rooms");
    repair_through_edits(*grid::generate_maze(61, 61, 1, 4), {}, 2, "maze");
    repair_through_edits(*grid::generate_rooms(70, 54, 9, 5), four, 3, "rooms, 4-connected");
    repair_through_edits(*grid::generate_random(80, 60, 25, 6), cut, 4, "random, corners cut");
}

TEST(dead_end_repair, a_closed_door_makes_the_room_a_dead_end_and_opening_it_undoes_that) {
    auto drawn = testing::parse_ascii(R"(
        ..............
        ..............
        ..#####.......
        ..#...#.......
        ..#...........
        ..##.##.......
        ..............
    )");
    // The room (3..5, 3..4) has two doors: (6, 4) and (4, 5). Not a dead end.
    auto snap = grid::map_snapshot::make(std::move(drawn.map));
    const grid::movement_rules rules{};
    const auto mask = grid::obstacle_mask::high_and_low;
    const auto first = dead_end_map::build(snap->map(), rules, mask);
    EXPECT_EQ(first.area_of({4, 3}), dead_end_map::none);

    const std::vector<cell_edit> close{cell_edit::high({6, 4}, true)};
    auto closed = snap->apply(close).value();
    const auto shut = dead_end_map::repair(first, closed->map(), close);
    EXPECT_FALSE(shut.last_repair().rebuilt);
    EXPECT_EQ(shut.last_repair().edits, 1u);
    EXPECT_GE(shut.last_repair().areas_added, 1u);
    const std::uint32_t room = shut.area_of({4, 3});
    ASSERT_NE(room, dead_end_map::none) << "the room with one door left is not a dead end";
    for (const cell c : {cell{3, 3}, cell{5, 4}, cell{4, 4}}) {
        EXPECT_EQ(chain_of(shut, c).back(), chain_of(shut, {4, 3}).back());
    }
    EXPECT_EQ(every_area_has_one_gap(closed->map(), shut, rules, mask), "");
    // A fresh build of the closed map agrees that the room is a dead end.
    const grid::grid_map copy = closed->map();
    EXPECT_NE(dead_end_map::build(copy, rules, mask).area_of({4, 3}), dead_end_map::none);

    const std::vector<cell_edit> open{cell_edit::high({6, 4}, false)};
    auto opened = closed->apply(open).value();
    const auto again = dead_end_map::repair(shut, opened->map(), open);
    EXPECT_EQ(again.area_of({4, 3}), dead_end_map::none) << "the reopened room is still closed";
    EXPECT_FALSE(again.alive(room));
    EXPECT_GE(again.last_repair().areas_dissolved, 1u);
    EXPECT_EQ(every_area_has_one_gap(opened->map(), again, rules, mask), "");
    // Terrain edits change no step: nothing is given up.
    const std::vector<cell_edit> mud{cell_edit::terrain({4, 3}, 3.0f)};
    auto muddy = opened->apply(mud).value();
    const auto same = dead_end_map::repair(again, muddy->map(), mud);
    EXPECT_EQ(same.last_repair().edits, 0u);
    EXPECT_EQ(same.area_count(), again.area_count());
}

TEST(dead_end_repair, rocks_that_split_a_gate_give_up_the_area_behind_it) {
    auto drawn = testing::parse_ascii(R"(
        ###########
        #.........#
        #.#.....#.#
        #.#.....#.#
        #.#######.#
        #.........#
        ###########
    )");
    // The gate (3..7, 2), a door across the wall line with free cells on both sides, is the
    // only way into the room (3..7, 3) below it: a dead end.
    auto snap = grid::map_snapshot::make(std::move(drawn.map));
    const grid::movement_rules rules{};
    const auto mask = grid::obstacle_mask::high_and_low;
    const auto first = dead_end_map::build(snap->map(), rules, mask);
    const std::uint32_t room = first.area_of({5, 3});
    ASSERT_NE(room, dead_end_map::none) << "the room behind the gate";
    EXPECT_EQ(first.gate_lengths()[room], 5u);
    EXPECT_EQ(first.area_of({5, 2}), dead_end_map::none) << "the gate is outside the area";
    // Rocks in the middle of the gate and above it: the two halves of the gate now meet
    // through the room (6 steps) or around the whole map (22).
    const std::vector<cell_edit> rocks{cell_edit::high({5, 2}, true),
                                       cell_edit::high({5, 1}, true)};
    auto split = snap->apply(rocks).value();
    const auto repaired = dead_end_map::repair(first, split->map(), rocks);
    EXPECT_FALSE(repaired.last_repair().rebuilt);
    EXPECT_FALSE(repaired.alive(room));
    EXPECT_EQ(repaired.area_of({5, 3}), dead_end_map::none) << "the room is still a dead end";
    EXPECT_EQ(every_area_has_one_gap(split->map(), repaired, rules, mask), "");
    // Through the derived cache (the parent's map repaired) the search takes the room.
    dead_end_astar pruned;
    (void)pruned.find_path(snap->map(), {.start = {4, 1}, .goal = {6, 1}});
    const search::search_request req{.start = {4, 1}, .goal = {6, 1}};
    const auto got = pruned.find_path(split->map(), req);
    const auto ref = search::find_path_astar(split->map(), req);
    ASSERT_TRUE(got.found()) << got.reason;
    EXPECT_NEAR(got.cost, ref.cost, 1e-9);
    EXPECT_NEAR(ref.cost, 6.0, 1e-9);
}

TEST(dead_end_repair, given_up_areas_past_the_live_ones_build_anew) {
    // A maze is nearly all dead ends: toggling cells along its corridors gives many up.
    auto snap = grid::map_snapshot::make(*grid::generate_maze(201, 201, 1, 7));
    const grid::movement_rules rules{};
    const auto mask = grid::obstacle_mask::high_and_low;
    dead_end_map ends = dead_end_map::build(snap->map(), rules, mask);
    ASSERT_TRUE(ends.last_repair().rebuilt);
    bool rebuilt = false;
    std::mt19937_64 rng(3);
    for (int round = 0; round < 400 && !rebuilt; ++round) {
        std::vector<cell_edit> edits;
        for (int i = 0; i < 8; ++i) {
            const cell c{static_cast<std::int32_t>(rng() % 201),
                         static_cast<std::int32_t>(rng() % 201)};
            edits.push_back(cell_edit::high(c, !snap->map().is_high_obstacle(c)));
        }
        snap = snap->apply(edits).value();
        ends = dead_end_map::repair(ends, snap->map(), edits);
        rebuilt = ends.last_repair().rebuilt;
        EXPECT_LE(ends.area_slots(), 2 * ends.area_count() + 4096 + 4096) << "round " << round;
    }
    EXPECT_TRUE(rebuilt) << "given-up areas piled up without a rebuild";
    EXPECT_EQ(every_area_has_one_gap(snap->map(), ends, rules, mask), "");
}

} // namespace
} // namespace xunlu
