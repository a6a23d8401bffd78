// `xunlu graph` on the real program: CSV folders and JSON files (also from standard input),
// directed links, unreachable pairs answered without searching, and FILE:LINE errors.
#include "cli_fixture.hpp"

namespace xunlu {
namespace {

// 1 -(5)- 2 -(5)- 3, and 1 -(20)- 3; node 4 alone. Positions make the costs straight distances.
constexpr const char* road_points = "id,x,y\n1,0,0\n2,3,4\n3,6,0\n4,100,100\n";
constexpr const char* path_links = "from,to,cost\n1,2\n2,3\n1,3,20\n";

TEST_F(cli, graph_finds_the_cheapest_path_in_a_csv_folder) {
    fs::create_directories(path("g"));
    write("g/roadPoint.csv", road_points);
    write("g/pathlink.csv", path_links);
    const auto r = run("graph " + path("g") + " --from 1 --to 3 --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    EXPECT_EQ(j["status"], "found");
    EXPECT_DOUBLE_EQ(j["cost"].get<double>(), 10.0);
    EXPECT_EQ(j["path"], json::array({1, 2, 3}));
    EXPECT_GT(j["expanded"].get<int>(), 0);
    EXPECT_TRUE(j.contains("time_us"));
    EXPECT_EQ(j["heuristic"], "euclidean");
    EXPECT_EQ(j["nodes"], 4);
    EXPECT_EQ(j["edges"], 3);

    // Unreachable: exit 1, nothing expanded, no cost.
    const auto u = run("graph " + path("g") + " --from 1 --to 4 --json");
    EXPECT_EQ(u.code, 1);
    const json ju = last_json_line(u.out);
    EXPECT_EQ(ju["status"], "no_path");
    EXPECT_EQ(ju["expanded"], 0);
    EXPECT_TRUE(ju["cost"].is_null());
    EXPECT_EQ(ju["path"], json::array());
    EXPECT_EQ(ju["by_components"], true);

    // --directed: links are one way, so 3 -> 1 has no path.
    const auto d = run("graph " + path("g") + " --from 3 --to 1 --directed --json");
    EXPECT_EQ(d.code, 1);
    EXPECT_EQ(last_json_line(d.out)["status"], "no_path");
    const auto fwd = run("graph " + path("g") + " --from 1 --to 3 --directed");
    EXPECT_EQ(fwd.code, 0);
    EXPECT_NE(fwd.out.find("path: 1 2 3"), std::string::npos) << fwd.out;
}

TEST_F(cli, graph_reads_json_files_and_standard_input) {
    const std::string g = write("g.json", R"({"directed": true,
"nodes": [{"id": 10, "x": 0, "y": 0}, {"id": 20, "x": 1, "y": 0}, {"id": 30, "x": 2, "y": 0}],
"edges": [{"from": 10, "to": 20, "cost": 0.25}, {"from": 20, "to": 30, "cost": 0.25},
          {"from": 10, "to": 30, "cost": 3}]})");
    auto r = run("graph " + g + " --from 10 --to 30 --json");
    ASSERT_EQ(r.code, 0) << r.err;
    json j = last_json_line(r.out);
    EXPECT_DOUBLE_EQ(j["cost"].get<double>(), 0.5);
    EXPECT_EQ(j["path"], json::array({10, 20, 30}));
    EXPECT_EQ(j["heuristic"], "scaled_euclidean");
    EXPECT_DOUBLE_EQ(j["heuristic_scale"].get<double>(), 0.25);
    EXPECT_EQ(j["directed"], true);
    r = run("graph - --from 30 --to 10 --json < " + g);
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(last_json_line(r.out)["status"], "no_path");
    // A JSON file says itself whether it is directed.
    r = run("graph " + g + " --from 10 --to 30 --directed");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--directed is for a CSV folder"), std::string::npos) << r.err;
}

TEST_F(cli, graph_errors_name_the_file_and_line) {
    fs::create_directories(path("g"));
    write("g/roadPoint.csv", "id,x,y\n1,0,0\n2,nan,0\n");
    write("g/pathlink.csv", "1,2\n");
    auto r = run("graph " + path("g") + " --from 1 --to 2");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("roadPoint.csv:3: x must be finite"), std::string::npos) << r.err;
    write("g/roadPoint.csv", road_points);
    write("g/pathlink.csv", "1,2\n2,7\n");
    r = run("graph " + path("g") + " --from 1 --to 2");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("pathlink.csv:2: link 2 -> 7 names node id 7"), std::string::npos)
        << r.err;
    write("g/pathlink.csv", "1,2,-3\n");
    r = run("graph " + path("g") + " --from 1 --to 2");
    EXPECT_NE(r.err.find("pathlink.csv:1: cost must be >= 0"), std::string::npos) << r.err;
    const std::string bad = write("bad.json", "{\"nodes\": [\n{\"id\": 1, \"x\": 0, \"y\": 0},\n"
                                              "{\"id\": 1, \"x\": 1, \"y\": 0}]}");
    r = run("graph " + bad + " --from 1 --to 1");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("bad.json:3: duplicate node id 1 (first on line 2)"), std::string::npos)
        << r.err;
    write("g/pathlink.csv", path_links);
    r = run("graph " + path("g") + " --from 1 --to 99");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--to 99: no node with this id"), std::string::npos) << r.err;
    r = run("graph " + path("g") + " --from 1 --to 3 --max-expansions -1");
    EXPECT_EQ(r.code, 2);
}

} // namespace
} // namespace xunlu
