// find_route on hand-drawn scenes: each stage answering, turning points, stop_short, budgets,
// deadlines, obstacle classes and the bad-input reasons.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "route_test_support.hpp"
#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using pipeline::route_stage;
using pipeline::route_status;
using testing::expect_turning_point_contract;
using testing::make_scene;
using testing::registry_grid_search;

constexpr auto high = grid::obstacle_mask::high_only;
constexpr auto both = grid::obstacle_mask::high_and_low;

TEST(route_finder, straight_line_answers_with_exact_endpoints) {
    auto d = make_scene(R"(
        ..........
        .S........
        ........G.
    )",
                        16.0);
    const point a{17.25, 20.5}, b{140.75, 44.0};
    auto r = pipeline::find_route(d.scene, {.start = a, .goal = b});
    ASSERT_EQ(r.status, route_status::straight_line) << r.reason;
    EXPECT_EQ(r.stage, route_stage::straight_line);
    ASSERT_EQ(r.points.size(), 2u);
    EXPECT_EQ(r.points[0], a);
    EXPECT_EQ(r.points[1], b);
    EXPECT_NEAR(r.length, std::hypot(b.x - a.x, b.y - a.y), 1e-9);
    EXPECT_EQ(r.stats.expanded, 0u);
    EXPECT_EQ(r.start_cell, (cell{1, 1}));
    EXPECT_EQ(r.goal_cell, (cell{8, 2}));
}

TEST(route_finder, blocked_straight_line_reports_first_blocking_cell_then_searches) {
    auto d = make_scene(R"(
        ..........
        .S..#...G.
        ....#.....
        ....#.....
    )");
    auto r = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    ASSERT_EQ(r.status, route_status::found) << r.reason;
    EXPECT_EQ(r.stage, route_stage::bounded_search);
    ASSERT_TRUE(r.blocking_cell.has_value());
    EXPECT_EQ(*r.blocking_cell, (cell{4, 1}));
    expect_turning_point_contract(d.scene, r, both);
    EXPECT_EQ(r.points.front(), d.start_px);
    EXPECT_EQ(r.points.back(), d.goal_px);
    EXPECT_EQ(r.points.size(), 3u); // one turn above the wall's top end
}

TEST(route_finder, straight_line_cannot_slip_between_diagonal_blocks) {
    auto d = make_scene(R"(
        S...
        .#..
        ..#.
        .#.G
    )");
    // The start-goal diagonal passes the shared corner of (1,1)-(2,2): supercover blocks it.
    auto r = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    ASSERT_TRUE(r.ok()) << r.reason;
    EXPECT_NE(r.stage, route_stage::straight_line);
    ASSERT_TRUE(r.blocking_cell.has_value());
    EXPECT_EQ(*r.blocking_cell, (cell{1, 1}));
    expect_turning_point_contract(d.scene, r, both);
}

TEST(route_finder, bounded_search_length_matches_astar) {
    for (const bool jps : {false, true}) {
        auto d = make_scene(R"(
            S.....#.........
            ......#..####...
            ..###.#.....#...
            ....#.#.###.#...
            ....#...#...#..G
            ....#####...#...
        )");
        pipeline::route_finder finder =
            jps ? pipeline::route_finder(registry_grid_search("jps")) : pipeline::route_finder();
        auto r = finder.find(d.scene, {.start = d.start_px, .goal = d.goal_px});
        ASSERT_EQ(r.status, route_status::found) << r.reason;
        EXPECT_EQ(r.stage, route_stage::bounded_search);
        EXPECT_EQ(r.algorithm, jps ? "jps" : "astar");
        d.scene.set_use_jps(false); // the scene's switch turns the chosen search off
        EXPECT_EQ(finder.find(d.scene, {.start = d.start_px, .goal = d.goal_px}).algorithm,
                  "astar");
        const auto ref =
            search::find_path_astar(d.scene.map(), {.start = r.start_cell, .goal = r.goal_cell});
        EXPECT_NEAR(r.grid_length, ref.length, 1e-9) << r.algorithm;
        EXPECT_LE(r.length, ref.length + 1e-9); // string pulling never lengthens
        expect_turning_point_contract(d.scene, r, both);
    }
}

TEST(route_finder, stop_short_reaches_near_an_enclosed_or_blocked_goal) {
    auto d = make_scene(R"(
        S.......
        ........
        ...####.
        ...#G##.
        ...####.
    )");
    pipeline::route_request req{.start = d.start_px, .goal = d.goal_px};
    auto r0 = pipeline::find_route(d.scene, req);
    EXPECT_EQ(r0.status, route_status::no_path); // G is walled in
    EXPECT_EQ(r0.stage, route_stage::reachability);
    req.stop_short = 2;
    auto r = pipeline::find_route(d.scene, req);
    ASSERT_EQ(r.status, route_status::found) << r.reason;
    const point last = r.points.back();
    const cell end{static_cast<std::int32_t>(last.x), static_cast<std::int32_t>(last.y)};
    EXPECT_LE(std::abs(end.x - 4), 2);
    EXPECT_LE(std::abs(end.y - 3), 2);
    EXPECT_DOUBLE_EQ(last.x - end.x, 0.5); // a cell centre, not the goal
    expect_turning_point_contract(d.scene, r, both);

    // A goal pixel inside the wall itself: invalid without stop_short, fine with it.
    const point wall{5.5, 2.5};
    auto bad = pipeline::find_route(d.scene, {.start = d.start_px, .goal = wall});
    EXPECT_EQ(bad.status, route_status::invalid);
    auto near = pipeline::find_route(d.scene, {.start = d.start_px, .goal = wall, .stop_short = 1});
    ASSERT_EQ(near.status, route_status::found) << near.reason;
    expect_turning_point_contract(d.scene, near, both);
}

TEST(route_finder, islands_answer_no_path_without_search) {
    auto d = make_scene(R"(
        S.........
        ......###.
        ......#G#.
        ......###.
    )");
    auto r = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    EXPECT_EQ(r.status, route_status::no_path);
    EXPECT_EQ(r.stage, route_stage::reachability);
    EXPECT_EQ(r.stats.expanded, 0u);
    EXPECT_NE(r.reason.find("island"), std::string::npos) << r.reason;
}

TEST(route_finder, islands_route_to_nearest_reachable_cell_when_asked) {
    auto d = make_scene(R"(
        S.........
        ......###.
        ......#G#.
        ......###.
    )");
    auto r = pipeline::find_route(
        d.scene, {.start = d.start_px,
                  .goal = d.goal_px,
                  .when_unreachable = pipeline::unreachable_goal::nearest_reachable});
    ASSERT_TRUE(r.ok()) << r.reason;
    EXPECT_TRUE(r.goal_moved);
    // The reachable cells nearest to (7,2) are 2 cells away: (7,0), (5,2) or (9,2).
    EXPECT_NEAR(std::hypot(r.goal_cell.x - 7, r.goal_cell.y - 2), 2.0, 1e-12);
    expect_turning_point_contract(d.scene, r, both);
}

TEST(route_finder, units_block_only_when_asked) {
    auto d = make_scene(R"(
        S..#....
        ...#....
        ...u...G
        ...#....
    )");
    pipeline::route_request req{.start = d.start_px, .goal = d.goal_px};
    auto blocked = pipeline::find_route(d.scene, req);
    EXPECT_EQ(blocked.status, route_status::no_path);
    EXPECT_EQ(blocked.stage, route_stage::reachability);
    req.low_obstacles_block = false;
    auto r = pipeline::find_route(d.scene, req);
    ASSERT_TRUE(r.ok()) << r.reason;
    expect_turning_point_contract(d.scene, r, high);
}

TEST(route_finder, full_search_answers_when_bounded_budget_runs_out) {
    pipeline::scene_options o;
    o.step_limit = 3;
    auto d = make_scene(R"(
        S....#.....
        .###.#.###.
        .#...#...#.
        .#.#####.#.
        .#.......#G
    )",
                        1.0, o);
    auto r = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    ASSERT_EQ(r.status, route_status::found) << r.reason;
    EXPECT_EQ(r.stage, route_stage::full_search);
    expect_turning_point_contract(d.scene, r, both);

    // A tiny full budget: partial, ending at a cell centre.
    auto p = pipeline::find_route(d.scene,
                                  {.start = d.start_px, .goal = d.goal_px, .max_expansions = 2});
    EXPECT_EQ(p.status, route_status::partial);
    EXPECT_FALSE(p.reason.empty());
    ASSERT_GE(p.points.size(), 1u);
    EXPECT_EQ(p.points.front(), d.start_px);
}

TEST(route_finder, stage_order_is_configurable) {
    auto d = make_scene(R"(
        S...#....
        ....#....
        ....#...G
        .........
    )");
    ASSERT_TRUE(d.scene.set_stages({route_stage::full_search}));
    auto r = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    EXPECT_EQ(r.stage, route_stage::full_search);
    EXPECT_EQ(r.stats.stages_tried, 1u);
    EXPECT_FALSE(r.blocking_cell.has_value());
    EXPECT_FALSE(d.scene.set_stages({route_stage::full_search, route_stage::full_search}));
    ASSERT_TRUE(d.scene.set_stages({route_stage::straight_line}));
    auto none = pipeline::find_route(d.scene, {.start = d.start_px, .goal = d.goal_px});
    EXPECT_EQ(none.status, route_status::no_path);
    EXPECT_FALSE(none.reason.empty());
}

TEST(route_finder, four_way_movement) {
    auto d = make_scene(R"(
        S....
        .###.
        .#G..
        .....
    )");
    pipeline::route_request req{.start = d.start_px, .goal = d.goal_px};
    req.rules.moves = grid::connectivity::four;
    auto r = pipeline::find_route(d.scene, req);
    ASSERT_EQ(r.status, route_status::found) << r.reason;
    const auto ref = search::find_path_astar(
        d.scene.map(), {.start = r.start_cell, .goal = r.goal_cell, .rules = req.rules});
    EXPECT_NEAR(r.grid_length, ref.length, 1e-9);
    EXPECT_NEAR(r.grid_length, 6.0, 1e-9); // down 3, right 2, up 1
    expect_turning_point_contract(d.scene, r, both);
}

TEST(route_finder, deadline_in_the_past_stops_before_any_stage) {
    auto d = make_scene(R"(
        S..#...G
    )");
    auto r = pipeline::find_route(
        d.scene, {.start = d.start_px,
                  .goal = d.goal_px,
                  .deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1)});
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.reason.find("deadline"), std::string::npos) << r.reason;
    EXPECT_EQ(r.stats.expanded, 0u);
}

TEST(route_finder, bad_coordinates_are_invalid_with_reasons) {
    auto d = make_scene(R"(
        S...
        ...G
    )",
                        10.0);
    const double nan = std::nan("");
    struct bad_case {
        point start, goal;
        const char* needle;
    };
    for (const auto& c : {bad_case{{nan, 1}, {5, 5}, "start pixel is not a finite"},
                          bad_case{{1, 1}, {5, INFINITY}, "goal pixel is not a finite"},
                          bad_case{{-0.5, 1}, {5, 5}, "start pixel (-0.5,1) is outside"},
                          bad_case{{1, 1}, {40, 5}, "goal pixel (40,5) is outside"},
                          bad_case{{1, 1}, {5, 20}, "outside the map (0 <= x < 40, 0 <= y < 20"}}) {
        auto r = pipeline::find_route(d.scene, {.start = c.start, .goal = c.goal});
        EXPECT_EQ(r.status, route_status::invalid);
        EXPECT_NE(r.reason.find(c.needle), std::string::npos) << r.reason;
        EXPECT_TRUE(r.points.empty());
    }
    auto r = pipeline::find_route(d.scene, {.start = {1, 1}, .goal = {5, 5}, .stop_short = -1});
    EXPECT_EQ(r.status, route_status::invalid);
    EXPECT_FALSE(pipeline::scene::create(*grid::grid_map::create(2, 2), {.cell_size = 0}));
    EXPECT_FALSE(pipeline::scene::create(*grid::grid_map::create(2, 2), {.cell_size = nan}));
}

TEST(route_finder, blocked_endpoints_name_the_cell_and_offer_the_nearest_free_one) {
    auto d = make_scene(R"(
        S.....
        ..##..
        ..##..
        .....G
    )",
                        8.0);
    const point in_wall{3 * 8 + 1, 2 * 8 + 7}; // cell (3,2)
    auto r = pipeline::find_route(d.scene, {.start = in_wall, .goal = d.goal_px});
    EXPECT_EQ(r.status, route_status::invalid);
    EXPECT_NE(r.reason.find("start pixel (25,23) lies in cell (3,2), blocked by a high obstacle"),
              std::string::npos)
        << r.reason;
    ASSERT_TRUE(r.nearest_free_start.has_value());
    EXPECT_EQ(*r.nearest_free_start, (cell{3, 3}));

    auto g = pipeline::find_route(d.scene, {.start = d.start_px, .goal = in_wall});
    EXPECT_EQ(g.status, route_status::invalid);
    EXPECT_NE(g.reason.find("goal pixel"), std::string::npos) << g.reason;
    ASSERT_TRUE(g.nearest_free_goal.has_value());

    auto moved =
        pipeline::find_route(d.scene, {.start = in_wall,
                                       .goal = d.goal_px,
                                       .when_blocked = pipeline::blocked_endpoint::nearest_free});
    ASSERT_TRUE(moved.ok()) << moved.reason;
    EXPECT_EQ(moved.start_cell, (cell{3, 3}));
    EXPECT_EQ(moved.points.front(), (point{3.5 * 8, 3.5 * 8}));
}

TEST(route_finder, engine_is_reusable_across_scenes_and_queries) {
    auto a = make_scene(R"(
        S.#.....
        ..#.##..
        ....#..G
    )");
    auto b = make_scene(R"(
        S...
        .##.
        ...G
    )");
    pipeline::route_finder finder;
    for (int i = 0; i < 3; ++i) {
        auto ra = finder.find(a.scene, {.start = a.start_px, .goal = a.goal_px});
        auto rb = finder.find(b.scene, {.start = b.start_px, .goal = b.goal_px});
        ASSERT_TRUE(ra.ok() && rb.ok());
        expect_turning_point_contract(a.scene, ra, both);
        expect_turning_point_contract(b.scene, rb, both);
    }
}

} // namespace
} // namespace xunlu
