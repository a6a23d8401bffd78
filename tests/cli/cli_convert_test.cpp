// `xunlu convert`: every format io reads to every format it writes, with the same obstacles after
// a round trip; layers are never dropped silently (--layers-out keeps them, --lossy drops them).
#include <gtest/gtest.h>

#include <string>

#include "cli_fixture.hpp"
#include "xunlu/io/map_loader.hpp"

namespace xunlu {
namespace {

constexpr const char* walled_layers = "xunlu-layers 1\nsize 6 4\nlow 1 1\ncost 3 3 0 5 1\n";

TEST_F(cli, convert_round_trips_through_every_format) {
    const std::string map = write("m.map", walled_map);
    ASSERT_EQ(run("convert " + map + " -o " + path("m.in")).code, 0);
    EXPECT_EQ(slurp(path("m.in")), "6 4\n. . * . . .\n. . * . . .\n. . * . . .\n. . . . . .\n");
    ASSERT_EQ(run("convert " + path("m.in") + " -o " + path("m.png")).code, 0);
    auto png = io::load_map(path("m.png"));
    ASSERT_TRUE(png.ok()) << png.err().message;
    EXPECT_EQ(png->format, io::map_format::png);
    EXPECT_EQ(png->map.width(), 6); // one pixel per cell by default
    const run_result back = run("convert " + path("m.png") + " -o " + path("back.map"));
    ASSERT_EQ(back.code, 0) << back.err;
    EXPECT_EQ(back.out, "wrote " + path("back.map") + " (movingai, 6 x 4 cells)\n");
    EXPECT_EQ(slurp(path("back.map")), walled_map);
    // Standard input to standard output, the format named with --to.
    const run_result piped = run("convert - --to map.in -o - < " + map);
    ASSERT_EQ(piped.code, 0) << piped.err;
    EXPECT_EQ(piped.out, slurp(path("m.in")));
}

TEST_F(cli, convert_png_scale_and_format_choice) {
    const std::string map = write("m.map", walled_map);
    ASSERT_EQ(run("convert " + map + " -o " + path("big.png") + " --scale 3").code, 0);
    auto big = io::load_map(path("big.png"));
    ASSERT_TRUE(big.ok());
    EXPECT_EQ(big->map.width(), 18);
    EXPECT_TRUE(big->map.is_high_obstacle({6, 0}));
    EXPECT_TRUE(big->map.is_high_obstacle({8, 8}));
    EXPECT_FALSE(big->map.is_high_obstacle({5, 0}));
    // An extension that names no format needs --to; a wrong --to is refused.
    const run_result unknown = run("convert " + map + " -o " + path("m.dat"));
    EXPECT_EQ(unknown.code, 2);
    EXPECT_NE(unknown.err.find("--to movingai|map.in|png"), std::string::npos) << unknown.err;
    EXPECT_EQ(run("convert " + map + " -o " + path("m.dat") + " --to map.in").code, 0);
    EXPECT_EQ(slurp(path("m.dat")).substr(0, 4), "6 4\n");
    const run_result bad_to = run("convert " + map + " -o " + path("m.dat") + " --to bmp");
    EXPECT_EQ(bad_to.code, 2);
    EXPECT_NE(bad_to.err.find("unknown --to 'bmp'"), std::string::npos) << bad_to.err;
    for (const char* scale : {"0", "65", "-1"}) {
        const run_result r = run("convert " + map + " -o " + path("x.png") + " --scale " + scale);
        EXPECT_EQ(r.code, 2) << scale;
        EXPECT_EQ(r.err.rfind("xunlu: --scale", 0), 0u) << r.err;
    }
}

TEST_F(cli, convert_keeps_layers_in_a_layer_file_or_drops_them_only_when_told) {
    const std::string map = write("m.map", walled_map);
    const std::string layers = write("m.layers", walled_layers);
    const run_result refused =
        run("convert " + map + " --layers " + layers + " -o " + path("o.in"));
    EXPECT_EQ(refused.code, 2);
    EXPECT_NE(refused.err.find("--layers-out FILE or drop them with --lossy"), std::string::npos)
        << refused.err;
    EXPECT_FALSE(fs::exists(path("o.in")));

    ASSERT_EQ(run("convert " + map + " --layers " + layers + " -o " + path("o.png") +
                  " --layers-out " + path("o.layers"))
                  .code,
              0);
    const json with = last_json_line(run("info " + map + " --layers " + layers + " --json").out);
    const json again = last_json_line(
        run("info " + path("o.png") + " --layers " + path("o.layers") + " --json").out);
    for (const char* key : {"free", "high_obstacles", "low_obstacles", "terrain_costs"}) {
        EXPECT_EQ(with[key], again[key]) << key;
    }
    EXPECT_EQ(again["low_obstacles"], 1);
    EXPECT_EQ(again["terrain_costs"], true);

    ASSERT_EQ(
        run("convert " + map + " --layers " + layers + " -o " + path("l.map") + " --lossy").code,
        0);
    EXPECT_EQ(slurp(path("l.map")), walled_map);
}

} // namespace
} // namespace xunlu
