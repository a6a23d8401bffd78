// `xunlu graph`: the cheapest path between two node ids of a graph of any shape, loaded from a
// folder holding roadPoint.csv + pathlink.csv or from a JSON graph file.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/encode/exit_status.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/graph/graph_csv.hpp"
#include "xunlu/graph/graph_json.hpp"
#include "xunlu/graph/graph_search.hpp"

namespace xunlu::cli {

namespace {

struct graph_args {
    std::string input;
    std::int64_t from = 0;
    std::int64_t to = 0;
    bool directed = false;
    bool dijkstra = false;
    std::uint64_t max_expansions = 0;
    bool json = false;
};

graph::spatial_graph load_graph_or_fail(const graph_args& a) {
    std::error_code ec;
    const bool folder = std::filesystem::is_directory(a.input, ec);
    if (!folder && a.directed) {
        throw command_error{"--directed is for a CSV folder; a JSON graph says \"directed\" "
                            "itself (" +
                            a.input + " is not a folder)"};
    }
    auto loaded = folder ? graph::load_csv_graph(a.input, a.directed ? graph::edge_kind::directed
                                                                     : graph::edge_kind::undirected)
                         : graph::load_json_graph(a.input);
    if (!loaded) throw command_error{loaded.err().message};
    return std::move(loaded).value();
}

std::uint32_t index_or_fail(const graph::spatial_graph& g, std::int64_t id, const char* option,
                            const std::string& input) {
    const std::int64_t index = g.index_of(id);
    if (index < 0) {
        throw command_error{std::string(option) + " " + std::to_string(id) +
                            ": no node with this id in " + input};
    }
    return static_cast<std::uint32_t>(index);
}

void run_graph(const graph_args& a) {
    const auto t_load = std::chrono::steady_clock::now();
    const graph::spatial_graph g = load_graph_or_fail(a);
    const double load_us = micros_since(t_load);
    const std::uint32_t from = index_or_fail(g, a.from, "--from", a.input);
    const std::uint32_t to = index_or_fail(g, a.to, "--to", a.input);
    graph::graph_search search;
    const auto t0 = std::chrono::steady_clock::now();
    const graph::path_result r = search.find_path(
        g, {.from = from, .to = to, .max_expansions = a.max_expansions, .dijkstra = a.dijkstra});
    const double time_us = micros_since(t0);
    if (a.json) {
        nlohmann::json j = encode::graph_path_json(g, r);
        j["time_us"] = time_us;
        j["load_ms"] = load_us / 1000.0;
        j["nodes"] = g.size();
        j["edges"] = g.edge_count();
        j["directed"] = g.directed();
        std::printf("%s\n", j.dump().c_str());
    } else if (r.found()) {
        std::printf("found: cost %.6g, %zu nodes, %llu expanded (%s heuristic), %.0f us\npath:",
                    r.cost, r.nodes.size(), static_cast<unsigned long long>(r.expanded),
                    std::string(graph::heuristic_name(r.heuristic)).c_str(), time_us);
        for (const std::uint32_t i : r.nodes) {
            std::printf(" %lld", static_cast<long long>(g.at(i).id));
        }
        std::printf("\n");
    } else {
        std::printf("%s: %s (%llu expanded, %.0f us)\n",
                    std::string(search::status_name(r.status)).c_str(), r.reason.c_str(),
                    static_cast<unsigned long long>(r.expanded), time_us);
    }
    finish_with(encode::exit_code_for(r.status), r.reason);
}

} // namespace

void register_graph(CLI::App& app) {
    auto a = std::make_shared<graph_args>();
    auto* cmd = app.add_subcommand(
        "graph", "cheapest path between two node ids of a graph of any shape (A*/Dijkstra)");
    cmd->add_option("input", a->input,
                    "a folder with roadPoint.csv and pathlink.csv, or a JSON graph file "
                    "(docs/formats.md; - = standard input)")
        ->required();
    cmd->add_option("--from", a->from, "start node id")->required()->check(signed_integer());
    cmd->add_option("--to", a->to, "goal node id")->required()->check(signed_integer());
    cmd->add_flag("--directed", a->directed,
                  "CSV folder: each pathlink.csv row is a one-way edge from -> to");
    cmd->add_flag("--dijkstra", a->dijkstra, "search without the heuristic (Dijkstra)");
    cmd->add_option("--max-expansions", a->max_expansions, "stop after N expansions (0 = no limit)")
        ->check(non_negative());
    cmd->add_flag("--json", a->json,
                  "print status, cost, path (ids), expanded, time_us, ... as one JSON object");
    cmd->callback([a] { run_graph(*a); });
}

} // namespace xunlu::cli
