// `xunlu poly` and the any-angle algorithms through the CLI: answers, exit codes, bad scenes.
#include <gtest/gtest.h>

#include <cmath>

#include "cli_fixture.hpp"

namespace xunlu {
namespace {

constexpr const char* room_with_box = "xunlu-polygons 1\nboundary\n0 0\n20 0\n20 10\n0 10\nend\n"
                                      "obstacle\n4 2\n8 2\n8 8\n4 8\nend\n";

TEST_F(cli, poly_finds_the_shortest_path_and_casts_rays) {
    const std::string scene = write("room.poly", room_with_box);
    const auto found = run("poly find " + scene + " --from 1,5 --to 11,5 --json");
    ASSERT_EQ(found.code, 0) << found.err;
    const json j = last_json_line(found.out);
    EXPECT_EQ(j["status"], "found");
    // Around the box's corner (4,2) or (4,8), then (8,2) or (8,8): 2 x hypot(3,3) + 4 + ...
    const double expected = std::hypot(3.0, 3.0) + 4.0 + std::hypot(3.0, 3.0);
    EXPECT_NEAR(j["length"].get<double>(), expected, 1e-9);
    EXPECT_EQ(j["points"].size(), 4U);
    const auto ray = run("poly ray " + scene + " --from 1,5 --to 19,5 --json");
    EXPECT_EQ(ray.code, 1); // blocked
    EXPECT_EQ(last_json_line(ray.out)["hit"], json::array({4.0, 5.0}));
    EXPECT_EQ(run("poly ray " + scene + " --from 1,1 --to 19,1").code, 0);
    const auto check = run("poly check " + scene + " --json");
    ASSERT_EQ(check.code, 0) << check.err;
    EXPECT_EQ(last_json_line(check.out)["bend_vertices"], 4);
}

TEST_F(cli, poly_refuses_bad_scenes_and_points_with_where) {
    const std::string scene = write("room.poly", room_with_box);
    const auto inside = run("poly find " + scene + " --from 6,5 --to 1,1");
    EXPECT_EQ(inside.code, 2);
    EXPECT_NE(inside.out.find("not in the walkable region"), std::string::npos);
    const std::string bad = write("bad.poly", "xunlu-polygons 1\nboundary\n0 0\n20 0\n20 10\n"
                                              "0 10\nend\nobstacle\n4 2\n30 2\n8 8\nend\n");
    const auto r = run("poly check " + bad);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("bad.poly:4: polygon 0 (boundary) vertex 2: its edge to the next vertex "
                         "meets the edge from polygon 1 (obstacle 1) vertex 1, line 9"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(run("poly find " + scene + " --from 1 --to 2,2").code, 2);
    EXPECT_EQ(run("poly check " + path("missing.poly")).code, 2);
}

TEST_F(cli, poly_convert_traces_a_map_that_poly_find_answers_like_visgraph) {
    const std::string map = write("m.map", walled_map);
    const auto converted = run("poly convert " + map + " -o " + path("m.poly") + " --json");
    ASSERT_EQ(converted.code, 0) << converted.err;
    const json c = last_json_line(converted.out);
    EXPECT_EQ(c["regions"], 1);
    EXPECT_EQ(c["cells"], 21);
    EXPECT_EQ(c["polygons"], 1); // the wall from the top edge is part of the boundary
    EXPECT_EQ(c["vertices"], 8);
    const auto grid =
        last_json_line(run("find " + map + " --from 0,0 --to 5,0 --algo visgraph --json").out);
    const auto poly = run("poly find " + path("m.poly") + " --from 0.5,0.5 --to 5.5,0.5 --json");
    ASSERT_EQ(poly.code, 0) << poly.err;
    EXPECT_NEAR(last_json_line(poly.out)["length"].get<double>(), grid["length"].get<double>(),
                1e-9);
    // Without -o the scene goes to standard output.
    const auto text = run("poly convert " + map);
    EXPECT_EQ(text.code, 0);
    EXPECT_EQ(text.out.rfind("xunlu-polygons 1\nboundary\n0 0\n2 0\n2 3\n", 0), 0U) << text.out;
    // --at picks the region; a blocked cell is refused.
    EXPECT_EQ(run("poly convert " + map + " --at 2.5,1").code, 2);
}

TEST_F(cli, poly_radius_inflates_before_the_query) {
    const std::string map = write("m.map", walled_map);
    ASSERT_EQ(run("poly convert " + map + " -o " + path("m.poly")).code, 0);
    const std::string scene = path("m.poly");
    const auto plain = last_json_line(
        run("poly find " + scene + " --from 0.5,0.5 --to 5.5,0.5 --json").out)["length"];
    const auto wide =
        run("poly find " + scene + " --from 0.5,0.5 --to 5.5,0.5 --radius 0.3 --json");
    ASSERT_EQ(wide.code, 0) << wide.err;
    const json w = last_json_line(wide.out);
    EXPECT_GT(w["length"].get<double>(), plain.get<double>()); // kept off the wall's corners
    EXPECT_EQ(w["radius"], 0.3);
    EXPECT_EQ(w["components"], 1);
    // At 0.6 the one-cell passage under the wall closes: two components, no path.
    const auto closed =
        run("poly find " + scene + " --from 0.7,0.7 --to 5.3,0.7 --radius 0.6 --json");
    EXPECT_EQ(closed.code, 1);
    EXPECT_EQ(last_json_line(closed.out)["status"], "no_path");
    EXPECT_EQ(last_json_line(closed.out)["components"], 2);
    const auto converted = run("poly convert " + map + " --radius 0.6 --json");
    ASSERT_EQ(converted.code, 0) << converted.err;
    EXPECT_EQ(last_json_line(converted.out)["components"], 2);
    EXPECT_EQ(run("poly ray " + scene + " --from 0.7,0.7 --to 0.7,2.5 --radius 0.6").code, 0);
    EXPECT_EQ(run("poly ray " + scene + " --from 0.7,0.7 --to 0.7,3.9 --radius 0.6").code, 1);
    const auto check = run("poly check " + scene + " --radius 0.3 --json");
    EXPECT_EQ(check.code, 0) << check.err;
    // Bad radii and a start no longer walkable: exit 2 with the reason.
    const auto negative = run("poly check " + scene + " --radius -1");
    EXPECT_EQ(negative.code, 2);
    EXPECT_NE(negative.err.find("finite number >= 0"), std::string::npos) << negative.err;
    EXPECT_EQ(run("poly find " + scene + " --from 0.5,0.5 --to 5.5,0.5 --radius 1e300").code, 2);
    const auto near_wall = run("poly find " + scene + " --from 0.1,0.1 --to 5.5,0.5 --radius 0.3");
    EXPECT_EQ(near_wall.code, 2);
    EXPECT_NE(near_wall.err.find("not in the walkable region after inflating"), std::string::npos)
        << near_wall.err;
    EXPECT_EQ(run("poly check " + scene + " --radius 5").code, 2); // nothing left
}

TEST_F(cli, poly_convert_refuses_a_map_over_its_limit) {
    std::string big = "type octile\nheight 2050\nwidth 2050\nmap\n";
    const std::string row = std::string(2050, '.') + "\n";
    for (int y = 0; y < 2050; ++y) big += row;
    const auto r = run("poly convert " + write("big.map", big) + " --json");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("4202500 cells, over the limit of 4194304"), std::string::npos) << r.err;
}

TEST_F(cli, poly_arc_tolerance_sets_the_inflation_chords_and_needs_radius) {
    const std::string map = write("m.map", walled_map);
    ASSERT_EQ(run("poly convert " + map + " -o " + path("m.poly")).code, 0);
    const std::string scene = path("m.poly");
    const std::string query = " --from 0.5,0.5 --to 5.5,0.5 --radius 0.3";
    // A coarse tolerance: fewer chords round the wall's end, and (the offset being radius +
    // tolerance) a longer way round it than the default radius / 100.
    const auto fine = run("poly convert " + map + " --radius 0.3 --json");
    const auto coarse = run("poly convert " + map + " --radius 0.3 --arc-tolerance 0.1 --json");
    ASSERT_EQ(fine.code, 0) << fine.err;
    ASSERT_EQ(coarse.code, 0) << coarse.err;
    EXPECT_LT(last_json_line(coarse.out)["vertices"].get<int>(),
              last_json_line(fine.out)["vertices"].get<int>());
    const auto fine_path = run("poly find " + scene + query + " --json");
    const auto coarse_path = run("poly find " + scene + query + " --arc-tolerance 0.1 --json");
    ASSERT_EQ(fine_path.code, 0) << fine_path.err;
    ASSERT_EQ(coarse_path.code, 0) << coarse_path.err;
    EXPECT_GT(last_json_line(coarse_path.out)["length"].get<double>(),
              last_json_line(fine_path.out)["length"].get<double>() + 1e-3);
    EXPECT_EQ(run("poly check " + scene + " --radius 0.3 --arc-tolerance 0.1").code, 0);
    EXPECT_EQ(run("poly ray " + scene +
                  " --from 0.5,0.5 --to 1.5,0.5 --radius 0.3 "
                  "--arc-tolerance 0.1")
                  .code,
              0);
    // 0 is the default.
    const auto zero = run("poly find " + scene + query + " --arc-tolerance 0 --json");
    ASSERT_EQ(zero.code, 0) << zero.err;
    EXPECT_EQ(last_json_line(zero.out)["points"], last_json_line(fine_path.out)["points"]);
    // The library's errors, through every command: negative, below radius / 10000.
    const std::string commands[] = {"poly check " + scene,
                                    "poly find " + scene + " --from " + "0.5,0.5 --to 5.5,0.5",
                                    "poly ray " + scene + " --from 0.5,0.5 --to 1.5,0.5",
                                    "poly convert " + map + " -o " + path("x.poly")};
    for (const std::string& c : commands) {
        SCOPED_TRACE(c);
        const auto negative = run(c + " --radius 0.3 --arc-tolerance -0.1");
        EXPECT_EQ(negative.code, 2);
        EXPECT_NE(negative.err.find("--arc-tolerance: the arc tolerance must be a finite number "
                                    ">= 0"),
                  std::string::npos)
            << negative.err;
        const auto tiny = run(c + " --radius 0.3 --arc-tolerance 0.00001");
        EXPECT_EQ(tiny.code, 2);
        EXPECT_NE(tiny.err.find("is below radius / 10000"), std::string::npos) << tiny.err;
        const auto alone = run(c + " --arc-tolerance 0.1");
        EXPECT_EQ(alone.code, 2);
        EXPECT_NE(alone.err.find("--arc-tolerance needs --radius"), std::string::npos) << alone.err;
    }
    EXPECT_FALSE(fs::exists(path("x.poly")));
}

TEST_F(cli, any_angle_algorithms_print_waypoints) {
    const std::string map = write("m.map", walled_map);
    const auto r = run("find " + map + " --from 0,0 --to 5,0 --algo visgraph --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    ASSERT_TRUE(j.contains("waypoints"));
    EXPECT_EQ(j["waypoints"].front(), json::array({0.5, 0.5}));
    EXPECT_EQ(j["waypoints"].back(), json::array({5.5, 0.5}));
    const auto grid = last_json_line(run("find " + map + " --from 0,0 --to 5,0 --json").out);
    EXPECT_LE(j["length"].get<double>(), grid["length"].get<double>() + 1e-9);
    EXPECT_FALSE(grid.contains("waypoints"));
    const auto refused = run("find " + map + " --from 0,0 --to 5,0 --algo theta --rule 4 --json");
    EXPECT_EQ(refused.code, 2);
    const auto png =
        run("find " + map + " --from 0,0 --to 5,0 --algo lazy-theta --png " + path("aa.png"));
    EXPECT_EQ(png.code, 0) << png.err;
    EXPECT_TRUE(fs::exists(path("aa.png")));
}

} // namespace
} // namespace xunlu
