// `xunlu poly` and the any-angle algorithms through the CLI: answers, exit codes, bad scenes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "cli_fixture.hpp"
#include "xunlu/anyangle/polygon_scene.hpp"

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

// Three walkable regions, numbered in row order of their first cell: 0 the walled map's 21 cells
// (cols 0-5; its one-cell passage under the wall closes at radius 0.6), 1 the single cell (7,0)
// (vanishes at 0.6), 2 the 2 x 2 block at (7,2) (stays at 0.6).
constexpr const char* three_regions_map = "type octile\nheight 4\nwidth 9\nmap\n"
                                          "..@...@.@\n"
                                          "..@...@@@\n"
                                          "..@...@..\n"
                                          "......@..\n";

/// The scene in `file`, loaded by the library's parser; fails the test when it does not load.
anyangle::polygon_scene load_scene(const std::string& file) {
    auto text = io::read_file(file);
    EXPECT_TRUE(text.ok()) << file;
    if (!text.ok()) return {};
    auto scene = anyangle::polygon_scene::parse(*text, file);
    EXPECT_TRUE(scene.ok()) << file << ": " << (scene.ok() ? "" : scene.err().message);
    return scene.ok() ? std::move(scene.value()) : anyangle::polygon_scene{};
}

TEST_F(cli, poly_convert_all_writes_every_region_to_numbered_files) {
    const std::string map = write("three.map", three_regions_map);
    const auto r = run("poly convert " + map + " --all -o " + path("out.scene") + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    EXPECT_EQ(j["regions"], 3);
    EXPECT_EQ(j["out"], path("out.scene"));
    EXPECT_FALSE(j.contains("region")); // per file, not for the whole map
    ASSERT_EQ(j["files"].size(), 3U) << r.out;
    const int cells[] = {21, 1, 4};
    const std::size_t vertices[] = {8, 4, 4};
    const point inside[] = {{0.5, 0.5}, {7.5, 0.5}, {8.5, 3.5}};
    for (std::size_t i = 0; i < 3; ++i) {
        SCOPED_TRACE(i);
        const json& f = j["files"][i];
        const std::string file = path("out." + std::to_string(i) + ".scene");
        EXPECT_EQ(f["file"], file);
        EXPECT_EQ(f["region"], i);
        EXPECT_EQ(f["cells"], cells[i]);
        EXPECT_EQ(f["polygons"], 1);
        EXPECT_EQ(f["vertices"], vertices[i]);
        const anyangle::polygon_scene scene = load_scene(file);
        EXPECT_EQ(scene.polygon_count(), 1U);
        EXPECT_EQ(scene.vertex_count(), vertices[i]);
        for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(scene.walkable(inside[k]), k == i) << k;
    }
    EXPECT_FALSE(fs::exists(path("out.3.scene")));
    EXPECT_FALSE(fs::exists(path("out.scene")));
    // The files are the single-region form's scenes.
    EXPECT_EQ(run("poly convert " + map + " --at 7.5,0.5").out, slurp(path("out.1.scene")));
    // Without an extension the index goes last; the human form lists every file.
    const auto plain = run("poly convert " + map + " --all -o " + path("noext"));
    ASSERT_EQ(plain.code, 0) << plain.err;
    for (int i = 0; i < 3; ++i) {
        const std::string file = path("noext." + std::to_string(i));
        EXPECT_TRUE(fs::exists(file)) << file;
        EXPECT_NE(plain.out.find(file + ": region " + std::to_string(i)), std::string::npos)
            << plain.out;
    }
    EXPECT_NE(plain.out.find("3 walkable -> 3 files"), std::string::npos) << plain.out;
}

TEST_F(cli, poly_convert_all_refuses_what_it_cannot_name_and_writes_nothing) {
    const std::string map = write("three.map", three_regions_map);
    const auto no_out = run("poly convert " + map + " --all");
    EXPECT_EQ(no_out.code, 2);
    EXPECT_NE(no_out.err.find("--all needs -o FILE (not -)"), std::string::npos) << no_out.err;
    EXPECT_TRUE(no_out.out.empty()) << no_out.out; // no scene on standard output either
    const auto dash = run("poly convert " + map + " --all -o -");
    EXPECT_EQ(dash.code, 2);
    EXPECT_NE(dash.err.find("--all needs -o FILE (not -)"), std::string::npos) << dash.err;
    EXPECT_TRUE(dash.out.empty()) << dash.out;
    const auto at = run("poly convert " + map + " --all --at 0.5,0.5 -o " + path("o.scene"));
    EXPECT_EQ(at.code, 2);
    EXPECT_NE(at.err.find("--all writes every walkable region and --at picks one"),
              std::string::npos)
        << at.err;
    EXPECT_FALSE(fs::exists(path("o.0.scene")));
    // More files than --max-files: refused before any is written, with and without --radius
    // (counted per region, then per inflated component).
    const auto many = run("poly convert " + map + " --all --max-files 2 -o " + path("o.scene"));
    EXPECT_EQ(many.code, 2);
    EXPECT_NE(many.err.find("--all would write 3 files (one per walkable region), over the "
                            "limit of 2 (--max-files); nothing written"),
              std::string::npos)
        << many.err;
    EXPECT_FALSE(fs::exists(path("o.0.scene")));
    const auto split =
        run("poly convert " + map + " --all --radius 0.6 --max-files 1 -o " + path("o.scene"));
    EXPECT_EQ(split.code, 2);
    EXPECT_NE(split.err.find("--all would write over 1 files (the walkable components of 1 of "
                             "3 regions inflated so far)"),
              std::string::npos)
        << split.err;
    EXPECT_FALSE(fs::exists(path("o.0.scene")));
    const auto enough =
        run("poly convert " + map + " --all --radius 0.6 --max-files 3 -o " + path("o.scene"));
    EXPECT_EQ(enough.code, 0) << enough.err;
    EXPECT_TRUE(fs::exists(path("o.2.scene")));
    fs::remove(path("o.0.scene"));
    fs::remove(path("o.1.scene"));
    fs::remove(path("o.2.scene"));
    const auto alone = run("poly convert " + map + " --max-files 3");
    EXPECT_EQ(alone.code, 2);
    EXPECT_NE(alone.err.find("--max-files limits the files of --all"), std::string::npos)
        << alone.err;
    // Nothing left for the agent anywhere: an error, no file.
    const auto gone = run("poly convert " + map + " --all --radius 5 -o " + path("o.scene"));
    EXPECT_EQ(gone.code, 2);
    EXPECT_NE(gone.err.find("all 3 regions vanished"), std::string::npos) << gone.err;
    EXPECT_FALSE(fs::exists(path("o.0.scene")));
}

TEST_F(cli, poly_convert_all_with_radius_writes_each_component_and_reports_vanished_regions) {
    const std::string map = write("three.map", three_regions_map);
    const auto r =
        run("poly convert " + map + " --all --radius 0.6 -o " + path("in.scene") + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    EXPECT_EQ(j["regions"], 3);
    EXPECT_EQ(j["radius"], 0.6);
    EXPECT_EQ(j["vanished"], json::array({1}));
    ASSERT_EQ(j["files"].size(), 3U) << r.out;
    // Region 0 split in two (the larger part, right of the wall, first), region 2 whole; the
    // running index skips nothing.
    const std::size_t regions[] = {0, 0, 2};
    const int cells[] = {21, 21, 4};
    const point inside[] = {{4.5, 1.5}, {0.7, 0.7}, {8.0, 3.0}};
    for (std::size_t i = 0; i < 3; ++i) {
        SCOPED_TRACE(i);
        const json& f = j["files"][i];
        const std::string file = path("in." + std::to_string(i) + ".scene");
        EXPECT_EQ(f["file"], file);
        EXPECT_EQ(f["region"], regions[i]);
        EXPECT_EQ(f["cells"], cells[i]);
        const anyangle::polygon_scene scene = load_scene(file);
        EXPECT_EQ(f["polygons"], scene.polygon_count());
        EXPECT_EQ(f["vertices"], scene.vertex_count());
        for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(scene.walkable(inside[k]), k == i) << k;
    }
    EXPECT_FALSE(fs::exists(path("in.3.scene")));
    const auto human = run("poly convert " + map + " --all --radius 0.6 -o " + path("h.scene"));
    ASSERT_EQ(human.code, 0) << human.err;
    EXPECT_NE(human.out.find(path("h.1.scene") + ": region 0"), std::string::npos) << human.out;
    EXPECT_NE(human.out.find(path("h.2.scene") + ": region 2"), std::string::npos) << human.out;
    EXPECT_NE(human.out.find("vanished   region 1"), std::string::npos) << human.out;
}

TEST_F(cli, poly_convert_all_refuses_over_100000_files_before_writing) {
    // 317 x 317 isolated free cells: 100,489 regions.
    std::string big = "type octile\nheight 633\nwidth 633\nmap\n";
    std::string free_row(633, '@');
    for (std::size_t x = 0; x < free_row.size(); x += 2) free_row[x] = '.';
    for (int y = 0; y < 633; ++y) big += (y % 2 == 0 ? free_row : std::string(633, '@')) + "\n";
    const auto r = run("poly convert " + write("dots.map", big) + " --all -o " + path("d.scene"));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--all would write 100489 files (one per walkable region), over the "
                         "limit of 100000 (--max-files); nothing written"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(path("d.0.scene")));
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
                                    "poly convert " + map + " -o " + path("x.poly"),
                                    "poly convert " + map + " --all -o " + path("x.poly")};
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
    EXPECT_FALSE(fs::exists(path("x.0.poly")));
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

TEST_F(cli, poly_mesh_counts_the_convex_mesh_and_draws_it) {
    const std::string map = write("m.map", walled_map);
    const std::string svg = path("m.svg");
    const auto r = run("poly mesh " + map + " --svg " + svg + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    EXPECT_GE(j["polygons"].get<int>(), 1);
    EXPECT_LE(j["live_polygons"].get<int>(), j["polygons"].get<int>());
    EXPECT_GE(j["rectangles"].get<int>(), 1);
    EXPECT_EQ(j["svg"], svg);
    const auto text = io::read_file(svg);
    ASSERT_TRUE(text.ok());
    EXPECT_EQ(text->rfind("<svg", 0), 0U);
    EXPECT_EQ(std::count(text->begin(), text->end(), '\n') - 3, j["polygons"].get<int>());
    const auto human = run("poly mesh " + map);
    EXPECT_EQ(human.code, 0);
    EXPECT_NE(human.out.find("convex polygons"), std::string::npos) << human.out;
    EXPECT_EQ(run("poly mesh " + path("missing.map")).code, 2);
}

TEST_F(cli, poly_mesh_shows_the_polygons_a_query_may_cross) {
    const std::string map = write("m.map", walled_map);
    const std::string svg = path("q.svg");
    const auto r = run("poly mesh " + map + " --from 0,0 --to 5,0 --svg " + svg + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    EXPECT_TRUE(j["joined"].get<bool>());
    EXPECT_GE(j["open_polygons"].get<int>(), 2);
    EXPECT_LE(j["open_polygons"].get<int>(), j["polygons"].get<int>());
    EXPECT_GE(j["blocks"].get<int>(), 1);
    const auto text = io::read_file(svg);
    ASSERT_TRUE(text.ok());
    EXPECT_NE(text->find("#f4a259"), std::string::npos); // the two ends
    // A wall across the whole map: nothing joins the two sides.
    const std::string split = write("split.map", "type octile\nheight 2\nwidth 5\nmap\n"
                                                 "..@..\n..@..\n");
    const auto apart = run("poly mesh " + split + " --from 0,0 --to 4,1 --json");
    ASSERT_EQ(apart.code, 0) << apart.err;
    EXPECT_FALSE(last_json_line(apart.out)["joined"].get<bool>());
    EXPECT_EQ(last_json_line(apart.out)["open_polygons"].get<int>(), 0);
    const auto human = run("poly mesh " + split + " --from 0,0 --to 4,1");
    EXPECT_NE(human.out.find("not joined"), std::string::npos) << human.out;
    // A blocked cell, or one end alone: exit 2 with the reason.
    const auto blocked = run("poly mesh " + map + " --from 2,0 --to 5,0");
    EXPECT_EQ(blocked.code, 2);
    EXPECT_NE(blocked.err.find("--from 2,0"), std::string::npos) << blocked.err;
    EXPECT_EQ(run("poly mesh " + map + " --from 0,0").code, 2);
}

} // namespace
} // namespace xunlu
