// `--layers FILE`: low obstacles and terrain costs from a layer file change what find, route,
// scen, info, render and ray see; a bad layer file is refused with FILE:LINE:COLUMN.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "cli_fixture.hpp"

namespace xunlu {
namespace {

// A unit stands in the gap below the wall of walled_map: (2,3) becomes a low obstacle.
constexpr const char* gap_unit = "# a unit in the gap\nxunlu-layers 1\nlow 2 3\n";

TEST_F(cli, layers_block_find_and_route_unless_low_obstacles_are_ignored) {
    const std::string map = write("m.map", walled_map);
    const std::string layers = write("u.layers", gap_unit);
    const run_result plain = run("find " + map + " --from 0,0 --to 5,0 --json");
    ASSERT_EQ(plain.code, 0);
    EXPECT_EQ(last_json_line(plain.out)["status"], "found");
    const run_result blocked =
        run("find " + map + " --from 0,0 --to 5,0 --json --layers " + layers);
    EXPECT_EQ(blocked.code, 1) << blocked.err;
    EXPECT_EQ(last_json_line(blocked.out)["status"], "no_path");
    const run_result ignored =
        run("find " + map + " --from 0,0 --to 5,0 --json --ignore-low --layers " + layers);
    EXPECT_EQ(ignored.code, 0);
    EXPECT_EQ(last_json_line(ignored.out)["path"], last_json_line(plain.out)["path"]);

    const run_result route =
        run("route " + map + " --from 0.5,0.5 --to 5.5,0.5 --json --layers " + layers);
    EXPECT_EQ(route.code, 1) << route.err;
    EXPECT_EQ(last_json_line(route.out)["status"], "no_path");
    EXPECT_EQ(
        run("route " + map + " --from 0.5,0.5 --to 5.5,0.5 --ignore-low --layers " + layers).code,
        0);
    const run_result ray = run("ray " + map +
                               " --from 0.5,3.5 --to 5.5,3.5 --low-blocks --json "
                               "--layers " +
                               layers);
    EXPECT_EQ(last_json_line(ray.out)["blocked_cell"], json::array({2, 3})) << ray.out;
}

TEST_F(cli, layer_costs_change_the_cost_and_scen_info_render_take_layers) {
    const std::string map = write("m.map", walled_map);
    const std::string costs = write("c.layers", "xunlu-layers 1\ncost 10 0 3 5 3\n");
    const json cheap = last_json_line(run("find " + map + " --from 0,2 --to 5,2 --json").out);
    const json dear =
        last_json_line(run("find " + map + " --from 0,2 --to 5,2 --json --layers " + costs).out);
    EXPECT_GT(dear["cost"].get<double>(), cheap["cost"].get<double>() + 10) << dear;

    const json info = last_json_line(run("info " + map + " --json --layers " + costs).out);
    EXPECT_EQ(info["terrain_costs"], true);
    const std::string units = write("u.layers", gap_unit);
    const std::string scen =
        write("m.map.scen", "version 1\n0\tm.map\t6\t4\t0\t0\t5\t0\t9.24264069\n");
    EXPECT_EQ(run("scen " + scen + " --json").code, 0);
    const run_result scen_blocked = run("scen " + scen + " --json --layers " + units);
    EXPECT_EQ(scen_blocked.code, 1);
    EXPECT_EQ(last_json_line(scen_blocked.out)["solved"], 0);
    const run_result render =
        run("render " + map + " --from 0,0 --to 5,0 -o " + path("r.png") + " --layers " + units);
    EXPECT_EQ(render.code, 1);
    EXPECT_NE(render.err.find("no path drawn: no_path"), std::string::npos) << render.err;
}

TEST_F(cli, bad_layer_files_are_refused_with_file_line_and_column) {
    const std::string map = write("m.map", walled_map);
    struct bad {
        const char* text;
        const char* message;
    };
    const bad cases[] = {
        {"low 1 1\n", "b.layers:1:1: expected the layer file header"},
        {"xunlu-layers 1\nlow 6 0\n", "b.layers:2:5: cell (6,0) is outside the 6 x 4 map"},
        {"xunlu-layers 1\nsize 4 6\n", "b.layers:2: layers were made for a 4 x 6 map"},
        {"xunlu-layers 1\ncost -2 0 0\n", "b.layers:2:6: cost '-2' is not a finite number"},
    };
    for (const auto& c : cases) {
        const std::string layers = write("b.layers", c.text);
        for (const std::string& command : {"find " + map + " --from 0,0 --to 5,0", "info " + map,
                                           "route " + map + " --from 1,1 --to 5,1"}) {
            const run_result r = run(command + " --layers " + layers);
            EXPECT_EQ(r.code, 2) << command;
            EXPECT_EQ(r.err.rfind("xunlu: " + path(c.message), 0), 0u) << r.err;
        }
    }
    const run_result missing = run("info " + map + " --layers " + path("none.layers"));
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("none.layers"), std::string::npos);
    // From standard input, but not together with the map.
    EXPECT_EQ(run("info " + map + " --layers - < " + write("u.layers", gap_unit)).code, 0);
    const run_result both = run("info - --layers - < " + map);
    EXPECT_EQ(both.code, 2);
    EXPECT_NE(both.err.find("cannot both come from standard input"), std::string::npos);
}

TEST_F(cli, a_stream_that_is_no_layer_file_is_refused_from_its_first_bytes) {
    // The writer keeps the FIFO open for 5 s after 100 KB of NULs: reading to the end would take
    // that long, refusing from the first 64 KiB does not.
    const std::string map = write("m.map", walled_map);
    const std::string fifo = path("l.fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    ASSERT_EQ(
        std::system(("(head -c 100000 /dev/zero; sleep 5) > " + fifo + " 2>/dev/null &").c_str()),
        0);
    const auto t0 = std::chrono::steady_clock::now();
    const run_result r = run("info " + map + " --layers " + fifo);
    const auto seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("l.fifo:1:1: expected the layer file header"), std::string::npos) << r.err;
    EXPECT_LT(seconds, 4.0);
}

} // namespace
} // namespace xunlu
