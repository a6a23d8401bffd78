// `xunlu simulate`: many units walk to random goals (or to a scenario file's goals) on game
// ticks, their path requests served within a per-tick budget; prints arrivals, waits,
// re-paths, conflicts, the length ratio to solo paths and per-tick CPU time.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <set>

#include "cli_common.hpp"
#include "simulation_gif.hpp"
#include "xunlu/agents/footprint_map.hpp"
#include "xunlu/agents/simulation.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::cli {

namespace {

/// `--tick-budget-us` is enforced as node expansions (so runs are the same on every machine):
/// this many per microsecond, about what each search does on one core of the reference machine
/// within a simulation (A*: about 200 ns per expansion on a 512 x 512 game map; block JPS:
/// about 1 us per jump point expanded; BENCHMARKS.md "Many units on game ticks").
constexpr std::uint64_t astar_expansions_per_us = 5;
constexpr std::uint64_t jps_expansions_per_us = 1;

struct simulate_args {
    std::string map;
    std::size_t units = 100;
    std::uint64_t ticks = 500;
    std::string mode = "local";
    std::string algo = "jps";
    std::uint64_t tick_budget_us = 2000;
    std::uint64_t seed = 1;
    std::int32_t unit_size = 1;
    std::int32_t window = 8;
    std::string scen;
    std::string trajectories;
    std::string gif;
    std::int32_t gif_scale = 0;
    bool json = false;
    std::string layers;
    std::size_t threads = 1;
    std::size_t lanes = 4;
    std::vector<double> speeds;
};

std::vector<agents::unit_spec> random_units(const grid::grid_map& map, const simulate_args& a) {
    auto fp = agents::footprint_map(map, a.unit_size, grid::obstacle_mask::high_and_low);
    if (!fp) throw command_error{fp.err().message};
    std::vector<cell> free;
    for (std::int32_t y = 0; y < fp->height(); ++y) {
        for (std::int32_t x = 0; x < fp->width(); ++x) {
            if (fp->passable({x, y})) free.push_back({x, y});
        }
    }
    std::mt19937_64 rng(a.seed);
    std::shuffle(free.begin(), free.end(), rng);
    // Starts that do not overlap, then goals that do not overlap each other.
    auto pick = [&](std::size_t& from) {
        std::vector<cell> chosen;
        std::vector<std::uint8_t> used(
            static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height()), 0);
        for (; from < free.size() && chosen.size() < a.units; ++from) {
            const cell c = free[from];
            bool clear = true;
            for (std::int32_t dy = 0; dy < a.unit_size && clear; ++dy) {
                for (std::int32_t dx = 0; dx < a.unit_size && clear; ++dx) {
                    clear = used[static_cast<std::size_t>(c.y + dy) *
                                     static_cast<std::size_t>(map.width()) +
                                 static_cast<std::size_t>(c.x + dx)] == 0;
                }
            }
            if (!clear) continue;
            for (std::int32_t dy = 0; dy < a.unit_size; ++dy) {
                for (std::int32_t dx = 0; dx < a.unit_size; ++dx) {
                    used[static_cast<std::size_t>(c.y + dy) *
                             static_cast<std::size_t>(map.width()) +
                         static_cast<std::size_t>(c.x + dx)] = 1;
                }
            }
            chosen.push_back(c);
        }
        return chosen;
    };
    std::size_t cursor = 0;
    const std::vector<cell> starts = pick(cursor);
    std::shuffle(free.begin(), free.end(), rng);
    cursor = 0;
    const std::vector<cell> goals = pick(cursor);
    if (starts.size() < a.units || goals.size() < a.units) {
        throw command_error{"the map has room for only " +
                            std::to_string(std::min(starts.size(), goals.size())) + " units of " +
                            std::to_string(a.unit_size) + "x" + std::to_string(a.unit_size) +
                            " cells, not " + std::to_string(a.units)};
    }
    std::vector<agents::unit_spec> units;
    for (std::size_t i = 0; i < a.units; ++i) {
        units.push_back({starts[i], goals[i], a.unit_size, 0, 1.0});
    }
    return units;
}

/// Units from a Moving AI scenario file: one per scenario, in order, skipping those whose
/// start overlaps an earlier unit's, up to --units.
std::vector<agents::unit_spec> scenario_units(const grid::grid_map& map, const simulate_args& a) {
    const std::string text =
        read_text_input(a.scen, io::max_file_bytes, "version", "a scenario file");
    auto parsed = io::parse_scenarios(text, a.scen);
    if (!parsed) throw command_error{parsed.err().message};
    std::vector<agents::unit_spec> units;
    std::set<std::pair<std::int32_t, std::int32_t>> starts;
    for (const auto& s : *parsed) {
        if (units.size() >= a.units) break;
        if (s.map_width != map.width() || s.map_height != map.height()) {
            throw command_error{a.scen + ":" + std::to_string(s.line) + ": scenario is for a " +
                                std::to_string(s.map_width) + "x" + std::to_string(s.map_height) +
                                " map, " + a.map + " is " + std::to_string(map.width()) + "x" +
                                std::to_string(map.height())};
        }
        if (!starts.insert({s.start.x, s.start.y}).second) continue;
        units.push_back({s.start, s.goal, a.unit_size, 0, 1.0});
    }
    return units;
}

void run_simulate(const simulate_args& a) {
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    // The GIF's size is known before the run: refused now, not after the ticks have run.
    if (!a.gif.empty()) {
        if (auto refused = simulation_gif::refuse_size(map, a.gif_scale,
                                                       std::max(a.ticks, a.ticks + 1), a.gif)) {
            throw command_error{refused->message};
        }
    }
    agents::simulation_options options;
    if (a.mode == "local") {
        options.mode = agents::collision_mode::local;
    } else if (a.mode == "cooperative") {
        options.mode = agents::collision_mode::cooperative;
    } else {
        throw command_error{"unknown --mode '" + a.mode + "' (use local or cooperative)"};
    }
    if (a.algo == "jps") {
        options.engine = agents::path_engine::jps;
    } else if (a.algo == "astar") {
        options.engine = agents::path_engine::astar;
    } else {
        throw command_error{"unknown --algo '" + a.algo + "' (use jps or astar)"};
    }
    options.tick_budget =
        a.tick_budget_us * (options.engine == agents::path_engine::jps ? jps_expansions_per_us
                                                                       : astar_expansions_per_us);
    options.window = a.window;
    options.threads = a.threads;
    options.lanes = a.lanes;
    std::vector<agents::unit_spec> specs =
        a.scen.empty() ? random_units(map, a) : scenario_units(map, a);
    for (std::size_t i = 0; i < specs.size() && !a.speeds.empty(); ++i) {
        specs[i].speed = a.speeds[i % a.speeds.size()];
    }
    auto created = agents::simulation::create(map, std::move(specs), options);
    if (!created) throw command_error{created.err().message};
    agents::simulation sim = std::move(created).value();

    std::optional<output_file> trajectories;
    if (!a.trajectories.empty()) trajectories = open_output(a.trajectories);
    auto write_tick = [&] {
        if (!trajectories) return;
        nlohmann::json line;
        line["tick"] = sim.tick();
        auto& cells = line["units"] = nlohmann::json::array();
        for (const auto& u : sim.units()) cells.push_back({u.at.x, u.at.y});
        write_line(*trajectories, line.dump());
    };
    std::unique_ptr<simulation_gif> gif;
    if (!a.gif.empty()) gif = std::make_unique<simulation_gif>(map, a.gif_scale);
    write_tick();
    if (gif) gif->add_frame(sim);

    std::vector<double> tick_us;
    std::uint64_t expansions = 0;
    const bool progress = stderr_is_terminal() && !a.json;
    for (std::uint64_t t = 0; t < a.ticks; ++t) {
        const agents::tick_report r = sim.step();
        tick_us.push_back(r.cpu_us);
        expansions += r.expansions;
        write_tick();
        if (gif) gif->add_frame(sim);
        if (progress && (t % 16 == 0 || t + 1 == a.ticks)) {
            draw_progress("simulate", static_cast<std::size_t>(t + 1),
                          static_cast<std::size_t>(a.ticks));
        }
    }
    if (gif) {
        auto written = gif->write(a.gif);
        if (!written) throw command_error{written.err().message};
    }
    if (trajectories) finish_output(*trajectories);
    const agents::simulation_totals totals = sim.totals();
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx",
                  static_cast<unsigned long long>(sim.trajectory_hash()));
    const double p50 = percentile(tick_us, 0.5), p99 = percentile(tick_us, 0.99);
    const double max = tick_us.empty() ? 0 : *std::max_element(tick_us.begin(), tick_us.end());
    std::size_t blocked = 0, moving = 0;
    for (const auto& u : sim.units()) {
        if (u.state == agents::unit_state::blocked && !u.unreachable) ++blocked;
        if (u.state != agents::unit_state::arrived && u.state != agents::unit_state::blocked) {
            ++moving;
        }
    }
    if (a.json) {
        nlohmann::json j;
        j["units"] = totals.units;
        j["ticks"] = a.ticks;
        j["arrived"] = totals.arrived;
        j["unreachable"] = totals.unreachable;
        j["conflicts"] = totals.conflicts;
        j["waits"] = totals.waits;
        j["repaths"] = totals.repaths;
        j["length_ratio"] = totals.length_ratio;
        j["tick_us_p50"] = p50;
        j["tick_us_p99"] = p99;
        j["tick_us_max"] = max;
        j["trajectory_hash"] = hash;
        j["mode"] = a.mode;
        j["seed"] = a.seed;
        j["stuck"] = blocked;
        j["still_moving"] = moving;
        j["path_requests"] = sim.scheduler().answered;
        j["expansions"] = expansions;
        j["threads"] = a.threads;
        j["lanes"] = a.lanes;
        j["path_wait_ticks"] = totals.path_wait_ticks;
        j["paths_per_tick"] = sim.tick() == 0 ? 0.0
                                              : static_cast<double>(totals.answered) /
                                                    static_cast<double>(sim.tick());
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("units        %zu (%s mode, %llu ticks)\n", totals.units, a.mode.c_str(),
                    static_cast<unsigned long long>(a.ticks));
        std::printf("arrived      %zu\nunreachable  %zu\nstuck        %zu\nstill moving %zu\n",
                    totals.arrived, totals.unreachable, blocked, moving);
        std::printf("conflicts    %llu\nwaits        %llu\nrepaths      %llu\n",
                    static_cast<unsigned long long>(totals.conflicts),
                    static_cast<unsigned long long>(totals.waits),
                    static_cast<unsigned long long>(totals.repaths));
        std::printf("length ratio %.4f (walked / solo path, arrived units)\n", totals.length_ratio);
        std::printf("tick cpu     p50 %.1f us, p99 %.1f us, max %.1f us\n", p50, p99, max);
        std::printf("requests     %llu paths, %llu expansions, %.2f ticks mean wait for a path\n",
                    static_cast<unsigned long long>(sim.scheduler().answered),
                    static_cast<unsigned long long>(expansions), totals.path_wait_ticks);
        std::printf("trajectory   %s\n", hash);
    }
}

} // namespace

void register_simulate(CLI::App& app) {
    auto args = std::make_shared<simulate_args>();
    auto* cmd = app.add_subcommand("simulate", "move many units to their goals on game ticks");
    cmd->add_option("map", args->map, "map file (Moving AI .map, map.in or PNG)")->required();
    cmd->add_option("--units", args->units, "number of units")
        ->check(integer_range(std::size_t{1}, std::size_t{1} << 20))
        ->capture_default_str();
    cmd->add_option("--ticks", args->ticks, "ticks to run")
        ->check(integer_range(std::uint64_t{1}, std::uint64_t{10000000}))
        ->capture_default_str();
    cmd->add_option("--mode", args->mode,
                    "local (wait, re-path, give way) or cooperative "
                    "(windowed cooperative A*)")
        ->capture_default_str();
    cmd->add_option("--algo", args->algo,
                    "search for path requests: jps (block-based, falls back to A* on terrain "
                    "costs) or astar")
        ->capture_default_str();
    cmd->add_option("--tick-budget-us", args->tick_budget_us,
                    "path search budget per tick, in microseconds (enforced as node expansions: "
                    "5 per microsecond for astar, 1 for jps, so runs are deterministic; 0 = "
                    "unlimited)")
        ->check(non_negative())
        ->capture_default_str();
    cmd->add_option("--seed", args->seed, "seed of the random units (same seed, same run)")
        ->capture_default_str();
    cmd->add_option("--unit-size", args->unit_size, "side of every unit in cells (1 to 8)")
        ->check(integer_range(1, agents::max_unit_size))
        ->capture_default_str();
    cmd->add_option("--window", args->window, "cooperative look-ahead in ticks (2 to 64)")
        ->check(integer_range(2, 64))
        ->capture_default_str();
    cmd->add_option("--scen", args->scen,
                    "units from a Moving AI scenario file (start and goal per line, up to --units; "
                    "starts that overlap an earlier unit are skipped) instead of random ones");
    cmd->add_option("--trajectories", args->trajectories,
                    "write one JSON line per tick: {\"tick\":T,\"units\":[[x,y],...]}");
    cmd->add_option("--gif", args->gif, "write an animated GIF of the run");
    cmd->add_option("--gif-scale", args->gif_scale, "GIF pixels per cell (0 = automatic)")
        ->check(integer_range(0, 16));
    cmd->add_option("--threads", args->threads,
                    "threads that run the path searches, the game thread's included (the run "
                    "is the same with any number)")
        ->check(integer_range(1, 64))
        ->capture_default_str();
    cmd->add_option("--lanes", args->lanes,
                    "path searches run side by side per tick, sharing its budget (the run "
                    "depends on this, not on --threads)")
        ->check(integer_range(1, 64))
        ->capture_default_str();
    cmd->add_option("--speeds", args->speeds,
                    "unit speeds in cells per tick, in (0, 1], given to the units in turn "
                    "(e.g. 1,0.5)")
        ->delimiter(',')
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_flag("--json", args->json, "print one JSON object");
    add_layers_option(*cmd, args->layers);
    cmd->callback([args] { run_simulate(*args); });
}

} // namespace xunlu::cli
