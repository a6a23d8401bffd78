// `xunlu update` and `xunlu gen world`: scripted edits land in the written map, the hierarchical
// repair is reported, and bad edits are refused with the option and the cell named (exit 2).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "cli_fixture.hpp"
#include "xunlu/io/map_loader.hpp"

namespace xunlu {
namespace {

TEST_F(cli, update_writes_the_edits_and_reports_the_repair) {
    const std::string map = write("m.map", walled_map);
    const run_result r =
        run("update " + map + " --set 2,3,wall --rect 4,0,5,1,wall --set 2,0,open -o " +
            path("u.map") + " --hpa fast --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["edits"], 6);
    EXPECT_EQ(j["changed_cells"], 6); // (2,0) was a wall, the others were free
    EXPECT_EQ(j["hpa"]["clusters_total"], 1);
    EXPECT_EQ(j["hpa"]["clusters_rebuilt"], 1);
    auto out = io::load_map(path("u.map"));
    ASSERT_TRUE(out.ok()) << out.err().message;
    EXPECT_TRUE(out->map.is_high_obstacle({2, 3}));
    EXPECT_TRUE(out->map.is_high_obstacle({5, 1}));
    EXPECT_FALSE(out->map.is_high_obstacle({2, 0}));
}

TEST_F(cli, update_reports_the_dead_end_repair) {
    // A room with two doors, (4, 2) and (2, 4); walling one makes the room a dead end.
    const std::string map = write("room.map", "type octile\nheight 7\nwidth 8\nmap\n"
                                              "........\n"
                                              ".@@@@...\n"
                                              ".@......\n"
                                              ".@..@...\n"
                                              ".@.@@...\n"
                                              "........\n"
                                              "........\n");
    const run_result r = run("update " + map + " --set 4,2,wall --dead-ends --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    const auto& d = j["dead_ends"];
    EXPECT_FALSE(d["rebuilt"].get<bool>());
    EXPECT_GE(d["areas_found"].get<int>(), 1);
    EXPECT_GE(d["boxes"].get<int>(), 1);
    EXPECT_GT(d["areas_after"].get<int>(), d["areas_before"].get<int>());
    const run_result text = run("update " + map + " --set 4,2,wall --dead-ends");
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("dead ends: built in"), std::string::npos) << text.out;
}

TEST_F(cli, update_refuses_bad_edits) {
    const std::string map = write("m.map", walled_map);
    const auto expect_refused = [&](const std::string& args, const std::string& says) {
        const run_result r = run("update " + map + " " + args);
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_NE(r.err.find(says), std::string::npos) << args << ": " << r.err;
    };
    expect_refused("--set 9,9,wall", "--set 9,9,wall: cell 9,9 is outside the 6x4 map");
    expect_refused("--set 1,1,door", "unknown kind 'door'");
    expect_refused("--set 1,1", "expected X,Y,KIND");
    expect_refused("--set -1,1,wall", "is not a cell coordinate");
    expect_refused("--set 1x,1,wall", "is not a cell coordinate");
    expect_refused("--rect 3,3,1,1,wall", "the corners are the wrong way round");
    expect_refused("--rect 0,0,9,1,wall", "outside the 6x4 map");
    expect_refused("--rect 0,0,1,wall", "expected X0,Y0,X1,Y1,KIND");
    expect_refused("", "nothing to change");
    expect_refused("--set 1,1,wall --hpa medium", "unknown --hpa 'medium'");
}

TEST_F(cli, gen_world_is_the_same_for_the_same_seed) {
    ASSERT_EQ(run("gen world --size 300 --seed 4 -o " + path("a.map")).code, 0);
    ASSERT_EQ(run("gen world --size 300 --seed 4 -o " + path("b.map")).code, 0);
    ASSERT_EQ(run("gen world --size 300 --seed 5 -o " + path("c.map")).code, 0);
    EXPECT_EQ(slurp(path("a.map")), slurp(path("b.map")));
    EXPECT_NE(slurp(path("a.map")), slurp(path("c.map")));
    auto world = io::load_map(path("a.map"));
    ASSERT_TRUE(world.ok());
    EXPECT_FALSE(world->map.is_high_obstacle({0, 0}));
    EXPECT_FALSE(world->map.is_high_obstacle({299, 299}));
    // Tiny worlds are still valid maps.
    EXPECT_EQ(run("gen world --size 1 -o " + path("one.map")).code, 0);
}

} // namespace
} // namespace xunlu
