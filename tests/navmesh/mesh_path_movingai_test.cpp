// The exact path over navmeshes made from Moving AI maps (through the any-angle convex mesh)
// against the any-angle module's optimal Polyanya: the same Euclidean shortest lengths among
// the walls, on sampled scenarios. Skips without the data.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <random>
#include <string>

#include "support/grid_navmesh.hpp"
#include "support/scenario_maps.hpp"
#include "xunlu/anyangle/convex_mesh.hpp"
#include "xunlu/anyangle/convex_polyanya_search.hpp"
#include "xunlu/navmesh/mesh_path.hpp"
#include "xunlu_testdata/movingai_data.hpp"

namespace xunlu {
namespace {

TEST(mesh_path_movingai, lengths_equal_the_any_angle_optimum) {
    if (testdata::movingai_dir().empty()) GTEST_SKIP() << testdata::movingai_skip_message();
    // Small maps (a cave, a dungeon, a city), a few dozen scenarios in all.
    const std::filesystem::path dir = testdata::movingai_dir();
    const std::vector<std::filesystem::path> files{dir / "dao" / "arena.map.scen",
                                                   dir / "dao" / "den312d.map.scen",
                                                   dir / "street" / "Berlin_0_256.map.scen"};
    const std::size_t per_file = testing::thin_sampling ? 6 : 15;
    anyangle::convex_polyanya_search reference;
    navmesh::mesh_path_search search;
    std::size_t compared = 0;
    for (const auto& file : files) {
        if (!std::filesystem::exists(file)) {
            ADD_FAILURE() << file << " is missing from the Moving AI set";
            continue;
        }
        auto read = testing::read_scenario_file(file);
        ASSERT_EQ(read.error, "");
        ASSERT_FALSE(read.scenarios.empty());
        const grid::grid_map* map = read.map_of(read.scenarios.front());
        ASSERT_NE(map, nullptr) << read.error;
        const search::search_request probe{};
        const auto cm = anyangle::convex_mesh::build(*map, probe.mask());
        ASSERT_TRUE(cm.problem().empty()) << cm.problem();
        const navmesh::polygon_mesh mesh = testing::polygon_mesh_of(cm);
        const auto ix = navmesh::mesh_index::build(mesh);
        ASSERT_TRUE(ix.ok()) << file << ": " << ix.err().message;
        // The same mesh with every corner moved by up to 1e-6 cells (float rounding, as in
        // meshes from a navmesh builder): collinear corners no longer exactly so, and a ray
        // along a straight wall meets its far corners only up to rounding. Lengths agree to
        // 1e-4.
        navmesh::polygon_mesh jittered = mesh;
        std::mt19937 rng(58);
        std::uniform_real_distribution<float> jitter(-1e-6f, 1e-6f);
        for (navmesh::vec3& v : jittered.vertices) {
            v.x += jitter(rng);
            v.z += jitter(rng);
        }
        const auto jx = navmesh::mesh_index::build(jittered);
        ASSERT_TRUE(jx.ok()) << file << ": " << jx.err().message;
        const std::size_t every = std::max<std::size_t>(1, read.scenarios.size() / per_file);
        for (std::size_t i = 0; i < read.scenarios.size(); i += every) {
            const io::scenario& s = read.scenarios[i];
            const search::search_request req{.start = s.start, .goal = s.goal};
            const auto expected = reference.find_path(cm, *map, req);
            ASSERT_TRUE(expected.found()) << file << ":" << s.line << " " << expected.reason;
            const navmesh::vec3 a{static_cast<float>(s.start.x + 0.5), 0,
                                  static_cast<float>(s.start.y + 0.5)};
            const navmesh::vec3 b{static_cast<float>(s.goal.x + 0.5), 0,
                                  static_cast<float>(s.goal.y + 0.5)};
            const auto r = search.find_path(*ix, {.start = {a}, .goal = {b}});
            ASSERT_EQ(r.status, navmesh::mesh_path_status::found)
                << file << ":" << s.line << " " << r.message;
            EXPECT_NEAR(r.length, expected.length, 1e-4 * expected.length + 1e-9)
                << file << ":" << s.line;
            const auto j = search.find_path(*jx, {.start = {a}, .goal = {b}});
            ASSERT_EQ(j.status, navmesh::mesh_path_status::found)
                << file << ":" << s.line << " (jittered) " << j.message;
            EXPECT_NEAR(j.length, expected.length, 1e-4 * expected.length + 1e-4)
                << file << ":" << s.line << " (jittered)";
            ++compared;
        }
    }
    EXPECT_GE(compared, 3 * (per_file - 1));
}

TEST(mesh_path_movingai, a_ray_along_a_rounded_wall_still_meets_its_corner) {
    // den312d with every corner moved by up to 1e-6 cells (seeded): from (36.5, 8.5) the path
    // turns at (40, 10) and then runs along the straight wall z = 10, whose split corners are
    // no longer exactly in line; its far corner (49, 10), where the path turns again, is met
    // 1e-6 off. Without snapping such ends to the corner the search found no path.
    if (testdata::movingai_dir().empty()) GTEST_SKIP() << testdata::movingai_skip_message();
    auto loaded = io::load_map((testdata::movingai_dir() / "dao" / "den312d.map").string());
    ASSERT_TRUE(loaded.ok()) << loaded.err().message;
    const search::search_request probe{};
    const auto cm = anyangle::convex_mesh::build(loaded->map, probe.mask());
    ASSERT_TRUE(cm.problem().empty()) << cm.problem();
    navmesh::polygon_mesh mesh = testing::polygon_mesh_of(cm);
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> jitter(-1e-6f, 1e-6f);
    for (navmesh::vec3& v : mesh.vertices) {
        v.x += jitter(rng);
        v.z += jitter(rng);
    }
    const auto ix = navmesh::mesh_index::build(mesh);
    ASSERT_TRUE(ix.ok()) << ix.err().message;
    anyangle::convex_polyanya_search reference;
    const auto expected = reference.find_path(cm, loaded->map, {.start = {36, 8}, .goal = {52, 8}});
    ASSERT_TRUE(expected.found());
    navmesh::mesh_path_search search;
    const auto r = search.find_path(*ix, {.start = {{36.5f, 0, 8.5f}}, .goal = {{52.5f, 0, 8.5f}}});
    ASSERT_EQ(r.status, navmesh::mesh_path_status::found) << r.message;
    EXPECT_NEAR(r.length, expected.length, 1e-4);
}

} // namespace
} // namespace xunlu
