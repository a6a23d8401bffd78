// One table of ASCII-drawn cases run against EVERY registered finder; what to expect comes from
// the finder's capability flags, so a finder is tested the day it is registered.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/ascii_map.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace xunlu {
namespace {

using registry::support;
using search::search_status;

enum class outcome : std::uint8_t {
    optimal,       ///< a path; `cost` is the least cost under the rule (terrain included)
    reaches_near,  ///< a path ending within stop_within of the goal (cost not checked)
    no_path,       ///< the goal cannot be reached under the rule
    invalid_input, ///< a bad request
};

struct finder_case {
    std::string_view name;
    std::string_view drawing; ///< S start, G goal, # wall, u unit, 2..9 terrain cost
    std::string_view rule;    ///< "4", "8", "8-cut1", "8-always"
    outcome expect;
    double cost = 0;
    std::int32_t stop_within = 0;
    std::optional<cell> goal{};    ///< overrides G (to ask for a blocked or off-map goal)
    std::string_view reason_has{}; ///< a word every finder's reason must contain
};

constexpr double r2 = 1.4142135623730951;

// clang-format off
const finder_case cases[] = {
    {"straight_row_4", "S....G", "4", outcome::optimal, 5},
    {"straight_row_8", "S....G", "8", outcome::optimal, 5},
    {"start_is_goal", "S...", "8", outcome::optimal, 0, 0, cell{0, 0}},
    {"open_diagonal_4", R"(
        S...
        ....
        ....
        ...G)", "4", outcome::optimal, 6},
    {"open_diagonal_8", R"(
        S...
        ....
        ....
        ...G)", "8", outcome::optimal, 3 * r2},
    {"open_diagonal_8_always", R"(
        S...
        ....
        ....
        ...G)", "8-always", outcome::optimal, 3 * r2},
    {"around_a_wall_4", R"(
        S.#..G
        ..#...
        ..#...
        ......)", "4", outcome::optimal, 11},
    {"around_a_wall_8", R"(
        S.#..G
        ..#...
        ..#...
        ......)", "8", outcome::optimal, 5 + 3 * r2},
    {"around_a_wall_8_cut1", R"(
        S.#..G
        ..#...
        ..#...
        ......)", "8-cut1", outcome::optimal, 1 + 5 * r2},
    {"diagonal_gap_closed_8", R"(
        S#
        #G)", "8", outcome::no_path},
    {"diagonal_gap_closed_8_cut1", R"(
        S#
        #G)", "8-cut1", outcome::no_path},
    {"diagonal_gap_open_8_always", R"(
        S#
        #G)", "8-always", outcome::optimal, r2},
    {"one_side_free_8", R"(
        S#
        .G)", "8", outcome::optimal, 2},
    {"one_side_free_8_cut1", R"(
        S#
        .G)", "8-cut1", outcome::optimal, r2},
    {"walled_off_goal_4", R"(
        S.#..
        ..#.G
        ..#..)", "4", outcome::no_path},
    {"walled_off_goal_8_always", R"(
        S.#..
        ..#.G
        ..#..)", "8-always", outcome::no_path},
    {"unit_blocks_8", R"(
        S.u.G
        .....)", "8", outcome::optimal, 2 + 2 * r2},
    {"terrain_detour_8", R"(
        S555G
        .....)", "8", outcome::optimal, 2 + 2 * r2},
    {"terrain_detour_4", R"(
        S555G
        .....)", "4", outcome::optimal, 6},
    {"stop_within_reaches_near_a_walled_goal", R"(
        S....
        ...##
        ...#G)", "8", outcome::reaches_near, 0, 2},
    {"goal_blocked", "S..#", "8", outcome::invalid_input, 0, 0, cell{3, 0}, "blocked"},
    {"goal_off_the_map", "S...", "8", outcome::invalid_input, 0, 0, cell{9, 0}, "outside"},
};
// clang-format on

bool has_terrain(const grid::grid_map& m) {
    return m.has_terrain_costs();
}

/// The case's query on its drawing, or nullopt when its rule does not parse.
std::optional<search::search_request> request_of(const finder_case& c,
                                                 const testing::ascii_map& drawn) {
    const auto rules = grid::parse_movement_rules(c.rule);
    if (!rules) return std::nullopt;
    search::search_request req{.start = drawn.start, .goal = c.goal.value_or(drawn.goal)};
    req.rules = *rules;
    req.stop_within = c.stop_within;
    return req;
}

class every_finder : public ::testing::TestWithParam<std::tuple<std::string, std::size_t>> {};

TEST_P(every_finder, answers_the_drawn_case_as_its_capabilities_promise) {
    const auto& [name, index] = GetParam();
    const registry::finder_entry* entry = registry::find_finder(name);
    ASSERT_NE(entry, nullptr);
    const finder_case& c = cases[index];
    const auto& caps = entry->caps;
    auto drawn = testing::parse_ascii(c.drawing);
    const auto query = request_of(c, drawn);
    ASSERT_TRUE(query.has_value()) << c.rule;
    const search::search_request& req = *query;
    auto finder = entry->make();
    const search::search_result r = finder->find(drawn.map, req);
    SCOPED_TRACE(std::string(name) + " on " + std::string(c.name) + " (rule " +
                 std::string(c.rule) + "): " + std::string(search::status_name(r.status)) + " " +
                 r.reason);

    const bool terrain = has_terrain(drawn.map);
    // What the flags say this finder does with this request.
    if (c.expect == outcome::invalid_input || !caps.rules.supports(req.rules) ||
        (terrain && caps.terrain_costs == support::unsupported) ||
        (c.stop_within > 0 && caps.stop_within == support::unsupported)) {
        EXPECT_EQ(r.status, search_status::invalid_input);
        EXPECT_FALSE(r.reason.empty());
        EXPECT_TRUE(r.path.empty());
        if (c.expect == outcome::invalid_input) {
            EXPECT_NE(r.reason.find(c.reason_has), std::string::npos);
        } else if (!caps.rules.supports(req.rules)) { // a refused rule is named
            EXPECT_NE(r.reason.find(grid::movement_rules_name(req.rules)), std::string::npos);
        }
        return;
    }
    const bool fell_back = (terrain && caps.terrain_costs == support::falls_back_to_astar) ||
                           (c.stop_within > 0 && caps.stop_within == support::falls_back_to_astar);
    if (fell_back) {
        EXPECT_NE(r.reason.find("A*"), std::string::npos) << "the fallback is not said";
    }
    // A fallback runs A*: optimal and complete whatever the finder is.
    const bool optimal = caps.optimal || fell_back;
    const bool complete = caps.complete || fell_back;
    const bool minimises_terrain = !terrain || caps.terrain_costs != support::ignored || fell_back;

    if (c.expect == outcome::no_path) {
        if (complete) {
            EXPECT_EQ(r.status, search_status::no_path);
        } else {
            EXPECT_NE(r.status, search_status::found); // it cannot find what does not exist
        }
        EXPECT_TRUE(r.path.empty() || r.partial);
        return;
    }
    if (!complete && r.status != search_status::found) {
        // Allowed to miss a path; it must say so honestly.
        EXPECT_TRUE(r.status == search_status::no_path ||
                    r.status == search_status::budget_exhausted);
        return;
    }
    ASSERT_EQ(r.status, search_status::found);
    ASSERT_FALSE(r.path.empty());
    EXPECT_FALSE(r.partial);
    EXPECT_EQ(r.path.front(), req.start);
    EXPECT_EQ(grid::check_path(drawn.map, r.path, req.rules, req.mask()), std::nullopt);
    if (caps.any_angle) {
        // A polyline from centre to centre over passable cells: walkable, its length Euclidean,
        // never longer than the least-cost path of the rule (terrain costs are not counted),
        // never shorter than the straight line.
        EXPECT_EQ(r.path.back(), req.goal);
        EXPECT_EQ(anyangle::check_any_angle_path(drawn.map, r.waypoints, req.mask()), std::nullopt);
        EXPECT_EQ(r.cost, r.length);
        if (!terrain) {
            EXPECT_LE(r.length, c.cost + 1e-9);
        }
        EXPECT_GE(r.length, std::hypot(req.goal.x - req.start.x, req.goal.y - req.start.y) - 1e-9);
        return;
    }
    EXPECT_TRUE(r.waypoints.empty());
    EXPECT_NEAR(r.length, grid::path_length(r.path), 1e-9);
    EXPECT_NEAR(r.cost, grid::path_cost(drawn.map, r.path, req.rules), 1e-9);
    if (c.expect == outcome::reaches_near) {
        const cell end = r.path.back();
        EXPECT_LE(std::max(std::abs(end.x - req.goal.x), std::abs(end.y - req.goal.y)),
                  c.stop_within);
        return;
    }
    EXPECT_EQ(r.path.back(), req.goal);
    if (optimal && minimises_terrain) {
        EXPECT_NEAR(r.cost, c.cost, 1e-9);
    } else {
        EXPECT_GE(r.cost, c.cost - 1e-9); // never shorter than the optimum
    }
}

/// Stepping (start, step(1) until done, finish) must give what one `find` gives, for every
/// finder: those flagged `stepping` pause after one expansion, the others answer in one step.
TEST_P(every_finder, stepping_gives_the_one_shot_answer) {
    const auto& [name, index] = GetParam();
    const registry::finder_entry* entry = registry::find_finder(name);
    ASSERT_NE(entry, nullptr);
    const finder_case& c = cases[index];
    auto drawn = testing::parse_ascii(c.drawing);
    const auto query = request_of(c, drawn);
    ASSERT_TRUE(query.has_value()) << c.rule;
    const search::search_request& req = *query;
    auto one_shot = entry->make();
    const search::search_result whole = one_shot->find(drawn.map, req);
    auto stepped = entry->make();
    std::size_t steps = 0;
    if (stepped->start(drawn.map, req)) {
        while (!stepped->step(1)) ASSERT_LT(++steps, 100000u);
    }
    const search::search_result parts = stepped->finish();
    SCOPED_TRACE(std::string(name) + " on " + std::string(c.name));
    EXPECT_EQ(parts.status, whole.status);
    EXPECT_EQ(parts.path, whole.path);
    EXPECT_NEAR(parts.cost, whole.cost, 1e-9);
    EXPECT_EQ(parts.stats.expanded, whole.stats.expanded);
    if (entry->caps.stepping && whole.stats.expanded > 2 && whole.found()) {
        EXPECT_GE(steps + 1, whole.stats.expanded / 2) << "a stepping finder paused too rarely";
    }
}

std::vector<std::string> finder_names() {
    std::vector<std::string> out;
    for (const auto& e : registry::finders()) out.emplace_back(e.name);
    return out;
}

std::string case_label(const ::testing::TestParamInfo<every_finder::ParamType>& info) {
    std::string name = std::get<0>(info.param);
    for (char& ch : name) {
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    }
    if (std::get<0>(info.param).back() == '+') name += "plus";
    return name + "__" + std::string(cases[std::get<1>(info.param)].name);
}

INSTANTIATE_TEST_SUITE_P(registry, every_finder,
                         ::testing::Combine(::testing::ValuesIn(finder_names()),
                                            ::testing::Range<std::size_t>(0, std::size(cases))),
                         case_label);

// A turn penalty, as each finder's `turn_penalty` flag promises: native and fallback finders
// return the least cost over (cell, heading) states, the others refuse the request. Plain cost
// 5 + 3 sqrt 2 (five straight steps, three diagonals, in orders that turn up to four times);
// with 5 per 45 degrees the best path goes east five times, then south-east: one turn, 5 more.
TEST(finder_table, every_finder_treats_a_turn_penalty_as_its_flag_says) {
    const auto drawn = testing::parse_ascii(R"(
        S........
        ####.....
        .........
        ........G
    )");
    for (const auto& entry : registry::finders()) {
        SCOPED_TRACE(std::string(entry.name));
        search::search_request req{.start = drawn.start, .goal = drawn.goal};
        const auto plain = entry.make()->find(drawn.map, req);
        req.turn_penalty = 5.0;
        const auto r = entry.make()->find(drawn.map, req);
        if (entry.caps.turn_penalty == support::unsupported) {
            EXPECT_EQ(r.status, search_status::invalid_input);
            EXPECT_NE(r.reason.find("turn"), std::string::npos) << r.reason;
            continue;
        }
        ASSERT_EQ(r.status, search_status::found) << r.reason;
        if (entry.caps.turn_penalty == support::falls_back_to_astar) {
            EXPECT_NE(r.reason.find("A*"), std::string::npos) << "the fallback is not said";
        }
        EXPECT_EQ(grid::check_path(drawn.map, r.path, req.rules, req.mask()), std::nullopt);
        ASSERT_TRUE(plain.found());
        EXPECT_NEAR(plain.cost, 5 + 3 * std::sqrt(2.0), 1e-9);
        EXPECT_NEAR(r.cost, 5 + 3 * std::sqrt(2.0) + 5, 1e-9);
        EXPECT_NEAR(r.length, 5 + 3 * std::sqrt(2.0), 1e-9);
        EXPECT_EQ(r.path[5], (cell{5, 0})); // the turn
        EXPECT_EQ(r.path.back(), drawn.goal);
    }
}

TEST(finder_table, every_case_is_drawn_correctly) {
    for (const auto& c : cases) {
        const auto d = testing::parse_ascii(c.drawing);
        EXPECT_TRUE(d.map.in_bounds(d.start)) << c.name;
        EXPECT_TRUE(c.goal || d.map.in_bounds(d.goal)) << c.name;
        EXPECT_TRUE(grid::parse_movement_rules(c.rule).has_value()) << c.name;
    }
}

} // namespace
} // namespace xunlu
