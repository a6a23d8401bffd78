// Batch lines under hostile input (issue 49): nesting too deep for the stack, duplicate keys,
// NUL bytes, numbers out of range, endless lines and directories each get a per-line or
// per-batch error, never a crash or a hang; `unit_size` works in `find --batch` as documented.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "cli_fixture.hpp"

namespace xunlu {
namespace {

std::vector<json> answers(const std::string& out) {
    std::vector<json> lines;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty()) lines.push_back(json::parse(line));
    }
    return lines;
}

std::string error_of(const json& answer) {
    return answer.contains("error") ? answer["error"].get<std::string>() : std::string();
}

TEST_F(cli, batch_refuses_an_id_nested_too_deep_and_answers_the_next_line) {
    const std::string map = write("m.map", walled_map);
    // 100,000 levels: a 200 KB line, under the 1 MiB limit; it crashed the process (stack).
    const std::string deep = "{\"from\":[0,0],\"to\":[5,0],\"id\":" + std::string(100000, '[') +
                             std::string(100000, ']') + "}\n";
    const std::string ok = "{\"from\":[0,0],\"to\":[5,0],\"id\":[[[1]]]}\n";
    const std::string route_deep =
        "{\"from\":[0.5,0.5],\"to\":[5.5,0.5],\"id\":" + std::string(100000, '[') +
        std::string(100000, ']') + "}\n";
    const std::string route_ok = "{\"from\":[0.5,0.5],\"to\":[5.5,0.5],\"id\":[[[1]]]}\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"find " + map, write("find.jsonl", deep + ok)},
        {"route " + map + " --cell-size 1", write("route.jsonl", route_deep + route_ok)}};
    for (const auto& [command, batch] : cases) {
        const run_result r = run(command + " --batch " + batch);
        ASSERT_EQ(r.code, 2) << command << r.err;
        const auto lines = answers(r.out);
        ASSERT_EQ(lines.size(), 2u) << command;
        EXPECT_NE(error_of(lines[0]).find(":1: JSON nested deeper than 64 levels"),
                  std::string::npos)
            << lines[0];
        EXPECT_FALSE(lines[0].contains("id"));
        EXPECT_EQ(lines[1]["id"], json::parse("[[[1]]]")) << command;
    }
}

TEST_F(cli, batch_refuses_duplicate_keys_nul_bytes_and_numbers_out_of_range) {
    const std::string map = write("m.map", walled_map);
    std::string lines = "{\"from\":[0,0],\"to\":[5,0],\"to\":[5,3]}\n";
    lines += std::string("{\"from\":[0,0],\"to\":[5,0]}") + '\0' + "garbage\n";
    lines += "{\"from\":[0,0],\"to\":[5,0],\"max_expansions\":1e400}\n";
    lines += "[1,2]\n";
    lines += "{\"from\":[0,0],\"to\":[5,0]}\n";
    const run_result r = run("find " + map + " --batch " + write("q.jsonl", lines));
    EXPECT_EQ(r.code, 2);
    const auto got = answers(r.out);
    ASSERT_EQ(got.size(), 5u) << r.out;
    EXPECT_NE(error_of(got[0]).find(":1: key \"to\" appears twice"), std::string::npos) << got[0];
    EXPECT_NE(error_of(got[1]).find(":2: NUL byte at column 26"), std::string::npos) << got[1];
    EXPECT_NE(error_of(got[2]).find(":3: not valid JSON at column "), std::string::npos) << got[2];
    EXPECT_NE(error_of(got[2]).find("number overflow"), std::string::npos) << got[2];
    EXPECT_NE(error_of(got[3]).find(":4: the line is JSON but not an object (array)"),
              std::string::npos)
        << got[3];
    EXPECT_EQ(got[4]["status"], "found");
}

TEST_F(cli, batch_answers_an_endless_line_at_the_limit_and_stops_at_one_gib) {
    const std::string map = write("m.map", walled_map);
    // 3 MiB without a newline, then a query: the long line is answered, the query too.
    const std::string query = write("q.jsonl", "{\"from\":[0,0],\"to\":[5,0]}\n");
    const run_result piped =
        run_shell("{ head -c 3145728 /dev/zero | tr '\\0' x; echo; cat " + query +
                  "; } | timeout 60 " + XUNLU_CLI + " find " + map + " --batch -");
    ASSERT_EQ(piped.code, 2) << piped.err;
    const auto got = answers(piped.out);
    ASSERT_EQ(got.size(), 2u) << piped.out;
    EXPECT_NE(error_of(got[0]).find("<stdin>:1: line longer than 1048576 bytes"),
              std::string::npos);
    EXPECT_EQ(got[1]["line"], 2);
    EXPECT_EQ(got[1]["status"], "found");
    // /dev/zero has no newline at all: one answer after 1 MiB, then the batch stops.
    const run_result zero =
        run_shell("timeout 60 " + std::string(XUNLU_CLI) + " find " + map + " --batch /dev/zero");
    EXPECT_EQ(zero.code, 2) << zero.err;
    const auto one = answers(zero.out);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_NE(error_of(one[0]).find("/dev/zero:1: line longer than"), std::string::npos);
    EXPECT_NE(zero.err.find("/dev/zero:1: no end of line within 1 GiB; the batch stops"),
              std::string::npos)
        << zero.err;
}

TEST_F(cli, batch_refuses_a_directory) {
    const std::string map = write("m.map", walled_map);
    for (const char* command : {"find ", "route "}) {
        const run_result r = run(command + map + " --batch " + dir_.string());
        EXPECT_EQ(r.code, 2) << command;
        EXPECT_TRUE(r.out.empty());
        EXPECT_NE(r.err.find(dir_.string() + ": is a directory"), std::string::npos) << r.err;
    }
}

TEST_F(cli, find_batch_takes_unit_size_per_line) {
    // A one-cell gap: a 1x1 unit passes, a 2x2 unit must go round through the wide gap.
    const std::string map = write("g.map", "type octile\nheight 6\nwidth 8\nmap\n"
                                           "........\n"
                                           "........\n"
                                           "@@@.@@..\n"
                                           "........\n"
                                           "........\n"
                                           "........\n");
    const std::string batch = write("q.jsonl", "{\"from\":[0,0],\"to\":[0,4],\"unit_size\":2}\n"
                                               "{\"from\":[0,0],\"to\":[0,4]}\n"
                                               "{\"from\":[0,0],\"to\":[0,4],\"unit_size\":33}\n"
                                               "{\"from\":[4,1],\"to\":[0,4],\"unit_size\":2}\n");
    const run_result r = run("find " + map + " --batch " + batch);
    EXPECT_EQ(r.code, 2) << r.err;
    const auto got = answers(r.out);
    ASSERT_EQ(got.size(), 4u) << r.out;
    const json sized =
        last_json_line(run("find " + map + " --from 0,0 --to 0,4 --size 2 --json").out);
    const json plain = last_json_line(run("find " + map + " --from 0,0 --to 0,4 --json").out);
    ASSERT_NE(sized["cost"], plain["cost"]);
    EXPECT_EQ(got[0]["status"], "found");
    EXPECT_EQ(got[0]["path"], sized["path"]);
    EXPECT_EQ(got[1]["path"], plain["path"]);
    EXPECT_NE(error_of(got[2]).find("\"unit_size\" 33 is outside 1..32"), std::string::npos)
        << got[2];
    EXPECT_NE(error_of(got[3]).find("\"unit_size\" 2: start (4,1): a 2x2 unit"), std::string::npos)
        << got[3];
}

} // namespace
} // namespace xunlu
