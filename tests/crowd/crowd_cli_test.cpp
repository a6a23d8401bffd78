// `xunlu crowd`: the JSON contract, and the trajectories CSV replayed by a checker written
// here, apart from the crowd's own collision code: no two bodies overlapping by more than 1 %
// of their combined radius and no centre within its radius of a blocked cell or the map's
// edge, at every tick, for circle, blocks and random at dt 0.1 and 0.05.
#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <vector>

#include "cli/cli_fixture.hpp"
#include "xunlu/crowd/scenario.hpp"

namespace xunlu {
namespace {

struct check_result {
    std::size_t ticks = 0;
    std::size_t rows = 0;
    std::size_t overlap_agent_ticks = 0;
    std::size_t wall_agent_ticks = 0;
    std::string first_problem;
};

/// Reads "tick,agent,x,y" rows and checks every tick's bodies (radius r) on `map`.
check_result check_csv(const std::string& text, const grid::grid_map& map, double r,
                       std::size_t agents) {
    check_result c;
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, "tick,agent,x,y");
    std::map<long, std::vector<std::pair<double, double>>> ticks;
    while (std::getline(in, line)) {
        long tick = 0, agent = 0;
        double x = 0, y = 0;
        if (std::sscanf(line.c_str(), "%ld,%ld,%lf,%lf", &tick, &agent, &x, &y) != 4) {
            ADD_FAILURE() << "bad row: " << line;
            return c;
        }
        auto& row = ticks[tick];
        EXPECT_EQ(static_cast<std::size_t>(agent), row.size()) << "tick " << tick;
        row.emplace_back(x, y);
        ++c.rows;
    }
    c.ticks = ticks.size();
    for (const auto& [tick, pos] : ticks) {
        EXPECT_EQ(pos.size(), agents) << "tick " << tick;
        for (std::size_t i = 0; i < pos.size(); ++i) {
            bool over = false;
            for (std::size_t j = 0; j < pos.size(); ++j) {
                if (i == j) continue;
                const double d =
                    std::hypot(pos[i].first - pos[j].first, pos[i].second - pos[j].second);
                if (2 * r - d > 0.01 * 2 * r) over = true;
            }
            c.overlap_agent_ticks += over ? 1 : 0;
            // Every cell within r + 1 of the centre: blocked or off the map must be >= r away.
            bool wall = false;
            const auto cx = static_cast<int>(std::floor(pos[i].first));
            const auto cy = static_cast<int>(std::floor(pos[i].second));
            const int k = static_cast<int>(std::ceil(r)) + 1;
            for (int y = cy - k; y <= cy + k; ++y) {
                for (int x = cx - k; x <= cx + k; ++x) {
                    if (map.passable({x, y})) continue;
                    const double dx = std::max({x - pos[i].first, 0.0, pos[i].first - (x + 1)});
                    const double dy = std::max({y - pos[i].second, 0.0, pos[i].second - (y + 1)});
                    if (std::hypot(dx, dy) < r - 1e-4) wall = true;
                }
            }
            c.wall_agent_ticks += wall ? 1 : 0;
            if ((over || wall) && c.first_problem.empty()) {
                c.first_problem = "tick " + std::to_string(tick) + " agent " + std::to_string(i) +
                                  (over ? " overlaps" : " in a wall");
            }
        }
    }
    return c;
}

TEST_F(cli, crowd_trajectories_pass_the_independent_checker) {
    struct run_case {
        const char* scenario;
        std::size_t agents;
        const char* dt;
    };
#if defined(__SANITIZE_ADDRESS__) || defined(XUNLU_ASAN_BUILD) || !defined(NDEBUG)
    // Sanitizer and unoptimised builds (the CLI 10-50x slower): fewer bodies, each scenario at
    // one of the two tick lengths.
    const std::vector<run_case> cases{run_case{"circle", 24, "0.05"}, run_case{"blocks", 24, "0.1"},
                                      run_case{"random", 20, "0.05"}};
#else
    const std::vector<run_case> cases{
        run_case{"circle", 50, "0.1"}, run_case{"circle", 50, "0.05"},
        run_case{"blocks", 50, "0.1"}, run_case{"blocks", 50, "0.05"},
        run_case{"random", 40, "0.1"}, run_case{"random", 40, "0.05"}};
#endif
    for (const run_case& rc : cases) {
        SCOPED_TRACE(std::string(rc.scenario) + " dt " + rc.dt);
        const std::string csv = path(std::string(rc.scenario) + rc.dt + ".csv");
        const auto r =
            run("crowd " + std::string(rc.scenario) + " --agents " + std::to_string(rc.agents) +
                " --dt " + rc.dt + " --seed 2 --seconds 60 --json --trajectories " + csv);
        ASSERT_TRUE(r.code == 0 || r.code == 1) << r.err;
        const json j = json::parse(r.out);
        for (const char* key : {"ticks", "agents", "arrived", "completion_s", "overlap_agent_ticks",
                                "max_penetration", "us_per_agent_tick"}) {
            EXPECT_TRUE(j.contains(key)) << key;
        }
        EXPECT_EQ(j["agents"], rc.agents);
        crowd::scenario_options o;
        o.name = rc.scenario;
        o.agents = rc.agents;
        o.seed = 2;
        const auto s = crowd::make_scenario(o);
        ASSERT_TRUE(s.ok());
        const check_result c = check_csv(slurp(csv), *s->map, 0.6, rc.agents);
        EXPECT_EQ(c.ticks, j["ticks"].get<std::size_t>() + 1); // tick 0 = the starts
        EXPECT_EQ(c.rows, c.ticks * rc.agents);
        EXPECT_EQ(c.overlap_agent_ticks, 0u) << c.first_problem;
        EXPECT_EQ(c.wall_agent_ticks, 0u) << c.first_problem;
        EXPECT_EQ(j["overlap_agent_ticks"], 0);
        if (std::string(rc.scenario) != "random") {
            EXPECT_EQ(r.code, 0);
            EXPECT_EQ(j["arrived"], rc.agents);
            EXPECT_TRUE(j["completion_s"].is_number());
        }
    }
}

TEST_F(cli, crowd_json_keys_are_documented_in_cli_md) {
    const auto r = run("crowd circle --agents 12 --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string doc = slurp(std::string(XUNLU_SOURCE_DIR) + "/docs/cli.md");
    const auto at = doc.find("## `crowd`");
    ASSERT_NE(at, std::string::npos);
    const std::string section = doc.substr(at, doc.find("\n## ", at + 1) - at);
    const json j = json::parse(r.out);
    for (const auto& item : j.items()) {
        EXPECT_NE(section.find("`" + item.key() + "`"), std::string::npos)
            << "undocumented " << item.key();
    }
}

TEST_F(cli, crowd_refuses_bad_arguments_with_a_reason) {
    const auto huge = run("crowd circle --agents 1000000");
    EXPECT_EQ(huge.code, 2);
    EXPECT_NE(huge.err.find("--agents"), std::string::npos) << huge.err;
    const auto name = run("crowd spiral");
    EXPECT_EQ(name.code, 2);
    const auto map_for_circle = run("crowd circle " + path("none.map"));
    EXPECT_EQ(map_for_circle.code, 2);
    const auto dt = run("crowd circle --dt 5");
    EXPECT_EQ(dt.code, 2);
    const auto radius = run("crowd circle --radius 0");
    EXPECT_EQ(radius.code, 2);
    // A map with no room for the bodies.
    const std::string tiny = write("tiny.map", "type octile\nheight 2\nwidth 3\nmap\n...\n...\n");
    const auto full = run("crowd random --agents 50 " + tiny);
    EXPECT_EQ(full.code, 2);
    EXPECT_NE(full.err.find("room for only"), std::string::npos) << full.err;
}

} // namespace
} // namespace xunlu
