// The any-angle searches: visgraph equals the brute-force shortest polyline (reference::
// shortest_length) on many small maps; Theta* and Lazy Theta* lie between that optimum and the
// 8-connected one; every returned path is walkable; edits give a new graph; refusals are clear.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "any_angle_reference.hpp"
#include "support/ascii_map.hpp"
#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/corner_graph.hpp"
#include "xunlu/anyangle/polyanya_search.hpp"
#include "xunlu/anyangle/theta_star.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu::anyangle {
namespace {

/// Random, maze and room maps of a few sizes, with their seed for messages.
std::vector<std::pair<std::string, grid::grid_map>> small_maps() {
    std::vector<std::pair<std::string, grid::grid_map>> out;
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        const std::int32_t w = 4 + static_cast<std::int32_t>(seed % 7);
        const std::int32_t h = 4 + static_cast<std::int32_t>((seed * 5) % 7);
        auto r = grid::generate_random(w, h, 10.0 + static_cast<double>(seed % 4) * 10, seed);
        out.emplace_back("random " + std::to_string(seed), std::move(r.value()));
    }
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        out.emplace_back("maze " + std::to_string(seed),
                         std::move(grid::generate_maze(11, 9, 1, seed).value()));
        out.emplace_back("rooms " + std::to_string(seed),
                         std::move(grid::generate_rooms(13, 13, 3, seed).value()));
    }
    auto open = grid::grid_map::create(9, 7);
    out.emplace_back("open", std::move(open.value()));
    return out;
}

void expect_walkable(const grid::grid_map& m, const search::search_request& req,
                     const search::search_result& r) {
    ASSERT_FALSE(r.waypoints.empty());
    EXPECT_EQ(r.waypoints.front(), to_point(centre_of(req.start)));
    EXPECT_EQ(r.waypoints.back(), to_point(centre_of(req.goal)));
    EXPECT_EQ(check_any_angle_path(m, r.waypoints, req.mask()), std::nullopt);
    double length = 0;
    for (std::size_t i = 1; i < r.waypoints.size(); ++i) {
        length += std::hypot(r.waypoints[i].x - r.waypoints[i - 1].x,
                             r.waypoints[i].y - r.waypoints[i - 1].y);
    }
    EXPECT_NEAR(r.length, length, 1e-9);
    EXPECT_EQ(r.cost, r.length);
    ASSERT_FALSE(r.path.empty());
    EXPECT_EQ(r.path.front(), req.start);
    EXPECT_EQ(r.path.back(), req.goal);
    EXPECT_EQ(grid::check_path(m, r.path, req.rules, req.mask()), std::nullopt);
}

TEST(any_angle_search, visgraph_is_the_shortest_polyline_and_theta_lies_between) {
    std::mt19937_64 rng(7);
    int compared = 0;
    int unreachable = 0;
    int shorter_than_octile = 0;
    visibility_search optimal;
    visibility_search lazy_links(link_mode::lazy);
    visibility_search swept_links(link_mode::sweep);
    polyanya_search polyanya;
    theta_star theta;
    theta_star lazy(theta_variant::lazy);
    search::astar octile;
    for (auto& [name, m] : small_maps()) {
        const auto cells = reference::free_cells(m);
        if (cells.size() < 2) continue;
        std::uniform_int_distribution<std::size_t> pick(0, cells.size() - 1);
        for (int k = 0; k < 12; ++k) {
            const search::search_request req{.start = cells[pick(rng)], .goal = cells[pick(rng)]};
            SCOPED_TRACE(name + ": (" + std::to_string(req.start.x) + "," +
                         std::to_string(req.start.y) + ") -> (" + std::to_string(req.goal.x) + "," +
                         std::to_string(req.goal.y) + ")");
            const double best = reference::shortest_length(m, req.start, req.goal, req.mask());
            const auto grid_path = octile.find_path(m, req);
            const auto v = optimal.find_path(m, req);
            // Every way of linking the start and goal gives the same optimum.
            const auto v_lazy = lazy_links.find_path(m, req);
            const auto v_sweep = swept_links.find_path(m, req);
            EXPECT_EQ(v_lazy.status, v.status);
            EXPECT_EQ(v_sweep.status, v.status);
            if (v.found()) {
                EXPECT_NEAR(v_lazy.length, v.length, 1e-9);
                EXPECT_NEAR(v_sweep.length, v.length, 1e-9);
                EXPECT_EQ(check_any_angle_path(m, v_lazy.waypoints, req.mask()), std::nullopt);
            }
            const auto p = polyanya.find_path(m, req);
            const auto t = theta.find_path(m, req);
            const auto l = lazy.find_path(m, req);
            if (!std::isfinite(best)) {
                ++unreachable;
                EXPECT_EQ(v.status, search::search_status::no_path);
                EXPECT_EQ(p.status, search::search_status::no_path);
                EXPECT_EQ(t.status, search::search_status::no_path);
                EXPECT_EQ(l.status, search::search_status::no_path);
                EXPECT_FALSE(grid_path.found()); // rule 8 is stricter than any-angle
                continue;
            }
            ASSERT_TRUE(v.found()) << v.reason;
            ASSERT_TRUE(p.found()) << p.reason;
            ASSERT_TRUE(t.found()) << t.reason;
            ASSERT_TRUE(l.found()) << l.reason;
            EXPECT_NEAR(v.length, best, 1e-9 * std::max(1.0, best));
            EXPECT_NEAR(p.length, best, 1e-9 * std::max(1.0, best));
            EXPECT_GE(t.length, best - 1e-9);
            EXPECT_GE(l.length, best - 1e-9);
            if (grid_path.found()) {
                EXPECT_LE(v.length, grid_path.length + 1e-9);
                EXPECT_LE(t.length, grid_path.length + 1e-9);
                EXPECT_LE(l.length, grid_path.length + 1e-9);
                shorter_than_octile += v.length < grid_path.length - 1e-9 ? 1 : 0;
            }
            expect_walkable(m, req, v);
            expect_walkable(m, req, p);
            expect_walkable(m, req, t);
            expect_walkable(m, req, l);
            ++compared;
        }
    }
    EXPECT_GT(compared, 300);
    EXPECT_GT(unreachable, 5);
    EXPECT_GT(shorter_than_octile, 100);
}

TEST(any_angle_search, bends_at_corners_hug_walls_and_never_squeeze) {
    const auto drawn = testing::parse_ascii(R"(
        S.....
        ####..
        ......
        ..#...
        ...#.G)");
    const search::search_request req{.start = drawn.start, .goal = drawn.goal};
    visibility_search v;
    const auto r = v.find_path(drawn.map, req);
    ASSERT_TRUE(r.found()) << r.reason;
    // Around the wall's end at its corner (4,1) in cell units, then straight to the goal past
    // the diagonal walls (2,3) and (3,4), never between them.
    EXPECT_NEAR(r.length, reference::shortest_length(drawn.map, req.start, req.goal, req.mask()),
                1e-12);
    ASSERT_EQ(r.waypoints.size(), 3U);
    EXPECT_EQ(r.waypoints[1], (point{4.0, 1.0}));
}

TEST(any_angle_search, an_edited_map_gets_a_new_graph) {
    auto drawn = testing::parse_ascii(R"(
        S.......
        ........
        ........
        .......G)");
    const search::search_request req{.start = drawn.start, .goal = drawn.goal};
    visibility_search v;
    const auto before = v.find_path(drawn.map, req);
    ASSERT_TRUE(before.found());
    EXPECT_EQ(before.waypoints.size(), 2U); // straight
    for (std::int32_t y = 0; y < 3; ++y) drawn.map.set_high_obstacle({4, y}, true);
    const auto after = v.find_path(drawn.map, req);
    ASSERT_TRUE(after.found());
    EXPECT_GT(after.length, before.length);
    EXPECT_NEAR(after.length,
                reference::shortest_length(drawn.map, req.start, req.goal, req.mask()), 1e-9);
    // The same answer from a graph built fresh for the edited map.
    const auto fresh = corner_graph::build(drawn.map, req.mask());
    EXPECT_NEAR(v.find_path(fresh, drawn.map, req).length, after.length, 1e-12);
}

TEST(any_angle_search, refuses_what_it_does_not_serve_and_names_it) {
    const auto drawn = testing::parse_ascii("S...G");
    search::search_request req{.start = drawn.start, .goal = drawn.goal};
    visibility_search v;
    theta_star t;
    req.rules = *grid::parse_movement_rules("4");
    EXPECT_EQ(v.find_path(drawn.map, req).status, search::search_status::invalid_input);
    EXPECT_NE(t.find_path(drawn.map, req).reason.find("rule 4"), std::string::npos);
    req.rules = {};
    req.stop_within = 1;
    EXPECT_NE(v.find_path(drawn.map, req).reason.find("stop_within"), std::string::npos);
    req.stop_within = 0;
    req.goal = {9, 0};
    EXPECT_NE(t.find_path(drawn.map, req).reason.find("outside"), std::string::npos);
    req.goal = drawn.goal;
    req.max_memory_bytes = 16;
    EXPECT_EQ(t.find_path(drawn.map, req).status, search::search_status::resource_exhausted);
}

TEST(any_angle_search, budgets_end_with_a_partial_walkable_path) {
    auto made = grid::generate_maze(41, 41, 1, 3);
    ASSERT_TRUE(made.ok());
    const grid::grid_map& m = made.value();
    search::search_request req{.start = {0, 0}, .goal = {40, 40}};
    req.max_expansions = 20;
    for (const auto variant : {theta_variant::theta, theta_variant::lazy}) {
        theta_star t(variant);
        const auto r = t.find_path(m, req);
        EXPECT_EQ(r.status, search::search_status::budget_exhausted);
        EXPECT_TRUE(r.partial);
        ASSERT_FALSE(r.waypoints.empty());
        EXPECT_EQ(check_any_angle_path(m, r.waypoints, req.mask()), std::nullopt);
    }
    visibility_search v;
    req.max_expansions = 3;
    const auto r = v.find_path(m, req);
    EXPECT_EQ(r.status, search::search_status::budget_exhausted);
}

TEST(any_angle_search, the_swept_graph_has_exactly_the_edges_of_checking_every_pair) {
    // Sparse and dense random maps, a maze and rooms: the sweeps (monotone reach, shadows of
    // nearer blocked cells, grid-line scans) must find every tangent pair that sees each other.
    std::vector<grid::grid_map> maps;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        maps.push_back(std::move(
            grid::generate_random(30, 24, 5.0 + static_cast<double>(seed) * 7, seed).value()));
    }
    maps.push_back(std::move(grid::generate_maze(31, 25, 2, 5).value()));
    maps.push_back(std::move(grid::generate_rooms(33, 33, 5, 6).value()));
    for (std::size_t k = 0; k < maps.size(); ++k) {
        const grid::grid_map& m = maps[k];
        const auto mask = grid::obstacle_mask::high_and_low;
        const corner_graph g = corner_graph::build(m, mask);
        ASSERT_TRUE(g.problem().empty());
        const auto corners = g.corners();
        std::size_t expected_edges = 0;
        for (std::size_t i = 0; i < corners.size(); ++i) {
            std::vector<std::uint32_t> expected;
            for (std::size_t j = 0; j < corners.size(); ++j) {
                const std::int64_t dx = corners[j].at.x - corners[i].at.x;
                const std::int64_t dy = corners[j].at.y - corners[i].at.y;
                if (i != j && tangent_at(corners[i], dx, dy) && tangent_at(corners[j], dx, dy) &&
                    reference::segment_free(m, corners[i].at, corners[j].at, mask)) {
                    expected.push_back(static_cast<std::uint32_t>(j));
                }
            }
            std::vector<std::uint32_t> got(g.neighbours(i).begin(), g.neighbours(i).end());
            std::sort(got.begin(), got.end());
            ASSERT_EQ(got, expected) << "map " << k << ", corner (" << corners[i].at.x / 2 << ","
                                     << corners[i].at.y / 2 << ")";
            expected_edges += expected.size();
        }
        EXPECT_EQ(g.edge_count(), expected_edges);
        // Queries on these maps link their ends by the same sweeps (many corners per cell).
        const auto cells = reference::free_cells(m);
        visibility_search v;
        visibility_search lazy_links(link_mode::lazy);
        for (std::size_t q = 0; q < 2; ++q) {
            const search::search_request req{
                .start = cells[(q * 7919 + k * 31) % cells.size()],
                .goal = cells[(q * 104729 + k * 17 + cells.size() / 2) % cells.size()]};
            const double best = reference::shortest_length(m, req.start, req.goal, mask);
            const auto r = v.find_path(g, m, req);
            if (!std::isfinite(best)) {
                EXPECT_EQ(r.status, search::search_status::no_path);
                continue;
            }
            ASSERT_TRUE(r.found()) << r.reason;
            EXPECT_NEAR(r.length, best, 1e-9 * best) << "map " << k << " query " << q;
            EXPECT_NEAR(lazy_links.find_path(g, m, req).length, best, 1e-9 * best);
        }
    }
}

TEST(any_angle_search, convex_corners_are_where_one_of_four_cells_is_blocked) {
    const auto drawn = testing::parse_ascii(R"(
        ....
        .#..
        ....)");
    const auto corners = convex_corners(drawn.map, grid::obstacle_mask::high_and_low);
    ASSERT_EQ(corners.size(), 4U); // the wall cell's four corners; the map's edges add none
    EXPECT_EQ(corners[0].at, (half_point{2, 2}));
    EXPECT_EQ(corners[0].diagonal, 1); // the wall lies down-right of it
    EXPECT_EQ(corners[0].blocked_x, 1);
    EXPECT_EQ(corners[0].blocked_y, 1);
    EXPECT_EQ(corners[1].diagonal, -1);
    EXPECT_EQ(corners[1].blocked_x, -1);
    // Bends at corners[0]: coming from up-right and leaving down-left wraps the wall; coming
    // from the left and leaving downwards cuts the free quadrant (shorter straight across).
    EXPECT_TRUE(wraps_at(corners[0], 5, -1, -1, 5));
    EXPECT_TRUE(wraps_at(corners[0], -1, 5, 5, -1));
    EXPECT_FALSE(wraps_at(corners[0], -1, 0, 0, 1));
    EXPECT_TRUE(wraps_at(corners[0], -3, 0, 3, 0));   // straight on
    EXPECT_FALSE(wraps_at(corners[0], -3, 0, -1, 0)); // straight back
}

} // namespace
} // namespace xunlu::anyangle
