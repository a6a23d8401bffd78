// `xunlu find --batch` and `xunlu route --batch`: one JSON answer per query line, in order, with
// the documented keys, per-line errors naming FILE:LINE, and exit codes over the whole batch.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_fixture.hpp"

namespace xunlu {
namespace {

std::vector<json> json_lines(const std::string& out) {
    std::vector<json> lines;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty()) lines.push_back(json::parse(line));
    }
    return lines;
}

TEST_F(cli, find_batch_answers_every_line_in_order_with_single_query_keys) {
    const std::string map = write("m.map", walled_map);
    const std::string batch =
        write("q.jsonl", "{\"from\":[0,0],\"to\":[5,0],\"id\":\"a\"}\n"
                         "\n"
                         "{\"from\":\"0,0\",\"to\":[5,3],\"algo\":\"jps\"}\n");
    const run_result r = run("find " + map + " --batch " + batch);
    ASSERT_EQ(r.code, 0) << r.err;
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 2u);
    const json single = last_json_line(run("find " + map + " --from 0,0 --to 5,0 --json").out);
    EXPECT_EQ(lines[0]["id"], "a");
    EXPECT_EQ(lines[0]["line"], 1);
    EXPECT_EQ(lines[0]["status"], "found");
    EXPECT_EQ(lines[0]["path"], single["path"]);
    EXPECT_DOUBLE_EQ(lines[0]["length"].get<double>(), single["length"].get<double>());
    for (const auto& [key, value] : single.items()) EXPECT_TRUE(lines[0].contains(key)) << key;
    EXPECT_EQ(lines[1]["line"], 3);
    EXPECT_EQ(lines[1]["algo"], "jps");
    EXPECT_FALSE(lines[1].contains("id"));
}

TEST_F(cli, find_batch_reports_bad_lines_and_carries_on) {
    const std::string map = write("m.map", walled_map);
    const std::string batch =
        write("q.jsonl", "not json\n"
                         "{\"from\":[0,0]}\n"
                         "{\"from\":[0,0],\"to\":[5,0],\"max_expansions\":-1}\n"
                         "{\"from\":[0,0],\"to\":[9,9]}\n"
                         "{\"from\":[0,0],\"to\":[5,0],\"rule\":\"4\",\"algo\":\"jps+\"}\n"
                         "{\"from\":[0,0],\"to\":[5,0]}\n");
    const run_result r = run("find " + map + " --batch " + batch);
    EXPECT_EQ(r.code, 2);
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 6u);
    EXPECT_NE(lines[0]["error"].get<std::string>().find("q.jsonl:1: not valid JSON at column "),
              std::string::npos);
    EXPECT_NE(lines[1]["error"].get<std::string>().find("missing \"to\""), std::string::npos);
    EXPECT_NE(lines[2]["error"].get<std::string>().find("max_expansions"), std::string::npos);
    EXPECT_EQ(lines[3]["status"], "invalid_input");
    EXPECT_NE(lines[3]["reason"].get<std::string>().find("outside"), std::string::npos);
    EXPECT_NE(lines[4]["error"].get<std::string>().find("does not support"), std::string::npos);
    EXPECT_EQ(lines[5]["status"], "found");
}

TEST_F(cli, find_batch_exit_1_when_a_goal_is_unreachable_and_reads_standard_input) {
    const std::string map = write("m.map", "type octile\nheight 1\nwidth 3\nmap\n.@.\n");
    const run_result r =
        run("find " + map + " --batch - < " + write("q.jsonl", "{\"from\":[0,0],\"to\":[2,0]}\n"));
    EXPECT_EQ(r.code, 1);
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["status"], "no_path");
}

TEST_F(cli, find_batch_refuses_an_over_long_line_without_keeping_it) {
    const std::string map = write("m.map", walled_map);
    std::string big = "{\"from\":[0,0],\"to\":[5,0],\"pad\":\"" + std::string(1 << 21, 'x') +
                      "\"}\n{\"from\":[0,0],\"to\":[5,0]}\n";
    const run_result r = run("find " + map + " --batch " + write("q.jsonl", big));
    EXPECT_EQ(r.code, 2);
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_NE(lines[0]["error"].get<std::string>().find("longer than"), std::string::npos);
    EXPECT_EQ(lines[1]["status"], "found");
}

TEST_F(cli, find_batch_excludes_single_query_options) {
    const std::string map = write("m.map", walled_map);
    const run_result r = run("find " + map + " --from 0,0 --batch " + write("q.jsonl", "{}\n"));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--batch"), std::string::npos);
    const run_result none = run("find " + map);
    EXPECT_EQ(none.code, 2);
    EXPECT_NE(none.err.find("--from and --to are required"), std::string::npos);
}

TEST_F(cli, find_reuses_a_saved_jps_plus_table_and_refuses_a_foreign_one) {
    const std::string map = write("m.map", walled_map);
    ASSERT_EQ(run("jps-table " + map + " -o " + path("t.jpt")).code, 0);
    const run_result ok = run("find " + map + " --from 0,0 --to 5,0 --algo jps+ --jps-table " +
                              path("t.jpt") + " --json");
    ASSERT_EQ(ok.code, 0) << ok.err;
    EXPECT_EQ(last_json_line(ok.out)["status"], "found");
    const std::string other = write("o.map", "type octile\nheight 4\nwidth 6\nmap\n......\n"
                                             "......\n......\n......\n");
    const run_result bad =
        run("find " + other + " --from 0,0 --to 5,0 --algo jps+ --jps-table " + path("t.jpt"));
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("t.jpt"), std::string::npos);
}

TEST_F(cli, route_batch_builds_the_scene_once_and_answers_each_line) {
    const std::string map = write("m.map", walled_map);
    const std::string batch =
        write("r.jsonl", "{\"from\":[8,8],\"to\":[88,8],\"id\":1}\n"
                         "{\"from\":\"8,8\",\"to\":[8,56],\"stop_short\":1}\n"
                         "{\"from\":[8,8],\"to\":[1e9,8]}\n"
                         "{\"from\":[8,8],\"to\":[88,8],\"four_way\":\"yes\"}\n");
    const run_result r = run("route " + map + " --cell-size 16 --batch " + batch);
    EXPECT_EQ(r.code, 2);
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 4u);
    const json single =
        last_json_line(run("route " + map + " --cell-size 16 --from 8,8 --to 88,8 --json").out);
    EXPECT_EQ(lines[0]["id"], 1);
    EXPECT_EQ(lines[0]["status"], single["status"]);
    EXPECT_EQ(lines[0]["points"], single["points"]);
    EXPECT_EQ(lines[1]["status"], "straight_line");
    EXPECT_EQ(lines[2]["status"], "invalid");
    EXPECT_NE(lines[3]["error"].get<std::string>().find("four_way"), std::string::npos);
}

TEST_F(cli, batch_refuses_unknown_keys_and_a_second_standard_input) {
    const std::string map = write("m.map", walled_map);
    const std::string batch = write("q.jsonl", "{\"from\":[0,0],\"to\":[5,0],\"max_expansion\":1}\n"
                                               "{\"from\":[0,0],\"to\":[5,0],\"id\":\"ok\"}\n");
    const run_result r = run("find " + map + " --batch " + batch);
    EXPECT_EQ(r.code, 2);
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_NE(lines[0]["error"].get<std::string>().find("q.jsonl:1: unknown key \"max_expansion\""),
              std::string::npos)
        << lines[0];
    EXPECT_EQ(lines[1]["status"], "found");
    const std::string route_batch = write("r.jsonl", "{\"from\":[0.5,0.5],\"to\":[5.5,0.5],"
                                                     "\"rule\":\"4\"}\n");
    const auto route = json_lines(run("route " + map + " --batch " + route_batch).out);
    ASSERT_EQ(route.size(), 1u);
    EXPECT_NE(route[0]["error"].get<std::string>().find("unknown key \"rule\""), std::string::npos);
    for (const char* command : {"find - --batch -", "route - --batch -"}) {
        const run_result both = run(std::string(command) + " < " + map);
        EXPECT_EQ(both.code, 2) << command;
        EXPECT_NE(both.err.find("give the map as a file"), std::string::npos) << both.err;
    }
}

TEST_F(cli, route_reuses_a_saved_jps_plus_table_and_refuses_a_foreign_one) {
    const std::string map = write("m.map", walled_map);
    ASSERT_EQ(run("jps-table " + map + " -o " + path("t.jpt")).code, 0);
    const run_result ok = run("route " + map +
                              " --from 0.5,0.5 --to 5.5,0.5 --algo jps+ "
                              "--jps-table " +
                              path("t.jpt") + " --json");
    ASSERT_EQ(ok.code, 0) << ok.err;
    EXPECT_EQ(last_json_line(ok.out)["algorithm"], "jps+");
    const std::string other = write("o.map", "type octile\nheight 4\nwidth 6\nmap\n......\n"
                                             "......\n......\n......\n");
    const run_result bad = run("route " + other +
                               " --from 0.5,0.5 --to 5.5,0.5 --algo jps+ "
                               "--jps-table " +
                               path("t.jpt"));
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("t.jpt"), std::string::npos) << bad.err;
}

} // namespace
} // namespace xunlu
