// Randomised differential tests: every JPS variant against A* on generated maps (random,
// mazes, rooms, with low obstacles), every rule and cost mode, many start/goal pairs.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using search::search_status;

struct rule_case {
    const char* name;
    grid::movement_rules rules;
};

const std::vector<rule_case>& rule_cases() {
    static const std::vector<rule_case> cases = {
        {"8", {}},
        {"8-10-14", {.costs = grid::step_costs::integer_10_14}},
        {"8-cut1", {.corners = grid::corner_rule::cut_if_one_free}},
        {"8-always", {.corners = grid::corner_rule::always}},
        {"4", {.moves = grid::connectivity::four}},
        {"4-10-14", {.moves = grid::connectivity::four, .costs = grid::step_costs::integer_10_14}},
    };
    return cases;
}

/// Whether `algo` searches `rules` itself (else it must refuse with invalid_input).
bool supports(const std::string& algo, grid::movement_rules rules) {
    if (algo == "jps" || algo == "jps-online" || algo == "jps-dh") return true;
    if (rules.moves == grid::connectivity::four) return algo == "jps-block" || algo == "jps-pruned";
    return rules.corners == grid::corner_rule::no_cut;
}

/// Adds low obstacles (units) at random free cells.
void sprinkle_units(grid::grid_map& map, double rate, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution coin(rate);
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (!map.is_high_obstacle({x, y}) && coin(rng)) map.set_low_obstacle({x, y}, true);
        }
    }
}

std::vector<cell> free_cells(const grid::grid_map& map, grid::obstacle_mask mask) {
    std::vector<cell> out;
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (map.passable({x, y}, mask)) out.push_back({x, y});
        }
    }
    return out;
}

/// Runs `pairs` random queries with `algo` and A*, comparing status and cost. Adds the number
/// of unreachable pairs seen to `unreachable`.
void compare_on(int& unreachable, const grid::grid_map& map, const std::string& algo, int pairs,
                std::uint64_t seed, const std::string& what) {
    const auto* entry = registry::find_finder(algo);
    ASSERT_NE(entry, nullptr) << algo;
    auto finder = entry->make();
    search::astar reference;
    std::mt19937_64 rng(seed);
    for (const auto& rc : rule_cases()) {
        for (const bool low_block : {true, false}) {
            const auto mask =
                low_block ? grid::obstacle_mask::high_and_low : grid::obstacle_mask::high_only;
            const auto cells = free_cells(map, mask);
            ASSERT_GE(cells.size(), 2u);
            std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
            for (int k = 0; k < pairs; ++k) {
                const search::search_request request{.start = cells[pick(rng)],
                                                     .goal = cells[pick(rng)],
                                                     .rules = rc.rules,
                                                     .low_obstacles_block = low_block};
                const auto got = finder->find(map, request);
                const std::string where =
                    what + " " + algo + " rule " + rc.name + (low_block ? "" : " ignore-low") +
                    " from (" + std::to_string(request.start.x) + "," +
                    std::to_string(request.start.y) + ") to (" + std::to_string(request.goal.x) +
                    "," + std::to_string(request.goal.y) + ")";
                if (!supports(algo, rc.rules)) {
                    ASSERT_EQ(got.status, search_status::invalid_input) << where;
                    ASSERT_FALSE(got.reason.empty()) << where;
                    break;
                }
                const auto want = reference.find_path(map, request);
                ASSERT_EQ(got.status, want.status) << where << ": " << got.reason;
                if (want.status != search_status::found) {
                    ++unreachable;
                    continue;
                }
                ASSERT_NEAR(got.cost, want.cost, 1e-6 * std::max(1.0, want.cost)) << where;
                ASSERT_EQ(got.path.front(), request.start) << where;
                ASSERT_EQ(got.path.back(), request.goal) << where;
                const auto bad = grid::check_path(map, got.path, rc.rules, mask);
                ASSERT_FALSE(bad.has_value()) << where << ": " << *bad;
                ASSERT_NEAR(grid::path_cost(map, got.path, rc.rules), want.cost,
                            1e-6 * std::max(1.0, want.cost))
                    << where;
                ASSERT_GT(got.stats.expanded, 0u) << where;
                ASSERT_GE(got.stats.heap_pushes, got.stats.expanded) << where;
            }
        }
    }
}

class jps_differential : public ::testing::TestWithParam<std::string> {};

TEST_P(jps_differential, random_maps_at_several_rates) {
    int unreachable = 0;
    for (const double rate : {5.0, 20.0, 35.0, 45.0}) {
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            auto map = grid::generate_random(48, 37, rate, seed);
            ASSERT_TRUE(map.ok());
            sprinkle_units(*map, 0.03, seed + 100);
            compare_on(unreachable, *map, GetParam(), 40,
                       seed * 7 + static_cast<std::uint64_t>(rate),
                       "random " + std::to_string(rate) + "% seed " + std::to_string(seed));
        }
    }
    EXPECT_GT(unreachable, 0) << "the 45% maps should give some unreachable pairs";
}

TEST_P(jps_differential, mazes) {
    int unreachable = 0;
    for (const std::int32_t corridor : {1, 2, 3}) {
        auto map = grid::generate_maze(61, 45, corridor, 11 + static_cast<std::uint64_t>(corridor));
        ASSERT_TRUE(map.ok());
        compare_on(unreachable, *map, GetParam(), 40, 5,
                   "maze corridor " + std::to_string(corridor));
    }
}

TEST_P(jps_differential, rooms_with_blocked_doors) {
    int unreachable = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        auto map = grid::generate_rooms(70, 50, 6, seed, 30.0);
        ASSERT_TRUE(map.ok());
        // Random extra walls cut some rooms off, so some pairs are unreachable.
        std::mt19937_64 rng(seed);
        std::uniform_int_distribution<std::int32_t> px(0, 69), py(0, 49);
        for (int k = 0; k < 120; ++k) map->set_high_obstacle({px(rng), py(rng)}, true);
        sprinkle_units(*map, 0.02, seed);
        compare_on(unreachable, *map, GetParam(), 40, seed, "rooms seed " + std::to_string(seed));
    }
}

TEST_P(jps_differential, open_map_and_single_lines) {
    int unreachable = 0;
    auto open = grid::grid_map::create(130, 70); // wider than two 64-bit words
    ASSERT_TRUE(open.ok());
    compare_on(unreachable, *open, GetParam(), 30, 3, "open 130x70");
    auto row = grid::grid_map::create(200, 1);
    ASSERT_TRUE(row.ok());
    compare_on(unreachable, *row, GetParam(), 20, 4, "row 200x1");
    auto column = grid::grid_map::create(1, 150);
    ASSERT_TRUE(column.ok());
    compare_on(unreachable, *column, GetParam(), 20, 5, "column 1x150");
}

INSTANTIATE_TEST_SUITE_P(
    variants, jps_differential,
    ::testing::Values(std::string("jps"), std::string("jps-online"), std::string("jps-block"),
                      std::string("jps-pruned"), std::string("jps+"), std::string("jps+-unpruned"),
                      std::string("subgoal"), std::string("subgoal-ch"), std::string("jps-dh"),
                      std::string("jps+-dh"), std::string("auto-pre")),
    [](const auto& p) {
        std::string n;
        for (const char c : p.param) {
            n += c == '+' ? std::string("_plus") : std::string(1, c == '-' ? '_' : c);
        }
        return n;
    });

} // namespace
} // namespace xunlu
