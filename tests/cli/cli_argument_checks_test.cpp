// Options a new user gets wrong: negative counts, out-of-range scales, impossible combinations
// and missing companions are refused with a message that starts with `xunlu:` and names the
// option, never silently changed.
#include <gtest/gtest.h>

#include <string>

#include "cli_fixture.hpp"

namespace xunlu {
namespace {

void expect_refused(const run_result& r, const std::string& what) {
    EXPECT_EQ(r.code, 2) << r.out << r.err;
    EXPECT_EQ(r.err.rfind("xunlu: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
}

TEST_F(cli, negative_counts_are_refused) {
    const std::string map = write("m.map", walled_map);
    const std::string scen =
        write("m.map.scen", "version 1\n0\tm.map\t6\t4\t0\t0\t5\t0\t6.82842712\n");
    expect_refused(run("scen " + scen + " --every -1"), "--every");
    expect_refused(run("scen " + scen + " --every 0"), "--every");
    expect_refused(run("find " + map + " --from 0,0 --to 5,0 --max-expansions -1"),
                   "--max-expansions");
    expect_refused(run("route " + map + " --from 1,1 --to 5,1 --bounded-max-distance -5"),
                   "--bounded-max-distance");
    expect_refused(run("route " + map + " --from 1,1 --to 5,1 --stop-short -2"), "--stop-short");
    expect_refused(run("find " + map + " --from 0,0 --to 5,0 --max-memory-mb -3"),
                   "--max-memory-mb");
}

TEST_F(cli, render_scale_outside_1_to_64_is_refused) {
    const std::string map = write("m.map", walled_map);
    for (const char* scale : {"0", "-3", "65"}) {
        expect_refused(run("render " + map + " --scale " + scale + " -o " + path("x.png")),
                       "--scale");
    }
    EXPECT_EQ(run("render " + map + " --scale 64 -o " + path("x.png")).code, 0);
}

TEST_F(cli, render_says_when_no_path_was_drawn) {
    const std::string map = write("m.map", "type octile\nheight 1\nwidth 3\nmap\n.@.\n");
    const run_result r = run("render " + map + " --from 0,0 --to 2,0 -o " + path("x.png"));
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("no path drawn: no_path"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::exists(path("x.png")));
}

TEST_F(cli, scen_refuses_an_algorithm_rule_combination_up_front) {
    write("m.map", walled_map);
    const std::string scen =
        write("m.map.scen", "version 1\n0\tm.map\t6\t4\t0\t0\t5\t0\t6.82842712\n");
    const run_result r = run("scen " + scen + " --algo jps+ --rule 4");
    expect_refused(r, "does not support movement rule 4");
    EXPECT_EQ(r.out.find("mismatches"), std::string::npos);
}

TEST_F(cli, route_stages_waypoint_graph_names_the_missing_waypoints_option) {
    const std::string map = write("m.map", walled_map);
    expect_refused(run("route " + map + " --from 1,1 --to 5,1 --stages waypoint_graph"),
                   "--waypoints");
}

TEST_F(cli, option_parser_errors_carry_the_prefix) {
    expect_refused(run("find"), "map is required");
    expect_refused(run("find x.map --no-such-flag"), "--no-such-flag");
}

} // namespace
} // namespace xunlu
