// `scen --threads N` (queries on N threads, one engine each: same answers in file order,
// throughput reported) and `--weight W` (weighted A*: the bound W x optimal is what a scenario
// is checked against), plus `find --batch` with a per-query weight, and `--textbook` (A*
// without canonical pruning: same answers, more cells generated).
#include "cli_fixture.hpp"

#include <map>
#include <vector>

namespace xunlu {
namespace {

/// Short, long and around-the-wall queries of the hall map with their optimal lengths.
constexpr const char* hall_scen = "version 1\n"
                                  "0\thall.map\t9\t6\t0\t0\t8\t5\t13.00000000\n"
                                  "0\thall.map\t9\t6\t2\t2\t8\t0\t8.00000000\n"
                                  "0\thall.map\t9\t6\t3\t3\t0\t5\t5.00000000\n"
                                  "0\thall.map\t9\t6\t4\t0\t4\t5\t6.41421356\n"
                                  "0\thall.map\t9\t6\t0\t5\t8\t0\t12.41421356\n"
                                  "0\thall.map\t9\t6\t6\t3\t6\t5\t8.00000000\n";

TEST_F(cli, scen_on_two_threads_gives_the_one_thread_answers_and_reports_throughput) {
    write("hall.map", hall_map);
    const std::string scen = write("hall.map.scen", hall_scen);
    for (const char* algo : {"astar", "jps", "jps+"}) {
        const std::string one = path(std::string("one-") + algo + ".jsonl");
        const std::string two = path(std::string("two-") + algo + ".jsonl");
        auto r = run("scen " + scen + " --algo " + algo + " --json --emit-paths " + one);
        ASSERT_EQ(r.code, 0) << algo << ": " << r.err;
        const json a = last_json_line(r.out);
        r = run("scen " + scen + " --algo " + algo + " --json --threads 2 --emit-paths " + two);
        ASSERT_EQ(r.code, 0) << algo << ": " << r.err;
        const json b = last_json_line(r.out);
        EXPECT_EQ(a["threads"], 1);
        EXPECT_EQ(b["threads"], 2);
        EXPECT_EQ(a["mismatches"], 0) << algo;
        EXPECT_EQ(b["mismatches"], 0) << algo;
        EXPECT_EQ(b["solved"], a["solved"]);
        EXPECT_EQ(b["scenarios"], 6);
        EXPECT_GT(b["queries_per_s"].get<double>(), 0.0);
        EXPECT_EQ(slurp(one), slurp(two)) << algo << ": the paths, in file order";
    }
    const auto bad = run("scen " + scen + " --threads 0");
    EXPECT_EQ(bad.code, 2);
}

TEST_F(cli, scen_with_a_weight_checks_the_bound_and_reports_length_ratios) {
    write("hall.map", hall_map);
    const std::string scen = write("hall.map.scen", hall_scen);
    auto r = run("scen " + scen + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    json j = last_json_line(r.out);
    EXPECT_EQ(j["weight"], 1.0);
    EXPECT_NEAR(j["length_ratio_mean"].get<double>(), 1.0, 1e-6); // the file rounds to 8 digits
    EXPECT_NEAR(j["length_ratio_max"].get<double>(), 1.0, 1e-6);
    for (const char* algo : {"astar", "jps"}) {
        r = run("scen " + scen + " --weight 3 --json --algo " + std::string(algo));
        ASSERT_EQ(r.code, 0) << algo << ": " << r.err;
        j = last_json_line(r.out);
        EXPECT_EQ(j["weight"], 3.0);
        EXPECT_EQ(j["mismatches"], 0);
        EXPECT_GE(j["length_ratio_mean"].get<double>(), 1.0);
        EXPECT_LE(j["length_ratio_max"].get<double>(), 3.0);
    }
    // A scenario whose length is beyond the bound (claimed optimum 4, found 13 > 2 x 4).
    const std::string tight =
        write("tight.map.scen", "version 1\n0\thall.map\t9\t6\t0\t0\t8\t5\t4.00000000\n");
    r = run("scen " + tight + " --weight 2 --json");
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(last_json_line(r.out)["mismatches"], 1);
    EXPECT_NE(r.err.find("at most the weight times"), std::string::npos) << r.err;
    for (const char* w : {"0.5", "nan", "inf"}) {
        r = run("scen " + scen + " --weight " + std::string(w));
        EXPECT_EQ(r.code, 2) << w;
        EXPECT_NE(r.err.find("--weight must be a finite number >= 1"), std::string::npos)
            << w << ": " << r.err;
    }
    r = run("find " + path("hall.map") + " --from 0,0 --to 8,5 --weight 2 --turn-penalty 1");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--weight is not combined with --turn-penalty"), std::string::npos)
        << r.err;
}

TEST_F(cli, textbook_astar_gives_the_same_answers_and_generates_more_cells) {
    write("hall.map", hall_map);
    const std::string scen = write("hall.map.scen", hall_scen);
    for (const char* algo : {"astar", "dijkstra"}) {
        auto r = run("scen " + scen + " --json --textbook --algo " + std::string(algo));
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(last_json_line(r.out)["mismatches"], 0) << algo;
    }
    const std::string map = path("hall.map");
    auto r = run("find " + map + " --from 0,0 --to 8,5 --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json pruned = last_json_line(r.out);
    r = run("find " + map + " --from 0,0 --to 8,5 --json --textbook");
    ASSERT_EQ(r.code, 0) << r.err;
    const json textbook = last_json_line(r.out);
    EXPECT_NEAR(pruned["cost"].get<double>(), 13.0, 1e-9);
    EXPECT_NEAR(textbook["cost"].get<double>(), 13.0, 1e-9);
    EXPECT_LT(pruned["generated"].get<std::uint64_t>(), textbook["generated"].get<std::uint64_t>());
}

TEST_F(cli, find_batch_queries_may_set_a_weight) {
    const std::string map = write("hall.map", hall_map);
    // 1.5 and 2: fractional and integral JSON numbers; 0.5 out of range; "2" not a number.
    const std::string queries =
        write("q.jsonl", "{\"from\":[0,0],\"to\":[8,5],\"weight\":1.5}\n"
                         "{\"from\":[0,0],\"to\":[8,5],\"weight\":2}\n"
                         "{\"from\":[0,0],\"to\":[8,5],\"weight\":0.5}\n"
                         "{\"from\":[0,0],\"to\":[8,5],\"weight\":\"2\"}\n"
                         "{\"from\":[0,0],\"to\":[8,5],\"turn_penalty\":0.5}\n");
    const auto r = run("find " + map + " --batch " + queries);
    std::vector<json> lines;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty()) lines.push_back(json::parse(line));
    }
    ASSERT_EQ(lines.size(), 5u) << r.out << r.err;
    EXPECT_EQ(lines[0]["status"], "found") << lines[0].dump();
    EXPECT_LE(lines[0]["length"].get<double>(), 1.5 * 13.0 + 1e-6);
    EXPECT_EQ(lines[1]["status"], "found") << lines[1].dump();
    EXPECT_LE(lines[1]["length"].get<double>(), 2 * 13.0 + 1e-6);
    EXPECT_EQ(lines[2]["status"], "invalid_input");
    EXPECT_NE(lines[2].dump().find("--weight must be a finite number >= 1"), std::string::npos)
        << lines[2].dump();
    EXPECT_NE(lines[3].dump().find("\\\"weight\\\" must be a number"), std::string::npos)
        << lines[3].dump();
    EXPECT_EQ(lines[4]["status"], "found") << lines[4].dump(); // a fractional turn penalty
}

TEST_F(cli, algorithms_json_says_how_each_algorithm_treats_a_weight) {
    const auto r = run("algorithms --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json all = json::parse(r.out);
    std::map<std::string, std::string> weight;
    for (const auto& e : all) weight[e["name"]] = e["weight"];
    EXPECT_EQ(weight["astar"], "native");
    EXPECT_EQ(weight["dijkstra"], "ignored");
    EXPECT_EQ(weight["jps+"], "astar_fallback");
    EXPECT_EQ(weight["hybrid"], "ignored");
}

TEST_F(cli, landmarks_are_placed_on_free_cells_and_reported) {
    const std::string map = write("hall.map", hall_map);
    auto r = run("landmarks " + map + " --count 3 --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    EXPECT_EQ(j["count"], 3);
    ASSERT_EQ(j["landmarks"].size(), 3u);
    const std::vector<std::string> rows = {".........", ".@@@.@@@.", ".@.....@.",
                                           ".@.....@.", ".@@.@@@@.", "........."};
    for (const auto& c : j["landmarks"]) {
        EXPECT_EQ(rows[c[1].get<std::size_t>()][c[0].get<std::size_t>()], '.') << c.dump();
    }
    // 8 bytes per landmark and padded cell (11 x 8), plus the landmark list.
    EXPECT_GE(j["table_bytes"].get<std::size_t>(), std::size_t{11 * 8} * 3 * 8);
    EXPECT_LT(j["table_bytes"].get<std::size_t>(), std::size_t{11 * 8} * 3 * 8 + 256);
    r = run("landmarks " + map);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("16 landmarks"), std::string::npos) << r.out;
    EXPECT_EQ(run("landmarks " + map + " --rule 9").code, 2);
    EXPECT_EQ(run("landmarks " + map + " --count 33").code, 2);
}

} // namespace
} // namespace xunlu
