// The `xunlu route` and `xunlu ray` commands: JSON keys (a contract), exit codes, error text.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/run_cli.hpp"

namespace xunlu {
namespace {

using testing::run_cli;

class route_cli : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("xunlu_route_cli_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_ / "wp");
        std::ofstream(dir_ / "map.in") << "10 6\n"
                                          "..........\n"
                                          "...***....\n"
                                          "...*.*....\n"
                                          "...*.*....\n"
                                          "...***....\n"
                                          "..........\n";
        std::ofstream(dir_ / "wp" / "roadPoint.csv") << "id,x,y\n1,2,0\n2,7,0\n";
        std::ofstream(dir_ / "wp" / "pathlink.csv") << "from,to,cost\n1,2\n";
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string map() const { return (dir_ / "map.in").string(); }
    std::filesystem::path dir_;
};

TEST_F(route_cli, json_has_the_contract_keys) {
    auto r = run_cli("route " + map() + " --from 5,25 --to 95,25 --cell-size 10 --json");
    ASSERT_EQ(r.code, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["status"], "found");
    EXPECT_EQ(j["stage"], "bounded_search");
    ASSERT_TRUE(j["points"].is_array());
    EXPECT_EQ(j["points"].front(), nlohmann::json::parse("[5.0,25.0]"));
    EXPECT_EQ(j["points"].back(), nlohmann::json::parse("[95.0,25.0]"));
    EXPECT_TRUE(j["length"].is_number());
    EXPECT_TRUE(j["expanded"].is_number());
    EXPECT_TRUE(j["time_us"].is_number());
    EXPECT_EQ(j["blocking_cell"], nlohmann::json::parse("[3,2]"));
    EXPECT_EQ(j["map_version"], 0) << "the version of the map snapshot the query ran on";
}

TEST_F(route_cli, size_routes_an_n_by_n_unit) {
    // 1 x 1: round the box; 2 x 2: the one-cell rows above and below the box are too narrow.
    auto small = run_cli("route " + map() + " --from 0.5,2.5 --to 7.5,2.5 --json");
    ASSERT_EQ(small.code, 0) << small.out;
    auto big = run_cli("route " + map() + " --from 0.5,2.5 --to 7.5,2.5 --size 2 --json");
    EXPECT_EQ(big.code, 1) << big.out;
    EXPECT_EQ(nlohmann::json::parse(big.out)["status"], "no_path");
    // Inside the open right part a 2 x 2 unit sees its goal (pixels name the top-left cell).
    auto open = run_cli("route " + map() + " --from 6.5,0.5 --to 8.5,4.5 --size 2 --json");
    ASSERT_EQ(open.code, 0) << open.out;
    EXPECT_EQ(nlohmann::json::parse(open.out)["status"], "straight_line");
    // (9,0) is free, but a 2 x 2 footprint there leaves the map.
    auto edge = run_cli("route " + map() + " --from 9.5,0.5 --to 6.5,0.5 --size 2 --json");
    EXPECT_EQ(edge.code, 2) << edge.out;
    EXPECT_NE(edge.out.find("2 x 2 unit does not fit"), std::string::npos) << edge.out;
    auto bad = run_cli("route " + map() + " --from 6.5,0.5 --to 8.5,4.5 --size 0");
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.out.find("--size"), std::string::npos) << bad.out;
    // A batch line may ask for its own size.
    const auto batch = dir_ / "queries.jsonl";
    std::ofstream(batch) << R"({"from":[0.5,2.5],"to":[7.5,2.5]})"
                         << "\n"
                         << R"({"from":[0.5,2.5],"to":[7.5,2.5],"unit_size":2})"
                         << "\n";
    auto lines = run_cli("route " + map() + " --batch " + batch.string());
    const auto first = lines.out.find('\n');
    ASSERT_NE(first, std::string::npos) << lines.out;
    EXPECT_NE(nlohmann::json::parse(lines.out.substr(0, first))["status"], "no_path");
    EXPECT_EQ(nlohmann::json::parse(lines.out.substr(first + 1))["status"], "no_path");
}

TEST_F(route_cli, straight_line_island_and_options) {
    auto s = run_cli("route " + map() + " --from 0.5,0.5 --to 9.5,0.5 --json");
    ASSERT_EQ(s.code, 0) << s.out;
    EXPECT_EQ(nlohmann::json::parse(s.out)["status"], "straight_line");

    auto i = run_cli("route " + map() + " --from 0.5,0.5 --to 4.5,2.5 --json");
    EXPECT_EQ(i.code, 1) << i.out;
    const auto ij = nlohmann::json::parse(i.out);
    EXPECT_EQ(ij["status"], "no_path");
    EXPECT_EQ(ij["stage"], "reachability");
    EXPECT_EQ(ij["expanded"], 0);

    auto f = run_cli("route " + map() +
                     " --from 0.5,2.5 --to 9.5,2.5 --four-way --stop-short 1 "
                     "--max-expansions 1000 --waypoints " +
                     (dir_ / "wp").string() + " --json");
    ASSERT_EQ(f.code, 0) << f.out;
    EXPECT_EQ(nlohmann::json::parse(f.out)["status"], "found");
}

TEST_F(route_cli, bad_input_exits_2_with_a_clear_message) {
    auto outside = run_cli("route " + map() + " --from 5,5 --to 200,5 --cell-size 10");
    EXPECT_EQ(outside.code, 2);
    EXPECT_NE(outside.out.find("goal pixel (200,5) is outside the map"), std::string::npos)
        << outside.out;
    auto blocked = run_cli("route " + map() + " --from 3.5,1.5 --to 0.5,0.5");
    EXPECT_EQ(blocked.code, 2);
    EXPECT_NE(blocked.out.find("nearest free cell"), std::string::npos) << blocked.out;
    auto junk = run_cli("route " + map() + " --from x,1 --to 1,1");
    EXPECT_EQ(junk.code, 2);
    EXPECT_NE(junk.out.find("--from must be PX,PY"), std::string::npos) << junk.out;

    std::ofstream(dir_ / "wp" / "pathlink.csv") << "from,to,cost\n1,2\n1,9\n";
    auto csv = run_cli("route " + map() + " --from 0.5,0.5 --to 9.5,5.5 --waypoints " +
                       (dir_ / "wp").string());
    EXPECT_EQ(csv.code, 2);
    EXPECT_NE(csv.out.find("pathlink.csv:3: link refers to unknown waypoint id 9"),
              std::string::npos)
        << csv.out;
}

TEST_F(route_cli, algo_chooses_the_grid_search_through_the_registry) {
    const std::string q = "route " + map() + " --from 5,25 --to 95,25 --cell-size 10 --json";
    auto jps = run_cli(q);
    ASSERT_EQ(jps.code, 0) << jps.out;
    EXPECT_EQ(nlohmann::json::parse(jps.out)["algorithm"], "jps"); // the default
    for (const char* algo : {"astar", "jps-block", "jps+", "dijkstra"}) {
        auto r = run_cli(q + " --algo " + algo);
        ASSERT_EQ(r.code, 0) << algo << ": " << r.out;
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_EQ(j["algorithm"], algo);
        EXPECT_EQ(j["grid_length"], nlohmann::json::parse(jps.out)["grid_length"]) << algo;
    }
    auto no_jps = run_cli(q + " --algo jps+ --no-jps");
    EXPECT_EQ(nlohmann::json::parse(no_jps.out)["algorithm"], "astar");
    auto unknown = run_cli(q + " --algo bogus");
    EXPECT_EQ(unknown.code, 2);
    EXPECT_NE(unknown.out.find("jps-block"), std::string::npos) << unknown.out; // lists names
    auto refused = run_cli(q + " --algo jps+ --four-way");
    EXPECT_EQ(refused.code, 2);
    EXPECT_NE(refused.out.find("movement rule 4"), std::string::npos) << refused.out;
}

TEST_F(route_cli, ray_reports_clear_or_the_blocked_cell) {
    auto clear = run_cli("ray " + map() + " --from 0.5,0.5 --to 9.5,5.5 --json");
    const auto cj = nlohmann::json::parse(clear.out);
    EXPECT_EQ(clear.code, cj["clear"] ? 0 : 1);
    auto blocked = run_cli("ray " + map() + " --from 5,25 --to 95,25 --cell-size 10 --json");
    EXPECT_EQ(blocked.code, 1);
    const auto bj = nlohmann::json::parse(blocked.out);
    EXPECT_EQ(bj["clear"], false);
    EXPECT_EQ(bj["blocked_cell"], nlohmann::json::parse("[3,2]"));
    auto open = run_cli("ray " + map() + " --from 0.5,0.5 --to 9.5,0.5 --json");
    EXPECT_EQ(open.code, 0);
    EXPECT_EQ(nlohmann::json::parse(open.out)["clear"], true);
    auto outside = run_cli("ray " + map() + " --from 0.5,0.5 --to 10.5,0.5");
    EXPECT_EQ(outside.code, 2);
}

} // namespace
} // namespace xunlu
