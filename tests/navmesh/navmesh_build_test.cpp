// The tiled Recast build: parameters checked, tiles built in parallel with the same result,
// one tile rebuilt, the tile-count limit of 32-bit references, and the polygon_mesh conversion
// (one neighbour or none per edge) on small levels, multi-tile builds and the sample levels.
#include <gtest/gtest.h>

#include <atomic>

#include "navmesh_test_levels.hpp"
#include "xunlu/navmesh/navmesh.hpp"
#include "xunlu/navmesh/navmesh_set_file.hpp"
#include "xunlu_testdata/mesh_data.hpp"

namespace xunlu::navmesh {
namespace {

navmesh build_or_die(const level_geometry& g, const build_config& c = {},
                     const build_options& o = {}) {
    auto m = build_navmesh(g, c, o);
    if (!m) throw std::runtime_error(m.err().message);
    return std::move(m).value();
}

void expect_sound(const navmesh& m) {
    const auto checked = check_polygon_mesh(m.polygons());
    EXPECT_TRUE(checked.ok()) << checked.err().message;
    EXPECT_EQ(m.polygon_count(), m.polygons().polygon_count());
    for (std::uint32_t p = 0; p < m.polygon_count(); ++p)
        ASSERT_EQ(m.polygon_index(m.polygon_ref(p)), p);
    EXPECT_EQ(m.polygon_index(0), no_polygon);
}

/// How many edges have a neighbour, and whether a polygon's corners include a split vertex
/// (a corner collinear with its two neighbours).
std::size_t linked_edges(const polygon_mesh& m) {
    std::size_t n = 0;
    for (const auto q : m.neighbours) n += q != no_polygon;
    return n;
}

TEST(navmesh_build, bad_parameters_are_named) {
    build_config c;
    c.cell_size = 0;
    EXPECT_NE(check_build_config(c).err().message.find("cell_size"), std::string::npos);
    c = {};
    c.agent_max_slope = 90;
    EXPECT_NE(check_build_config(c).err().message.find("agent_max_slope"), std::string::npos);
    c = {};
    c.agent_height = 0.1f;
    EXPECT_NE(check_build_config(c).err().message.find("agent_height"), std::string::npos);
    c = {};
    c.verts_per_poly = 7;
    EXPECT_NE(check_build_config(c).err().message.find("verts_per_poly"), std::string::npos);
    c = {};
    c.detail_sample_dist = 0;
    EXPECT_NE(check_build_config(c).err().message.find("detail_sample_dist"), std::string::npos);
    c = {};
    c.agent_radius = std::numeric_limits<float>::quiet_NaN();
    auto m = build_navmesh(test::parse_or_die(test::bridge()), c);
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.err().message.find("agent_radius"), std::string::npos);
    EXPECT_TRUE(check_build_config({}).ok());
}

TEST(navmesh_build, floor_with_a_box) {
    const navmesh m = build_or_die(test::parse_or_die(test::floor_with_box()));
    EXPECT_EQ(m.tile_count(), 4u); // 20 m at 0.3 m is 67 cells: 2 x 2 tiles of 48
    EXPECT_GT(m.polygon_count(), 4u);
    expect_sound(m);
    const auto b = m.bounds(); // the polygons' box: the floor less the agent radius
    EXPECT_NEAR(b[0].x, 0.6, 0.31);
    EXPECT_NEAR(b[1].x, 19.4, 0.31);
    EXPECT_NE(m.config(), nullptr);
    EXPECT_FLOAT_EQ(m.params().agent_radius, 0.6f);
}

TEST(navmesh_build, many_tiles_on_many_threads_give_the_same_navmesh) {
    const auto g = test::parse_or_die(test::bridge());
    build_config c;
    c.tile_size = 16; // 40 x 20 m at 0.3 m: 9 x 5 tiles
    std::atomic<std::size_t> calls{0}, last_total{0};
    build_options one;
    one.threads = 1;
    build_options four;
    four.threads = 4;
    four.progress = [&](std::size_t done, std::size_t total) {
        ++calls;
        last_total = total;
        EXPECT_LE(done, total);
    };
    const navmesh a = build_or_die(g, c, one);
    const navmesh b = build_or_die(g, c, four);
    EXPECT_EQ(calls.load(), 45u);
    EXPECT_EQ(last_total.load(), 45u);
    EXPECT_GT(a.tile_count(), 30u); // the last row and column hold little or no floor
    EXPECT_EQ(navmesh_set_bytes(a), navmesh_set_bytes(b));
    expect_sound(a);
    // Border edges were split and linked across tiles: most polygons have neighbours.
    EXPECT_GT(linked_edges(a.polygons()), a.polygon_count());
}

TEST(navmesh_build, a_bridge_has_two_floors) {
    const navmesh m = build_or_die(test::parse_or_die(test::bridge()));
    expect_sound(m);
    // Above (20, 10) in (x, z) lie two polygons: the deck (y near 4) and the road (y near 0).
    const auto& pm = m.polygons();
    bool deck = false, road = false;
    for (std::uint32_t p = 0; p < pm.polygon_count(); ++p) {
        const auto cs = pm.polygon_corners(p);
        bool inside = true;
        float y = 0;
        for (std::size_t k = 0; k < cs.size(); ++k) {
            const vec3 a = pm.vertices[cs[k]], b = pm.vertices[cs[(k + 1) % cs.size()]];
            inside = inside && (b.x - a.x) * (10 - a.z) - (b.z - a.z) * (20 - a.x) >= 0;
            y += a.y / static_cast<float>(cs.size());
        }
        if (!inside) continue;
        deck = deck || std::abs(y - 4) < 0.5f;
        road = road || std::abs(y) < 0.5f;
    }
    EXPECT_TRUE(deck);
    EXPECT_TRUE(road);
}

TEST(navmesh_build, one_tile_is_rebuilt_and_the_rest_kept) {
    build_config c;
    c.tile_size = 16;
    const navmesh m = build_or_die(test::parse_or_die(test::bridge()), c);
    const tile_coord t{2, 2};
    auto r = m.rebuild_tiles(std::span(&t, 1));
    ASSERT_TRUE(r.ok()) << r.err().message;
    EXPECT_EQ(r->tile_count(), m.tile_count());
    EXPECT_EQ(r->polygon_count(), m.polygon_count());
    expect_sound(*r);
    // Polygons outside the rebuilt tile keep their references; the rebuilt tile's are new.
    EXPECT_EQ(r->polygon_ref(0), m.polygon_ref(0));
    const tile_coord outside{99, 0};
    EXPECT_FALSE(m.rebuild_tiles(std::span(&outside, 1)).ok());
}

TEST(navmesh_build, too_many_tiles_for_32_bit_references_names_a_tile_size) {
    level_geometry g;
    g.vertices = {{0, 0, 0}, {1000, 0, 0}, {1000, 0, 1000}, {0, 0, 1000}};
    g.triangles = {{0, 3, 2}, {0, 2, 1}};
    build_config c;
    c.tile_size = 16; // 3,334 cells: 209 x 209 tiles
    auto m = build_navmesh(g, c);
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.err().message.find("43681 tiles of 16 cells, over the 16384"), std::string::npos)
        << m.err().message;
    EXPECT_NE(m.err().message.find("use a tile size of 32 cells or more"), std::string::npos)
        << m.err().message;
}

TEST(navmesh_build, nothing_walkable_is_an_error) {
    level_geometry g; // a steep wall only
    g.vertices = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0}};
    g.triangles = {{0, 1, 2}, {0, 2, 3}};
    auto m = build_navmesh(g, {});
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.err().message.find("nothing is walkable"), std::string::npos);
    EXPECT_FALSE(build_navmesh(level_geometry{}, {}).ok());
}

TEST(navmesh_build, sample_levels_convert_to_sound_polygon_meshes) {
    const auto dir = testdata::meshes_dir();
    if (dir.empty()) GTEST_SKIP() << testdata::meshes_skip_message();
    for (const char* name : {"dungeon.obj", "nav_test.obj"}) {
        SCOPED_TRACE(name);
        auto g = load_obj((dir / name).string());
        ASSERT_TRUE(g.ok()) << g.err().message;
        const navmesh m = build_or_die(*g);
        EXPECT_GT(m.tile_count(), 1u);
        EXPECT_GT(m.polygon_count(), 100u);
        expect_sound(m);
    }
}

} // namespace
} // namespace xunlu::navmesh
