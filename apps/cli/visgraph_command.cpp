// `xunlu visgraph`: builds the convex-corner visibility graph of a map (`--algo visgraph`) with a
// progress bar, reports its size and build time, saves it, or checks a saved graph.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/anyangle/corner_graph.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::cli {

namespace {

result<anyangle::corner_graph> load_graph_file(const std::string& path, const grid::grid_map& map,
                                               grid::obstacle_mask mask) {
    // Refused from its first bytes when it is no visibility graph (every graph file starts
    // "XLVISGR"), so a large file of anything else is not read whole.
    auto bytes = io::read_file(path, io::max_file_bytes, [&](std::string_view head) {
        return head.starts_with("XLVISGR")
                   ? std::nullopt
                   : std::optional<error>(error{path + ": not a visibility graph file (it "
                                                       "starts with XLVISGR)"});
    });
    if (!bytes) return bytes.err();
    const auto& text = bytes.value();
    return anyangle::corner_graph::from_bytes(
        {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, map, mask, path);
}

void print_graph(const table_file_args& a, const grid::grid_map& map,
                 const anyangle::corner_graph& g, const char* verb, double ms) {
    if (a.json) {
        nlohmann::json j = table_file_json(a, map, verb, ms);
        j["corners"] = g.corner_count();
        j["edges"] = g.edge_count();
        j["graph_bytes"] = g.memory_bytes();
        if (!g.problem().empty()) j["problem"] = g.problem();
        std::printf("%s\n", j.dump().c_str());
        return;
    }
    std::printf("%s (%dx%d): visibility graph %s in %.1f ms: %zu convex corners, %zu edges, %zu "
                "bytes%s%s\n",
                a.map.c_str(), map.width(), map.height(),
                verb[0] == 'b' ? "built" : "loaded and checked", ms, g.corner_count(),
                g.edge_count(), g.memory_bytes(), a.out.empty() ? "" : ", saved to ",
                a.out.c_str());
    if (!g.problem().empty()) std::printf("refused: %s\n", g.problem().c_str());
}

void run_visgraph(const table_file_args& a) {
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    const auto mask = a.mask();
    if (!a.check.empty()) {
        const auto t0 = std::chrono::steady_clock::now();
        auto loaded = load_graph_file(a.check, map, mask);
        if (!loaded) throw command_error{loaded.err().message};
        print_graph(a, map, *loaded, "load", micros_since(t0) / 1000.0);
        return;
    }
    const bool progress = stderr_is_terminal() && !a.json &&
                          std::int64_t{map.width()} * map.height() >= (std::int64_t{1} << 18);
    anyangle::corner_graph_progress report;
    if (progress) {
        report = [](std::size_t done, std::size_t total) {
            draw_progress("visibility graph", done, total);
        };
    }
    const auto t0 = std::chrono::steady_clock::now();
    const auto graph = anyangle::corner_graph::build(map, mask, report);
    const double ms = micros_since(t0) / 1000.0;
    if (progress) std::fprintf(stderr, "\n");
    if (!graph.problem().empty()) {
        print_graph(a, map, graph, "build", ms);
        throw command_error{"", exit_bad_input};
    }
    if (!a.out.empty()) {
        if (auto err = graph.save(a.out, map, mask)) throw command_error{err->message};
    }
    print_graph(a, map, graph, "build", ms);
}

} // namespace

void install_visibility_graph(const grid::grid_map& map, const std::string& path, bool ignore_low) {
    if (path.empty()) return;
    const auto mask =
        ignore_low ? grid::obstacle_mask::high_only : grid::obstacle_mask::high_and_low;
    auto graph = load_graph_file(path, map, mask);
    if (!graph) throw command_error{graph.err().message};
    (void)map.derived().get_or_build<anyangle::corner_graph>(
        anyangle::corner_graph::cache_key(mask), [&] { return std::move(graph).value(); });
}

void register_visgraph(CLI::App& app) {
    auto args = std::make_shared<table_file_args>();
    auto* cmd = app.add_subcommand(
        "visgraph",
        "build (and save) or check the convex-corner visibility graph of a map (--algo visgraph)");
    add_table_file_options(*cmd, *args, "graph");
    cmd->callback([args] { run_visgraph(*args); });
}

} // namespace xunlu::cli
