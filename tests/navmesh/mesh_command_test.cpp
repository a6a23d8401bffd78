// `xunlu mesh build|info|nearest|ray|path` through the built program: a level built and written,
// read back, queried; bad input gives exit 2 and a message, and a failed build writes nothing.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli/cli_fixture.hpp"
#include "navmesh_test_levels.hpp"

namespace xunlu::navmesh {
namespace {

// The CLI suites' fixture (a temporary folder per test, the real `xunlu` with stdout and stderr
// captured apart) with the two test levels written into the folder.
class mesh_command : public xunlu::cli {
  protected:
    void SetUp() override {
        cli::SetUp();
        std::ofstream(path("box.obj")) << test::floor_with_box();
        std::ofstream(path("bridge.obj")) << test::bridge();
    }
};

TEST_F(mesh_command, build_info_nearest_ray) {
    const auto built = run("mesh build " + path("bridge.obj") + " -o " + path("b.navmesh") +
                           " --tile-size 32 --radius 0.5 --json");
    ASSERT_EQ(built.code, 0) << built.err;
    const auto b = nlohmann::json::parse(built.out);
    EXPECT_EQ(b["triangles"], 8);
    EXPECT_GT(b["polygons"].get<int>(), 4);
    EXPECT_FLOAT_EQ(b["params"]["agent_radius"].get<float>(), 0.5f);

    const auto info = run("mesh info " + path("b.navmesh") + " --json");
    ASSERT_EQ(info.code, 0) << info.err;
    const auto i = nlohmann::json::parse(info.out);
    EXPECT_EQ(i["tiles"], b["tiles"]);
    EXPECT_EQ(i["polygons"], b["polygons"]);
    EXPECT_EQ(i["vertices"], b["vertices"]);
    EXPECT_NEAR(i["bounds"]["max"][0].get<double>(), 39.4, 0.31); // the road less the radius
    const auto text = run("mesh info " + path("b.navmesh"));
    EXPECT_NE(text.out.find("polygons"), std::string::npos);

    const auto deck = run("mesh nearest " + path("b.navmesh") + " --point 20,4.5,10 --json");
    ASSERT_EQ(deck.code, 0) << deck.err;
    const auto d = nlohmann::json::parse(deck.out);
    EXPECT_TRUE(d["found"].get<bool>());
    EXPECT_NEAR(d["height"].get<double>(), 4, 0.3);
    const auto none = run("mesh nearest " + path("b.navmesh") + " --point 20,60,10 --json");
    EXPECT_EQ(none.code, 1);
    EXPECT_FALSE(nlohmann::json::parse(none.out)["found"].get<bool>());

    const auto ray = run("mesh ray " + path("b.navmesh") + " --from 1,0,2 --to 39,0,2 --json");
    ASSERT_EQ(ray.code, 0) << ray.err;
    EXPECT_TRUE(nlohmann::json::parse(ray.out)["clear"].get<bool>());
}

TEST_F(mesh_command, path_snaps_both_ends_and_goes_up_the_ramp) {
    ASSERT_EQ(run("mesh build " + path("bridge.obj") + " -o " + path("b.navmesh")).code, 0);
    // From the road to the deck: straight along the bridge, up the ramp (4 m over 8 m).
    const auto up =
        run("mesh path " + path("b.navmesh") + " --from 2,0.5,10 --to 20,4.5,10 --detour --json");
    ASSERT_EQ(up.code, 0) << up.err;
    const auto j = nlohmann::json::parse(up.out);
    EXPECT_EQ(j["status"], "found");
    EXPECT_FALSE(j.contains("reason"));
    EXPECT_NEAR(j["length"].get<double>(), 18, 0.05);
    // No turn: the 3D length joins the two ends (4 m up over 18 m), not the surface.
    EXPECT_NEAR(j["length_3d"].get<double>(), std::hypot(18.0, 4.0), 0.1);
    const auto& pts = j["points"];
    ASSERT_GE(pts.size(), 2u);
    EXPECT_NEAR(pts.front()[1].get<double>(), 0, 0.3); // snapped onto the road
    EXPECT_NEAR(pts.back()[1].get<double>(), 4, 0.3);  // and onto the deck
    EXPECT_EQ(j["from"], pts.front());
    EXPECT_GE(j["expanded"].get<int>(), 0);
    EXPECT_GE(j["time_us"].get<double>(), 0);
    EXPECT_FALSE(j["detour_partial"].get<bool>());
    EXPECT_GE(j["detour_length"].get<double>(), j["length"].get<double>() - 1e-3);
    // From the road under the deck to the deck above it: round by a ramp, never straight up.
    const auto round =
        run("mesh path " + path("b.navmesh") + " --from 20,0.5,10 --to 20,4.5,10 --json");
    ASSERT_EQ(round.code, 0) << round.err;
    const auto r = nlohmann::json::parse(round.out);
    EXPECT_GT(r["length"].get<double>(), 14);
    EXPECT_FALSE(r.contains("detour_length")); // only with --detour
    ASSERT_GT(r["expanded"].get<int>(), 1);
    const auto cut = run("mesh path " + path("b.navmesh") +
                         " --from 20,0.5,10 --to 20,4.5,10 --max-expansions 1 --json");
    EXPECT_EQ(cut.code, 1) << cut.err;
    const auto c = nlohmann::json::parse(cut.out);
    EXPECT_EQ(c["status"], "budget_exhausted");
    EXPECT_TRUE(c["points"].empty());
    // The text form, an OBJ level built on the fly, and a goal far from the mesh (exit 2).
    const auto text = run("mesh path " + path("bridge.obj") + " --from 2,0.5,10 --to 20,4.5,10");
    EXPECT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("status     found"), std::string::npos) << text.out;
    const auto off = run("mesh path " + path("b.navmesh") + " --from 2,0,10 --to 20,60,10 --json");
    EXPECT_EQ(off.code, 2);
    const auto o = nlohmann::json::parse(off.out);
    EXPECT_EQ(o["status"], "invalid_input");
    EXPECT_NE(o["reason"].get<std::string>().find("--to: no mesh"), std::string::npos);
    EXPECT_NE(off.err.find("xunlu: --to: no mesh"), std::string::npos) << off.err;
    EXPECT_EQ(run("mesh path " + path("b.navmesh") + " --from 2,0,10 --to 1,2").code, 2);
}

TEST_F(mesh_command, a_ray_into_the_box_fails_with_the_wall) {
    ASSERT_EQ(run("mesh build " + path("box.obj") + " -o " + path("x.navmesh")).code, 0);
    const auto ray = run("mesh ray " + path("x.navmesh") + " --from 2,0,10 --to 18,0,10 --json");
    EXPECT_EQ(ray.code, 1) << ray.err;
    const auto j = nlohmann::json::parse(ray.out);
    EXPECT_FALSE(j["clear"].get<bool>());
    EXPECT_NEAR(j["wall_normal"][0].get<double>(), -1, 0.05);
}

TEST_F(mesh_command, bad_input_is_refused_and_nothing_is_written) {
    std::ofstream(path("bad.obj")) << "v 0 0 0\nf 1 2 3\n";
    auto r = run("mesh build " + path("bad.obj") + " -o " + path("bad.navmesh"));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("bad.obj:2: vertex index 2 is out of range"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("bad.navmesh")));
    r = run("mesh build " + path("box.obj") + " -o " + path("bad.navmesh") + " --max-slope 95");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("agent_max_slope"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("bad.navmesh")));
    r = run("mesh info " + path("box.obj"));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("not a navmesh set file"), std::string::npos) << r.err;
    ASSERT_EQ(run("mesh build " + path("box.obj") + " -o " + path("ok.navmesh")).code, 0);
    r = run("mesh nearest " + path("ok.navmesh") + " --point 1,nan,2");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--point must be X,Y,Z"), std::string::npos) << r.err;
    r = run("mesh nearest " + path("ok.navmesh") + " --point 1,2");
    EXPECT_EQ(r.code, 2);
}

} // namespace
} // namespace xunlu::navmesh
