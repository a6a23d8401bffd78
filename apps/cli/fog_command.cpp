// `xunlu fog`: a unit walks from --from to --to through the fog of war, seeing --sensor cells
// around it and re-planning with D* Lite whenever it sees a wall it did not know of. Prints
// what happened (or one JSON object); --fog starts from what a player already explored,
// --save-fog writes what it knows afterwards. Also the fog files' helpers for `find --fog`.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>

#include "cli_common.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/overlays/fog_file.hpp"
#include "xunlu/overlays/fog_walk.hpp"

namespace xunlu::cli {

overlays::unknown_cells parse_assumption(const std::string& text) {
    if (text == "walkable") return overlays::unknown_cells::walkable;
    if (text == "blocked") return overlays::unknown_cells::blocked;
    throw command_error{"unknown --assume '" + text + "' (use walkable or blocked)"};
}

overlays::fog_layer load_fog_or_fail(const std::string& path, const grid::grid_map& map) {
    // At most the size a fog of this map takes (header, one byte per cell, CRLF line ends).
    const std::size_t bound =
        4096 + (static_cast<std::size_t>(map.width()) + 2) * static_cast<std::size_t>(map.height());
    const std::string text = read_text_input(path, bound, "type fog", "a fog file");
    auto fog = overlays::parse_fog(text, path);
    if (!fog) throw command_error{fog.err().message};
    if (fog->width() != map.width() || fog->height() != map.height()) {
        throw command_error{path + ": the fog is " + std::to_string(fog->width()) + "x" +
                            std::to_string(fog->height()) + ", the map " +
                            std::to_string(map.width()) + "x" + std::to_string(map.height())};
    }
    return std::move(fog).value();
}

namespace {

struct fog_args {
    std::string map;
    std::string from;
    std::string to;
    std::int32_t sensor = 4;
    std::string assume = "walkable";
    std::string fog;
    std::string save_fog;
    std::uint64_t max_steps = 0;
    bool json = false;
    bool walk = false;
    std::string layers;
};

std::string_view status_name(overlays::fog_walk_status s) {
    switch (s) {
    case overlays::fog_walk_status::arrived:
        return "arrived";
    case overlays::fog_walk_status::no_path:
        return "no_path";
    case overlays::fog_walk_status::step_limit:
        return "step_limit";
    case overlays::fog_walk_status::invalid:
        return "invalid_input";
    }
    return "invalid_input";
}

void run_fog(const fog_args& a) {
    if (a.walk && !a.json)
        throw command_error{"--walk adds the cells walked to --json: add --json"};
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    const cell from = parse_cell(a.from, "--from");
    const cell to = parse_cell(a.to, "--to");
    overlays::fog_layer fog = a.fog.empty()
                                  ? overlays::fog_layer::create(map.width(), map.height()).value()
                                  : load_fog_or_fail(a.fog, map);
    const overlays::fog_walk_options options{
        .sensor_radius = a.sensor, .unknown = parse_assumption(a.assume), .max_steps = a.max_steps};
    const auto t0 = std::chrono::steady_clock::now();
    const auto walk = overlays::walk_through_fog(map, fog, from, to, options);
    const double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    if (walk.status == overlays::fog_walk_status::invalid) throw command_error{walk.reason};
    if (!a.save_fog.empty()) {
        write_output(a.save_fog, overlays::write_fog(fog));
    }
    if (a.json) {
        nlohmann::json j;
        j["status"] = status_name(walk.status);
        if (!walk.reason.empty()) j["reason"] = walk.reason;
        j["steps"] = walk.walked.size() - 1;
        j["length"] = walk.length;
        j["cost"] = walk.cost;
        j["at"] = {walk.walked.back().x, walk.walked.back().y};
        j["replans"] = walk.replans;
        j["discoveries"] = walk.discoveries;
        j["expanded"] = walk.search.expanded;
        j["first_plan_expanded"] = walk.first_plan_expanded;
        j["explored"] = fog.explored_count();
        j["fog_bytes"] = fog.bytes();
        j["time_us"] = us;
        if (a.walk) {
            nlohmann::json cells = nlohmann::json::array();
            for (const cell c : walk.walked) cells.push_back({c.x, c.y});
            j["walk"] = std::move(cells);
        }
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("status       %s%s%s\n", std::string(status_name(walk.status)).c_str(),
                    walk.reason.empty() ? "" : ": ", walk.reason.c_str());
        std::printf("walked       %zu steps, length %.4f, now at (%d,%d)\n", walk.walked.size() - 1,
                    walk.length, walk.walked.back().x, walk.walked.back().y);
        std::printf("re-plans     %llu (%llu walls found where %s was assumed)\n",
                    static_cast<unsigned long long>(walk.replans),
                    static_cast<unsigned long long>(walk.discoveries),
                    options.unknown == overlays::unknown_cells::walkable ? "floor" : "a wall");
        std::printf("D* Lite      %llu expanded (first plan %llu), %.1f us in all\n",
                    static_cast<unsigned long long>(walk.search.expanded),
                    static_cast<unsigned long long>(walk.first_plan_expanded), us);
        std::printf("explored     %zu cells (the fog takes %zu bytes)\n", fog.explored_count(),
                    fog.bytes());
    }
    if (walk.status != overlays::fog_walk_status::arrived) throw command_error{"", exit_failed};
}

} // namespace

void register_fog(CLI::App& app) {
    auto args = std::make_shared<fog_args>();
    auto* cmd = app.add_subcommand(
        "fog", "walk a unit through the fog of war, re-planning with D* Lite as it sees walls");
    cmd->add_option("map", args->map, "map file (Moving AI .map, map.in or PNG)")->required();
    cmd->add_option("--from", args->from, "start cell X,Y")->required();
    cmd->add_option("--to", args->to, "goal cell X,Y")->required();
    cmd->add_option("--sensor", args->sensor, "cells the unit sees around it (radius)")
        ->check(integer_range(0, 1000))
        ->capture_default_str();
    cmd->add_option("--assume", args->assume, "unseen cells are walkable or blocked")
        ->capture_default_str();
    cmd->add_option("--fog", args->fog, "fog file: what the player has explored already");
    cmd->add_option("--save-fog", args->save_fog, "write the fog file after the walk");
    cmd->add_option("--max-steps", args->max_steps, "stop after N steps (0 = 4 x the cells)")
        ->check(non_negative());
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->add_flag("--walk", args->walk, "with --json: the cells walked, as \"walk\"");
    add_layers_option(*cmd, args->layers);
    cmd->callback([args] { run_fog(*args); });
}

} // namespace xunlu::cli
