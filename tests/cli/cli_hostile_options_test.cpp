// Options and inputs under hostile use (issue 49): values that were silently changed or
// wrapped, conflicting options that were accepted, inputs read whole before being refused,
// expensive work done before a size check, and messages that named the wrong thing.
#include <gtest/gtest.h>

#include <string>

#include "cli_fixture.hpp"

namespace xunlu {
namespace {

TEST_F(cli, counts_and_sizes_are_refused_not_changed_or_wrapped) {
    const std::string map = write("m.map", walled_map);
    for (const std::string& args :
         {std::string("gen random --width 0"), std::string("gen random --width -5"),
          std::string("gen random --seed -1"), std::string("gen maze --corridor 0"),
          "fog " + map + " --from 0,0 --to 5,0 --max-steps -1",
          "graph " + path("g.json") + " --from 9223372036854775808 --to 1",
          "render " + map + " --scale abc -o " + path("x.png")}) {
        const run_result r = run(args);
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_TRUE(r.out.empty()) << args;
    }
    EXPECT_NE(run("gen random --width 0").err.find("--width: must be an integer >= 1, got '0'"),
              std::string::npos);
    EXPECT_NE(run("graph x --from 9223372036854775808 --to 1").err.find("must be between"),
              std::string::npos);
    EXPECT_NE(run("render " + map + " --scale abc -o x.png")
                  .err.find("--scale: must be an integer from 1 to 64, got 'abc'"),
              std::string::npos);
    // The largest 64-bit count is a count, not "not an integer".
    const run_result huge =
        run("find " + map + " --from 0,0 --to 5,0 --max-memory-mb 18446744073709551615");
    EXPECT_EQ(huge.code, 0) << huge.err;
    EXPECT_NE(run("find " + map + " --from 0,0 --to 5,0 --max-memory-mb 18446744073709551616")
                  .err.find("must be at most 18446744073709551615"),
              std::string::npos);
}

TEST_F(cli, conflicting_options_are_refused) {
    const std::string map = write("m.map", walled_map);
    const std::string table = path("t.jpt");
    ASSERT_EQ(run("jps-table " + map + " -o " + table).code, 0);
    const std::string before = slurp(table);
    const run_result astar = run("find " + map + " --from 0,0 --to 5,0 --jps-table " + table);
    EXPECT_EQ(astar.code, 2);
    EXPECT_NE(astar.err.find("--jps-table is read by --algo jps+"), std::string::npos) << astar.err;
    EXPECT_EQ(run("find " + map + " --from 0,0 --to 5,0 --algo jps+ --jps-table " + table).code, 0);
    const run_result both = run("jps-table " + map + " -o " + table + " --check " + table);
    EXPECT_EQ(both.code, 2);
    EXPECT_NE(both.err.find("excludes"), std::string::npos) << both.err;
    EXPECT_EQ(slurp(table), before);
    const run_result walk = run("fog " + map + " --from 0,0 --to 5,0 --walk");
    EXPECT_EQ(walk.code, 2);
    EXPECT_NE(walk.err.find("--walk adds the cells walked to --json"), std::string::npos);
}

TEST_F(cli, landmarks_refuses_a_count_whose_table_does_not_fit) {
    // 1500 x 1500: 32 landmarks need 586 MiB, above the 512 MiB table limit (no landmark was
    // placed, with exit 0).
    const std::string map = path("big.map");
    ASSERT_EQ(run("gen random --size 1500 --rate 0 -o " + map).code, 0);
    const run_result r = run("landmarks " + map + " --count 32");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--count 32: the table would take"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("; at most --count "), std::string::npos) << r.err;
}

TEST_F(cli, inputs_are_refused_from_their_first_bytes_or_declared_size) {
    const std::string map = write("m.map", walled_map);
    // A piped 40000 x 40000 header with an endless body: refused from the header.
    const run_result piped =
        run_shell("{ printf 'type octile\\nheight 40000\\nwidth 40000\\nmap\\n'; yes ........; } | "
                  "timeout 60 " +
                  std::string(XUNLU_CLI) + " info -");
    EXPECT_EQ(piped.code, 2) << piped.err;
    EXPECT_NE(piped.err.find("<stdin>:2:8: height 40000 exceeds the limit of 32768"),
              std::string::npos)
        << piped.err;
    const std::string junk = write("junk.txt", std::string(std::size_t{8} << 20, 'z'));
    const run_result scen = run("scen " + junk);
    EXPECT_EQ(scen.code, 2);
    EXPECT_NE(scen.err.find("junk.txt: not a scenario file (which starts with 'version')"),
              std::string::npos)
        << scen.err;
    const run_result fog = run("find " + map + " --from 0,0 --to 5,0 --fog " + junk);
    EXPECT_EQ(fog.code, 2);
    EXPECT_NE(fog.err.find("is larger than the limit of 4128"), std::string::npos) << fog.err;
    const run_result graph = run("graph " + junk + " --from 1 --to 2");
    EXPECT_EQ(graph.code, 2);
    EXPECT_NE(graph.err.find("not a JSON graph"), std::string::npos) << graph.err;
    // A polygon scene above 1,000,000 vertices' worth of text (a sparse file: nothing is read).
    const std::string sparse = path("big.poly");
    const run_result poly =
        run_shell("truncate -s 130000000 " + sparse + " && " + XUNLU_CLI + " poly check " + sparse);
    EXPECT_EQ(poly.code, 2);
    EXPECT_NE(poly.err.find("is larger than the limit of 128000000"), std::string::npos)
        << poly.err;
    const run_result vis = run("visgraph " + map + " --check " + junk);
    EXPECT_EQ(vis.code, 2);
    EXPECT_NE(vis.err.find("not a visibility graph file"), std::string::npos) << vis.err;
}

TEST_F(cli, a_gif_too_large_is_refused_before_the_run) {
    // 512 x 512 cells at 1 pixel each: 2001 frames of 2^18 pixels pass 2^30.
    const std::string map = path("open.map");
    ASSERT_EQ(run("gen random --size 512 --rate 0 -o " + map).code, 0);
    const run_result r = run("simulate " + map + " --units 2 --ticks 5000 --gif " + path("a.gif"));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("5001 frames of 262144 pixels would exceed 2^30 pixels"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(path("a.gif")));
}

TEST_F(cli, graph_cost_overflow_is_no_found_path) {
    const std::string g = write("g.json", R"({"directed": true,
"nodes": [{"id": 1, "x": 0, "y": 0}, {"id": 2, "x": 1, "y": 0}, {"id": 3, "x": 2, "y": 0}],
"edges": [{"from": 1, "to": 2, "cost": 1e308}, {"from": 2, "to": 3, "cost": 1e308}]})");
    const run_result r = run("graph " + g + " --from 1 --to 3 --json");
    EXPECT_EQ(r.code, 2);
    const json j = last_json_line(r.out);
    EXPECT_EQ(j["status"], "invalid_input");
    EXPECT_NE(j["reason"].get<std::string>().find("cost overflows"), std::string::npos);
}

TEST_F(cli, messages_name_what_is_wrong) {
    const std::string map = write("m.map", walled_map);
    // Pixels as route prints them, never "-0" or six decimals.
    const run_result ray = run("ray " + map + " --from -0,0 --to 100.5,3");
    EXPECT_EQ(ray.code, 2);
    EXPECT_NE(ray.err.find("--to pixel (100.5,3) is outside the map (6 x 4 cells of 1 pixels)"),
              std::string::npos)
        << ray.err;
    const run_result route = run("route " + map + " --from -0,0.5 --to 1.5,0.5");
    EXPECT_NE(route.out.find("points     (0,0.5) (1.5,0.5)"), std::string::npos) << route.out;
    // A table path that is a folder or a device.
    EXPECT_NE(run("jps-table " + map + " --check " + dir_.string()).err.find("is a directory"),
              std::string::npos);
    EXPECT_NE(run("jps-table " + map + " --check /dev/zero").err.find("not a regular file"),
              std::string::npos);
    // map.in sizes that are numbers but no size.
    for (const char* size : {"0", "-3", "3.0"}) {
        const run_result r = run("info " + write("s.in", std::string(size) + "\n"));
        EXPECT_EQ(r.code, 2);
        EXPECT_EQ(r.err.find("unrecognised map format"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("s.in:1:1: "), std::string::npos) << r.err;
    }
    // The scenario line that names a missing map.
    const std::string scen =
        write("x.map.scen", "version 1\n0\tmissing.map\t6\t4\t0\t0\t5\t0\t9.24264069\n");
    const run_result missing = run("scen " + scen);
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("x.map.scen:2: map missing.map: "), std::string::npos)
        << missing.err;
    // A hand-closed polygon: the closing vertex is blamed, not vertex 1; a bowtie is a bowtie.
    const run_result closed =
        run("poly check " +
            write("c.poly", "xunlu-polygons 1\nboundary\n0 0\n4 0\n4 4\n0 4\n0 0\nend\n"));
    EXPECT_EQ(closed.code, 2);
    EXPECT_NE(closed.err.find("vertex 5: repeats the first vertex"), std::string::npos)
        << closed.err;
    const run_result bowtie = run(
        "poly check " + write("b.poly", "xunlu-polygons 1\nboundary\n0 0\n2 2\n2 0\n0 2\nend\n"));
    EXPECT_EQ(bowtie.code, 2);
    EXPECT_NE(bowtie.err.find("crosses itself"), std::string::npos) << bowtie.err;
}

} // namespace
} // namespace xunlu

namespace xunlu {
namespace {

TEST_F(cli, client_load_refuses_a_file_above_the_request_limit_before_sending_it) {
    if (run("client --help").code != 0) GTEST_SKIP() << "xunlu built without the client (gRPC)";
    const std::string big = write("big.map", std::string(std::size_t{17} << 20, '.'));
    // Port 1: nothing listens; the size is refused before any connection is tried.
    const run_result r = run("client load s --file " + big + " --server 127.0.0.1:1");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("is larger than the limit of 16773120"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--max-bytes 16777216"), std::string::npos) << r.err;
}

} // namespace
} // namespace xunlu
