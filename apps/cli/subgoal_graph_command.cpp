// `xunlu subgoal-graph`: builds the subgoal graph of a map (with a progress bar), reports its
// size and build time, saves it, or checks a saved graph against the map.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>

#include "cli_common.hpp"
#include "xunlu/jps/subgoal_graph.hpp"
#include "xunlu/jps/subgoal_hierarchy.hpp"

namespace xunlu::cli {

namespace {

struct subgoal_graph_args : table_file_args {
    bool hierarchy = false;
    std::string hierarchy_out;
};

/// Contracts the graph as `--algo subgoal-ch` does (exact costs), with a progress bar.
jps::subgoal_hierarchy contract(const grid::grid_map& map, bool json,
                                std::shared_ptr<const jps::subgoal_graph> g) {
    bool progress = false;
    const auto report = table_progress(map, json, {"subgoals ", "contract "}, progress);
    auto h = jps::subgoal_hierarchy::build(std::move(g), grid::movement_rules{}, report);
    if (progress) std::fprintf(stderr, "\n");
    return h;
}

void print_graph(const subgoal_graph_args& a, const grid::grid_map& map,
                 const jps::subgoal_graph& g, const char* verb, double ms,
                 const jps::subgoal_hierarchy* h) {
    if (a.json) {
        nlohmann::json j = table_file_json(a, map, verb, ms);
        j["subgoals"] = g.subgoal_count();
        j["links"] = g.edge_count();
        j["graph_bytes"] = g.memory_bytes();
        j["fingerprint"] = g.map_hash();
        if (h != nullptr) {
            j["hierarchy_ms"] = h->build_ms();
            j["upward_edges"] = h->edge_count();
            j["shortcuts"] = h->shortcut_count();
            j["core_subgoals"] = h->core_count();
            j["hierarchy_estimate_ms"] = jps::subgoal_hierarchy::estimate_build_ms(g);
            j["hierarchy_bytes"] = h->memory_bytes();
            if (!h->problem().empty()) j["hierarchy_problem"] = h->problem();
            if (!a.hierarchy_out.empty()) j["hierarchy_out"] = a.hierarchy_out;
        }
        std::printf("%s\n", j.dump().c_str());
        return;
    }
    std::printf("%s (%dx%d): subgoal graph %s in %.1f ms: %zu subgoals, %zu links, %zu bytes%s%s\n",
                a.map.c_str(), map.width(), map.height(),
                verb[0] == 'b' ? "built" : "loaded and checked", ms, g.subgoal_count(),
                g.edge_count(), g.memory_bytes(), a.out.empty() ? "" : ", saved to ",
                a.out.c_str());
    if (h != nullptr && h->problem().empty()) {
        std::printf("hierarchy (subgoal-ch) contracted in %.1f ms: %zu upward edges (%zu "
                    "shortcuts made), %zu subgoals left in the core, %zu bytes\n",
                    h->build_ms(), h->edge_count(), h->shortcut_count(), h->core_count(),
                    h->memory_bytes());
    } else if (h != nullptr) {
        std::printf("hierarchy (subgoal-ch) not built: %s\n", h->problem().c_str());
    }
}

/// With --hierarchy or --hierarchy-out: the contracted graph (saved with --hierarchy-out).
std::optional<jps::subgoal_hierarchy> hierarchy_of(const subgoal_graph_args& a,
                                                   const grid::grid_map& map,
                                                   std::shared_ptr<const jps::subgoal_graph> g) {
    if (!a.hierarchy && a.hierarchy_out.empty()) return std::nullopt;
    jps::subgoal_hierarchy h = contract(map, a.json, std::move(g));
    if (!a.hierarchy_out.empty()) {
        if (!h.problem().empty()) throw command_error{"--hierarchy-out: " + h.problem()};
        if (auto err = h.save(a.hierarchy_out)) throw command_error{err->message};
    }
    return h;
}

void run_subgoal_graph(const subgoal_graph_args& a) {
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    const auto mask = a.mask();
    if (!a.check.empty()) {
        const auto t0 = std::chrono::steady_clock::now();
        auto loaded = jps::subgoal_graph::load(a.check, map, mask);
        if (!loaded) throw command_error{loaded.err().message};
        const double ms = micros_since(t0) / 1000.0;
        auto g = std::make_shared<const jps::subgoal_graph>(std::move(loaded).value());
        const auto h = hierarchy_of(a, map, g);
        print_graph(a, map, *g, "load", ms, h ? &*h : nullptr);
        return;
    }
    if (std::int64_t{map.width()} * map.height() > jps::subgoal_graph::max_cells ||
        map.width() > jps::subgoal_graph::max_side || map.height() > jps::subgoal_graph::max_side) {
        throw command_error{a.map + ": " + std::to_string(map.width()) + "x" +
                            std::to_string(map.height()) +
                            " is too big for a subgoal graph (at most " +
                            std::to_string(jps::subgoal_graph::max_cells) + " cells and " +
                            std::to_string(jps::subgoal_graph::max_side) + " per side)"};
    }
    bool progress = false;
    const auto report = table_progress(map, a.json, {"subgoals ", "links    "}, progress);
    const auto t0 = std::chrono::steady_clock::now();
    const auto graph =
        std::make_shared<const jps::subgoal_graph>(jps::subgoal_graph::build(map, mask, report));
    const double ms = micros_since(t0) / 1000.0;
    if (progress) std::fprintf(stderr, "\n");
    if (!a.out.empty()) {
        if (auto err = graph->save(a.out)) throw command_error{err->message};
    }
    const auto h = hierarchy_of(a, map, graph);
    print_graph(a, map, *graph, "build", ms, h ? &*h : nullptr);
}

} // namespace

void register_subgoal_graph(CLI::App& app) {
    auto args = std::make_shared<subgoal_graph_args>();
    auto* cmd = app.add_subcommand(
        "subgoal-graph", "build (and save) or check the subgoal graph of a map (--algo subgoal)");
    add_table_file_options(*cmd, *args, "graph");
    cmd->add_flag("--hierarchy", args->hierarchy,
                  "also contract the graph into the hierarchy --algo subgoal-ch searches (exact "
                  "costs) and report its build time and size");
    cmd->add_option("--hierarchy-out", args->hierarchy_out,
                    "contract the hierarchy (as --hierarchy) and save it to this file, for `find "
                    "--algo subgoal-ch --subgoal-hierarchy FILE`");
    cmd->callback([args] { run_subgoal_graph(*args); });
}

} // namespace xunlu::cli
