// `auto-pre`: the pilot runs once per map, rules and mask, its pick is named and kept, the
// answers are optimal whichever candidate won, and what the pilot does not model goes to
// `jps+-dh` untimed.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/build_budget.hpp"

namespace xunlu {
namespace {

using search::search_status;

std::unique_ptr<search::finder> make(std::string_view name) {
    const auto* entry = registry::find_finder(name);
    EXPECT_NE(entry, nullptr) << name;
    return entry->make();
}

std::vector<cell> free_cells(const grid::grid_map& map) {
    std::vector<cell> out;
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (map.passable({x, y}, grid::obstacle_mask::high_and_low)) out.push_back({x, y});
        }
    }
    return out;
}

/// The candidate named in an `auto-pre` reason ("auto-pre: NAME (...").
std::string picked(const std::string& reason) {
    const std::string prefix = "auto-pre: ";
    if (!reason.starts_with(prefix)) return {};
    const auto end = reason.find(' ', prefix.size());
    return reason.substr(prefix.size(), end - prefix.size());
}

TEST(auto_pre, measures_once_per_map_and_names_its_pick) {
    auto map = grid::generate_random(96, 80, 30.0, 7);
    ASSERT_TRUE(map.ok());
    auto finder = make("auto-pre");
    const auto cells = free_cells(*map);
    ASSERT_GE(cells.size(), 2u);
    search::astar reference;
    std::mt19937_64 rng(11);
    std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
    std::string first_pick;
    std::size_t built_after_first = 0;
    for (int k = 0; k < 60; ++k) {
        const search::search_request request{.start = cells[pick(rng)], .goal = cells[pick(rng)]};
        const auto got = finder->find(*map, request);
        const auto want = reference.find_path(*map, request);
        ASSERT_EQ(got.status, want.status) << got.reason;
        const std::string name = picked(got.reason);
        ASSERT_TRUE(name == "jps+-dh" || name == "jps+" || name == "subgoal-ch") << got.reason;
        EXPECT_NE(got.reason.find(" pilot queries: "), std::string::npos) << got.reason;
        if (k == 0) {
            first_pick = name;
            built_after_first = map->derived().built();
            // The sample is timed in chunks of 64 pairs, up to 256 while its time budget lasts.
            const auto open = got.reason.find(" (");
            ASSERT_NE(open, std::string::npos) << got.reason;
            const int timed = std::stoi(got.reason.substr(open + 2));
            EXPECT_TRUE(timed >= 64 && timed <= 256 && timed % 64 == 0) << got.reason;
        }
        // One pilot: the pick and every table were made by the first query.
        ASSERT_EQ(name, first_pick) << "query " << k;
        ASSERT_EQ(map->derived().built(), built_after_first) << "query " << k;
        if (want.status != search_status::found) continue;
        ASSERT_NEAR(got.cost, want.cost, 1e-9 * std::max(1.0, want.cost));
        ASSERT_FALSE(grid::check_path(*map, got.path, request.rules, request.mask()).has_value());
    }
}

TEST(auto_pre, keeps_only_the_tables_of_its_pick) {
    auto map = grid::generate_random(64, 64, 25.0, 3);
    ASSERT_TRUE(map.ok());
    const auto cells = free_cells(*map);
    const search::search_request request{.start = cells.front(), .goal = cells.back()};
    const auto got = make("auto-pre")->find(*map, request);
    const std::string name = picked(got.reason);
    ASSERT_TRUE(name == "jps+-dh" || name == "jps+" || name == "subgoal-ch") << got.reason;
    // The pick's tables are the map's now: the candidate alone builds nothing more, and it
    // reports the same bytes. The other candidate's tables were left on the pilot's copy.
    const std::size_t built = map->derived().built();
    const auto alone = make(name)->find(*map, request);
    EXPECT_EQ(map->derived().built(), built) << name << " built again";
    EXPECT_EQ(got.stats.preprocessing_bytes, alone.stats.preprocessing_bytes);
    const std::string other = name == "subgoal-ch" ? "jps+-dh" : "subgoal-ch";
    (void)make(other)->find(*map, request);
    EXPECT_GT(map->derived().built(), built) << other << "'s tables should not be on the map";
}

TEST(auto_pre, another_mask_or_step_cost_is_measured_apart) {
    auto map = grid::generate_random(64, 48, 20.0, 5);
    ASSERT_TRUE(map.ok());
    const auto cells = free_cells(*map);
    for (std::size_t i = 0; i < cells.size(); i += 9) map->set_low_obstacle(cells[i], true);
    const auto open = free_cells(*map);
    auto finder = make("auto-pre");
    search::astar reference;
    const search::search_request plain{.start = open.front(), .goal = open.back()};
    search::search_request through_units = plain;
    through_units.low_obstacles_block = false;
    search::search_request integer = plain;
    integer.rules.costs = grid::step_costs::integer_10_14;
    std::size_t built = map->derived().built();
    for (const auto& request : {plain, through_units, integer}) {
        const auto got = finder->find(*map, request);
        const auto want = reference.find_path(*map, request);
        ASSERT_EQ(got.status, want.status) << got.reason;
        ASSERT_FALSE(picked(got.reason).empty()) << got.reason;
        if (want.status == search_status::found) {
            ASSERT_NEAR(got.cost, want.cost, 1e-9 * std::max(1.0, want.cost)) << got.reason;
        }
        ASSERT_GT(map->derived().built(), built) << "no new pilot for " << got.reason;
        built = map->derived().built();
    }
}

TEST(auto_pre, what_the_pilot_does_not_model_goes_to_jps_plus_dh) {
    auto map = grid::generate_random(40, 30, 20.0, 9);
    ASSERT_TRUE(map.ok());
    const auto cells = free_cells(*map);
    auto finder = make("auto-pre");

    // A bad request: refused as jps+-dh refuses it, with no pilot and nothing built.
    const search::search_request off_map{.start = cells.front(), .goal = {500, 500}};
    const auto refused = finder->find(*map, off_map);
    EXPECT_EQ(refused.status, search_status::invalid_input);
    EXPECT_TRUE(picked(refused.reason).empty()) << refused.reason;
    EXPECT_EQ(map->derived().built(), 0u);

    // Rule 4: refused (rule 8 only).
    search::search_request four{.start = cells.front(), .goal = cells.back()};
    four.rules.moves = grid::connectivity::four;
    EXPECT_EQ(finder->find(*map, four).status, search_status::invalid_input);

    // A weight: jps+-dh's A* fallback, said in the reason; still no pilot.
    search::search_request weighted{.start = cells.front(), .goal = cells.back()};
    weighted.weight = 1.5;
    const auto fallback = finder->find(*map, weighted);
    EXPECT_TRUE(picked(fallback.reason).empty()) << fallback.reason;
    EXPECT_NE(fallback.reason.find("A*"), std::string::npos) << fallback.reason;
    EXPECT_EQ(fallback.status, search::astar{}.find_path(*map, weighted).status);
}

TEST(auto_pre, a_map_with_few_open_cells_is_sampled_without_listing_them) {
    // 200 x 200 with one short corridor open: random draws miss it, the scan finds it.
    auto map = grid::grid_map::create(200, 200);
    ASSERT_TRUE(map.ok());
    for (std::int32_t y = 0; y < 200; ++y) {
        for (std::int32_t x = 0; x < 200; ++x) {
            if (y != 77 || x < 50 || x > 56) map->set_high_obstacle({x, y}, true);
        }
    }
    const search::search_request request{.start = {50, 77}, .goal = {56, 77}};
    const auto got = make("auto-pre")->find(*map, request);
    ASSERT_EQ(got.status, search_status::found) << got.reason;
    EXPECT_DOUBLE_EQ(got.cost, 6.0);
    EXPECT_FALSE(picked(got.reason).empty()) << got.reason;
}

TEST(auto_pre, a_map_beyond_both_candidates_limits_is_refused_with_a_reason) {
    // 8193 x 8193 cells: above the 2^26 cells of JPS+ jump tables and subgoal graphs. Both
    // candidates refuse at once, so the pilot times nothing and the answer says why.
    auto map = grid::grid_map::create(8193, 8193);
    ASSERT_TRUE(map.ok());
    const search::search_request request{.start = {0, 0}, .goal = {8000, 8000}};
    const auto got = make("auto-pre")->find(*map, request);
    EXPECT_EQ(got.status, search_status::invalid_input) << got.reason;
    EXPECT_NE(got.reason.find("refused"), std::string::npos) << got.reason;
    EXPECT_NE(got.reason.find("jps+"), std::string::npos) << got.reason;
}

// The request's build budget bounds the gated candidate: with almost none, subgoal-ch is not
// built (its estimate passes it) and the pick is one of the others, named with the reason;
// answers stay optimal.
TEST(auto_pre, builds_subgoal_ch_only_within_the_budget) {
    auto map = grid::generate_random(96, 80, 25.0, 21);
    ASSERT_TRUE(map.ok());
    const auto cells = free_cells(*map);
    search::build_budget budget;
    budget.max_ms = 1e-6;
    search::search_request request{.start = cells.front(), .goal = cells.back()};
    request.preprocess = &budget;
    auto finder = make("auto-pre");
    const auto got = finder->find(*map, request);
    const std::string name = picked(got.reason);
    EXPECT_TRUE(name == "jps+-dh" || name == "jps+") << got.reason;
    EXPECT_NE(got.reason.find("subgoal-ch not built: estimated"), std::string::npos) << got.reason;
    const auto want = search::astar{}.find_path(*map, request);
    ASSERT_EQ(got.status, want.status) << got.reason;
    if (want.found()) {
        EXPECT_NEAR(got.cost, want.cost, 1e-9 * std::max(1.0, want.cost));
    }
    // Without a budget of its own the gate is the others' build time: on this small map the
    // three are measured (none is skipped or stopped).
    auto fresh = grid::generate_random(96, 80, 25.0, 21);
    ASSERT_TRUE(fresh.ok());
    const search::search_request plain{.start = cells.front(), .goal = cells.back()};
    const auto all = make("auto-pre")->find(*fresh, plain);
    EXPECT_EQ(all.reason.find("not built"), std::string::npos) << all.reason;
    EXPECT_EQ(all.reason.find("stopped"), std::string::npos) << all.reason;
}

TEST(auto_pre, an_edited_map_is_measured_again_and_stays_optimal) {
    auto map = grid::generate_random(80, 60, 25.0, 13);
    ASSERT_TRUE(map.ok());
    auto finder = make("auto-pre");
    search::astar reference;
    const auto cells = free_cells(*map);
    const search::search_request request{.start = cells.front(), .goal = cells.back()};
    const auto before = finder->find(*map, request);
    ASSERT_FALSE(picked(before.reason).empty()) << before.reason;
    // Wall off a column with one gap: paths must go round.
    for (std::int32_t y = 0; y < map->height(); ++y) {
        if (y != map->height() / 2) map->set_high_obstacle({map->width() / 2, y}, true);
    }
    EXPECT_EQ(map->derived().built(), 0u) << "the edit should drop the derived values";
    const auto after = finder->find(*map, request);
    const auto want = reference.find_path(*map, request);
    ASSERT_EQ(after.status, want.status) << after.reason;
    ASSERT_FALSE(picked(after.reason).empty()) << after.reason;
    EXPECT_GT(map->derived().built(), 0u);
    if (want.status == search_status::found) {
        EXPECT_NEAR(after.cost, want.cost, 1e-9 * std::max(1.0, want.cost));
        EXPECT_FALSE(grid::check_path(*map, after.path, request.rules, request.mask()));
    }
}

} // namespace
} // namespace xunlu
