// Maps from pipes, standard input and FIFOs (read in chunks, not sized by stat), and content that
// is no map refused from its first bytes.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <string>

#include "cli_fixture.hpp"

namespace xunlu {
namespace {

TEST_F(cli, map_from_a_pipe_standard_input_and_dash) {
    const std::string map = write("m.map", walled_map);
    const run_result dev_stdin = run("info /dev/stdin < " + map);
    EXPECT_EQ(dev_stdin.code, 0) << dev_stdin.err;
    EXPECT_NE(dev_stdin.out.find("6 x 4"), std::string::npos) << dev_stdin.out;
    const run_result through_cat = run("info - < " + map);
    EXPECT_EQ(through_cat.code, 0) << through_cat.err;
    const run_result find = run("find - --from 0,0 --to 5,0 --json < " + map);
    ASSERT_EQ(find.code, 0) << find.err;
    EXPECT_EQ(last_json_line(find.out)["status"], "found");
    const run_result empty = run("info - < /dev/null");
    EXPECT_EQ(empty.code, 2);
    EXPECT_NE(empty.err.find("<stdin>: empty file"), std::string::npos) << empty.err;
}

TEST_F(cli, map_from_a_fifo_with_a_writer) {
    const std::string map = write("m.map", walled_map);
    const std::string fifo = path("pipe");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // The reader starts first and blocks in open() until the writer (same shell) opens the
    // FIFO, writes the map and closes it; the reader then sees the end of the stream.
    const run_result r = run("info " + fifo + " & (cat " + map + " > " + fifo + "); wait");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("6 x 4"), std::string::npos) << r.out;
}

TEST_F(cli, content_that_is_no_map_is_refused_from_its_first_bytes) {
    const std::string zeros = write("zeros.map", std::string(std::size_t{4} << 20, '\0'));
    const run_result r = run("info " + zeros);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("zeros.map:1:1: unrecognised map format"), std::string::npos) << r.err;
}

} // namespace
} // namespace xunlu
