// `find --influence-sources FILE --influence NAME:WEIGHT`: a tower's danger bends the path
// round it (and costs are the terrain plus the weighted influence), zero weight changes nothing,
// and bad specs or files are refused naming what and where.
#include "cli_fixture.hpp"

namespace xunlu {
namespace {

constexpr const char* open_field = "type octile\nheight 9\nwidth 21\nmap\n"
                                   ".....................\n"
                                   ".....................\n"
                                   ".....................\n"
                                   ".....................\n"
                                   ".....................\n"
                                   ".....................\n"
                                   ".....................\n"
                                   ".....................\n"
                                   ".....................\n";

TEST_F(cli, find_influence_bends_the_path_round_a_tower) {
    const std::string map = write("field.map", open_field);
    const std::string sources =
        write("army.influence", "xunlu-influence 1\n# layer x y strength radius\n"
                                "towers 10 4 6 3\nsmoke 0 0 1 0\n");
    const std::string base = "find " + map + " --from 0,4 --to 20,4 --json";
    const auto plain = run(base);
    ASSERT_EQ(plain.code, 0) << plain.err;
    EXPECT_NEAR(last_json_line(plain.out)["cost"].get<double>(), 20.0, 1e-9);
    const auto avoid = run(base + " --influence-sources " + sources + " --influence towers:2");
    ASSERT_EQ(avoid.code, 0) << avoid.err;
    const json answer = last_json_line(avoid.out);
    for (const auto& c : answer["path"]) {
        const int dx = c[0].get<int>() - 10, dy = c[1].get<int>() - 4;
        EXPECT_GT(dx * dx + dy * dy, 9) << c.dump(); // never inside the tower's disc
    }
    EXPECT_GT(answer["length"].get<double>(), 20.0);
    // Zero weight: the plain answer.
    const auto zero = run(base + " --influence-sources " + sources + " --influence towers:0");
    ASSERT_EQ(zero.code, 0) << zero.err;
    EXPECT_NEAR(last_json_line(zero.out)["cost"].get<double>(), 20.0, 1e-9);
    // JPS needs uniform costs: it falls back to A* and finds the same cost.
    const auto jps =
        run(base + " --algo jps --influence-sources " + sources + " --influence towers:2");
    ASSERT_EQ(jps.code, 0) << jps.err;
    EXPECT_NEAR(last_json_line(jps.out)["cost"].get<double>(), answer["cost"].get<double>(), 1e-9);
}

TEST_F(cli, terrain_influence_and_size_flags_combine) {
    // The flag set at once: --terrain (a layer file of costs: a swampy column 5),
    // --influence, --size. A 2 x 2 unit crosses the field; its cost counts the swamp and the
    // tower, and --terrain equals --layers.
    const std::string map = write("field.map", open_field);
    const std::string swamp = write("swamp.layers", "xunlu-layers 1\nsize 21 9\ncost 4 5 0 5 8\n");
    const std::string sources = write("army.influence", "xunlu-influence 1\ntowers 10 4 6 3\n");
    const std::string base = "find " + map + " --from 0,3 --to 19,3 --size 2 --json";
    const auto plain = run(base);
    ASSERT_EQ(plain.code, 0) << plain.err;
    const auto swampy = run(base + " --terrain " + swamp);
    ASSERT_EQ(swampy.code, 0) << swampy.err;
    const auto same = run(base + " --layers " + swamp);
    ASSERT_EQ(same.code, 0) << same.err;
    EXPECT_EQ(last_json_line(swampy.out)["cost"], last_json_line(same.out)["cost"]);
    const double swamp_cost = last_json_line(swampy.out)["cost"].get<double>();
    EXPECT_GT(swamp_cost, last_json_line(plain.out)["cost"].get<double>() + 2.9);
    const auto all = run(base + " --terrain " + swamp + " --influence-sources " + sources +
                         " --influence towers:1");
    ASSERT_EQ(all.code, 0) << all.err;
    EXPECT_GT(last_json_line(all.out)["cost"].get<double>(), swamp_cost);
    EXPECT_EQ(run(base + " --terrain " + swamp + " --layers " + swamp).code, 2)
        << "one of the two names";
}

TEST_F(cli, find_influence_refuses_bad_specs_and_files) {
    const std::string map = write("field.map", open_field);
    const std::string sources = write("army.influence", "xunlu-influence 1\ntowers 10 4 6 3\n");
    const std::string base = "find " + map + " --from 0,4 --to 20,4 --influence-sources ";
    auto expect_error = [&](const std::string& args, const std::string& what) {
        const auto r = run(args);
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
    };
    expect_error(base + sources + " --influence forts:1", "has no layer 'forts'");
    expect_error(base + sources + " --influence towers:-1", "the weight must be a number >= 0");
    expect_error(base + sources + " --influence towers", "expected NAME:WEIGHT");
    expect_error(base + sources, "go together");
    const std::string outside = write("outside.influence", "xunlu-influence 1\nt 30 4 6 3\n");
    expect_error(base + outside + " --influence t:1", "outside.influence:2: influence source");
    const std::string broken = write("broken.influence", "xunlu-influence 1\nt 3 4 x 3\n");
    expect_error(base + broken + " --influence t:1", "broken.influence:2:7: strength 'x'");
}

} // namespace
} // namespace xunlu
