// Polyanya over the rectangle mesh: the mesh covers every free cell once and links exactly the
// rectangles that share a stretch of grid line; the search returns visgraph's optimum (itself
// checked against a brute force in any_angle_search_test) on larger random, maze, room and open
// maps, with unreachable pairs; a refused mesh. What both Polyanya searches share (corners,
// edits, low obstacles, budgets, caps, traces): polyanya_both_test.
#include <gtest/gtest.h>

#include <map>
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

TEST(rect_mesh, covers_every_free_cell_once_and_links_exactly_the_shared_stretches) {
    for (auto& [name, m] : reference::optimum_maps()) {
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
    const auto counts =
        reference::expect_visgraph_optimum(finder, reference::optimum_maps(), 11, 40);
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

} // namespace
} // namespace xunlu::anyangle
