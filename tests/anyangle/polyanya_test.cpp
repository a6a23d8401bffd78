// Polyanya over the rectangle mesh: the mesh covers every free cell once and links exactly the
// rectangles that share a stretch of grid line; the search returns visgraph's optimum (itself
// checked against a brute force in any_angle_search_test) on larger random, maze, room and open
// maps, with unreachable pairs; budgets, caps, traces, edits and refusals.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <map>
#include <random>
#include <tuple>

#include "any_angle_reference.hpp"
#include "support/ascii_map.hpp"
#include "visgraph_optimum.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/polyanya_search.hpp"
#include "xunlu/anyangle/rect_mesh.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle {
namespace {

std::vector<std::pair<std::string, grid::grid_map>> test_maps() {
    std::vector<std::pair<std::string, grid::grid_map>> out;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const std::int32_t w = 20 + static_cast<std::int32_t>(seed * 7 % 31);
        const std::int32_t h = 20 + static_cast<std::int32_t>(seed * 11 % 29);
        const double density = 5.0 + static_cast<double>(seed % 5) * 10; // 5 .. 45 %
        out.emplace_back("random " + std::to_string(seed),
                         std::move(grid::generate_random(w, h, density, seed).value()));
    }
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        out.emplace_back(
            "maze " + std::to_string(seed),
            std::move(
                grid::generate_maze(31, 27, 1 + static_cast<std::int32_t>(seed), seed).value()));
        out.emplace_back("rooms " + std::to_string(seed),
                         std::move(grid::generate_rooms(41, 37, 5, seed).value()));
    }
    out.emplace_back("open", std::move(grid::grid_map::create(33, 21).value()));
    return out;
}

TEST(rect_mesh, covers_every_free_cell_once_and_links_exactly_the_shared_stretches) {
    for (auto& [name, m] : test_maps()) {
        SCOPED_TRACE(name);
        const rect_mesh mesh = rect_mesh::build(m, grid::obstacle_mask::high_and_low);
        ASSERT_TRUE(mesh.problem().empty());
        std::size_t area = 0;
        for (std::uint32_t i = 0; i < mesh.rect_count(); ++i) {
            const mesh_rect& r = mesh.rect(i);
            ASSERT_LT(r.x0, r.x1);
            ASSERT_LT(r.y0, r.y1);
            area += static_cast<std::size_t>(r.x1 - r.x0) * static_cast<std::size_t>(r.y1 - r.y0);
            for (std::int32_t y = r.y0; y < r.y1; ++y) {
                for (std::int32_t x = r.x0; x < r.x1; ++x) {
                    ASSERT_TRUE(m.passable({x, y}));
                    ASSERT_EQ(mesh.rect_at({x, y}), static_cast<std::int64_t>(i));
                }
                // Left and right sides are walls (or the map's edge).
                EXPECT_FALSE(m.passable({r.x0 - 1, y}));
                EXPECT_FALSE(m.passable({r.x1, y}));
            }
        }
        EXPECT_EQ(area, reference::free_cells(m).size());
        // Links: both directions, the same stretch, and exactly the overlaps of rectangles
        // meeting on a line (checked against every pair).
        std::map<std::tuple<std::uint32_t, std::uint32_t, std::int32_t, std::int32_t>, int> seen;
        for (std::uint32_t i = 0; i < mesh.rect_count(); ++i) {
            std::int32_t last = -1;
            for (const mesh_link& l : mesh.high_links(i)) {
                EXPECT_GT(l.x0, last);
                last = l.x1;
                EXPECT_EQ(mesh.rect(l.rect).y0, mesh.rect(i).y1);
                seen[{i, l.rect, l.x0, l.x1}] += 1;
            }
            for (const mesh_link& l : mesh.low_links(i)) {
                EXPECT_EQ(mesh.rect(l.rect).y1, mesh.rect(i).y0);
                seen[{l.rect, i, l.x0, l.x1}] += 2;
            }
        }
        std::size_t expected = 0;
        for (std::uint32_t a = 0; a < mesh.rect_count(); ++a) {
            for (std::uint32_t b = 0; b < mesh.rect_count(); ++b) {
                const mesh_rect& ra = mesh.rect(a);
                const mesh_rect& rb = mesh.rect(b);
                const std::int32_t lo = std::max(ra.x0, rb.x0);
                const std::int32_t hi = std::min(ra.x1, rb.x1);
                if (ra.y1 != rb.y0 || hi <= lo) continue;
                ++expected;
                EXPECT_EQ((seen[{a, b, lo, hi}]), 3) << a << " above " << b;
            }
        }
        EXPECT_EQ(seen.size(), expected);
        EXPECT_EQ(mesh.rect_at({-1, 0}), -1);
        EXPECT_EQ(mesh.rect_at({0, m.height()}), -1);
    }
}

TEST(rect_mesh, dead_ends_hang_on_the_rest_towards_the_core) {
    // A loop of corridors (live) with a branching pocket on its left (dead: rows 5-7).
    const auto drawn = testing::parse_ascii(R"(
        ........
        .######.
        .######.
        ........
        ###.####
        ###...##
        ###.#.##
        ###.#.##)");
    const rect_mesh mesh = rect_mesh::build(drawn.map, grid::obstacle_mask::high_and_low);
    const auto at = [&](std::int32_t x, std::int32_t y) {
        return static_cast<std::uint32_t>(mesh.rect_at({x, y}));
    };
    EXPECT_EQ(mesh.dead_parent(at(0, 0)), rect_mesh::live);
    EXPECT_EQ(mesh.dead_parent(at(0, 3)), rect_mesh::live);
    EXPECT_EQ(mesh.dead_parent(at(7, 1)), rect_mesh::live);
    EXPECT_EQ(mesh.dead_parent(at(3, 4)), at(0, 3)); // the pocket's neck hangs on the loop
    EXPECT_EQ(mesh.dead_parent(at(3, 5)), at(3, 4));
    EXPECT_EQ(mesh.dead_parent(at(3, 6)), at(3, 5)); // the two prongs hang on the row above
    EXPECT_EQ(mesh.dead_parent(at(5, 6)), at(3, 5));
    // A mesh that is all one tree hangs on a root.
    const auto tree = testing::parse_ascii(R"(
        .....
        ..#..)");
    const rect_mesh t = rect_mesh::build(tree.map, grid::obstacle_mask::high_and_low);
    int roots = 0;
    for (std::uint32_t i = 0; i < t.rect_count(); ++i) {
        EXPECT_NE(t.dead_parent(i), rect_mesh::live);
        roots += t.dead_parent(i) == rect_mesh::dead_root ? 1 : 0;
    }
    EXPECT_EQ(roots, 1);
    // Queries into, out of and between the pocket's prongs still find the optimum.
    polyanya_search p;
    visibility_search v;
    const cell spots[] = {{3, 7}, {5, 7}, {3, 5}, {0, 0}, {7, 3}};
    for (const cell a : spots) {
        for (const cell b : spots) {
            const search::search_request req{.start = a, .goal = b};
            const auto r = p.find_path(drawn.map, req);
            ASSERT_TRUE(r.found()) << r.reason;
            EXPECT_NEAR(r.length, v.find_path(drawn.map, req).length, 1e-12);
        }
    }
}

TEST(polyanya_search, returns_the_visibility_graph_optimum_and_walkable_paths) {
    polyanya_search finder;
    const auto counts = reference::expect_visgraph_optimum(finder, test_maps(), 11, 40);
    EXPECT_GT(counts.compared, 600);
    EXPECT_GT(counts.unreachable, 10);
    EXPECT_GT(counts.bent, 300);
}

TEST(polyanya_search, a_mesh_over_its_limits_is_refused_with_the_reason) {
    const grid::grid_map m = grid::generate_random(40, 40, 30, 9).value();
    const search::search_request req{.start = {0, 0}, .goal = {39, 39}};
    polyanya_search p;
    for (const rect_mesh::limits caps :
         {rect_mesh::limits{.rects = 10}, rect_mesh::limits{.runs = 10}}) {
        const rect_mesh small = rect_mesh::build(m, req.mask(), caps);
        EXPECT_EQ(small.rect_count(), 0U);
        EXPECT_NE(small.problem().find("the mesh is refused"), std::string::npos);
        const auto r = p.find_path(small, m, req);
        EXPECT_EQ(r.status, search::search_status::resource_exhausted);
        EXPECT_NE(r.reason.find("polyanya: the map has over 10"), std::string::npos) << r.reason;
    }
    EXPECT_TRUE(rect_mesh::build(m, req.mask()).problem().empty());
}

TEST(polyanya_search, grazes_corners_and_never_squeezes_between_diagonal_walls) {
    // The shortest line from S to G passes exactly through the corner between the two walls of
    // row 1 and turns at the corner of the wall below; the diagonal pair on the right has a gap
    // only at a corner, which no path may use.
    const auto drawn = testing::parse_ascii(R"(
        .S....#.
        ###.###.
        ......#.
        ....#..#
        .....#G.)");
    const search::search_request req{.start = drawn.start, .goal = drawn.goal};
    polyanya_search p;
    visibility_search v;
    const auto a = p.find_path(drawn.map, req);
    const auto b = v.find_path(drawn.map, req);
    ASSERT_TRUE(b.found());
    ASSERT_TRUE(a.found()) << a.reason;
    EXPECT_NEAR(a.length, b.length, 1e-12);
    EXPECT_EQ(check_any_angle_path(drawn.map, a.waypoints, req.mask()), std::nullopt);
    // From the top-right free column the goal is out of reach without squeezing.
    const search::search_request blocked{.start = {7, 0}, .goal = drawn.goal};
    EXPECT_EQ(p.find_path(drawn.map, blocked).status, v.find_path(drawn.map, blocked).status);
}

TEST(polyanya_search, an_edited_map_gets_a_new_mesh) {
    auto drawn = testing::parse_ascii(R"(
        S.......
        ........
        ........
        .......G)");
    const search::search_request req{.start = drawn.start, .goal = drawn.goal};
    polyanya_search p;
    const auto before = p.find_path(drawn.map, req);
    ASSERT_TRUE(before.found());
    EXPECT_EQ(before.waypoints.size(), 2U);
    for (std::int32_t y = 0; y < 3; ++y) drawn.map.set_high_obstacle({4, y}, true);
    const auto after = p.find_path(drawn.map, req);
    ASSERT_TRUE(after.found());
    EXPECT_GT(after.length, before.length);
    EXPECT_NEAR(after.length, visibility_search{}.find_path(drawn.map, req).length, 1e-12);
    const rect_mesh fresh = rect_mesh::build(drawn.map, req.mask());
    EXPECT_NEAR(p.find_path(fresh, drawn.map, req).length, after.length, 1e-12);
}

TEST(polyanya_search, low_obstacles_block_only_when_the_request_says_so) {
    auto drawn = testing::parse_ascii(R"(
        S...
        ....
        ...G)");
    drawn.map.set_low_obstacle({1, 1}, true);
    drawn.map.set_low_obstacle({2, 1}, true);
    search::search_request req{.start = drawn.start, .goal = drawn.goal};
    polyanya_search p;
    const auto blocked = p.find_path(drawn.map, req);
    req.low_obstacles_block = false;
    const auto open = p.find_path(drawn.map, req);
    ASSERT_TRUE(blocked.found());
    ASSERT_TRUE(open.found());
    EXPECT_GT(blocked.length, open.length);
    EXPECT_EQ(open.waypoints.size(), 2U);
}

TEST(polyanya_search, budgets_caps_traces_and_refusals) {
    const grid::grid_map m = grid::generate_maze(41, 41, 1, 3).value();
    search::search_request req{.start = {0, 0}, .goal = {40, 40}};
    polyanya_search p;
    const auto full = p.find_path(m, req);
    ASSERT_TRUE(full.found());
    ASSERT_GT(full.stats.expanded, 20U);
    req.max_expansions = 20;
    const auto r = p.find_path(m, req);
    EXPECT_EQ(r.status, search::search_status::budget_exhausted);
    EXPECT_TRUE(r.partial);
    ASSERT_FALSE(r.waypoints.empty());
    EXPECT_EQ(check_any_angle_path(m, r.waypoints, req.mask()), std::nullopt);
    req.max_expansions = 0;
    req.max_memory_bytes = 64;
    EXPECT_EQ(p.find_path(m, req).status, search::search_status::resource_exhausted);
    req.max_memory_bytes = 0;
    req.record_trace = true;
    const auto traced = p.find_path(m, req);
    EXPECT_EQ(traced.trace.expanded.size() + 1, traced.stats.expanded);
    EXPECT_NEAR(traced.length, full.length, 1e-12);
    for (const cell c : traced.trace.expanded) EXPECT_TRUE(m.passable(c));
    req.record_trace = false;
    // A cancelled search stops at its next check (every 256 expansions).
    const grid::grid_map big = grid::generate_maze(201, 201, 1, 5).value();
    const std::atomic<bool> cancelled{true};
    search::search_request long_one{.start = {0, 0}, .goal = {200, 200}};
    long_one.cancel = &cancelled;
    const auto stopped = p.find_path(big, long_one);
    long_one.cancel = nullptr;
    const auto whole = p.find_path(big, long_one);
    ASSERT_TRUE(whole.found());
    ASSERT_GT(whole.stats.expanded, 1000U);
    EXPECT_EQ(stopped.status, search::search_status::budget_exhausted);
    EXPECT_LT(stopped.stats.expanded, 300U); // the first look, plus a corridor it was walking
    req.rules = *grid::parse_movement_rules("4");
    EXPECT_NE(p.find_path(m, req).reason.find("rule 4"), std::string::npos);
    req.rules = {};
    req.stop_within = 2;
    EXPECT_NE(p.find_path(m, req).reason.find("stop_within"), std::string::npos);
}

} // namespace
} // namespace xunlu::anyangle
