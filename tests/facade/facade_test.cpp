// The façade: maps from files, bytes and cell arrays, path queries by name, line of sight,
// edits and batches, each with its bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <vector>

#include "xunlu/xunlu.hpp"

namespace xunlu::facade {
namespace {

// 6x3, a wall in the middle column with a gap at the bottom.
constexpr const char* drawn = "type octile\nheight 3\nwidth 6\nmap\n"
                              "..@...\n"
                              "..@...\n"
                              "......\n";

map drawn_map() {
    auto m = map::from_bytes(drawn);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.err().message);
    return std::move(m).value();
}

TEST(facade_map, loads_bytes) {
    const map m = drawn_map();
    EXPECT_EQ(m.width(), 6);
    EXPECT_EQ(m.height(), 3);
    EXPECT_EQ(m.version(), 0u);
    EXPECT_TRUE(m.grid().is_high_obstacle({2, 0}));
}

TEST(facade_map, refuses_empty_and_bad_bytes) {
    auto empty = map::from_bytes("");
    ASSERT_FALSE(empty.ok());
    EXPECT_NE(empty.err().message.find("empty"), std::string::npos);
    EXPECT_FALSE(map::from_bytes("hello").ok());
}

TEST(facade_map, loads_a_file_and_names_a_missing_one) {
    const auto path = std::filesystem::temp_directory_path() / "xunlu_facade_test.map";
    {
        std::ofstream out(path);
        out << drawn;
    }
    auto m = map::load_file(path.string());
    ASSERT_TRUE(m.ok()) << m.err().message;
    EXPECT_EQ(m.value().width(), 6);
    std::filesystem::remove(path);
    auto missing = map::load_file(path.string());
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.err().message.find("xunlu_facade_test.map"), std::string::npos);
}

TEST(facade_map, builds_from_cell_codes) {
    using enum cell_code;
    const std::vector<cell_code> codes = {free,         high_obstacle, low_obstacle,
                                          terrain_cost, free,          free};
    const std::vector<float> costs = {1, 1, 1, 2.5f, 1, 1};
    auto m = map::from_cells({.width = 3, .height = 2, .codes = codes, .costs = costs});
    ASSERT_TRUE(m.ok()) << m.err().message;
    const grid::grid_map& g = m.value().grid();
    EXPECT_TRUE(g.is_high_obstacle({1, 0}));
    EXPECT_TRUE(g.is_low_obstacle({2, 0}));
    EXPECT_FLOAT_EQ(g.terrain_cost({0, 1}), 2.5f);
    EXPECT_TRUE(g.passable({1, 1}));
}

TEST(facade_map, refuses_bad_cell_arrays) {
    using enum cell_code;
    const std::vector<cell_code> six(6, free);
    auto wrong_size = map::from_cells({.width = 4, .height = 2, .codes = six});
    ASSERT_FALSE(wrong_size.ok());
    EXPECT_NE(wrong_size.err().message.find("6 codes"), std::string::npos);
    EXPECT_FALSE(map::from_cells({.width = 0, .height = 6, .codes = six}).ok());
    EXPECT_FALSE(map::from_cells({.width = -1, .height = -6, .codes = six}).ok());
    const std::vector<float> five(5, 1.0f);
    EXPECT_FALSE(map::from_cells({.width = 3, .height = 2, .codes = six, .costs = five}).ok());
    const std::vector<cell_code> terrain(6, terrain_cost);
    EXPECT_FALSE(map::from_cells({.width = 3, .height = 2, .codes = terrain}).ok());
    const std::vector<float> nan(6, std::nanf(""));
    EXPECT_FALSE(map::from_cells({.width = 3, .height = 2, .codes = terrain, .costs = nan}).ok());
    const std::vector<cell_code> unknown(6, static_cast<cell_code>(7));
    EXPECT_FALSE(map::from_cells({.width = 3, .height = 2, .codes = unknown}).ok());
}

TEST(facade_path, finds_with_every_named_algorithm) {
    const map m = drawn_map();
    const double optimal = find_path(m, {.search = {.start = {0, 0}, .goal = {5, 0}}}).length;
    EXPECT_GT(optimal, 5.0); // around the wall, through the gap at (2,2)
    for (const char* name : {"astar", "dijkstra", "jps"}) {
        const path_result r =
            find_path(m, {.algorithm = name, .search = {.start = {0, 0}, .goal = {5, 0}}});
        ASSERT_TRUE(r.found()) << name << ": " << r.reason;
        EXPECT_EQ(r.path.front(), (cell{0, 0}));
        EXPECT_EQ(r.path.back(), (cell{5, 0}));
        EXPECT_NEAR(r.length, optimal, 1e-9) << name;
    }
}

TEST(facade_path, refuses_unknown_algorithm_and_outside_cells) {
    const map m = drawn_map();
    path_finder finder;
    const path_result unknown =
        finder.find(m, {.algorithm = "teleport", .search = {.start = {0, 0}, .goal = {1, 0}}});
    EXPECT_EQ(unknown.status, search::search_status::invalid_input);
    EXPECT_NE(unknown.reason.find("teleport"), std::string::npos);
    EXPECT_NE(unknown.reason.find("astar"), std::string::npos);
    const path_result outside = finder.find(m, {.search = {.start = {0, 0}, .goal = {6, 0}}});
    EXPECT_EQ(outside.status, search::search_status::invalid_input);
    EXPECT_NE(outside.reason.find("goal (6,0)"), std::string::npos);
    const path_result negative = finder.find(m, {.search = {.start = {-1, 0}, .goal = {1, 0}}});
    EXPECT_EQ(negative.status, search::search_status::invalid_input);
    // The same finder still answers good queries afterwards.
    EXPECT_TRUE(finder.find(m, {.search = {.start = {0, 0}, .goal = {1, 0}}}).found());
}

// 10x8 with a one-cell gap at (4,3) and a two-cell opening at rows 6-7.
constexpr const char* gapped = "type octile\nheight 8\nwidth 10\nmap\n"
                               "....@.....\n"
                               "....@.....\n"
                               "....@.....\n"
                               "..........\n"
                               "....@.....\n"
                               "....@.....\n"
                               "..........\n"
                               "..........\n";

TEST(facade_path, layers_reach_every_algorithm_and_name_a_unit_that_does_not_fit) {
    const map m = map::from_bytes(gapped).value();
    for (const char* algo : {"astar", "jps", "jps-block", "jps+"}) {
        path_query q{.algorithm = algo, .search = {.start = {0, 2}, .goal = {8, 2}}};
        const auto small = find_path(m, q);
        ASSERT_EQ(small.status, search::search_status::found) << algo << ": " << small.reason;
        q.layers.unit_size = 2;
        const auto big = find_path(m, q);
        ASSERT_EQ(big.status, search::search_status::found) << algo << ": " << big.reason;
        EXPECT_GT(big.length, small.length) << algo; // round by rows 6-7, not the gap
        for (const cell c : big.path) {              // every footprint free on the shared map
            for (const cell d : {cell{0, 0}, cell{1, 0}, cell{0, 1}, cell{1, 1}}) {
                EXPECT_TRUE(m.grid().passable({c.x + d.x, c.y + d.y})) << algo;
            }
        }
    }
    path_query q{.search = {.start = {3, 3}, .goal = {8, 2}}};
    q.layers.unit_size = 2; // footprint (3..4, 3..4) covers the wall at (4,4)
    const auto refused = find_path(m, q);
    EXPECT_EQ(refused.status, search::search_status::invalid_input);
    EXPECT_NE(refused.reason.find("2 x 2 unit"), std::string::npos) << refused.reason;
    q.layers.unit_size = 40;
    EXPECT_NE(find_path(m, q).reason.find("unit size 40"), std::string::npos);
}

TEST(facade_path, a_fog_and_influences_reach_the_search) {
    const map m = map::from_bytes(gapped).value();
    auto fog = overlays::fog_layer::create(10, 8).value();
    for (std::int32_t x = 0; x < 10; ++x) fog.explore({x, 3}); // the gap row only
    path_query q{.search = {.start = {0, 3}, .goal = {9, 3}}};
    q.layers.fog = &fog;
    q.layers.unknown = overlays::unknown_cells::blocked;
    const auto seen = find_path(m, q);
    ASSERT_EQ(seen.status, search::search_status::found) << seen.reason;
    EXPECT_DOUBLE_EQ(seen.length, 9.0);
    q.search.start = {0, 2}; // unexplored, assumed blocked
    const auto hidden = find_path(m, q);
    EXPECT_EQ(hidden.status, search::search_status::invalid_input);
    EXPECT_NE(hidden.reason.find("fog"), std::string::npos) << hidden.reason;

    auto danger = overlays::influence_layer::create("danger", 10, 8).value();
    ASSERT_TRUE(danger.add({{4, 3}, 50.0f, 0}).ok()); // the gap is deadly
    path_query priced{.search = {.start = {0, 3}, .goal = {9, 3}}};
    priced.layers.influences = {{&danger, 1.0f}};
    const auto around = find_path(m, priced);
    ASSERT_EQ(around.status, search::search_status::found) << around.reason;
    for (const cell c : around.path) EXPECT_FALSE(c.x == 4 && c.y == 3);
}

TEST(facade_line_of_sight, sees_past_gaps_not_walls) {
    const map m = drawn_map();
    EXPECT_FALSE(m.line_of_sight({0, 0}, {5, 0}).value());
    EXPECT_TRUE(m.line_of_sight({0, 2}, {5, 2}).value());
    EXPECT_FALSE(m.line_of_sight({0, 0}, {6, 0}).ok());
    EXPECT_FALSE(m.line_of_sight({0, -1}, {1, 1}).ok());
}

TEST(facade_line_of_sight, low_obstacles_block_when_asked) {
    const grid::cell_edit unit[] = {grid::cell_edit::low({1, 2}, true)};
    const map m = drawn_map().with_edits(unit).value();
    EXPECT_TRUE(m.line_of_sight({0, 2}, {5, 2}).value());
    EXPECT_FALSE(m.line_of_sight({0, 2}, {5, 2}, true).value());
}

TEST(facade_edits, make_the_next_version_and_leave_the_old) {
    const map m = drawn_map();
    const grid::cell_edit close_gap[] = {grid::cell_edit::high({2, 2}, true)};
    auto next = m.with_edits(close_gap);
    ASSERT_TRUE(next.ok()) << next.err().message;
    EXPECT_EQ(next.value().version(), 1u);
    const path_query across{.search = {.start = {0, 0}, .goal = {5, 0}}};
    EXPECT_EQ(find_path(next.value(), across).status, search::search_status::no_path);
    EXPECT_TRUE(find_path(m, across).found());
    const grid::cell_edit outside[] = {grid::cell_edit::high({9, 9}, true)};
    EXPECT_FALSE(m.with_edits(outside).ok());
}

TEST(facade_batch, answers_in_input_order_on_threads) {
    const map m = drawn_map();
    std::vector<path_query> queries;
    for (int i = 0; i < 40; ++i) {
        queries.push_back({.algorithm = i % 2 == 0 ? "astar" : "jps",
                           .search = {.start = {0, 0}, .goal = {i % 6, 2}}});
    }
    queries.push_back({.algorithm = "nope"});
    for (unsigned threads : {1u, 2u, 4u, 100u}) {
        auto batch = find_paths(m, queries, threads);
        ASSERT_TRUE(batch.ok()) << batch.err().message;
        ASSERT_EQ(batch.value().size(), queries.size());
        for (std::size_t i = 0; i + 1 < queries.size(); ++i) {
            const path_result& r = batch.value()[i];
            ASSERT_TRUE(r.found()) << i << ": " << r.reason;
            EXPECT_EQ(r.path.back(), queries[i].search.goal);
            EXPECT_EQ(r.length, find_path(m, queries[i]).length);
        }
        EXPECT_EQ(batch.value().back().status, search::search_status::invalid_input);
    }
}

TEST(facade_batch, refuses_zero_threads_and_takes_no_queries) {
    const map m = drawn_map();
    const std::vector<path_query> one = {{.search = {.start = {0, 0}, .goal = {1, 0}}}};
    auto zero = find_paths(m, one, 0);
    ASSERT_FALSE(zero.ok());
    EXPECT_NE(zero.err().message.find("threads"), std::string::npos);
    auto none = find_paths(m, {}, 2);
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none.value().empty());
}

TEST(facade_route, answers_in_pixels_with_a_named_grid_search) {
    auto scene = make_scene(drawn_map(), {.cell_size = 10});
    ASSERT_TRUE(scene.ok()) << scene.err().message;
    for (const char* name : {"astar", "jps"}) {
        auto finder = make_route_finder(name);
        ASSERT_TRUE(finder.ok()) << finder.err().message;
        const route_answer r =
            finder.value().find(scene.value(), {.start = {5, 5}, .goal = {55, 5}});
        ASSERT_TRUE(r.ok()) << name << ": " << r.reason;
        EXPECT_EQ(r.points.front(), (point{5, 5}));
        EXPECT_EQ(r.points.back(), (point{55, 5}));
        EXPECT_GT(r.length, 50.0); // pixels, around the wall
    }
    auto finder = make_route_finder("astar");
    const route_answer outside =
        finder.value().find(scene.value(), {.start = {5, 5}, .goal = {500, 5}});
    EXPECT_EQ(outside.status, pipeline::route_status::invalid);
}

TEST(facade_route, an_any_angle_search_gives_the_shortest_polyline_as_turning_points) {
    auto scene = make_scene(drawn_map(), {.cell_size = 10});
    ASSERT_TRUE(scene.ok()) << scene.err().message;
    auto grid = make_route_finder("astar");
    auto any = make_route_finder("visgraph");
    ASSERT_TRUE(any.ok()) << any.err().message;
    const pipeline::route_request req{.start = {5, 5}, .goal = {55, 5}};
    const route_answer a = grid.value().find(scene.value(), req);
    const route_answer v = any.value().find(scene.value(), req);
    ASSERT_TRUE(v.ok()) << v.reason;
    EXPECT_EQ(v.algorithm, "visgraph");
    EXPECT_EQ(v.points.front(), (point{5, 5}));
    EXPECT_EQ(v.points.back(), (point{55, 5}));
    // Under the wall's lower end: the polyline bends only at its two bottom corners, (2,2) and
    // (3,2) in cells = (20,20) and (30,20) px.
    EXPECT_LE(v.length, a.length + 1e-9);
    ASSERT_EQ(v.points.size(), 4U);
    EXPECT_EQ(v.points[1], (point{20, 20}));
    EXPECT_EQ(v.points[2], (point{30, 20}));
    const double expected = std::hypot(15.0, 15.0) + 10.0 + std::hypot(25.0, 15.0);
    EXPECT_NEAR(v.length, expected, 1e-9);
}

TEST(facade_route, refuses_unknown_algorithm_and_bad_cell_size) {
    auto finder = make_route_finder("teleport");
    ASSERT_FALSE(finder.ok());
    EXPECT_NE(finder.err().message.find("teleport"), std::string::npos);
    EXPECT_FALSE(make_scene(drawn_map(), {.cell_size = 0}).ok());
    EXPECT_FALSE(make_scene(drawn_map(), {.cell_size = std::nan("")}).ok());
}

} // namespace
} // namespace xunlu::facade
