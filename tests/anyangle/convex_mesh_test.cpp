// The convex mesh: on random, maze, room and hand-drawn maps (diagonal squeezes, holes, a
// single cell, nothing free), its polygons are convex, cover every free cell once and no
// blocked one, meet their neighbours side to side (twins found both ways), wall sides lie on the
// free area's border, sides between polygons pass the any-angle segment rule, bend corners and
// the polygon of each cell are right; straight streets at an angle become few polygons where the
// rectangle mesh needs one per row; dead ends and the refusal cap.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "support/ascii_map.hpp"
#include "visgraph_optimum.hpp"
#include "xunlu/anyangle/convex_mesh.hpp"
#include "xunlu/anyangle/rect_mesh.hpp"
#include "xunlu/anyangle/segment_check.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::anyangle {
namespace {

constexpr auto mesh_mask = grid::obstacle_mask::high_and_low;

std::int64_t cross(mesh_point a, mesh_point b, mesh_point c) {
    return (std::int64_t{b.x} - a.x) * (std::int64_t{c.y} - a.y) -
           (std::int64_t{b.y} - a.y) * (std::int64_t{c.x} - a.x);
}

/// Whether a sample point of cell (x, y) lies strictly inside polygon p. The point, (x + 1/2 +
/// 2^-20, y + 1/2 + 1000 * 2^-20), is on no line through two grid points of maps under 500 cells
/// a side (such a line would need a + 1000 b = 0 for its normal (a, b), |a|, |b| < 500), where
/// the centre itself can lie on a polygon's slanted side and count for neither polygon.
bool sample_inside(const convex_mesh& mesh, std::uint32_t p, std::int32_t x, std::int32_t y) {
    constexpr std::int64_t k = std::int64_t{1} << 20;
    const std::int64_t px = x * k + k / 2 + 1;
    const std::int64_t py = y * k + k / 2 + 1000;
    const auto c = mesh.corners(p);
    for (std::size_t i = 0; i < c.size(); ++i) {
        const mesh_point a = mesh.vertex(c[i]);
        const mesh_point b = mesh.vertex(c[(i + 1) % c.size()]);
        const std::int64_t turn =
            (std::int64_t{b.x} - a.x) * (py - a.y * k) - (std::int64_t{b.y} - a.y) * (px - a.x * k);
        if (turn <= 0) return false;
    }
    return true;
}

/// Every property of a valid convex mesh of `map`; returns the number of polygons.
std::size_t check_mesh(const grid::grid_map& map, const std::string& name) {
    SCOPED_TRACE(name);
    const convex_mesh mesh = convex_mesh::build(map, mesh_mask);
    EXPECT_EQ(mesh.problem(), "");
    std::int64_t area2 = 0;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> side_owner;
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        const auto c = mesh.corners(p);
        const auto n = mesh.neighbours(p);
        EXPECT_GE(c.size(), 3u);
        EXPECT_EQ(c.size(), n.size());
        std::int64_t a2 = 0;
        for (std::size_t i = 0; i < c.size(); ++i) {
            const mesh_point a = mesh.vertex(c[i]);
            const mesh_point b = mesh.vertex(c[(i + 1) % c.size()]);
            const mesh_point next = mesh.vertex(c[(i + 2) % c.size()]);
            a2 += std::int64_t{a.x} * b.y - std::int64_t{b.x} * a.y;
            EXPECT_GE(cross(a, b, next), 0) << "polygon " << p << " not convex at corner " << i;
            EXPECT_TRUE(side_owner.emplace(std::pair{c[i], c[(i + 1) % c.size()]}, p).second)
                << "two polygons on one side";
            if (n[i] == convex_mesh::no_polygon) {
                // A wall: axis-aligned, free inside (left) and not free outside, step by step.
                if (a.x != b.x && a.y != b.y) {
                    ADD_FAILURE() << "slanted wall in polygon " << p;
                    continue;
                }
                const std::int32_t dx = (b.x > a.x) - (b.x < a.x);
                const std::int32_t dy = (b.y > a.y) - (b.y < a.y);
                for (mesh_point s = a; s != b; s = {s.x + dx, s.y + dy}) {
                    cell inside{};
                    cell outside{};
                    if (dx == 1) inside = {s.x, s.y}, outside = {s.x, s.y - 1};
                    if (dx == -1) inside = {s.x - 1, s.y - 1}, outside = {s.x - 1, s.y};
                    if (dy == 1) inside = {s.x - 1, s.y}, outside = {s.x, s.y};
                    if (dy == -1) inside = {s.x, s.y - 1}, outside = {s.x - 1, s.y - 1};
                    EXPECT_TRUE(map.passable(inside, mesh_mask)) << "wall of polygon " << p;
                    EXPECT_FALSE(map.passable(outside, mesh_mask)) << "wall of polygon " << p;
                }
            } else {
                EXPECT_LT(n[i], mesh.polygon_count());
                EXPECT_TRUE(
                    segment_is_free(map, corner_of({a.x, a.y}), corner_of({b.x, b.y}), mesh_mask))
                    << "side between polygons " << p << " and " << n[i] << " is not walkable";
            }
        }
        EXPECT_GT(a2, 0) << "polygon " << p << " has no area or turns the wrong way";
        area2 += a2;
    }
    // Neighbours are mutual, across the same side, which `twins` finds in the neighbour.
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        const auto c = mesh.corners(p);
        const auto n = mesh.neighbours(p);
        const auto tw = mesh.twins(p);
        for (std::size_t i = 0; i < c.size(); ++i) {
            if (n[i] == convex_mesh::no_polygon) {
                EXPECT_EQ(tw[i], convex_mesh::no_polygon);
                continue;
            }
            const auto qc = mesh.corners(n[i]);
            if (tw[i] >= qc.size()) {
                ADD_FAILURE() << "twin out of range in polygon " << p;
                continue;
            }
            EXPECT_EQ(qc[tw[i]], c[(i + 1) % c.size()]);
            EXPECT_EQ(mesh.neighbours(n[i])[tw[i]], p);
            const auto other = side_owner.find({c[(i + 1) % c.size()], c[i]});
            if (other == side_owner.end()) {
                ADD_FAILURE() << "no twin side for polygon " << p;
                continue;
            }
            EXPECT_EQ(other->second, n[i]);
        }
    }
    EXPECT_EQ(area2, 2 * map.count_passable(mesh_mask));
    // The sides packed for the search say what the lists, the vertices and the blocks say.
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        const auto c = mesh.corners(p);
        const auto packed = mesh.sides(p);
        if (packed.size() != c.size()) {
            ADD_FAILURE() << "polygon " << p << " has " << packed.size() << " packed sides, "
                          << c.size() << " corners";
            continue;
        }
        for (std::size_t i = 0; i < c.size(); ++i) {
            const packed_side& e = packed[i];
            EXPECT_EQ(e.vertex, c[i]);
            EXPECT_EQ((mesh_point{e.x, e.y}), mesh.vertex(c[i]));
            EXPECT_EQ(e.neighbour, mesh.neighbours(p)[i]);
            EXPECT_EQ(e.twin, mesh.twins(p)[i]);
            EXPECT_EQ(e.bend != 0, mesh.bend_corner(c[i]));
            EXPECT_EQ(e.block,
                      mesh.blocks().side_block(mesh.first_slot(p) + static_cast<std::uint32_t>(i)));
            if (e.neighbour == convex_mesh::no_polygon) {
                EXPECT_EQ(e.block, polygon_blocks::no_block);
            } else {
                EXPECT_EQ(mesh.sides(e.neighbour)[e.twin].block, e.block); // one adjacency
            }
            EXPECT_LT(mesh.first_slot(p) + i, mesh.slot_count());
        }
    }
    // Bend corners: exactly one of the four cells around the vertex is not free.
    for (std::uint32_t v = 0; v < mesh.vertex_count(); ++v) {
        const mesh_point c = mesh.vertex(v);
        int blocked = 0;
        for (const cell around :
             {cell{c.x - 1, c.y - 1}, cell{c.x, c.y - 1}, cell{c.x - 1, c.y}, cell{c.x, c.y}}) {
            blocked += map.passable(around, mesh_mask) ? 0 : 1;
        }
        EXPECT_EQ(mesh.bend_corner(v), blocked == 1) << "vertex " << c.x << "," << c.y;
    }
    // Coverage: a point of each free cell in exactly one polygon, of blocked ones in none.
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            int count = 0;
            for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
                count += sample_inside(mesh, p, x, y) ? 1 : 0;
            }
            EXPECT_EQ(count, map.passable({x, y}, mesh_mask) ? 1 : 0) << "cell " << x << "," << y;
            const std::uint32_t at = mesh.polygon_at({x, y});
            if (!map.passable({x, y}, mesh_mask)) {
                EXPECT_EQ(at, convex_mesh::no_polygon);
            } else if (at == convex_mesh::no_polygon) {
                ADD_FAILURE() << "no polygon for free cell " << x << "," << y;
            } else {
                EXPECT_TRUE(mesh.holds_centre(at, {x, y}));
            }
        }
    }
    return mesh.polygon_count();
}

TEST(ConvexMesh, RandomMazeAndRoomMapsArePartitionedIntoConvexPolygons) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const std::int32_t w = 12 + static_cast<std::int32_t>(seed * 7 % 23);
        const std::int32_t h = 12 + static_cast<std::int32_t>(seed * 11 % 19);
        const double density = 5.0 + static_cast<double>(seed % 5) * 10; // 5 .. 45 %
        check_mesh(grid::generate_random(w, h, density, seed).value(),
                   "random " + std::to_string(seed));
    }
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        check_mesh(grid::generate_maze(25, 21, 1 + static_cast<std::int32_t>(seed), seed).value(),
                   "maze " + std::to_string(seed));
        check_mesh(grid::generate_rooms(33, 29, 5, seed).value(), "rooms " + std::to_string(seed));
    }
}

TEST(ConvexMesh, HandDrawnCornerCases) {
    // Diagonal squeezes (blocked cells touching at a corner), a hole, a lone cell.
    check_mesh(testing::parse_ascii(R"(
        ..#..
        .#.#.
        #...#
        .#.#.
        ..#..
    )")
                   .map,
               "squeezes");
    check_mesh(testing::parse_ascii(R"(
        ......
        .####.
        .#..#.
        .####.
        ......
    )")
                   .map,
               "ring with a pocket");
    EXPECT_EQ(check_mesh(testing::parse_ascii(".").map, "one cell"), 1u);
    EXPECT_EQ(check_mesh(testing::parse_ascii(R"(
        ....
        ....
        ....
    )")
                             .map,
                         "open"),
              1u);
    EXPECT_EQ(check_mesh(testing::parse_ascii(R"(
        ###
        ###
    )")
                             .map,
                         "nothing free"),
              0u);
}

TEST(ConvexMesh, AStreetAtAnAngleIsAFewPolygonsNotOnePerRow) {
    // A corridor three cells wide running down-right one cell per row: every row run differs,
    // so the rectangle mesh has one rectangle per row; the convex mesh spans it with a few
    // polygons plus the small triangles of the staircase's notches, which are dead ends.
    const std::int32_t n = 40;
    const grid::grid_map map = reference::diagonal_street(n);
    check_mesh(map, "street");
    const convex_mesh mesh = convex_mesh::build(map, mesh_mask);
    const rect_mesh rects = rect_mesh::build(map, mesh_mask);
    EXPECT_EQ(rects.rect_count(), static_cast<std::size_t>(n));
    std::size_t live = 0;
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        live += mesh.dead_parent(p) == convex_mesh::live ? 1 : 0;
    }
    EXPECT_LE(live, 8u) << mesh.polygon_count() << " polygons";
}

TEST(ConvexMesh, DeadEndsHangOnTheirNeighbour) {
    const grid::grid_map map = grid::generate_maze(21, 21, 1, 3).value();
    const convex_mesh mesh = convex_mesh::build(map, mesh_mask);
    ASSERT_EQ(mesh.problem(), "");
    std::size_t dead = 0;
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        const std::uint32_t parent = mesh.dead_parent(p);
        if (parent == convex_mesh::live) continue;
        ++dead;
        if (parent == convex_mesh::dead_root) continue;
        const auto n = mesh.neighbours(p);
        EXPECT_NE(std::find(n.begin(), n.end(), parent), n.end());
    }
    // A perfect maze is a tree of corridors: everything peels.
    EXPECT_EQ(dead, mesh.polygon_count());
}

TEST(ConvexMesh, RefusedOverThePointAndCellCaps) {
    const grid::grid_map map = grid::generate_random(64, 64, 30.0, 5).value();
    const convex_mesh mesh = convex_mesh::build(map, mesh_mask, {.points = 100});
    EXPECT_NE(mesh.problem().find("over 100 corner points"), std::string::npos) << mesh.problem();
    EXPECT_EQ(mesh.polygon_count(), 0u);
    const convex_mesh wide = convex_mesh::build(map, mesh_mask, {.cells = 4095});
    EXPECT_NE(wide.problem().find("over 4095 cells"), std::string::npos) << wide.problem();
    EXPECT_EQ(convex_mesh::build(map, mesh_mask, {.cells = 4096}).problem(), "");
}

} // namespace
} // namespace xunlu::anyangle
