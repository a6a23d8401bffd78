// `xunlu landmarks`: places the differential heuristic's landmarks on a map (the table that
// `--algo astar-dh|jps-dh|jps+-dh` builds on first use), with a progress bar on large maps, and
// reports where they are, the build time and the table's memory.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/search/landmark_table.hpp"

namespace xunlu::cli {

namespace {

struct landmarks_args {
    std::string map;
    std::string rule = "8";
    std::size_t count = 0;
    bool ignore_low = false;
    bool json = false;
    std::string layers;
};

void run_landmarks(const landmarks_args& a) {
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    const auto rules = grid::parse_movement_rules(a.rule);
    if (!rules) {
        throw command_error{"unknown --rule '" + a.rule + "' (use 4, 8, 8-cut1, 8-always)"};
    }
    const std::size_t count =
        a.count == 0 ? search::landmark_table::count_for(map.padded_cells()) : a.count;
    // build() places none above its table budget (the -dh finders then use the base
    // heuristic): asked for by name, that is an error, not an empty table with exit 0.
    using lt = search::landmark_table;
    if (lt::table_bytes(map.padded_cells(), count) > lt::max_table_bytes) {
        std::size_t fits = lt::max_count;
        while (fits > 0 && lt::table_bytes(map.padded_cells(), fits) > lt::max_table_bytes) {
            --fits;
        }
        throw command_error{"--count " + std::to_string(count) + ": the table would take " +
                            std::to_string(lt::table_bytes(map.padded_cells(), count) >> 20) +
                            " MiB on this map, above the limit of " +
                            std::to_string(lt::max_table_bytes >> 20) + " MiB" +
                            (fits > 0 ? "; at most --count " + std::to_string(fits) + " fits"
                                      : std::string("; the map is too large for landmarks"))};
    }
    const auto mask =
        a.ignore_low ? grid::obstacle_mask::high_only : grid::obstacle_mask::high_and_low;
    const bool progress = stderr_is_terminal() && !a.json &&
                          std::int64_t{map.width()} * map.height() >= (std::int64_t{1} << 18);
    search::landmark_progress report;
    if (progress) {
        report = [](std::size_t done, std::size_t total) {
            draw_progress("landmarks", done, total);
        };
    }
    const auto t0 = std::chrono::steady_clock::now();
    const auto table = search::landmark_table::build(map, *rules, mask, count, report);
    const double us = micros_since(t0);
    if (progress) std::fprintf(stderr, "\n");
    if (a.json) {
        nlohmann::json j;
        j["map"] = a.map;
        j["width"] = map.width();
        j["height"] = map.height();
        j["rule"] = a.rule;
        j["count"] = table.count();
        auto& cells = j["landmarks"] = nlohmann::json::array();
        for (const cell c : table.landmarks()) cells.push_back({c.x, c.y});
        j["build_ms"] = us / 1000.0;
        j["table_bytes"] = table.memory_bytes();
        std::printf("%s\n", j.dump().c_str());
        return;
    }
    std::printf("%s (%dx%d): %zu landmarks placed in %.1f ms, table %zu bytes\n", a.map.c_str(),
                map.width(), map.height(), table.count(), us / 1000.0, table.memory_bytes());
    for (const cell c : table.landmarks()) std::printf("  %d,%d\n", c.x, c.y);
}

} // namespace

void register_landmarks(CLI::App& app) {
    auto args = std::make_shared<landmarks_args>();
    auto* cmd = app.add_subcommand(
        "landmarks", "place the differential heuristic's landmarks and time the table build");
    cmd->add_option("map", args->map, "map file")->required();
    cmd->add_option("--rule", args->rule, "movement rule: 4, 8, 8-cut1, 8-always")
        ->capture_default_str();
    cmd->add_option("--count", args->count,
                    "landmarks to place, 1..32 (default: what the -dh finders use, 16 on maps "
                    "up to 2^19 padded cells, 8 above)")
        ->check(integer_range(0, 32));
    cmd->add_flag("--ignore-low", args->ignore_low,
                  "the table for queries that ignore low "
                  "obstacles");
    cmd->add_flag("--json", args->json, "one JSON object on stdout");
    add_layers_option(*cmd, args->layers);
    cmd->callback([args] { run_landmarks(*args); });
}

} // namespace xunlu::cli
