// Preprocessed algorithms through the CLI: `scen --json` times the per-map build apart
// (`preprocess_us`) and the engines' warm-up too (`warmup_us`), and the subgoal graph file
// round-trips through subgoal-graph and find.
#include "cli_fixture.hpp"

namespace xunlu {
namespace {

TEST_F(cli, scen_times_preprocessing_apart_from_the_queries) {
    const std::string map = write("rooms.map", hall_map);
    const std::string scen =
        write("rooms.map.scen", "version 1\n"
                                "0\trooms.map\t9\t6\t0\t0\t8\t5\t13.00000000\n"
                                "0\trooms.map\t9\t6\t2\t2\t8\t0\t8.00000000\n");
    for (const char* algo : {"astar", "jps", "jps+", "subgoal", "subgoal-ch"}) {
        const auto r = run(std::string("scen ") + scen + " --algo " + algo + " --json");
        ASSERT_EQ(r.code, 0) << algo << ": " << r.err;
        const json j = last_json_line(r.out);
        ASSERT_TRUE(j.contains("preprocess_us")) << algo;
        // The warm-up query ran (untimed) before the two timed ones.
        ASSERT_TRUE(j.contains("warmup_us")) << algo;
        EXPECT_GT(j["warmup_us"].get<double>(), 0.0) << algo;
        EXPECT_EQ(j["scenarios"], 2) << algo;
        EXPECT_EQ(j["mismatches"], 0) << algo;
        const std::string name(algo);
        // jps builds its bit rows per map (issue 49: timed apart, not in the queries).
        if (name == "jps" || name == "jps+" || name == "subgoal" || name == "subgoal-ch") {
            EXPECT_GT(j["preprocess_us"].get<double>(), 0.0) << algo;
        } else {
            EXPECT_EQ(j["preprocess_us"].get<double>(), 0.0) << algo;
        }
    }
}

TEST_F(cli, a_saved_subgoal_graph_serves_find_and_a_foreign_one_is_refused) {
    const std::string map = write("rooms.map", hall_map);
    const std::string graph = path("rooms.sg");
    auto r = run("subgoal-graph " + map + " -o " + graph + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_GT(last_json_line(r.out)["subgoals"].get<int>(), 0);
    r = run("find " + map + " --from 0,0 --to 8,5 --algo subgoal --subgoal-graph " + graph +
            " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NEAR(last_json_line(r.out)["length"].get<double>(), 13.0, 1e-9);
    const std::string other = write("other.map", "type octile\nheight 6\nwidth 9\nmap\n"
                                                 ".........\n.........\n.........\n"
                                                 ".........\n.........\n.........\n");
    r = run("find " + other + " --from 0,0 --to 8,5 --algo subgoal --subgoal-graph " + graph);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("rooms.sg"), std::string::npos) << r.err;
}

TEST_F(cli, subgoal_graph_hierarchy_reports_the_contraction) {
    const std::string map = write("rooms.map", hall_map);
    const auto r = run("subgoal-graph " + map + " --hierarchy --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    EXPECT_GT(j["hierarchy_ms"].get<double>(), 0.0);
    // Every link is an upward edge at one of its ends; shortcuts add to them.
    EXPECT_GE(j["upward_edges"].get<std::size_t>(), j["links"].get<std::size_t>() / 2);
    EXPECT_GT(j["hierarchy_bytes"].get<std::size_t>(), 0U);
    EXPECT_FALSE(j.contains("hierarchy_problem"));
    const auto plain = run("subgoal-graph " + map + " --json");
    EXPECT_FALSE(last_json_line(plain.out).contains("upward_edges"));
    const auto text = run("subgoal-graph " + map + " --hierarchy");
    EXPECT_NE(text.out.find("hierarchy (subgoal-ch) contracted"), std::string::npos) << text.out;
}

// --max-preprocess-mb / --max-preprocess-ms: a subgoal-ch build over the budget stops, and the
// query ends resource_exhausted (exit 2) with a reason naming the method, the map and the limit;
// a roomy budget changes nothing. The subgoal-graph report gives the core and the estimate.
TEST_F(cli, a_build_budget_stops_subgoal_ch_with_a_reason) {
    const std::string map = path("r.map");
    ASSERT_EQ(run("gen random --size 256 --rate 20 --seed 4 -o " + map).code, 0);
    const std::string query = "find " + map + " --from 0,0 --to 255,255 --algo subgoal-ch ";
    auto r = run(query + "--max-preprocess-mb 1 --json");
    EXPECT_EQ(r.code, 2) << r.err;
    json j = last_json_line(r.out);
    EXPECT_EQ(j["status"], "resource_exhausted");
    const std::string reason = j["reason"].get<std::string>();
    EXPECT_NE(reason.find("subgoal-ch on the 256x256 map"), std::string::npos) << reason;
    EXPECT_NE(reason.find("over the build budget of 1 MiB"), std::string::npos) << reason;
    r = run(query + "--max-preprocess-ms 600000 --max-preprocess-mb 4096 --json");
    EXPECT_NE(r.code, 2) << r.err;
    EXPECT_NE(last_json_line(r.out)["status"], "resource_exhausted") << r.out;
    r = run("subgoal-graph " + map + " --hierarchy --json");
    ASSERT_EQ(r.code, 0) << r.err;
    j = last_json_line(r.out);
    EXPECT_TRUE(j.contains("core_subgoals"));
    EXPECT_GT(j["hierarchy_estimate_ms"].get<double>(), 0.0);
}

TEST_F(cli, a_saved_subgoal_hierarchy_serves_find_and_a_foreign_one_is_refused) {
    const std::string map = write("rooms.map", hall_map);
    const std::string file = path("rooms.sgh");
    auto r = run("subgoal-graph " + map + " --hierarchy-out " + file + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(last_json_line(r.out)["hierarchy_out"], file);
    r = run("find " + map + " --from 0,0 --to 8,5 --algo subgoal-ch --subgoal-hierarchy " + file +
            " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NEAR(last_json_line(r.out)["length"].get<double>(), 13.0, 1e-9);
    // Saved for exact costs: refused for 10/14 costs, and for another map.
    r = run("find " + map +
            " --from 0,0 --to 8,5 --algo subgoal-ch --costs 10-14 "
            "--subgoal-hierarchy " +
            file);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("step costs"), std::string::npos) << r.err;
    const std::string other = write("other.map", "type octile\nheight 6\nwidth 9\nmap\n"
                                                 ".........\n...@.....\n.........\n"
                                                 ".........\n.....@...\n.........\n");
    r = run("find " + other + " --from 0,0 --to 8,5 --algo subgoal-ch --subgoal-hierarchy " + file);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("rooms.sgh"), std::string::npos) << r.err;
}

} // namespace
} // namespace xunlu
