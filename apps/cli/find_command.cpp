// `xunlu find`: one query on one map, printed as text or JSON, optionally drawn to map.out/PNG.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "batch_fields.hpp"
#include "batch_lines.hpp"
#include "cli_common.hpp"
#include "unit_layer_options.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/io/text_map.hpp"
#include "xunlu/overlays/clearance_layer.hpp"
#include "xunlu/overlays/fog_file.hpp"
#include "xunlu/overlays/influence_file.hpp"
#include "xunlu/overlays/query_layers.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/render/hex_picture.hpp"
#include "xunlu/render/map_picture.hpp"
#include "xunlu/render/png_writer.hpp"
#include "xunlu/search/build_budget.hpp"

namespace xunlu::cli {

namespace {

struct find_args {
    std::string map;
    std::string from;
    std::string to;
    search_options search;
    std::string out;
    std::string png;
    std::size_t max_memory_mb = 0;
    std::size_t max_preprocess_ms = 0;
    std::size_t max_preprocess_mb = 0;
    bool json = false;
    std::string batch;
    std::string jps_table;
    std::string subgoal_graph;
    std::string subgoal_hierarchy;
    std::string visgraph;
    std::string layers;
    unit_layer_args unit;
};

/// The budget of the per-map builds (--max-preprocess-ms, --max-preprocess-mb), or none.
std::optional<search::build_budget> preprocess_budget(const find_args& a) {
    if (a.max_preprocess_ms == 0 && a.max_preprocess_mb == 0) return std::nullopt;
    search::build_budget budget;
    budget.max_ms = static_cast<double>(a.max_preprocess_ms);
    budget.max_bytes = a.max_preprocess_mb > (std::numeric_limits<std::size_t>::max() >> 20)
                           ? std::numeric_limits<std::size_t>::max()
                           : a.max_preprocess_mb << 20;
    return budget;
}

std::size_t memory_cap_bytes(std::size_t mb) {
    return mb > (std::numeric_limits<std::size_t>::max() >> 20)
               ? std::numeric_limits<std::size_t>::max()
               : static_cast<std::size_t>(mb) << 20;
}

/// Hex maps have no map.out arrows and no JPS+ table.
void refuse_square_only_options(const find_args& a, const any_map& loaded) {
    if (!loaded.hex) return;
    if (!a.out.empty()) {
        throw command_error{"--out draws square-grid arrows (map.out); on a hex map use --png"};
    }
    if (!a.jps_table.empty()) {
        throw command_error{"--jps-table: JPS+ tables are for square grids, not hex maps"};
    }
    if (!a.subgoal_graph.empty() || !a.subgoal_hierarchy.empty()) {
        throw command_error{"--subgoal-graph, --subgoal-hierarchy: subgoal graphs are for square "
                            "grids, not hex maps"};
    }
    if (!a.visgraph.empty()) {
        throw command_error{"--visgraph: visibility graphs are for square grids, not hex maps"};
    }
}

/// A saved table given with an algorithm that never reads it is refused, not ignored.
void refuse_unused_tables(const find_args& a) {
    const std::string& algo = a.search.algo;
    auto uses = [&](std::initializer_list<const char*> users) {
        for (const char* u : users) {
            if (algo == u) return true;
        }
        return false;
    };
    auto refuse = [&](const char* flag, const char* users) {
        throw command_error{std::string(flag) + " is read by --algo " + users + " only, not by " +
                            algo};
    };
    if (!a.jps_table.empty() && !uses({"jps+", "jps+-unpruned", "jps+-dh", "auto-pre"})) {
        refuse("--jps-table", "jps+, jps+-unpruned, jps+-dh and auto-pre");
    }
    if (!a.subgoal_graph.empty() && !uses({"subgoal", "subgoal-ch", "auto-pre"})) {
        refuse("--subgoal-graph", "subgoal, subgoal-ch and auto-pre");
    }
    if (!a.subgoal_hierarchy.empty() && !uses({"subgoal-ch", "auto-pre"})) {
        refuse("--subgoal-hierarchy", "subgoal-ch and auto-pre");
    }
    if (!a.visgraph.empty() && !uses({"visgraph"})) refuse("--visgraph", "visgraph");
}

/// The map to search: the file's, or what the unit's layers make of it (overlays::layered_map):
/// with --fog what a player believes of it (explored cells as they are, the others as --assume
/// says), with --influence the terrain plus the weighted influence layers, with --size N the map
/// of the cells an N x N unit's top-left cell may occupy.
any_map load_for_find(const find_args& a) {
    any_map loaded = load_any_map_or_fail(a.map, a.layers);
    if (!a.unit.any()) {
        if (a.unit.assume != "walkable") throw command_error{"--assume needs --fog"};
        return loaded;
    }
    if (loaded.hex) {
        const char* flag = !a.unit.fog.empty() ? "--fog"
                           : a.unit.size != 1  ? "--size"
                                               : "--influence";
        throw command_error{std::string(flag) + " works on square grids only"};
    }
    const loaded_unit_layers unit(a.unit, loaded.map);
    const auto mask =
        a.search.ignore_low ? grid::obstacle_mask::high_only : grid::obstacle_mask::high_and_low;
    loaded.map = *unit.searched(loaded.map, mask);
    return loaded;
}

/// With --size N, an endpoint where the unit does not fit is named as such (not "blocked").
void check_unit_fits(std::int32_t size, const grid::grid_map& sized, cell c, const char* what,
                     const char* flag = "--size") {
    if (size == 1 || !sized.in_bounds(c) || sized.passable(c)) return;
    throw command_error{std::string(flag) + " " + std::to_string(size) + ": " + what + " (" +
                        std::to_string(c.x) + "," + std::to_string(c.y) + "): a " +
                        std::to_string(size) + "x" + std::to_string(size) +
                        " unit with its top-left cell there overlaps a wall or leaves the map"};
}

/// `find --batch`: one JSON query per line, one JSON answer per line; the map (and its caches,
/// e.g. the JPS+ table) loaded once and one engine kept per algorithm. A line's `unit_size`
/// searches the map of that unit size (made once per size and obstacle mask).
void run_find_batch(const find_args& a) {
    if (!a.from.empty() || !a.to.empty() || !a.out.empty() || !a.png.empty()) {
        throw command_error{"--batch takes the queries from the file: drop --from, --to, --out "
                            "and --png"};
    }
    refuse_two_standard_inputs(a.batch, a.map, a.layers);
    const any_map loaded = load_for_find(a);
    const grid::grid_map& map = loaded.map;
    refuse_square_only_options(a, loaded);
    install_jps_table(map, a.jps_table, a.search.ignore_low);
    install_subgoal_graph(map, a.subgoal_graph, a.search.ignore_low);
    install_subgoal_hierarchy(map, a.subgoal_hierarchy, a.search);
    install_visibility_graph(map, a.visgraph, a.search.ignore_low);
    // Lines with another unit_size than --size search the file's map under the unit's layers
    // with that size (fog and influences as on the command line).
    std::unique_ptr<any_map> base;
    std::unique_ptr<loaded_unit_layers> unit;
    std::map<std::pair<std::int32_t, bool>, std::shared_ptr<const grid::grid_map>> sized;
    auto map_for = [&](std::int32_t size, bool ignore_low) -> const grid::grid_map& {
        if (size == a.unit.size) return map;
        if (loaded.hex) throw command_error{"\"unit_size\" works on square grids only"};
        if (size < 1 || size > overlays::clearance_cap) {
            throw command_error{"\"unit_size\" " + std::to_string(size) + " is outside 1.." +
                                std::to_string(overlays::clearance_cap)};
        }
        auto& slot = sized[{size, ignore_low}];
        if (!slot) {
            if (!base) {
                base = std::make_unique<any_map>(load_any_map_or_fail(a.map, a.layers));
                unit = std::make_unique<loaded_unit_layers>(a.unit, base->map);
            }
            overlays::query_layers layers = unit->layers();
            layers.unit_size = size;
            auto made = overlays::layered_map(base->map, layers,
                                              ignore_low ? grid::obstacle_mask::high_only
                                                         : grid::obstacle_mask::high_and_low);
            if (!made) throw command_error{made.err().message};
            slot = std::move(made).value();
        }
        return *slot;
    };
    std::map<std::string, std::unique_ptr<search::finder>> engines;
    batch_reader reader(a.batch);
    bool bad_line = false, not_found = false;
    const auto budget = preprocess_budget(a);
    while (auto line = reader.next()) {
        nlohmann::json out;
        nlohmann::json query;
        try {
            query = parse_query_line(*line);
            refuse_unknown_keys(query, {"id", "from", "to", "algo", "rule", "heuristic", "costs",
                                        "ignore_low", "max_expansions", "max_memory_mb",
                                        "turn_penalty", "weight", "unit_size"});
            search_options o = a.search;
            o.algo = json_get<std::string>(query, "algo", o.algo);
            o.rule = json_get<std::string>(query, "rule", o.rule);
            o.heuristic = json_get<std::string>(query, "heuristic", o.heuristic);
            o.costs = json_get<std::string>(query, "costs", o.costs);
            o.ignore_low = json_get<bool>(query, "ignore_low", o.ignore_low);
            o.max_expansions = json_get<std::uint64_t>(query, "max_expansions", o.max_expansions);
            if (query.contains("turn_penalty")) {
                o.turn_penalty = json_get<double>(query, "turn_penalty", 0.0);
            }
            o.weight = json_get<double>(query, "weight", o.weight);
            const std::int32_t size = json_get<std::int32_t>(query, "unit_size", a.unit.size);
            const grid::grid_map& searched = map_for(size, o.ignore_low);
            auto request = o.to_request(json_cell(query, "from"), json_cell(query, "to"));
            check_unit_fits(size, searched, request.start, "start", "\"unit_size\"");
            check_unit_fits(size, searched, request.goal, "goal", "\"unit_size\"");
            apply_hex(request, loaded.hex, o.algo);
            request.max_memory_bytes =
                memory_cap_bytes(json_get<std::uint64_t>(query, "max_memory_mb", a.max_memory_mb));
            if (budget) request.preprocess = &*budget;
            auto& engine = engines[o.algo];
            if (!engine) engine = registry::find_finder(o.algo)->make();
            const auto t0 = std::chrono::steady_clock::now();
            const search::search_result r = engine->find(searched, request);
            // Per-map data built by this query (JPS bit rows, ...) is not search time.
            const double us = micros_since(t0) - r.stats.preprocess_us;
            out = encode::search_json(r);
            out["algo"] = o.algo;
            out["time_us"] = us;
            if (!r.found()) not_found = true;
            if (r.status == search::search_status::invalid_input) bad_line = true;
        } catch (const command_error& e) {
            out = nlohmann::json::object();
            out["status"] = "invalid_input";
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

void run_find(const find_args& a) {
    if (!a.batch.empty()) return run_find_batch(a);
    if (a.from.empty() || a.to.empty()) {
        throw command_error{"--from and --to are required (or --batch FILE)"};
    }
    refuse_unused_tables(a);
    const any_map loaded = load_for_find(a);
    const grid::grid_map& map = loaded.map;
    refuse_square_only_options(a, loaded);
    install_jps_table(map, a.jps_table, a.search.ignore_low);
    install_subgoal_graph(map, a.subgoal_graph, a.search.ignore_low);
    install_subgoal_hierarchy(map, a.subgoal_hierarchy, a.search);
    install_visibility_graph(map, a.visgraph, a.search.ignore_low);
    if (!a.png.empty()) { // the picture's size is known now: refused before the search
        if (loaded.hex) {
            const render::hex_picture picture(map, *loaded.hex);
            refuse_big_picture(picture.width_px(), picture.height_px(), 1, "--png");
        } else {
            const std::int64_t scale = render::auto_scale(map);
            refuse_big_picture(map.width() * scale, map.height() * scale, scale, "--png");
        }
    }
    auto request = a.search.to_request(parse_cell(a.from, "--from"), parse_cell(a.to, "--to"));
    check_unit_fits(a.unit.size, map, request.start, "start");
    check_unit_fits(a.unit.size, map, request.goal, "goal");
    apply_hex(request, loaded.hex, a.search.algo);
    request.max_memory_bytes = memory_cap_bytes(a.max_memory_mb);
    const auto budget = preprocess_budget(a);
    if (budget) request.preprocess = &*budget;
    // The picture's trace comes from the one timed run (an observer records it as the search
    // goes), so with --png the time includes recording it.
    request.record_trace = !a.png.empty();
    auto engine = registry::find_finder(a.search.algo)->make();
    const auto t0 = std::chrono::steady_clock::now();
    const search::search_result r = engine->find(map, request);
    // Per-map data built by this query (JPS bit rows, ...) is reported apart, not as search time.
    const double us = micros_since(t0) - r.stats.preprocess_us;
    // A refused query (exit 2) writes no file: an existing --out or --png is left as it was.
    const exit_code code = encode::exit_code_for(r.status);
    const bool write_files = code != exit_bad_input;

    if (write_files && !a.out.empty()) {
        write_output(a.out, io::write_map_out(map, r.path,
                                              {std::string(search::status_name(r.status)), r.length,
                                               r.cost, r.stats.expanded, us / 1000.0}));
    }
    if (write_files && !a.png.empty() && loaded.hex) {
        render::hex_picture picture(map, *loaded.hex);
        picture.paint(r.trace.expanded, render::colour::expanded);
        picture.paint(r.trace.open, render::colour::open);
        picture.set_path(r.path);
        auto written = render::write_png(picture.render(), a.png);
        if (!written) throw command_error{written.err().message};
    } else if (write_files && !a.png.empty()) {
        const auto scale = render::auto_scale(map);
        auto img = render::draw_map(map, scale);
        render::draw_cells(img, r.trace.expanded, scale, render::colour::expanded);
        render::draw_cells(img, r.trace.open, scale, render::colour::open);
        if (r.waypoints.empty()) {
            render::draw_path(img, r.path, scale);
        } else { // any-angle: the polyline itself, bends marked
            render::draw_polyline(img, r.waypoints, scale);
        }
        auto written = render::write_png(img, a.png);
        if (!written) throw command_error{written.err().message};
    }
    if (a.json) {
        nlohmann::json j = encode::search_json(r);
        j["algo"] = a.search.algo;
        j["time_us"] = us;
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("status     %s%s%s\n", std::string(search::status_name(r.status)).c_str(),
                    r.reason.empty() ? "" : ": ", r.reason.c_str());
        std::printf("length     %.6f\ncost       %.6f\ncells      %zu\n", r.length, r.cost,
                    r.path.size());
        std::printf("expanded   %llu\ngenerated  %llu\npeak open  %llu\nmemory     %zu bytes\n",
                    static_cast<unsigned long long>(r.stats.expanded),
                    static_cast<unsigned long long>(r.stats.generated),
                    static_cast<unsigned long long>(r.stats.peak_open), r.stats.memory_bytes);
        std::printf("time       %.1f us\n", us);
        if (r.stats.preprocess_us > 0) {
            std::printf("preprocess %.1f us (per-map data built on first use)\n",
                        r.stats.preprocess_us);
        }
    }
    finish_with(code, r.reason);
}

} // namespace

void register_find(CLI::App& app) {
    auto args = std::make_shared<find_args>();
    auto* cmd = app.add_subcommand("find", "find a path between two cells of a map");
    cmd->add_option("map", args->map, "map file (Moving AI .map, map.in, PNG or a hex map)")
        ->required();
    cmd->add_option("--from", args->from, "start cell X,Y (required unless --batch)");
    cmd->add_option("--to", args->to, "goal cell X,Y (required unless --batch)");
    args->search.add_to(*cmd);
    cmd->add_option("--turn-penalty", args->search.turn_penalty,
                    "cost per 45 degrees of turning (searches cell and heading; astar, dijkstra; "
                    "the JPS variants fall back to A*)");
    cmd->add_option("--out", args->out, "write map.out with the path drawn in arrows");
    add_unit_layer_options(*cmd, args->unit);
    cmd->add_option("--png", args->png, "write a PNG of the map, expanded/open cells and path");
    cmd->add_option("--max-memory-mb", args->max_memory_mb,
                    "cap on the search's scratch memory in MiB (0 = none); exceeding it ends "
                    "the search with status resource_exhausted (exit 2)")
        ->check(non_negative());
    cmd->add_option("--max-preprocess-ms", args->max_preprocess_ms,
                    "build budget of the per-map data a first query builds, in ms (0 = none; "
                    "subgoal-ch and auto-pre): a build that passes it stops and the query ends "
                    "resource_exhausted (exit 2) with a reason naming the limit")
        ->check(non_negative());
    cmd->add_option("--max-preprocess-mb", args->max_preprocess_mb,
                    "memory budget of those builds in MiB (0 = none), as --max-preprocess-ms")
        ->check(non_negative());
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->add_option("--batch", args->batch,
                    "answer one JSON query per line of FILE ('-' = standard input), one JSON line "
                    "each, loading the map once (docs/cli.md)");
    cmd->add_option("--jps-table", args->jps_table,
                    "use the JPS+ table saved by `xunlu jps-table -o FILE` (checked against the "
                    "map) instead of building it");
    cmd->add_option("--subgoal-graph", args->subgoal_graph,
                    "use the subgoal graph saved by `xunlu subgoal-graph -o FILE` (checked "
                    "against the map) instead of building it");
    cmd->add_option("--subgoal-hierarchy", args->subgoal_hierarchy,
                    "use the subgoal hierarchy saved by `xunlu subgoal-graph --hierarchy-out FILE` "
                    "(checked against the map's subgoal graph) instead of building it (--algo "
                    "subgoal-ch)");
    cmd->add_option("--visgraph", args->visgraph,
                    "use the visibility graph saved by `xunlu visgraph -o FILE` (checked against "
                    "the map, every edge included) instead of building it (--algo visgraph)");
    add_layers_option(*cmd, args->layers);
    cmd->callback([args] { run_find(*args); });
}

} // namespace xunlu::cli
