// `xunlu fog` and `find --fog`: a unit walking through the fog (legal steps, re-plans when it
// meets the wall, the fog file it leaves), searching what a player believes, and bad input.
#include <cmath>
#include <cstdlib>

#include "cli_fixture.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/overlays/fog_file.hpp"

namespace xunlu {
namespace {

// A wall with one door at the bottom: the straight line from left to right is blocked.
constexpr const char* walled = "type octile\nheight 8\nwidth 17\nmap\n"
                               "........@........\n"
                               "........@........\n"
                               "........@........\n"
                               "........@........\n"
                               "........@........\n"
                               "........@........\n"
                               "........@........\n"
                               ".................\n";

TEST_F(cli, fog_walks_round_the_wall_it_discovers_and_leaves_its_fog) {
    const std::string map = write("walled.map", walled);
    const std::string fog = path("seen.fog");
    const auto r =
        run("fog " + map + " --from 1,1 --to 15,1 --sensor 2 --json --walk --save-fog " + fog);
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    EXPECT_EQ(j["status"], "arrived");
    EXPECT_GE(j["replans"].get<int>(), 1);
    EXPECT_GE(j["discoveries"].get<int>(), 1);
    const auto loaded = io::load_map(map);
    ASSERT_TRUE(loaded.ok());
    const auto& walk = j["walk"];
    ASSERT_EQ(walk.size(), j["steps"].get<std::size_t>() + 1);
    double length = 0;
    for (std::size_t i = 1; i < walk.size(); ++i) {
        const cell a{walk[i - 1][0], walk[i - 1][1]}, b{walk[i][0], walk[i][1]};
        ASSERT_LE(std::abs(a.x - b.x), 1);
        ASSERT_LE(std::abs(a.y - b.y), 1);
        ASSERT_TRUE(loaded->map.passable(b)) << i;
        length += (a.x != b.x && a.y != b.y) ? std::sqrt(2.0) : 1.0;
    }
    EXPECT_NEAR(j["length"].get<double>(), length, 1e-9);
    EXPECT_EQ(walk.back()[0], 15);
    // The second walk knows the wall already: no surprise, no re-plan.
    const auto again = run("fog " + map + " --from 1,1 --to 15,1 --sensor 2 --json --fog " + fog);
    ASSERT_EQ(again.code, 0) << again.err;
    EXPECT_EQ(last_json_line(again.out)["replans"], 0);
    EXPECT_LT(last_json_line(again.out)["length"].get<double>(), length);
}

TEST_F(cli, find_with_fog_searches_what_the_player_believes) {
    const std::string map = write("walled.map", walled);
    // Explored: the left room and the bottom row only.
    std::string text = "type fog\nheight 8\nwidth 17\nfog\n";
    for (int y = 0; y < 8; ++y) {
        text += (y == 7 ? std::string(17, '1') : "111111111" + std::string(8, '0')) + "\n";
    }
    const std::string fog = write("known.fog", text);
    // Unseen cells blocked: only the bottom row leads right, so the goal there is reached
    // through explored cells only; a goal in the unseen part is not.
    const auto known =
        run("find " + map + " --from 1,1 --to 16,7 --fog " + fog + " --assume blocked --json");
    ASSERT_EQ(known.code, 0) << known.err;
    const auto parsed = overlays::parse_fog(text);
    ASSERT_TRUE(parsed.ok()) << parsed.err().message;
    const json answer = last_json_line(known.out); // kept alive for the loop below
    for (const auto& c : answer["path"]) {
        EXPECT_TRUE(parsed->explored({c[0], c[1]})) << c.dump();
    }
    // An unseen goal is believed blocked: refused as such.
    const auto unseen =
        run("find " + map + " --from 1,1 --to 15,1 --fog " + fog + " --assume blocked");
    EXPECT_EQ(unseen.code, 2);
    EXPECT_NE(unseen.err.find("goal (15,1) is blocked"), std::string::npos) << unseen.err;
    // Unseen cells walkable: straight through the unseen part.
    EXPECT_EQ(run("find " + map + " --from 1,1 --to 15,1 --fog " + fog).code, 0);
}

TEST_F(cli, fog_refuses_bad_input_clearly) {
    const std::string map = write("walled.map", walled);
    const auto assume = run("fog " + map + " --from 1,1 --to 15,1 --assume maybe");
    EXPECT_EQ(assume.code, 2);
    EXPECT_NE(assume.err.find("unknown --assume"), std::string::npos) << assume.err;
    const std::string small = write("small.fog", "type fog\nheight 1\nwidth 2\nfog\n10\n");
    const auto size = run("fog " + map + " --from 1,1 --to 15,1 --fog " + small);
    EXPECT_EQ(size.code, 2);
    EXPECT_NE(size.err.find("the fog is 2x1, the map 17x8"), std::string::npos) << size.err;
    const std::string bad = write("bad.fog", "type fog\nheight 1\nwidth 2\nfog\n1?\n");
    const auto cell_error = run("find " + map + " --from 1,1 --to 15,1 --fog " + bad);
    EXPECT_EQ(cell_error.code, 2);
    EXPECT_NE(cell_error.err.find("bad.fog:5:2"), std::string::npos) << cell_error.err;
    EXPECT_EQ(run("find " + map + " --from 1,1 --to 15,1 --assume blocked").code, 2);
    EXPECT_EQ(run("fog " + map + " --from 8,1 --to 15,1").code, 2); // starts in the wall
    // A goal walled in: the unit learns there is no way and says so (exit 1).
    const std::string closed = write("closed.map", "type octile\nheight 3\nwidth 5\nmap\n"
                                                   "...@.\n...@.\n.....\n");
    const std::string boxed = write("boxed.map", "type octile\nheight 3\nwidth 5\nmap\n"
                                                 "...@.\n...@@\n...@.\n");
    EXPECT_EQ(run("fog " + closed + " --from 0,0 --to 4,0 --json").code, 0);
    const auto none = run("fog " + boxed + " --from 0,0 --to 4,0 --json");
    EXPECT_EQ(none.code, 1);
    EXPECT_EQ(last_json_line(none.out)["status"], "no_path");
}

} // namespace
} // namespace xunlu
