// Dead ends: every area found is entered through one gap, a cell or a straight gate (checked
// over every legal step into it); A* that skips them equals A* on random, maze, room and open maps
// under every movement rule, with terrain costs and unreachable pairs; a room with one door beside
// the straight line is never entered; start or goal inside a dead end still works.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <queue>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/ascii_map.hpp"
#include "support/astar_agreement.hpp"
#include "support/dead_end_checks.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/hierarchy/dead_ends.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu {
namespace {

using hierarchy::dead_end_astar;
using hierarchy::dead_end_map;

std::vector<grid::movement_rules> every_rule() {
    std::vector<grid::movement_rules> out;
    grid::movement_rules r;
    r.moves = grid::connectivity::four;
    out.push_back(r);
    r.moves = grid::connectivity::eight;
    for (const auto c : {grid::corner_rule::no_cut, grid::corner_rule::cut_if_one_free,
                         grid::corner_rule::always}) {
        r.corners = c;
        out.push_back(r);
    }
    return out;
}

/// Whether a path may step from `a` to its neighbour `b` under the rules (as A* does).
bool step_ok(const grid::grid_map& m, cell a, cell b, grid::movement_rules rules) {
    const auto bad =
        grid::check_path(m, std::vector<cell>{a, b}, rules, grid::obstacle_mask::high_and_low);
    return !bad.has_value();
}

/// Every area is cut off by one gap: the outer cells a step enters it from are one cell, or
/// cells of one straight free run of at most dead_end_map::max_gate_cells (a gate).
void check_areas_are_dead_ends(const grid::grid_map& m, grid::movement_rules rules) {
    const auto ends = dead_end_map::build(m, rules, grid::obstacle_mask::high_and_low);
    auto inside = [&](std::uint32_t area, cell c) {
        for (std::uint32_t a = ends.area_of(c); a != dead_end_map::none; a = ends.parent(a)) {
            if (a == area) return true;
        }
        return false;
    };
    ASSERT_GT(ends.area_slots(), 1u) << "no dead end found";
    for (std::uint32_t area = 1; area < ends.area_slots(); area += 7) { // a sample of areas
        // The cells outside the area that a legal step enters it from.
        std::set<std::pair<int, int>> gaps;
        std::vector<cell> members;
        for (std::int32_t y = 0; y < m.height(); ++y) {
            for (std::int32_t x = 0; x < m.width(); ++x) {
                if (!m.passable({x, y}) || !inside(area, {x, y})) continue;
                members.push_back({x, y});
                for (int dy = -1; dy <= 1; ++dy) {
                    for (int dx = -1; dx <= 1; ++dx) {
                        const cell o{x + dx, y + dy};
                        if ((dx != 0 || dy != 0) && m.in_bounds(o) && m.passable(o) &&
                            !inside(area, o) && step_ok(m, o, {x, y}, rules)) {
                            gaps.insert({o.x, o.y});
                        }
                    }
                }
            }
        }
        ASSERT_FALSE(members.empty());
        std::vector<cell> entries;
        for (const auto& [x, y] : gaps) entries.push_back({x, y});
        EXPECT_EQ(testing::one_gap(m, entries, grid::obstacle_mask::high_and_low), "")
            << "area " << area;
    }
}

TEST(dead_end_map, every_area_has_one_gap) {
    for (const auto rules : every_rule()) {
        check_areas_are_dead_ends(*grid::generate_random(40, 30, 30, 3), rules);
        check_areas_are_dead_ends(*grid::generate_rooms(41, 33, 7, 2, 20), rules);
        check_areas_are_dead_ends(*grid::generate_maze(31, 31, 1, 5), rules);
    }
}

void compare_with_astar(const grid::grid_map& m, grid::movement_rules rules, int queries,
                        std::uint64_t seed, const std::string& what) {
    dead_end_astar pruned;
    testing::expect_equals_astar(pruned, m, rules, queries, seed, what);
}

TEST(dead_end_astar, equals_astar_under_every_rule) {
    for (const auto rules : every_rule()) {
        const std::string r = std::string(grid::movement_rules_name(rules));
        compare_with_astar(*grid::generate_random(50, 40, 30, 7), rules, 80, 1, "random " + r);
        compare_with_astar(*grid::generate_rooms(57, 41, 7, 3, 30), rules, 80, 2, "rooms " + r);
        compare_with_astar(*grid::generate_maze(41, 41, 1, 4), rules, 60, 3, "maze " + r);
        compare_with_astar(*grid::generate_random(40, 40, 0, 7), rules, 30, 4, "open " + r);
    }
    auto costly = *grid::generate_rooms(49, 49, 7, 5, 30);
    std::mt19937_64 rng(9);
    for (int i = 0; i < 400; ++i) {
        costly.set_terrain_cost(
            {static_cast<std::int32_t>(rng() % 49), static_cast<std::int32_t>(rng() % 49)},
            1.0f + static_cast<float>(rng() % 5));
    }
    compare_with_astar(costly, {}, 80, 5, "terrain");
}

TEST(dead_end_astar, never_enters_a_room_with_one_door_beside_the_way) {
    auto drawn = testing::parse_ascii(R"(
        ..............
        ..............
        S............G
        ..#####.......
        ..#...#.......
        ..#...#.......
        ..##.##.......
        ..............
    )");
    // The room (2..6, 3..6) has one door at (4, 6): the cells inside are a dead end.
    const search::search_request req{.start = drawn.start,
                                     .goal = drawn.goal,
                                     .heuristic = search::heuristic_kind::zero,
                                     .record_trace = true};
    dead_end_astar pruned;
    const auto got = pruned.find_path(drawn.map, req);
    const auto ref = search::find_path_astar(drawn.map, req);
    ASSERT_TRUE(got.found()) << got.reason;
    EXPECT_NEAR(got.cost, ref.cost, 1e-9);
    for (const cell c : got.trace.expanded) {
        EXPECT_FALSE(c.x >= 3 && c.x <= 5 && c.y >= 4 && c.y <= 5)
            << "expanded " << search::cell_text(c) << " inside the room";
    }
    EXPECT_LT(got.stats.expanded, ref.stats.expanded);
    // From inside the room it still finds the way out, and into it.
    const auto out = pruned.find_path(drawn.map, {.start = {4, 4}, .goal = drawn.goal});
    ASSERT_TRUE(out.found()) << out.reason;
    const auto in = pruned.find_path(drawn.map, {.start = drawn.goal, .goal = {3, 5}});
    ASSERT_TRUE(in.found()) << in.reason;
}

TEST(dead_end_astar, skips_rooms_behind_wide_doors_on_uniform_costs_only) {
    auto drawn = testing::parse_ascii(R"(
        ##############
        #............#
        #............#
        ##...#########
        #.....########
        #.....########
        ##############
    )");
    // The door (2..4, 3) is a gate: three free cells between two walls, open on both sides.
    // The room (1..5, 4..5) behind it is a dead end.
    grid::grid_map m = std::move(drawn.map);
    const auto ends = dead_end_map::build(m, {}, grid::obstacle_mask::high_and_low);
    const std::uint32_t room = ends.area_of({3, 5});
    ASSERT_NE(room, dead_end_map::none);
    EXPECT_EQ(ends.gate_lengths()[room], 3u);
    EXPECT_EQ(ends.area_of({3, 3}), dead_end_map::none);
    // Dijkstra (zero heuristic) from beside the door to the far end: plain A* expands the
    // room, which is nearer than the goal; the pruned search never does.
    const search::search_request req{.start = {3, 2},
                                     .goal = {12, 1},
                                     .heuristic = search::heuristic_kind::zero,
                                     .record_trace = true};
    dead_end_astar pruned;
    const auto flat = pruned.find_path(m, req);
    const auto plain = search::find_path_astar(m, req);
    ASSERT_TRUE(flat.found()) << flat.reason;
    EXPECT_NEAR(flat.cost, plain.cost, 1e-9);
    EXPECT_LT(flat.stats.expanded, plain.stats.expanded);
    for (const cell c : flat.trace.expanded) {
        EXPECT_LT(c.y, 4) << "expanded " << search::cell_text(c) << " inside the room";
    }
    // Mud on the door and the row above it: from one end of the door to the other, the way
    // through the room, (2, 3) -> (3, 4) -> (4, 3), is now the cheapest, so with terrain costs
    // the room is searched.
    for (std::int32_t x = 2; x <= 4; ++x) {
        m.set_terrain_cost({x, 3}, 5.0f);
        m.set_terrain_cost({x, 2}, 5.0f);
    }
    const search::search_request across{.start = {2, 3}, .goal = {4, 3}};
    const auto muddy = pruned.find_path(m, across);
    const auto ref = search::find_path_astar(m, across);
    ASSERT_TRUE(muddy.found()) << muddy.reason;
    EXPECT_NEAR(muddy.cost, ref.cost, 1e-9);
    EXPECT_TRUE(std::find(ref.path.begin(), ref.path.end(), cell{3, 4}) != ref.path.end())
        << "the reference does not go through the room; the map no longer tests this";
}

TEST(dead_end_astar, falls_back_for_what_it_does_not_search) {
    auto m = *grid::generate_random(20, 20, 20, 1);
    dead_end_astar pruned;
    const auto r = pruned.find_path(m, {.start = {0, 0}, .goal = {19, 19}, .stop_within = 2});
    EXPECT_NE(r.reason.find("astar-deadend fell back to A*: stop_within"), std::string::npos)
        << r.reason;
    EXPECT_EQ(pruned.find_path(m, {.start = {-1, 0}, .goal = {1, 1}}).status,
              search::search_status::invalid_input);
    // Maps over the dead-end map's limit run plain A* and say so (nothing is built).
    const auto huge = grid::grid_map::create(4097, 4096).value();
    const auto big = pruned.find_path(huge, {.start = {0, 0}, .goal = {3, 3}});
    ASSERT_TRUE(big.found()) << big.reason;
    EXPECT_NE(big.reason.find("over the dead-end map's limit of 2^24 cells"), std::string::npos)
        << big.reason;
}

} // namespace
} // namespace xunlu
