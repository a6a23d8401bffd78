// The OBJ reader: the face forms game tools write, fan triangulation, negative indices, and
// errors that name the file and line.
#include <gtest/gtest.h>

#include "navmesh_test_levels.hpp"
#include "xunlu/navmesh/level_geometry.hpp"

namespace xunlu::navmesh {
namespace {

std::string parse_error(const std::string& text, const obj_limits& limits = {}) {
    auto g = parse_obj(text, "level.obj", limits);
    return g ? std::string("(parsed)") : g.err().message;
}

TEST(obj_loader, reads_every_face_form_and_fans_polygons) {
    const auto g = parse_obj("# comment\nmtllib x.mtl\no thing\nv 0 0 0\nv 1 0 0\nv 1 0 1\n"
                             "v 0 0 1 1.0\nvt 0 0\nvn 0 1 0\ns off\nusemtl m\n"
                             "f 1/1/1 4/1/1 3/1/1 2/1/1\nf 1//1 2//1 3//1\nf -4 -3 -2\n",
                             "level.obj");
    ASSERT_TRUE(g.ok()) << g.err().message;
    ASSERT_EQ(g->vertices.size(), 4u);
    EXPECT_EQ(g->vertices[2], (vec3{1, 0, 1}));
    ASSERT_EQ(g->triangles.size(), 4u); // a quad as two, then two triangles
    EXPECT_EQ(g->triangles[0], (std::array<std::uint32_t, 3>{0, 3, 2}));
    EXPECT_EQ(g->triangles[1], (std::array<std::uint32_t, 3>{0, 2, 1}));
    EXPECT_EQ(g->triangles[3], (std::array<std::uint32_t, 3>{0, 1, 2}));
    const auto box = g->bounds();
    EXPECT_EQ(box[0], (vec3{0, 0, 0}));
    EXPECT_EQ(box[1], (vec3{1, 0, 1}));
}

TEST(obj_loader, the_synthetic_levels_parse) {
    const auto box = test::parse_or_die(test::floor_with_box());
    EXPECT_EQ(box.vertices.size(), 16u);
    EXPECT_EQ(box.triangles.size(), 2u + 2u + 8u);
    EXPECT_EQ(box.triangles.back(), (std::array<std::uint32_t, 3>{13, 11, 14}));
    EXPECT_EQ(test::parse_or_die(test::bridge()).triangles.size(), 8u);
}

TEST(obj_loader, errors_name_file_and_line) {
    EXPECT_EQ(parse_error("v 0 0 0\nv 1 0\n"), "level.obj:2: a vertex needs three coordinates");
    EXPECT_EQ(parse_error("v 0 0 nan\n"), "level.obj:1: 'nan' is not a finite number");
    EXPECT_EQ(parse_error("v 0 0 1e99\n"), "level.obj:1: '1e99' is not a finite number");
    EXPECT_EQ(parse_error("v 0 0 x\n"), "level.obj:1: 'x' is not a finite number");
    EXPECT_EQ(parse_error("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 4\n"),
              "level.obj:4: vertex index 4 is out of range (3 vertices defined so far)");
    EXPECT_EQ(parse_error("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 -4\n"),
              "level.obj:4: vertex index -4 is out of range (3 vertices defined so far)");
    EXPECT_EQ(parse_error("v 0 0 0\nf 0 1 1\n"),
              "level.obj:2: vertex index 0 is out of range (1 vertices defined so far)");
    EXPECT_EQ(parse_error("v 0 0 0\nv 1 0 0\nf 1 2\n"),
              "level.obj:3: a face needs at least three corners, got 2");
    EXPECT_EQ(parse_error("v 0 0 0\nf a/1 1 1\n"), "level.obj:2: 'a/1' is not a vertex index");
    EXPECT_EQ(parse_error("v 0 0 0\nf 99999999999999999999 1 1\n"),
              "level.obj:2: '99999999999999999999' is not a vertex index");
    EXPECT_EQ(parse_error("v 0 0 0\n"), "level.obj: no faces (f lines)");
    EXPECT_EQ(parse_error(""), "level.obj: no faces (f lines)");
}

TEST(obj_loader, limits_are_checked_while_reading) {
    obj_limits small;
    small.max_vertices = 2;
    EXPECT_EQ(parse_error("v 0 0 0\nv 1 0 0\nv 0 0 1\n", small),
              "level.obj:3: more than 2 vertices");
    small = {};
    small.max_triangles = 1;
    EXPECT_EQ(parse_error("v 0 0 0\nv 1 0 0\nv 0 0 1\nv 1 0 1\nf 1 2 4 3\n", small),
              "level.obj:5: more than 1 triangles");
    small = {};
    small.max_bytes = 4;
    EXPECT_EQ(parse_error("v 0 0 0\n", small), "level.obj: 8 bytes, over the limit of 4");
    EXPECT_EQ(load_obj("/nonexistent/level.obj").err().message,
              "/nonexistent/level.obj: cannot open");
    EXPECT_EQ(load_obj("/").err().message, "/: not a regular file");
}

} // namespace
} // namespace xunlu::navmesh
