// The façade's sliced search (path_finder::start / step / finish / cancel), its catalogue
// (facade::algorithms) and cell reads, and result<T>'s behaviour on an error (an exception that
// carries the message, never an abort).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "xunlu/xunlu.hpp"

namespace xunlu::facade {
namespace {

// 12x8 with a wall that forces a detour; start S (0, 0), goal G (11, 0).
constexpr const char* detour = "type octile\nheight 8\nwidth 12\nmap\n"
                               "S....@.....G\n"
                               ".....@......\n"
                               ".....@......\n"
                               ".....@......\n"
                               ".....@......\n"
                               ".....@......\n"
                               "............\n"
                               "............\n";

map detour_map() {
    std::string text = detour;
    for (char& c : text) {
        if (c == 'S' || c == 'G') c = '.';
    }
    return *map::from_bytes(text);
}

TEST(facade_sliced, one_expansion_per_step_gives_the_one_shot_path_for_every_stepping_algorithm) {
    const map m = detour_map();
    const search::search_request request{.start = {0, 0}, .goal = {11, 0}};
    int stepping = 0;
    for (const algorithm_info& a : algorithms()) {
        if (!a.stepping) continue;
        ++stepping;
        const path_result whole = find_path(m, {.algorithm = a.name, .search = request});
        ASSERT_TRUE(whole.found()) << a.name << ": " << whole.reason;
        path_finder f;
        ASSERT_TRUE(f.start(m, {.algorithm = a.name, .search = request})) << a.name;
        EXPECT_TRUE(f.searching());
        int steps = 0;
        while (!f.step(1)) {
            ASSERT_LT(++steps, 100000) << a.name << " never ends";
        }
        EXPECT_GT(steps, 1) << a.name << " should need several single-expansion steps";
        const path_result sliced = f.finish();
        EXPECT_FALSE(f.searching());
        ASSERT_TRUE(sliced.found()) << a.name << ": " << sliced.reason;
        EXPECT_EQ(sliced.path, whole.path) << a.name;
        EXPECT_DOUBLE_EQ(sliced.length, whole.length) << a.name;
        EXPECT_EQ(sliced.stats.expanded, whole.stats.expanded) << a.name;
    }
    EXPECT_GE(stepping, 3) << "the registry marks astar, dijkstra and the JPS variants stepping";
}

TEST(facade_sliced, the_map_may_go_while_the_search_runs_and_finish_completes_it) {
    path_finder f;
    {
        const map m = detour_map();
        ASSERT_TRUE(
            f.start(m, {.algorithm = "astar", .search = {.start = {0, 0}, .goal = {11, 0}}}));
        EXPECT_FALSE(f.step(2));
    } // the caller's map is gone; the finder holds the version it searches
    const path_result r = f.finish(); // runs what is left
    ASSERT_TRUE(r.found()) << r.reason;
    EXPECT_EQ(r.path.front(), (cell{0, 0}));
    EXPECT_EQ(r.path.back(), (cell{11, 0}));
}

TEST(facade_sliced, refusals_come_from_finish_with_their_reason) {
    const map m = detour_map();
    path_finder f;
    EXPECT_FALSE(f.start(m, {.algorithm = "no-such", .search = {.start = {0, 0}, .goal = {1, 0}}}));
    path_result r = f.finish();
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    EXPECT_NE(r.reason.find("unknown algorithm 'no-such'"), std::string::npos) << r.reason;

    EXPECT_FALSE(f.start(m, {.algorithm = "astar", .search = {.start = {0, 0}, .goal = {99, 0}}}));
    EXPECT_TRUE(f.step(1)); // over: refused
    r = f.finish();
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    EXPECT_FALSE(r.reason.empty());

    for (const algorithm_info& a : algorithms()) {
        if (a.stepping) continue;
        EXPECT_FALSE(
            f.start(m, {.algorithm = a.name, .search = {.start = {0, 0}, .goal = {11, 0}}}));
        r = f.finish();
        EXPECT_EQ(r.status, search::search_status::invalid_input) << a.name;
        EXPECT_NE(r.reason.find("cannot be stepped"), std::string::npos) << r.reason;
        break;
    }
    r = f.finish(); // nothing started
    EXPECT_EQ(r.status, search::search_status::invalid_input);
    EXPECT_NE(r.reason.find("no sliced search"), std::string::npos);
}

TEST(facade_sliced, cancel_drops_the_search_and_the_finder_serves_the_next_one) {
    const map m = detour_map();
    path_finder f;
    const path_query q{.algorithm = "jps", .search = {.start = {0, 0}, .goal = {11, 0}}};
    ASSERT_TRUE(f.start(m, q));
    EXPECT_FALSE(f.step(1));
    f.cancel();
    EXPECT_FALSE(f.searching());
    EXPECT_TRUE(f.step(5)); // nothing runs
    const path_result again = f.find(m, q);
    EXPECT_TRUE(again.found());
    ASSERT_TRUE(f.start(m, q));
    const path_result sliced = f.finish();
    EXPECT_EQ(sliced.path, again.path);
}

TEST(facade_sliced, a_budget_in_the_request_still_stops_a_sliced_search) {
    const map m = detour_map();
    path_finder f;
    ASSERT_TRUE(f.start(m, {.algorithm = "astar",
                            .search = {.start = {0, 0}, .goal = {11, 0}, .max_expansions = 3}}));
    int steps = 0;
    while (!f.step(1)) ASSERT_LT(++steps, 1000);
    EXPECT_EQ(f.finish().status, search::search_status::budget_exhausted);
}

TEST(facade_algorithms, lists_every_name_with_its_capabilities) {
    const std::vector<algorithm_info> all = algorithms();
    ASSERT_GT(all.size(), 10u);
    bool astar = false, visgraph = false;
    for (const algorithm_info& a : all) {
        EXPECT_FALSE(a.name.empty());
        EXPECT_FALSE(a.description.empty()) << a.name;
        EXPECT_FALSE(a.rules.empty()) << a.name;
        for (const std::string* s :
             {&a.terrain_costs, &a.stop_within, &a.turn_penalty, &a.hex, &a.weight}) {
            EXPECT_TRUE(*s == "native" || *s == "astar_fallback" || *s == "ignored" ||
                        *s == "unsupported")
                << a.name << ": " << *s;
        }
        if (a.name == "astar") {
            astar = true;
            EXPECT_TRUE(a.optimal && a.stepping && !a.preprocessing);
            EXPECT_EQ(a.rules, (std::vector<std::string>{"4", "8", "8-cut1", "8-always"}));
        }
        if (a.name == "visgraph") {
            visgraph = true;
            EXPECT_TRUE(a.any_angle);
        }
        // Every listed name is one path_query takes.
        const path_result r = find_path(
            map::from_cells({.width = 1, .height = 1, .codes = std::vector{cell_code::free}})
                .value(),
            {.algorithm = a.name, .search = {.start = {0, 0}, .goal = {5, 5}}});
        EXPECT_EQ(r.reason.find("unknown algorithm"), std::string::npos) << a.name;
    }
    EXPECT_TRUE(astar && visgraph);
}

TEST(facade_map, reads_one_cell_and_its_cost) {
    using enum cell_code;
    const std::vector<cell_code> codes = {free, high_obstacle, low_obstacle, terrain_cost};
    const std::vector<float> costs = {1, 1, 1, 2.5f};
    const map m = *map::from_cells({.width = 4, .height = 1, .codes = codes, .costs = costs});
    for (std::int32_t x = 0; x < 4; ++x) {
        const auto c = m.cell_at({x, 0});
        ASSERT_TRUE(c.ok()) << c.err().message;
        EXPECT_EQ(c.value(), codes[static_cast<std::size_t>(x)]);
    }
    EXPECT_FLOAT_EQ(*m.cost_at({3, 0}), 2.5f);
    EXPECT_FLOAT_EQ(*m.cost_at({0, 0}), 1.0f);
    const auto outside = m.cell_at({4, 0});
    ASSERT_FALSE(outside.ok());
    EXPECT_NE(outside.err().message.find("(4,0)"), std::string::npos) << outside.err().message;
    EXPECT_FALSE(m.cost_at({0, -1}).ok());
}

TEST(facade_result, value_of_an_error_throws_the_message_and_never_aborts) {
    const result<map> bad = map::from_bytes("");
    ASSERT_FALSE(bad.ok());
    try {
        (void)bad.value();
        FAIL() << "value() of an error returned";
    } catch (const bad_result_access& e) {
        EXPECT_EQ(e.err().message, bad.err().message);
        EXPECT_NE(std::string(e.what()).find(bad.err().message), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)*map::from_bytes("hello"), bad_result_access);
    EXPECT_THROW((void)map::from_bytes("")->width(), bad_result_access);
    const result<map> good = detour_map();
    EXPECT_THROW((void)good.err(), std::logic_error);
}

TEST(facade_result, star_moves_the_value_out_of_a_temporary) {
    // scene holds mutexes and atomics: it cannot be copied, only moved out of the result.
    pipeline::scene s = *make_scene(detour_map(), {.cell_size = 16});
    EXPECT_EQ(s.cell_size(), 16.0);
    std::unique_ptr<int> owned = *result<std::unique_ptr<int>>(std::make_unique<int>(7));
    EXPECT_EQ(*owned, 7);
}

} // namespace
} // namespace xunlu::facade
