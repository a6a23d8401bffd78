// The real `xunlu` binary (path in XUNLU_CLI) run on temporary files: JSON outputs, exit codes,
// error messages naming file and line, scenario runs, emitted paths, gen, render and info.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_fixture.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu {
namespace {

TEST_F(cli, find_json_has_the_documented_keys_and_a_valid_path) {
    const auto map = write("w.map", walled_map);
    const auto r = run("find " + map + " --from 0,0 --to 5,0 --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    for (const char* key :
         {"status", "length", "expanded", "time_us", "path", "cost", "partial", "generated",
          "heap_pushes", "decrease_keys", "peak_open", "memory_bytes", "algo"}) {
        EXPECT_TRUE(j.contains(key)) << key;
    }
    EXPECT_EQ(j["status"], "found");
    EXPECT_EQ(j["algo"], "astar");
    EXPECT_FALSE(j["partial"].get<bool>());
    // Down the left side, under the wall (no corner cutting), up the right side.
    const double sqrt2 = std::sqrt(2.0);
    EXPECT_NEAR(j["length"].get<double>(), 5 + 3 * sqrt2, 1e-9);
    EXPECT_GT(j["expanded"].get<std::uint64_t>(), 0u);
    EXPECT_GE(j["time_us"].get<double>(), 0.0);
    std::vector<cell> path;
    for (const auto& p : j["path"]) {
        ASSERT_EQ(p.size(), 2u);
        path.push_back({p[0].get<std::int32_t>(), p[1].get<std::int32_t>()});
    }
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(path.front(), (cell{0, 0}));
    EXPECT_EQ(path.back(), (cell{5, 0}));
    const auto loaded = io::load_map(map);
    ASSERT_TRUE(loaded.ok());
    EXPECT_EQ(grid::check_path(loaded->map, path, {}, grid::obstacle_mask::high_and_low),
              std::nullopt);
    EXPECT_NEAR(grid::path_length(path), j["length"].get<double>(), 1e-9);
}

TEST_F(cli, find_with_dijkstra_and_other_rules) {
    const auto map = write("w.map", walled_map);
    const auto a = run("find " + map + " --from 0,0 --to 5,0 --json --algo dijkstra");
    ASSERT_EQ(a.code, 0) << a.err;
    const json j = json::parse(a.out);
    EXPECT_EQ(j["algo"], "dijkstra");
    EXPECT_NEAR(j["length"].get<double>(), 5 + 3 * std::sqrt(2.0), 1e-9);
    const auto four = run("find " + map + " --from 0,0 --to 5,0 --json --rule 4");
    ASSERT_EQ(four.code, 0) << four.err;
    EXPECT_NEAR(json::parse(four.out)["length"].get<double>(), 11.0, 1e-9);
    const auto ints = run("find " + map + " --from 0,0 --to 5,0 --json --costs 10-14");
    ASSERT_EQ(ints.code, 0) << ints.err;
    EXPECT_NEAR(json::parse(ints.out)["cost"].get<double>(), 5 * 10 + 3 * 14, 1e-9);
}

TEST_F(cli, find_exit_codes) {
    const auto map = write("boxed.map", "type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n"
                                        "..@..\n");
    const auto none = run("find " + map + " --from 0,0 --to 4,0 --json");
    EXPECT_EQ(none.code, 1);
    const json j = json::parse(none.out);
    EXPECT_EQ(j["status"], "no_path");
    EXPECT_TRUE(j["path"].empty());
    EXPECT_EQ(j["reason"], "goal (4,0) is unreachable from start (0,0)");

    const auto blocked = run("find " + map + " --from 0,0 --to 2,1");
    EXPECT_EQ(blocked.code, 2);
    EXPECT_NE(blocked.err.find("goal (2,1) is blocked"), std::string::npos) << blocked.err;

    const auto outside = run("find " + map + " --from 0,0 --to 9,9");
    EXPECT_EQ(outside.code, 2);
    EXPECT_NE(outside.err.find("goal (9,9) is outside the 5x3 map"), std::string::npos);

    const auto bad_cell = run("find " + map + " --from '0;0' --to 1,1");
    EXPECT_EQ(bad_cell.code, 2);
    EXPECT_NE(bad_cell.err.find("--from must be X,Y"), std::string::npos) << bad_cell.err;

    const auto bad_algo = run("find " + map + " --from 0,0 --to 1,1 --algo nope");
    EXPECT_EQ(bad_algo.code, 2);
    EXPECT_NE(bad_algo.err.find("unknown --algo 'nope'"), std::string::npos);

    const auto missing_arg = run("find " + map + " --from 0,0");
    EXPECT_EQ(missing_arg.code, 2);

    const auto budget = run("find " + map + " --from 0,0 --to 1,2 --max-expansions 1 --json");
    EXPECT_EQ(budget.code, 1);
    EXPECT_EQ(json::parse(budget.out)["status"], "budget_exhausted");
}

TEST_F(cli, bad_map_gives_exit_2_naming_file_line_and_cell) {
    const auto map = write("bad.map", "type octile\nheight 2\nwidth 3\nmap\n...\n.?.\n");
    const auto r = run("find " + map + " --from 0,0 --to 2,1 --json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "xunlu: " + map + ":6:2: unknown cell character '?' at cell (1,1)\n");
    EXPECT_TRUE(r.out.empty());

    const auto ragged = write("ragged.in", "3\n...\n..\n...\n");
    const auto i = run("info " + ragged);
    EXPECT_EQ(i.code, 2);
    EXPECT_EQ(i.err, "xunlu: " + ragged + ":3: row 1 has 2 cells, expected 3\n");

    const auto missing = run("info " + path("absent.map"));
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find(path("absent.map") + ": cannot open"), std::string::npos);
}

TEST_F(cli, find_writes_map_out_and_png) {
    const auto map = write("w.map", walled_map);
    const auto r = run("find " + map + " --from 0,0 --to 5,0 --out " + path("map.out") + " --png " +
                       path("f.png"));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("status     found"), std::string::npos) << r.out;
    const auto out = slurp(path("map.out"));
    EXPECT_EQ(out.rfind("# xunlu map.out: status found, length 9.24264", 0), 0u) << out;
    // Header line, size line, then the rows; the goal (5,0) ends the first row.
    const auto rows = out.find("\n6 4\n");
    ASSERT_NE(rows, std::string::npos) << out;
    const auto first_row = out.substr(rows + 5, out.find('\n', rows + 5) - rows - 5);
    EXPECT_TRUE(first_row.ends_with(" ◎")) << first_row;
    EXPECT_NE(first_row.find(" * "), std::string::npos) << first_row;
    EXPECT_NE(out.find("→"), std::string::npos) << out;
    const auto png = io::load_map(path("f.png"));
    ASSERT_TRUE(png.ok()) << png.err().message;
    EXPECT_EQ(png->format, io::map_format::png);
}

/// Octile distance on an empty grid, the optimal length there.
double octile(cell a, cell b) {
    const auto dx = std::abs(a.x - b.x);
    const auto dy = std::abs(a.y - b.y);
    return std::max(dx, dy) + (std::sqrt(2.0) - 1) * std::min(dx, dy);
}

TEST_F(cli, scen_json_summary_and_emitted_paths) {
    // An empty generated map: optimal lengths are octile distances.
    const auto gen = run("gen random --size 16 --rate 0 --seed 1 -o " + path("open.map"));
    ASSERT_EQ(gen.code, 0) << gen.err;
    const std::vector<std::pair<cell, cell>> problems{
        {{0, 0}, {15, 15}}, {{3, 1}, {12, 7}}, {{5, 5}, {5, 5}}, {{15, 0}, {0, 9}}};
    std::string scen = "version 1\r\n";
    for (const auto& [s, g] : problems) {
        char line[200];
        std::snprintf(line, sizeof line,
                      "0\tmaps/some/other/folder/open.map\t16\t16\t%d\t%d\t%d\t%d\t%.8f\r\n", s.x,
                      s.y, g.x, g.y, octile(s, g));
        scen += line;
    }
    scen += "\r\n";
    const auto scen_file = write("open.map.scen", scen);
    const auto r = run("scen " + scen_file + " --json --emit-paths " + path("paths.jsonl"));
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    for (const char* key :
         {"scenarios", "mismatches", "mean_us", "median_us", "p99_us", "expanded_mean", "solved"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["scenarios"], problems.size());
    EXPECT_EQ(j["solved"], problems.size());
    EXPECT_EQ(j["mismatches"], 0);
    EXPECT_GE(j["p99_us"].get<double>(), j["median_us"].get<double>());
    EXPECT_GT(j["expanded_mean"].get<double>(), 0.0);

    const auto loaded = io::load_map(path("open.map"));
    ASSERT_TRUE(loaded.ok());
    std::istringstream lines(slurp(path("paths.jsonl")));
    std::string line;
    std::size_t n = 0;
    while (std::getline(lines, line)) {
        const json p = json::parse(line);
        ASSERT_LT(n, problems.size());
        EXPECT_EQ(p["index"], n);
        const auto [s, g] = problems[n];
        EXPECT_EQ(p["start"], json::array({s.x, s.y}));
        EXPECT_EQ(p["goal"], json::array({g.x, g.y}));
        std::vector<cell> cells;
        for (const auto& c : p["path"])
            cells.push_back({c[0].get<std::int32_t>(), c[1].get<std::int32_t>()});
        ASSERT_FALSE(cells.empty());
        EXPECT_EQ(cells.front(), s);
        EXPECT_EQ(cells.back(), g);
        EXPECT_EQ(grid::check_path(loaded->map, cells, {}, grid::obstacle_mask::high_and_low),
                  std::nullopt);
        EXPECT_NEAR(p["length"].get<double>(), octile(s, g), 1e-9);
        ++n;
    }
    EXPECT_EQ(n, problems.size());

    // --every samples; dijkstra agrees.
    const auto every = run("scen " + scen_file + " --json --every 2 --algo dijkstra");
    ASSERT_EQ(every.code, 0) << every.err;
    EXPECT_EQ(last_json_line(every.out)["scenarios"], 2);
}

TEST_F(cli, scen_mismatch_exits_1_and_names_the_line) {
    ASSERT_EQ(run("gen random --size 8 --rate 0 --seed 1 -o " + path("e.map")).code, 0);
    const auto scen = write("e.map.scen", "version 1.0\n"
                                          "0 e.map 8 8 0 0 7 0 7.00\n"
                                          "0 e.map 8 8 0 0 7 7 9.00\n");
    const auto r = run("scen " + scen + " --json");
    EXPECT_EQ(r.code, 1);
    const json j = last_json_line(r.out);
    EXPECT_EQ(j["scenarios"], 2);
    EXPECT_EQ(j["solved"], 2);
    EXPECT_EQ(j["mismatches"], 1);
    EXPECT_NE(r.err.find(scen + ":3: mismatch"), std::string::npos) << r.err;
    // Manhattan on 8-connected is not an optimal setting: mismatches are counted but the exit
    // status stays 0.
    const auto m = run("scen " + scen + " --json --heuristic manhattan");
    EXPECT_EQ(m.code, 0) << m.err;
    EXPECT_GE(last_json_line(m.out)["mismatches"].get<int>(), 1);
}

TEST_F(cli, scen_bad_input_exits_2) {
    ASSERT_EQ(run("gen random --size 8 --rate 0 --seed 1 -o " + path("e.map")).code, 0);
    const auto bad_line = write("b.map.scen", "version 1\n0 e.map 8 8 0 0 7 0 7\n0 e.map 8 8 0\n");
    auto r = run("scen " + bad_line);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(bad_line + ":3: expected 9 fields"), std::string::npos) << r.err;

    const auto wrong_size = write("s.map.scen", "version 1\n0 e.map 9 8 0 0 7 0 7\n");
    r = run("scen " + wrong_size);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(wrong_size + ":2: scenario is for a 9x8 map but e.map is 8x8"),
              std::string::npos)
        << r.err;

    const auto no_map = write("n.map.scen", "version 1\n0 maps/x/missing.map 8 8 0 0 7 0 7\n");
    r = run("scen " + no_map);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(path("missing.map") + ": cannot open"), std::string::npos) << r.err;

    // --map-dir resolves the map column's base name in another folder.
    fs::create_directories(dir_ / "maps");
    fs::copy_file(path("e.map"), dir_ / "maps" / "missing.map");
    r = run("scen " + no_map + " --map-dir " + path("maps") + " --json");
    EXPECT_EQ(r.code, 0) << r.err;
}

TEST_F(cli, gen_is_reproducible) {
    ASSERT_EQ(run("gen random --size 40 --rate 30 --seed 5 -o " + path("a.map")).code, 0);
    ASSERT_EQ(run("gen random --size 40 --rate 30 --seed 5 -o " + path("b.map")).code, 0);
    ASSERT_EQ(run("gen random --size 40 --rate 30 --seed 6 -o " + path("c.map")).code, 0);
    const auto a = slurp(path("a.map"));
    EXPECT_EQ(a.rfind("type octile\nheight 40\nwidth 40\nmap\n", 0), 0u);
    EXPECT_EQ(a, slurp(path("b.map")));
    EXPECT_NE(a, slurp(path("c.map")));
    std::size_t blocked = 0;
    for (const char c : a.substr(a.find("map\n") + 4)) blocked += c == '@' ? 1 : 0;
    EXPECT_EQ(blocked, 40u * 40u * 30u / 100u);

    // map.in output on stdout, and mazes/rooms.
    const auto text = run("gen random --size 5 --rate 20 --seed 5");
    ASSERT_EQ(text.code, 0);
    EXPECT_EQ(text.out.rfind("5\n", 0), 0u);
    EXPECT_EQ(text.out, run("gen random --size 5 --rate 20 --seed 5 --format map.in").out);
    EXPECT_EQ(run("gen maze --size 31 --corridor 2 --seed 3 -o " + path("m.map")).code, 0);
    EXPECT_EQ(run("gen rooms --size 50 --room 8 --seed 3 -o " + path("r.map")).code, 0);
    EXPECT_EQ(run("gen caves --size 5").code, 2);
    EXPECT_EQ(run("gen random --size 5 --rate 101").code, 2);
}

TEST_F(cli, render_writes_a_png) {
    const auto map = write("w.map", walled_map);
    auto r = run("render " + map + " --scale 1 -o " + path("plain.png"));
    ASSERT_EQ(r.code, 0) << r.err;
    const auto bytes = slurp(path("plain.png"));
    EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    const auto back = io::load_map(path("plain.png"));
    ASSERT_TRUE(back.ok());
    const auto orig = io::load_map(map);
    ASSERT_EQ(back->map.width(), 6);
    ASSERT_EQ(back->map.height(), 4);
    for (std::int32_t y = 0; y < 4; ++y)
        for (std::int32_t x = 0; x < 6; ++x)
            EXPECT_EQ(back->map.is_high_obstacle({x, y}), orig->map.is_high_obstacle({x, y}));

    r = run("render " + map + " --from 0,0 --to 5,0 --trace --scale 3 -o " + path("p.png"));
    ASSERT_EQ(r.code, 0) << r.err;
    const auto traced = io::load_map(path("p.png"));
    ASSERT_TRUE(traced.ok());
    EXPECT_EQ(traced->map.width(), 18);
    EXPECT_EQ(run("render " + map + " --from 0,0 -o " + path("x.png")).code, 2);
}

TEST_F(cli, info_json) {
    const auto map = write("w.map", walled_map);
    const auto r = run("info " + map + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["format"], "movingai");
    EXPECT_EQ(j["width"], 6);
    EXPECT_EQ(j["height"], 4);
    EXPECT_EQ(j["cells"], 24);
    EXPECT_EQ(j["free"], 21);
    EXPECT_EQ(j["high_obstacles"], 3);
    EXPECT_EQ(j["low_obstacles"], 0);
    EXPECT_EQ(j["terrain_costs"], false);
    EXPECT_GT(j["memory_bytes"].get<std::uint64_t>(), 24u);
    const auto text = write("t.in", "2 1\n.*\n");
    EXPECT_EQ(json::parse(run("info " + text + " --json").out)["format"], "map.in");
}

TEST_F(cli, every_subcommand_has_help) {
    for (const char* cmd : {"find", "scen", "gen", "render", "info", "algorithms"}) {
        const auto r = run(std::string(cmd) + " --help");
        EXPECT_EQ(r.code, 0) << cmd;
        EXPECT_NE(r.out.find("--"), std::string::npos) << cmd;
    }
    EXPECT_EQ(run("").code, 2);
    EXPECT_EQ(run("frobnicate").code, 2);
}

TEST_F(cli, algorithms_json_lists_every_registered_finder_with_the_documented_keys) {
    const auto r = run("algorithms --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_TRUE(j.is_array());
    std::vector<std::string> names;
    for (const auto& e : j) {
        for (const char* key : {"name", "description", "optimal", "complete", "preprocessing",
                                "stepping", "terrain_costs", "stop_within", "rules", "budget"}) {
            EXPECT_TRUE(e.contains(key)) << key;
        }
        names.push_back(e["name"].get<std::string>());
        for (const auto& rule : e["rules"]) {
            const auto name = rule.get<std::string>();
            EXPECT_TRUE(name == "4" || name == "8" || name == "8-cut1" || name == "8-always")
                << name;
        }
        for (const char* key : {"terrain_costs", "stop_within"}) {
            const auto v = e[key].get<std::string>();
            EXPECT_TRUE(v == "native" || v == "astar_fallback" || v == "ignored" ||
                        v == "unsupported")
                << v;
        }
    }
    for (const char* name :
         {"astar", "dijkstra", "jps", "jps-block", "jps+", "hybrid", "single_object"}) {
        EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
    }
    const auto jps_plus =
        std::find_if(j.begin(), j.end(), [](const json& e) { return e["name"] == "jps+"; });
    ASSERT_NE(jps_plus, j.end());
    EXPECT_EQ((*jps_plus)["rules"], json::array({"8"}));
    EXPECT_TRUE((*jps_plus)["preprocessing"].get<bool>());
    EXPECT_EQ((*jps_plus)["terrain_costs"], "astar_fallback");
    // The text listing names them too.
    const auto text = run("algorithms");
    EXPECT_EQ(text.code, 0);
    EXPECT_NE(text.out.find("single_object"), std::string::npos);
}

TEST_F(cli, find_runs_the_walking_methods_through_the_registry) {
    const auto map = write("w.map", walled_map);
    const double optimum = 5 + 3 * std::sqrt(2.0);
    for (const char* algo : {"hybrid", "single_object"}) {
        const auto r = run("find " + map + " --from 0,0 --to 5,0 --json --algo " + algo);
        ASSERT_EQ(r.code, 0) << algo << ": " << r.err;
        const json j = json::parse(r.out);
        EXPECT_EQ(j["status"], "found");
        EXPECT_EQ(j["algo"], algo);
        EXPECT_GE(j["length"].get<double>(), optimum - 1e-9) << algo;
    }
}

TEST_F(cli, out_of_memory_is_a_clear_error_with_exit_2_not_an_abort) {
#if defined(__SANITIZE_ADDRESS__) || defined(XUNLU_ASAN_BUILD)
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#else
    // 20000 x 20000 cells do not fit in 300 MB of address space.
    const std::string cmd = "(ulimit -v 300000; " + std::string(XUNLU_CLI) +
                            " gen random --size 20000 -o " + path("big.map") + ") 2>&1";
    FILE* pipe = ::popen(cmd.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string out;
    char buf[512];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
    const int status = ::pclose(pipe);
    ASSERT_TRUE(WIFEXITED(status)) << out;
    EXPECT_EQ(WEXITSTATUS(status), 2) << out;
    EXPECT_NE(out.find("out of memory"), std::string::npos) << out;
#endif
}

} // namespace
} // namespace xunlu
