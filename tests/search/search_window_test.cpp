// Searches confined to a window of the map (search_request::window): cells outside count as
// blocked, results equal A* on a copy of the window, node memory follows the window, and bad
// windows are refused.
#include <gtest/gtest.h>

#include <random>

#include "support/ascii_map.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using search::search_status;
using search::search_window;

TEST(search_window, cells_outside_the_window_are_blocked) {
    // The wall in column 2 leaves only the way through row 0: a window without row 0 has no
    // path, one with it has the detour.
    auto m = testing::parse_ascii(R"(
        .......
        S.#....
        ..#....
        ..#...G
        ..#....
    )");
    search::astar engine;
    auto free_run = engine.find_path(m.map, {.start = m.start, .goal = m.goal});
    ASSERT_EQ(free_run.status, search_status::found);
    auto boxed = engine.find_path(
        m.map, {.start = m.start, .goal = m.goal, .window = search_window{{0, 1}, {6, 4}}});
    EXPECT_EQ(boxed.status, search_status::no_path);
    auto wider = engine.find_path(
        m.map, {.start = m.start, .goal = m.goal, .window = search_window{{0, 0}, {6, 3}}});
    ASSERT_EQ(wider.status, search_status::found);
    EXPECT_NEAR(wider.cost, free_run.cost, 1e-9);
    for (const cell c : wider.path) EXPECT_LE(c.y, 3);
    EXPECT_FALSE(grid::check_path(m.map, wider.path, {}, grid::obstacle_mask::high_and_low));
}

TEST(search_window, equals_astar_on_a_copy_of_the_window) {
    std::mt19937 rng(7);
    auto map = grid::generate_random(96, 25.0, 11);
    ASSERT_TRUE(map.ok());
    search::astar engine;
    search::astar on_copy;
    int compared = 0;
    for (int q = 0; q < 200; ++q) {
        std::uniform_int_distribution<std::int32_t> pos(0, 95);
        const search_window w{{pos(rng) / 2, pos(rng) / 2}, {48 + pos(rng) / 2, 48 + pos(rng) / 2}};
        std::uniform_int_distribution<std::int32_t> wx(w.min.x, w.max.x), wy(w.min.y, w.max.y);
        const cell s{wx(rng), wy(rng)};
        const cell g{wx(rng), wy(rng)};
        if (!map->passable(s) || !map->passable(g)) continue;
        auto copy = grid::grid_map::create(w.max.x - w.min.x + 1, w.max.y - w.min.y + 1);
        ASSERT_TRUE(copy.ok());
        for (std::int32_t y = w.min.y; y <= w.max.y; ++y) {
            for (std::int32_t x = w.min.x; x <= w.max.x; ++x) {
                copy->set_high_obstacle({x - w.min.x, y - w.min.y}, map->is_high_obstacle({x, y}));
            }
        }
        const auto a = engine.find_path(*map, {.start = s, .goal = g, .window = w});
        const auto b = on_copy.find_path(*copy, {.start = {s.x - w.min.x, s.y - w.min.y},
                                                 .goal = {g.x - w.min.x, g.y - w.min.y}});
        ASSERT_EQ(a.status, b.status) << "query " << q;
        if (a.found()) {
            EXPECT_NEAR(a.cost, b.cost, 1e-9) << "query " << q;
            for (const cell c : a.path) EXPECT_TRUE(w.contains(c));
        }
        ++compared;
    }
    EXPECT_GT(compared, 50);
}

TEST(search_window, node_memory_follows_a_small_window) {
    auto map = grid::grid_map::create(4000, 4000);
    ASSERT_TRUE(map.ok());
    search::astar engine;
    const auto r = engine.find_path(*map, {.start = {2000, 2000},
                                           .goal = {2010, 2010},
                                           .window = search_window{{1990, 1990}, {2020, 2020}}});
    ASSERT_EQ(r.status, search_status::found);
    // The dense table alone would take 16 M cells x 17 bytes; the window touches a few pages.
    EXPECT_LT(r.stats.memory_bytes, std::size_t{4} << 20);
}

TEST(search_window, bad_windows_are_refused) {
    auto map = grid::grid_map::create(10, 10);
    ASSERT_TRUE(map.ok());
    search::astar engine;
    auto r = engine.find_path(
        *map, {.start = {1, 1}, .goal = {5, 5}, .window = search_window{{2, 2}, {8, 8}}});
    EXPECT_EQ(r.status, search_status::invalid_input);
    EXPECT_NE(r.reason.find("inside the window"), std::string::npos) << r.reason;
    r = engine.find_path(
        *map, {.start = {1, 1}, .goal = {5, 5}, .window = search_window{{0, 0}, {10, 9}}});
    EXPECT_EQ(r.status, search_status::invalid_input);
    r = engine.find_path(
        *map, {.start = {1, 1}, .goal = {5, 5}, .window = search_window{{6, 0}, {5, 9}}});
    EXPECT_EQ(r.status, search_status::invalid_input);
}

} // namespace
} // namespace xunlu
