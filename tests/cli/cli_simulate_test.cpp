// `xunlu simulate`: the JSON summary contract, trajectories checked by the independent checker,
// the same seed giving the same run, scenario files, the GIF, and refused arguments.
#include "agents/trajectory_checker.hpp"
#include "cli_fixture.hpp"
#include "xunlu/io/map_loader.hpp"

namespace xunlu {
namespace {

// Two rooms joined by a one-cell door: units have to queue.
constexpr const char* two_rooms = "type octile\nheight 8\nwidth 17\nmap\n"
                                  "........@........\n"
                                  "........@........\n"
                                  "........@........\n"
                                  ".................\n"
                                  "........@........\n"
                                  "........@........\n"
                                  "........@........\n"
                                  "........@........\n";

TEST_F(cli, simulate_prints_the_summary_keys_and_checkable_trajectories) {
    const std::string map = write("rooms.map", two_rooms);
    for (const std::string mode : {"local", "cooperative"}) {
        const std::string traj = path("traj-" + mode + ".jsonl");
        const auto r = run("simulate " + map + " --units 12 --ticks 150 --seed 3 --mode " + mode +
                           " --json --trajectories " + traj);
        ASSERT_EQ(r.code, 0) << r.err;
        const json j = last_json_line(r.out);
        for (const char* key :
             {"units", "ticks", "arrived", "unreachable", "conflicts", "waits", "repaths",
              "length_ratio", "tick_us_p50", "tick_us_p99", "tick_us_max", "trajectory_hash"}) {
            EXPECT_TRUE(j.contains(key)) << key;
        }
        EXPECT_EQ(j["units"], 12);
        EXPECT_EQ(j["ticks"], 150);
        EXPECT_EQ(j["conflicts"], 0);
        EXPECT_EQ(j["trajectory_hash"].get<std::string>().size(), 16u);
        // One line per tick, tick 0 first; replayed through the independent checker.
        std::istringstream lines(slurp(traj));
        std::string line;
        std::vector<std::vector<cell>> ticks;
        while (std::getline(lines, line)) {
            const json t = json::parse(line);
            ASSERT_EQ(t["tick"].get<std::size_t>(), ticks.size());
            std::vector<cell> at;
            for (const auto& u : t["units"]) at.push_back({u[0].get<int>(), u[1].get<int>()});
            ASSERT_EQ(at.size(), 12u);
            ticks.push_back(at);
        }
        ASSERT_EQ(ticks.size(), 151u);
        auto loaded = io::parse_map(two_rooms);
        ASSERT_TRUE(loaded.ok());
        const auto problems =
            testing::check_trajectory(loaded->map, ticks, std::vector<int>(12, 1));
        EXPECT_EQ(problems.shared_cells + problems.swaps + problems.bad_moves + problems.off_map,
                  0u)
            << mode << ": " << problems.first;
    }
}

TEST_F(cli, simulate_runs_are_deterministic_for_a_seed) {
    const std::string map = write("rooms.map", two_rooms);
    auto hash = [&](const std::string& extra) {
        const auto r = run("simulate " + map + " --units 10 --ticks 80 --json " + extra);
        EXPECT_EQ(r.code, 0) << r.err;
        return last_json_line(r.out)["trajectory_hash"].get<std::string>();
    };
    EXPECT_EQ(hash("--seed 5"), hash("--seed 5"));
    EXPECT_NE(hash("--seed 5"), hash("--seed 6"));
    EXPECT_EQ(hash("--seed 5 --mode cooperative"), hash("--seed 5 --mode cooperative"));
    // Threads change how fast a tick runs, not what happens in it.
    EXPECT_EQ(hash("--seed 5 --tick-budget-us 40 --threads 3"),
              hash("--seed 5 --tick-budget-us 40 --threads 1"));
    EXPECT_EQ(hash("--seed 5 --mode cooperative --speeds 1,0.5 --threads 2"),
              hash("--seed 5 --mode cooperative --speeds 1,0.5"));
}

TEST_F(cli, simulate_takes_units_from_a_scenario_file_and_draws_a_gif) {
    const std::string map = write("rooms.map", two_rooms);
    const std::string scen = write("rooms.map.scen", "version 1\n"
                                                     "0\trooms.map\t17\t8\t0\t0\t16\t7\t20\n"
                                                     "0\trooms.map\t17\t8\t16\t0\t0\t7\t20\n"
                                                     "0\trooms.map\t17\t8\t0\t0\t5\t5\t5\n");
    const std::string gif = path("run.gif");
    const auto r =
        run("simulate " + map + " --scen " + scen + " --units 5 --ticks 60 --json --gif " + gif);
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = last_json_line(r.out);
    EXPECT_EQ(j["units"], 2); // the third scenario starts where the first does
    EXPECT_EQ(j["arrived"], 2);
    EXPECT_EQ(slurp(gif).substr(0, 6), "GIF89a");
}

TEST_F(cli, simulate_refuses_bad_arguments_clearly) {
    const std::string map = write("rooms.map", two_rooms);
    const auto mode = run("simulate " + map + " --mode swarm");
    EXPECT_EQ(mode.code, 2);
    EXPECT_NE(mode.err.find("unknown --mode"), std::string::npos) << mode.err;
    const auto crowd = run("simulate " + map + " --units 500");
    EXPECT_EQ(crowd.code, 2);
    EXPECT_NE(crowd.err.find("room for only"), std::string::npos) << crowd.err;
    const auto size = run("simulate " + map + " --unit-size 9");
    EXPECT_EQ(size.code, 2);
    const auto slow = run("simulate " + map + " --mode cooperative --window 4 --speeds 0.2");
    EXPECT_EQ(slow.code, 2);
    EXPECT_NE(slow.err.find("too slow"), std::string::npos) << slow.err;
    EXPECT_EQ(run("simulate " + map + " --threads 0").code, 2);
}

} // namespace
} // namespace xunlu
