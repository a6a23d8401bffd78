// Hex maps through the CLI: gen writes them, find and scen search them with the same keys,
// render and find --png draw hexagons, and the square-grid-only paths refuse them clearly.
#include "cli_fixture.hpp"

namespace xunlu {
namespace {

// pointy-odd, 6 x 5, a wall across row 2 with one gap at (5,2).
constexpr const char* walled_hex = "type hex\nlayout pointy-odd\nheight 5\nwidth 6\nmap\n"
                                   "......\n"
                                   "......\n"
                                   "@@@@@.\n"
                                   "..3...\n"
                                   "......\n";

TEST_F(cli, find_on_a_hex_map_answers_with_the_usual_keys) {
    const std::string map = write("walled.hex", walled_hex);
    const auto r = run("find " + map + " --from 0,0 --to 0,4 --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    for (const char* key : {"status", "path", "length", "cost", "expanded", "time_us", "algo"}) {
        EXPECT_TRUE(j.contains(key)) << key;
    }
    EXPECT_EQ(j["status"], "found");
    // Through the gap at (5,2): right along row 0 or 1, down through the gap, back along
    // row 3 or 4; checked step by step against the map here.
    const auto& path = j["path"];
    ASSERT_GE(path.size(), 2u);
    EXPECT_EQ(path.front(), json::array({0, 0}));
    EXPECT_EQ(path.back(), json::array({0, 4}));
    bool through_gap = false;
    for (const auto& p : path) {
        if (p == json::array({5, 2})) through_gap = true;
        EXPECT_NE(p[1].get<int>() == 2 && p[0].get<int>() < 5, true) << p;
    }
    EXPECT_TRUE(through_gap);
    EXPECT_DOUBLE_EQ(j["length"].get<double>(), static_cast<double>(path.size() - 1));
    // Dijkstra agrees on the cost; JPS falls back to A* and says so.
    const auto d = run("find " + map + " --from 0,0 --to 0,4 --algo dijkstra --json");
    ASSERT_EQ(d.code, 0) << d.err;
    EXPECT_DOUBLE_EQ(last_json_line(d.out)["cost"].get<double>(), j["cost"].get<double>());
    const auto jps = run("find " + map + " --from 0,0 --to 0,4 --algo jps");
    ASSERT_EQ(jps.code, 0) << jps.err;
    EXPECT_NE(jps.out.find("jps fell back to A*"), std::string::npos) << jps.out;
}

TEST_F(cli, scen_runs_on_hex_maps_and_checks_costs) {
    write("open.map", "type hex\nlayout flat-axial\nheight 8\nwidth 8\nmap\n"
                      "........\n........\n........\n........\n"
                      "........\n........\n........\n........\n");
    // flat-axial stores (q, r): the hex distance of (0,7) to (7,0) is 7, of (0,0) to (7,7) 14.
    const std::string scen = write("open.map.scen", "version 1\n"
                                                    "0\topen.map\t8\t8\t0\t7\t7\t0\t7\n"
                                                    "0\topen.map\t8\t8\t0\t0\t7\t7\t14\n"
                                                    "0\topen.map\t8\t8\t2\t3\t2\t3\t0\n");
    const auto r = run("scen " + scen + " --json");
    ASSERT_EQ(r.code, 0) << r.err << r.out;
    const json j = last_json_line(r.out);
    EXPECT_EQ(j["scenarios"], 3);
    EXPECT_EQ(j["mismatches"], 0);
    const std::string wrong =
        write("wrong.scen", "version 1\n0\topen.map\t8\t8\t0\t7\t7\t0\t9.89949494\n");
    const auto w = run("scen " + wrong + " --json");
    EXPECT_NE(w.code, 0);
    EXPECT_NE(w.err.find("mismatch"), std::string::npos) << w.err;
}

TEST_F(cli, gen_writes_hex_maps_that_find_and_render_read) {
    const std::string map = path("gen.hex");
    const auto g = run("gen random --size 24 --rate 20 --seed 5 --format hex:flat-even -o " + map);
    ASSERT_EQ(g.code, 0) << g.err;
    EXPECT_EQ(slurp(map).rfind("type hex\nlayout flat-even\n", 0), 0u) << slurp(map);
    const auto png = path("trace.png");
    const auto f = run("find " + map + " --from 0,0 --to 23,23 --png " + png);
    EXPECT_TRUE(f.code == 0 || f.code == 1) << f.err; // the random map may cut the corners off
    const std::string bytes = slurp(png);
    ASSERT_GT(bytes.size(), 8u);
    EXPECT_EQ(bytes.substr(1, 3), "PNG");
    const auto r = run("render " + map + " -o " + path("map.png"));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("hexes of radius"), std::string::npos);
    const auto bad = run("gen random --size 4 --format hex:round -o " + path("x.hex"));
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("unknown hex layout"), std::string::npos) << bad.err;
}

TEST_F(cli, square_grid_only_paths_refuse_hex_maps) {
    const std::string map = write("walled.hex", walled_hex);
    const auto walk = run("find " + map + " --from 0,0 --to 0,4 --algo hybrid");
    EXPECT_EQ(walk.code, 2);
    EXPECT_NE(walk.err.find("does not support hex maps"), std::string::npos) << walk.err;
    const auto out = run("find " + map + " --from 0,0 --to 0,4 --out " + path("m.out"));
    EXPECT_EQ(out.code, 2);
    EXPECT_NE(out.err.find("--png"), std::string::npos) << out.err;
    const auto turn = run("find " + map + " --from 0,0 --to 0,4 --turn-penalty 1");
    EXPECT_EQ(turn.code, 2);
    const auto octile = run("find " + map + " --from 0,0 --to 0,4 --heuristic octile");
    EXPECT_EQ(octile.code, 2);
    EXPECT_NE(octile.err.find("hex distance"), std::string::npos) << octile.err;
    const auto route = run("route " + map + " --from 0,0 --to 0,4");
    EXPECT_EQ(route.code, 2);
    EXPECT_NE(route.err.find("walled.hex:1:6: this is a hex map"), std::string::npos) << route.err;
}

} // namespace
} // namespace xunlu
