// `xunlu route`: one game-server route query (pixels in, turning points out) via the pipeline.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>
#include <memory>
#include <sstream>

#include "batch_fields.hpp"
#include "batch_lines.hpp"
#include "cli_common.hpp"
#include "pixel_arg.hpp"
#include "unit_layer_options.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/facade/route.hpp"
#include "xunlu/pipeline/route_finder.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::cli {

namespace {

struct route_args {
    std::string map;
    std::string from;
    std::string to;
    double cell_size = 1.0;
    std::string waypoints;
    std::int32_t stop_short = 0;
    std::uint64_t max_expansions = 0;
    std::uint64_t step_limit = 20000;
    std::int32_t bounded_max_distance = 0;
    bool four_way = false;
    bool ignore_low = false;
    bool nearest_free = false;
    bool nearest_reachable = false;
    bool no_jps = false;
    std::string algo = "jps";
    std::string stages;
    bool json = false;
    std::string batch;
    std::string layers;
    std::string jps_table;
    std::optional<double> turn_penalty;
    unit_layer_args unit;
};

std::vector<pipeline::route_stage> parse_stages(const std::string& text) {
    std::vector<pipeline::route_stage> out;
    std::stringstream in(text);
    std::string name;
    while (std::getline(in, name, ',')) {
        const auto s = pipeline::parse_stage(name);
        if (!s) {
            throw command_error{"unknown stage '" + name +
                                "' in --stages (use straight_line, reachability, bounded_search, "
                                "waypoint_graph, full_search, hierarchical)"};
        }
        out.push_back(*s);
    }
    return out;
}

/// The scene of the route command (map, options, waypoints), built once per run.
pipeline::scene make_route_scene(const route_args& a, std::vector<std::string>& warnings) {
    pipeline::scene_options options{.cell_size = a.cell_size};
    options.step_limit = a.step_limit;
    options.bounded_max_distance = a.bounded_max_distance;
    options.use_jps = !a.no_jps;
    if (!a.stages.empty()) options.stages = parse_stages(a.stages);
    for (const auto stage : options.stages) {
        if (stage == pipeline::route_stage::waypoint_graph && !a.stages.empty() &&
            a.waypoints.empty()) {
            throw command_error{"--stages lists waypoint_graph: give its graph with --waypoints "
                                "DIR (roadPoint.csv and pathlink.csv)"};
        }
    }
    auto created = pipeline::scene::create(load_map_or_fail(a.map, a.layers), std::move(options));
    if (!created) throw command_error{created.err().message};
    pipeline::scene scene = std::move(created).value();
    install_jps_table(scene.map(), a.jps_table, a.ignore_low);
    if (!a.waypoints.empty()) {
        auto loaded = scene.load_waypoints(a.waypoints);
        if (!loaded) throw command_error{loaded.err().message};
        for (const auto& d : *loaded) {
            warnings.push_back(d.text());
            if (!a.json && a.batch.empty()) std::fprintf(stderr, "xunlu: %s\n", d.text().c_str());
        }
    }
    return scene;
}

/// What one query asks beyond its endpoints (from the flags, or from a batch line).
struct route_flags {
    std::int32_t stop_short = 0;
    std::uint64_t max_expansions = 0;
    bool four_way = false;
    bool ignore_low = false;
    bool nearest_free = false;
    bool nearest_reachable = false;
    std::string algo;
    std::optional<double> turn_penalty;
    const overlays::query_layers* layers = nullptr; ///< the unit's (--fog, --size, --influence)
};

pipeline::route_result answer_route(const pipeline::scene& scene, point from, point to,
                                    const route_flags& f,
                                    std::map<std::string, pipeline::route_finder>& finders) {
    pipeline::route_request req{.start = from, .goal = to};
    req.stop_short = f.stop_short;
    req.max_expansions = f.max_expansions;
    req.low_obstacles_block = !f.ignore_low;
    if (f.four_way) req.rules.moves = grid::connectivity::four;
    if (f.nearest_free) req.when_blocked = pipeline::blocked_endpoint::nearest_free;
    if (f.nearest_reachable) req.when_unreachable = pipeline::unreachable_goal::nearest_reachable;
    req.turn_penalty = f.turn_penalty;
    if (f.layers != nullptr) req.layers = *f.layers;

    const auto* entry = registry::find_finder(f.algo);
    if (entry == nullptr) {
        throw command_error{"unknown --algo '" + f.algo + "' (use " + registry::finder_names() +
                            ")"};
    }
    if (!entry->caps.rules.supports(req.rules)) {
        throw command_error{"--algo " + f.algo + " does not support movement rule " +
                                std::string(grid::movement_rules_name(req.rules)),
                            exit_bad_input};
    }
    auto it = finders.find(f.algo);
    if (it == finders.end()) {
        auto finder = facade::make_route_finder(f.algo); // the registry's choice, as the façade
        if (!finder) throw command_error{finder.err().message};
        it = finders.emplace(f.algo, std::move(finder).value()).first;
    }
    return it->second.find(scene, req);
}

route_flags flags_of(const route_args& a, const loaded_unit_layers& unit) {
    return {a.stop_short,        a.max_expansions, a.four_way,     a.ignore_low,  a.nearest_free,
            a.nearest_reachable, a.algo,           a.turn_penalty, &unit.layers()};
}

/// `route --batch`: one JSON query per line, one JSON answer per line, the scene built once.
void run_route_batch(const route_args& a) {
    if (!a.from.empty() || !a.to.empty()) {
        throw command_error{"--batch takes the queries from the file: drop --from and --to"};
    }
    refuse_two_standard_inputs(a.batch, a.map, a.layers);
    std::vector<std::string> warnings;
    const pipeline::scene scene = make_route_scene(a, warnings);
    for (const auto& w : warnings) std::fprintf(stderr, "xunlu: %s\n", w.c_str());
    const loaded_unit_layers unit(a.unit, scene.map());
    std::map<std::string, pipeline::route_finder> finders;
    batch_reader reader(a.batch);
    bool bad_line = false, not_found = false;
    while (auto line = reader.next()) {
        nlohmann::json out, query;
        try {
            query = parse_query_line(*line);
            refuse_unknown_keys(query, {"id", "from", "to", "algo", "stop_short", "max_expansions",
                                        "four_way", "ignore_low", "nearest_free",
                                        "nearest_reachable", "turn_penalty", "unit_size"});
            route_flags f = flags_of(a, unit);
            overlays::query_layers line_layers = unit.layers();
            line_layers.unit_size = json_get<std::int32_t>(query, "unit_size", a.unit.size);
            f.layers = &line_layers;
            f.stop_short = json_get<std::int32_t>(query, "stop_short", f.stop_short);
            f.max_expansions = json_get<std::uint64_t>(query, "max_expansions", f.max_expansions);
            f.four_way = json_get<bool>(query, "four_way", f.four_way);
            f.ignore_low = json_get<bool>(query, "ignore_low", f.ignore_low);
            f.nearest_free = json_get<bool>(query, "nearest_free", f.nearest_free);
            f.nearest_reachable = json_get<bool>(query, "nearest_reachable", f.nearest_reachable);
            f.algo = json_get<std::string>(query, "algo", f.algo);
            if (query.contains("turn_penalty")) {
                f.turn_penalty = json_get<double>(query, "turn_penalty", 0.0);
            }
            const pipeline::route_result r =
                answer_route(scene, json_pixel(query, "from"), json_pixel(query, "to"), f, finders);
            out = encode::route_json(r);
            out["cell_size"] = scene.cell_size();
            if (!r.ok()) not_found = true;
            if (r.status == pipeline::route_status::invalid) bad_line = true;
        } catch (const command_error& e) {
            out = nlohmann::json::object();
            out["status"] = "invalid";
            out["error"] =
                batch_source_name(a.batch) + ":" + std::to_string(line->number) + ": " + e.message;
            bad_line = true;
        }
        out["line"] = line->number;
        if (query.is_object() && query.contains("id")) out["id"] = query["id"];
        write_stdout(out.dump() + "\n"); // a lost answer ends the batch (exit 2)
    }
    if (bad_line) throw command_error{"", exit_bad_input};
    if (not_found) throw command_error{"", exit_failed};
}

void run_route(const route_args& a) {
    if (!a.batch.empty()) return run_route_batch(a);
    if (a.from.empty() || a.to.empty()) {
        throw command_error{"--from and --to are required (or --batch FILE)"};
    }
    const point from = parse_pixel(a.from, "--from");
    const point to = parse_pixel(a.to, "--to");
    std::vector<std::string> warnings;
    const pipeline::scene scene = make_route_scene(a, warnings);
    const loaded_unit_layers unit(a.unit, scene.map());
    std::map<std::string, pipeline::route_finder> finders;
    const pipeline::route_result r = answer_route(scene, from, to, flags_of(a, unit), finders);

    if (a.json) {
        nlohmann::json j = encode::route_json(r);
        j["cell_size"] = scene.cell_size();
        if (!warnings.empty()) j["warnings"] = warnings;
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("status     %s%s%s\n", std::string(pipeline::status_name(r.status)).c_str(),
                    r.reason.empty() ? "" : ": ", r.reason.c_str());
        std::printf("stage      %s%s%s\n", std::string(pipeline::stage_name(r.stage)).c_str(),
                    r.algorithm.empty() ? "" : " / ", r.algorithm.c_str());
        std::printf("points    ");
        for (const point p : r.points) std::printf(" %s", pixel_text(p).c_str());
        std::printf("\nlength     %.3f px\nexpanded   %llu\ntime       %.1f us\n", r.length,
                    static_cast<unsigned long long>(r.stats.expanded), r.stats.time_us);
        if (r.blocking_cell) {
            std::printf("blocked at (%d,%d) on the straight line\n", r.blocking_cell->x,
                        r.blocking_cell->y);
        }
    }
    finish_with(encode::exit_code_for(r.status), r.reason);
}

} // namespace

void register_route(CLI::App& app) {
    auto a = std::make_shared<route_args>();
    auto* cmd = app.add_subcommand(
        "route", "game-server route query: pixel start/goal to turning points (query pipeline)");
    cmd->add_option("map", a->map, "map file (Moving AI .map, map.in or PNG)")->required();
    cmd->add_option("--from", a->from, "start pixel PX,PY (required unless --batch)");
    cmd->add_option("--to", a->to, "goal pixel PX,PY (required unless --batch)");
    cmd->add_option("--cell-size", a->cell_size, "pixels per cell side")->capture_default_str();
    cmd->add_option("--waypoints", a->waypoints,
                    "folder with roadPoint.csv and pathlink.csv (waypoint graph stage)");
    cmd->add_option("--turn-penalty", a->turn_penalty,
                    "cost per 45 degrees of turning in the grid searches (A* where the --algo "
                    "does not search headings)");
    cmd->add_option("--stop-short", a->stop_short, "succeed within N cells of the goal")
        ->check(non_negative())
        ->capture_default_str();
    cmd->add_option("--max-expansions", a->max_expansions,
                    "node budget of the full search, 0 = unlimited")
        ->check(non_negative())
        ->capture_default_str();
    cmd->add_option("--step-limit", a->step_limit, "node budget of the bounded search stage")
        ->check(non_negative())
        ->capture_default_str();
    cmd->add_option("--bounded-max-distance", a->bounded_max_distance,
                    "run the bounded search only for goals within N cells (0 = always)")
        ->check(non_negative())
        ->capture_default_str();
    cmd->add_flag("--four-way", a->four_way, "4-directional movement (default 8, no corner cut)");
    cmd->add_flag("--ignore-low", a->ignore_low, "low obstacles (units) do not block");
    cmd->add_flag("--nearest-free", a->nearest_free,
                  "move a blocked start/goal to the nearest free cell instead of failing");
    cmd->add_flag("--nearest-reachable", a->nearest_reachable,
                  "route to the nearest reachable cell when the goal is on another island");
    cmd->add_option("--algo", a->algo,
                    "grid search of the bounded and full stages (a registry name; A* where it "
                    "cannot serve the query)")
        ->capture_default_str();
    cmd->add_flag("--no-jps", a->no_jps, "use A* in every stage (ignore --algo)");
    cmd->add_option("--stages", a->stages,
                    "comma-separated stage order (straight_line, reachability, bounded_search, "
                    "waypoint_graph, full_search, hierarchical)");
    add_unit_layer_options(*cmd, a->unit);
    cmd->add_flag("--json", a->json, "print one JSON object");
    cmd->add_option("--batch", a->batch,
                    "answer one JSON query per line of FILE ('-' = standard input), one JSON line "
                    "each, building the scene once (docs/cli.md)");
    cmd->add_option("--jps-table", a->jps_table,
                    "use the JPS+ table saved by `xunlu jps-table -o FILE` (checked against the "
                    "map; with --ignore-low, a table made with --ignore-low) for --algo jps+");
    add_layers_option(*cmd, a->layers);
    cmd->callback([a] { run_route(*a); });
}

} // namespace xunlu::cli
