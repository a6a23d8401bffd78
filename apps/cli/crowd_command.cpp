// `xunlu crowd circle|blocks|random [MAP]`: bodies with a radius walk to their goals through a
// scenario generated in code, steered by ORCA and kept apart by the response step; prints the
// completion time against the ideal, overlaps and the cost per agent-tick (docs/crowds.md).
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <optional>

#include "cli_common.hpp"
#include "xunlu/crowd/scenario.hpp"

namespace xunlu::cli {

namespace {

struct crowd_args {
    std::string scenario;
    std::string map;
    std::size_t agents = 100;
    double radius = 0.6;
    double speed = 3.5;
    double dt = 0.1;
    std::uint64_t seed = 1;
    double seconds = 0;
    std::size_t threads = 1;
    std::string trajectories;
    bool json = false;
};

void run_crowd(const crowd_args& a) {
    crowd::scenario_options o;
    o.name = a.scenario;
    o.agents = a.agents;
    o.radius = a.radius;
    o.speed = a.speed;
    o.dt = a.dt;
    o.seed = a.seed;
    o.seconds = a.seconds;
    o.threads = a.threads;
    if (!a.map.empty()) {
        if (a.scenario != "random") {
            throw command_error{"crowd: a MAP is read only by the random scenario"};
        }
        o.map = std::make_shared<const grid::grid_map>(load_map_or_fail(a.map));
    }
    auto made = crowd::make_scenario(o);
    if (!made) throw command_error{"crowd: " + made.err().message};

    std::optional<output_file> csv;
    if (!a.trajectories.empty()) {
        csv = open_output(a.trajectories);
        write_line(*csv, "tick,agent,x,y");
    }
    crowd::trajectory_sink sink;
    if (csv) {
        sink = [&](std::uint64_t tick, std::span<const crowd::vec2> pos) {
            char row[96];
            for (std::size_t i = 0; i < pos.size(); ++i) {
                std::snprintf(row, sizeof row, "%llu,%zu,%.6f,%.6f",
                              static_cast<unsigned long long>(tick), i, pos[i].x, pos[i].y);
                write_line(*csv, row);
            }
        };
    }
    auto ran = crowd::run_scenario(*made, o, sink);
    if (!ran) throw command_error{"crowd: " + ran.err().message};
    if (csv) finish_output(*csv);
    const crowd::run_stats& s = *ran;
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(s.trajectory_hash));
    if (a.json) {
        nlohmann::json j;
        j["scenario"] = a.scenario;
        j["ticks"] = s.ticks;
        j["agents"] = s.agents;
        j["arrived"] = s.arrived;
        j["completion_s"] =
            s.completion_s < 0 ? nlohmann::json(nullptr) : nlohmann::json(s.completion_s);
        j["ideal_s"] = s.ideal_s;
        j["overlap_agent_ticks"] = s.overlap_agent_ticks;
        j["max_penetration"] = s.max_penetration;
        j["wall_agent_ticks"] = s.wall_agent_ticks;
        j["held_back"] = s.held_back;
        j["blocked"] = s.blocked;
        j["path_searches"] = s.path_searches;
        j["us_per_agent_tick"] = s.us_per_agent_tick;
        j["trajectory_hash"] = hash;
        j["dt"] = a.dt;
        j["seed"] = a.seed;
        j["threads"] = a.threads;
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("scenario      %s, %zu agents, dt %.3f s, seed %llu\n", a.scenario.c_str(),
                    s.agents, a.dt, static_cast<unsigned long long>(a.seed));
        if (s.completion_s >= 0) {
            std::printf("completion    %.1f s (ideal %.1f s, %.2fx)\n", s.completion_s, s.ideal_s,
                        s.ideal_s > 0 ? s.completion_s / s.ideal_s : 0.0);
        } else {
            std::printf("completion    not within the cap: %zu of %zu arrived, %zu blocked\n",
                        s.arrived, s.agents, s.blocked);
        }
        std::printf("ticks         %llu\n", static_cast<unsigned long long>(s.ticks));
        std::printf("overlaps      %llu agent-ticks over 1 %%, deepest %.4f of 2r\n",
                    static_cast<unsigned long long>(s.overlap_agent_ticks), s.max_penetration);
        std::printf("in walls      %llu agent-ticks\n",
                    static_cast<unsigned long long>(s.wall_agent_ticks));
        std::printf("cost          %.3f us per agent-tick (%zu thread%s)\n", s.us_per_agent_tick,
                    a.threads, a.threads == 1 ? "" : "s");
        std::printf("trajectory    %s\n", hash);
    }
    if (s.completion_s < 0) throw command_error{"", exit_failed};
}

} // namespace

void register_crowd(CLI::App& app) {
    auto args = std::make_shared<crowd_args>();
    auto* cmd = app.add_subcommand(
        "crowd", "bodies with a radius cross a scenario without passing through each other");
    cmd->add_option("scenario", args->scenario, "circle, blocks or random")
        ->required()
        ->check(CLI::IsMember({"circle", "blocks", "random"}));
    cmd->add_option("map", args->map, "random: the map (default: a generated rooms map)");
    cmd->add_option("--agents", args->agents, "number of bodies")
        ->check(integer_range(std::size_t{1}, crowd::max_agents))
        ->capture_default_str();
    cmd->add_option("--radius", args->radius, "body radius in metres (1 cell = 1 m)")
        ->check(CLI::Range(1e-3, crowd::max_radius))
        ->capture_default_str();
    cmd->add_option("--speed", args->speed, "max speed in m/s")
        ->check(CLI::Range(1e-3, 100.0))
        ->capture_default_str();
    cmd->add_option("--dt", args->dt, "tick length in seconds")
        ->check(CLI::Range(1e-3, 1.0))
        ->capture_default_str();
    cmd->add_option("--seed", args->seed, "seed of the random scenario")->capture_default_str();
    cmd->add_option("--seconds", args->seconds, "time cap (0 = 3 x the ideal time + 30 s)")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str();
    cmd->add_option("--threads", args->threads, "threads for the avoidance step (1 to 64)")
        ->check(integer_range(1, 64))
        ->capture_default_str();
    cmd->add_option("--trajectories", args->trajectories,
                    "write tick,agent,x,y rows (tick 0 = the starting positions)");
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->callback([args] { run_crowd(*args); });
}

} // namespace xunlu::cli
