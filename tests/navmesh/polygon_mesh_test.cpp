// check_polygon_mesh: the invariants every navmesh query relies on, and errors that name the
// polygon and edge at fault.
#include <gtest/gtest.h>

#include "xunlu/navmesh/polygon_mesh.hpp"

namespace xunlu::navmesh {
namespace {

// Two unit squares side by side in (x, z), sharing the edge x = 1, counter-clockwise from above.
polygon_mesh two_squares() {
    polygon_mesh m;
    m.vertices = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 0, 1}, {1, 0, 1}, {2, 0, 1}};
    m.offsets = {0, 4, 8};
    // (x, z) counter-clockwise: (0,0) (1,0) (1,1) (0,1) has signed area +1.
    m.corners = {0, 1, 4, 3, 1, 2, 5, 4};
    m.neighbours = {no_polygon, 1, no_polygon, no_polygon, no_polygon, no_polygon, no_polygon, 0};
    m.areas = {0, 0};
    m.flags = {1, 1};
    return m;
}

TEST(polygon_mesh, a_well_formed_mesh_passes) {
    const auto m = two_squares();
    EXPECT_EQ(m.polygon_count(), 2u);
    EXPECT_EQ(m.polygon_corners(1).size(), 4u);
    const auto checked = check_polygon_mesh(m);
    EXPECT_TRUE(checked.ok()) << checked.err().message;
}

TEST(polygon_mesh, a_one_sided_neighbour_is_named) {
    auto m = two_squares();
    m.neighbours[7] = no_polygon; // polygon 1 no longer points back at polygon 0
    const auto checked = check_polygon_mesh(m);
    ASSERT_FALSE(checked.ok());
    EXPECT_NE(checked.err().message.find("polygon 0, edge 1"), std::string::npos)
        << checked.err().message;
}

TEST(polygon_mesh, clockwise_and_concave_polygons_are_refused) {
    auto m = two_squares();
    m.corners = {3, 4, 1, 0, 1, 2, 5, 4}; // polygon 0 reversed
    m.neighbours = {no_polygon, no_polygon, no_polygon, no_polygon,
                    no_polygon, no_polygon, no_polygon, no_polygon};
    EXPECT_FALSE(check_polygon_mesh(m).ok());

    polygon_mesh dart; // (0,0) (2,0) (1,0.5) (1,2): a reflex corner at (1,0.5)... listed ccw
    dart.vertices = {{0, 0, 0}, {2, 0, 0}, {1, 0, 0.5f}, {1, 0, 2}};
    dart.offsets = {0, 4};
    dart.corners = {0, 1, 2, 3};
    dart.neighbours = {no_polygon, no_polygon, no_polygon, no_polygon};
    dart.areas = {0};
    dart.flags = {0};
    const auto checked = check_polygon_mesh(dart);
    ASSERT_FALSE(checked.ok());
    EXPECT_NE(checked.err().message.find("not convex"), std::string::npos) << checked.err().message;
}

TEST(polygon_mesh, bad_indices_and_sizes_are_errors_not_crashes) {
    auto m = two_squares();
    m.corners[2] = 99;
    EXPECT_FALSE(check_polygon_mesh(m).ok());
    m = two_squares();
    m.neighbours.pop_back();
    EXPECT_FALSE(check_polygon_mesh(m).ok());
    m = two_squares();
    m.offsets = {0, 4, 3};
    m.areas = {0, 0};
    EXPECT_FALSE(check_polygon_mesh(m).ok());
    m = two_squares();
    m.vertices[0].x = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(check_polygon_mesh(m).ok());
}

} // namespace
} // namespace xunlu::navmesh
