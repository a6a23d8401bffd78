// `xunlu find --turn-penalty C`: the cost includes the penalty, the path turns less, batch
// queries take turn_penalty, and refused combinations say why.
#include "cli_fixture.hpp"

namespace xunlu {
namespace {

// Eight columns, four rows, open: (0,0) to (7,3) is four straight steps and three diagonals.
constexpr const char* open_map = "type octile\nheight 4\nwidth 8\nmap\n"
                                 "........\n"
                                 "........\n"
                                 "........\n"
                                 "........\n";

int turns(const json& path) {
    int count = 0;
    for (std::size_t k = 2; k < path.size(); ++k) {
        const int ax = path[k - 1][0].get<int>() - path[k - 2][0].get<int>();
        const int ay = path[k - 1][1].get<int>() - path[k - 2][1].get<int>();
        const int bx = path[k][0].get<int>() - path[k - 1][0].get<int>();
        const int by = path[k][1].get<int>() - path[k - 1][1].get<int>();
        if (ax != bx || ay != by) ++count;
    }
    return count;
}

TEST_F(cli, find_turn_penalty_charges_turns_and_straightens_the_path) {
    const std::string map = write("open.map", open_map);
    const auto plain = run("find " + map + " --from 0,0 --to 7,3 --json");
    ASSERT_EQ(plain.code, 0) << plain.err;
    const json p = last_json_line(plain.out);
    const auto turned = run("find " + map + " --from 0,0 --to 7,3 --turn-penalty 3 --json");
    ASSERT_EQ(turned.code, 0) << turned.err;
    const json t = last_json_line(turned.out);
    EXPECT_NEAR(p["cost"].get<double>(), 4 + 3 * std::sqrt(2.0), 1e-9);
    // One 45-degree turn at 3: cost 3 more, length unchanged.
    EXPECT_NEAR(t["cost"].get<double>(), 4 + 3 * std::sqrt(2.0) + 3, 1e-9);
    EXPECT_NEAR(t["length"].get<double>(), 4 + 3 * std::sqrt(2.0), 1e-9);
    EXPECT_EQ(turns(t["path"]), 1);
    // JPS falls back to A* and says so; the walks refuse.
    const auto jps = run("find " + map + " --from 0,0 --to 7,3 --turn-penalty 3 --algo jps --json");
    EXPECT_EQ(jps.code, 0) << jps.err;
    EXPECT_NE(last_json_line(jps.out)["reason"].get<std::string>().find("A*"), std::string::npos);
    const auto walk = run("find " + map + " --from 0,0 --to 7,3 --turn-penalty 3 --algo hybrid");
    EXPECT_EQ(walk.code, 2);
    EXPECT_NE(walk.err.find("does not support --turn-penalty"), std::string::npos) << walk.err;
    const auto negative = run("find " + map + " --from 0,0 --to 7,3 --turn-penalty -1");
    EXPECT_EQ(negative.code, 2);
    // Batch: per query, or the command line's default.
    const std::string q = write("q.jsonl", "{\"from\":[0,0],\"to\":[7,3]}\n"
                                           "{\"from\":[0,0],\"to\":[7,3],\"turn_penalty\":0}\n");
    const auto batch = run("find " + map + " --batch " + q + " --turn-penalty 3");
    ASSERT_EQ(batch.code, 0) << batch.err;
    std::istringstream lines(batch.out);
    std::string first, second;
    std::getline(lines, first);
    std::getline(lines, second);
    EXPECT_NEAR(json::parse(first)["cost"].get<double>(), 4 + 3 * std::sqrt(2.0) + 3, 1e-9);
    EXPECT_NEAR(json::parse(second)["cost"].get<double>(), 4 + 3 * std::sqrt(2.0), 1e-9);
}

TEST_F(cli, route_turn_penalty_reaches_the_grid_search) {
    // A wall between S and G, so the straight line fails and the full search answers.
    const std::string map = write("w.map", "type octile\nheight 4\nwidth 11\nmap\n"
                                           "...........\n"
                                           ".@@@@@@@...\n"
                                           ".......@...\n"
                                           ".......@...\n");
    const std::string args = "route " + map + " --from 0.5,0.5 --to 10.5,3.5 --json";
    const auto plain = run(args);
    const auto turned = run(args + " --turn-penalty 3");
    ASSERT_EQ(plain.code, 0) << plain.err;
    ASSERT_EQ(turned.code, 0) << turned.err;
    EXPECT_NE(last_json_line(plain.out)["expanded"], last_json_line(turned.out)["expanded"]);
    EXPECT_EQ(run(args + " --turn-penalty -2").code, 2);
}

} // namespace
} // namespace xunlu
