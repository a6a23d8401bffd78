// Outputs under failure (issue 49): a failed write never leaves a partial file or destroys an
// existing one (`update -o X X`, `convert X -o X` under a file size limit), a failing command
// writes no picture, and a write error on any stream (standard output, --emit-paths,
// --trajectories, batch answers) exits 2 with the reason.
#include <gtest/gtest.h>

#include <string>

#include "cli_fixture.hpp"

namespace xunlu {
namespace {

/// A 64 x 64 open map with a wall: its text (4 KiB) is larger than the 1 KiB file size limit
/// the tests set, so rewriting it fails part way.
std::string big_map() {
    std::string text = "type octile\nheight 64\nwidth 64\nmap\n";
    for (int y = 0; y < 64; ++y)
        text += (y == 10 ? std::string(60, '@') + "...." : std::string(64, '.')) + "\n";
    return text;
}

/// `xunlu ARGS` with writes limited to 1 KiB (SIGXFSZ ignored: the write fails with EFBIG).
std::string limited(const std::string& args) {
    return std::string("sh -c 'trap \"\" XFSZ; ulimit -f 2; exec ") + XUNLU_CLI + " " + args + "'";
}

TEST_F(cli, a_failed_write_leaves_the_input_map_whole) {
    const std::string text = big_map();
    const std::string map = write("m.map", text);
    for (const std::string& args :
         {"update " + map + " --set 1,1,wall -o " + map, "convert " + map + " -o " + map}) {
        const run_result r = run_shell(limited(args));
        EXPECT_EQ(r.code, 2) << args << r.err;
        EXPECT_NE(r.err.find(map + ": write failed: File too large"), std::string::npos) << r.err;
        EXPECT_EQ(slurp(map), text) << args;
    }
    // No temporary is left beside it.
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(dir_)) files += e.path().filename() != "stderr.txt";
    EXPECT_EQ(files, 1u);
    // Without the limit the same command replaces the file.
    ASSERT_EQ(run("update " + map + " --set 1,1,wall -o " + map).code, 0);
    EXPECT_NE(slurp(map), text);
}

TEST_F(cli, a_failed_jps_table_write_leaves_the_old_table) {
    const std::string map = write("m.map", big_map());
    const std::string table = path("t.jpt");
    ASSERT_EQ(run("jps-table " + map + " -o " + table).code, 0);
    const std::string before = slurp(table);
    ASSERT_GT(before.size(), 2048u);
    const run_result r = run_shell(limited("jps-table " + map + " --ignore-low -o " + table));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("File too large"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(table), before);
}

TEST_F(cli, a_refused_query_leaves_an_existing_picture_and_map_out) {
    const std::string map = write("m.map", walled_map);
    const std::string png = write("old.png", "not touched");
    const std::string out = write("old.out", "not touched");
    // The goal is outside the map: exit 2, no file written.
    for (const std::string& args :
         {"find " + map + " --from 0,0 --to 9,9 --png " + png + " --out " + out,
          "compare " + map + " --from 0,0 --to 9,9 --png " + png}) {
        const run_result r = run(args);
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_EQ(slurp(png), "not touched") << args;
        EXPECT_EQ(slurp(out), "not touched") << args;
    }
    // A query without a path (exit 1) still draws the search.
    const std::string closed =
        write("c.map", "type octile\nheight 3\nwidth 3\nmap\n.@.\n.@.\n.@.\n");
    EXPECT_EQ(run("find " + closed + " --from 0,0 --to 2,0 --png " + png).code, 1);
    EXPECT_NE(slurp(png), "not touched");
}

TEST_F(cli, write_errors_on_any_stream_exit_2_with_the_reason) {
    const std::string map = write("m.map", walled_map);
    const std::string full = "No space left on device";
    for (const std::string& args :
         {"find " + map + " --from 0,0 --to 5,0 --json", "find " + map + " --from 0,0 --to 5,0",
          std::string("gen random --width 64 --height 64"), "info " + map}) {
        const run_result r = run(args + " > /dev/full");
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_NE(r.err.find("standard output: write failed: " + full), std::string::npos)
            << args << ": " << r.err;
    }
    // Batch answers: the batch stops at the first lost answer.
    std::string lines;
    for (int i = 0; i < 2000; ++i) lines += "{\"from\":[0,0],\"to\":[5,0]}\n";
    const run_result batch =
        run("find " + map + " --batch " + write("q.jsonl", lines) + " > /dev/full");
    EXPECT_EQ(batch.code, 2);
    EXPECT_NE(batch.err.find("standard output: write failed: " + full), std::string::npos)
        << batch.err;
    const std::string scen =
        write("m.map.scen", "version 1\n0\tm.map\t6\t4\t0\t0\t5\t0\t9.24264069\n");
    const run_result emit =
        run("scen " + scen + " --map-dir " + dir_.string() + " --emit-paths /dev/full");
    EXPECT_EQ(emit.code, 2) << emit.err;
    EXPECT_NE(emit.err.find("/dev/full: write failed: " + full), std::string::npos) << emit.err;
    const run_result traj =
        run("simulate " + map + " --units 2 --ticks 5 --trajectories /dev/full");
    EXPECT_EQ(traj.code, 2) << traj.err;
    EXPECT_NE(traj.err.find("/dev/full: write failed: " + full), std::string::npos) << traj.err;
}

} // namespace
} // namespace xunlu
