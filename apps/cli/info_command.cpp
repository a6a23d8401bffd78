// `xunlu info`: size, format, obstacle counts and memory of a map (and, with --hpa, of its
// hierarchical graph and of a worker thread searching it).
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <memory>
#include <random>

#include "cli_common.hpp"
#include "xunlu/hierarchy/hpa_search.hpp"
#include "xunlu/io/layer_file.hpp"
#include "xunlu/io/map_loader.hpp"

namespace xunlu::cli {

namespace {

struct info_args {
    std::string map;
    bool json = false;
    std::string layers;
    std::string hpa;
};

/// Queries a worker runs to measure its memory: random pairs of free cells, fixed seed.
constexpr int memory_probe_queries = 20;

/// The hpa graph of the map (memory per map) and a worker's peak memory over a few random
/// queries (memory per worker thread), as JSON.
nlohmann::json hierarchy_memory(const grid::grid_map& m, const std::string& mode_name, bool json) {
    hierarchy::hpa_mode mode = hierarchy::hpa_mode::fast;
    if (mode_name == "exact") {
        mode = hierarchy::hpa_mode::exact;
    } else if (mode_name != "fast") {
        throw command_error{"unknown --hpa '" + mode_name + "' (use fast or exact)"};
    }
    hierarchy::hpa_search engine(mode);
    if (auto big = engine.size_problem(m); !big.empty()) throw command_error{big};
    const bool progress = stderr_is_terminal() && !json &&
                          std::int64_t{m.width()} * m.height() >= (std::int64_t{1} << 18);
    if (progress) {
        engine.set_progress(
            [](std::size_t done, std::size_t total) { draw_progress("hpa graph", done, total); });
    }
    const auto t0 = std::chrono::steady_clock::now();
    const auto graph = engine.graph_for(m, {});
    const double build_ms = micros_since(t0) / 1000.0;
    if (progress) std::fprintf(stderr, "\n");
    std::mt19937_64 rng(1);
    std::uniform_int_distribution<std::int32_t> ux(0, m.width() - 1), uy(0, m.height() - 1);
    std::size_t worker = 0;
    int ran = 0;
    for (int attempt = 0; ran < memory_probe_queries && attempt < 10000; ++attempt) {
        const cell a{ux(rng), uy(rng)}, b{ux(rng), uy(rng)};
        if (!m.passable(a) || !m.passable(b)) continue;
        (void)engine.find_path(m, {.start = a, .goal = b});
        worker = std::max(worker, engine.memory_bytes());
        ++ran;
    }
    return {{"mode", mode_name},
            {"cluster_size", graph->options().cluster_size},
            {"clusters", graph->cluster_count()},
            {"transitions", graph->node_count()},
            {"build_ms", build_ms},
            {"graph_bytes", graph->memory_bytes()},
            {"worker_bytes", worker},
            {"probe_queries", ran}};
}

void run_info(const info_args& a) {
    auto loaded = io::load_map(a.map);
    if (!loaded) throw command_error{loaded.err().message};
    if (!a.layers.empty()) {
        if (a.map == "-" && a.layers == "-") {
            throw command_error{"the map and --layers cannot both come from standard input"};
        }
        auto applied = io::load_layers(a.layers, loaded->map);
        if (!applied) throw command_error{applied.err().message};
    }
    const grid::grid_map& m = loaded->map;
    const auto cells = std::int64_t{m.width()} * m.height();
    const auto free_all = m.count_passable(grid::obstacle_mask::high_and_low);
    const auto free_high = m.count_passable(grid::obstacle_mask::high_only);
    const nlohmann::json hpa =
        a.hpa.empty() ? nlohmann::json() : hierarchy_memory(m, a.hpa, a.json);
    if (a.json) {
        nlohmann::json j{{"format", io::map_format_name(loaded->format)},
                         {"width", m.width()},
                         {"height", m.height()},
                         {"cells", cells},
                         {"free", free_all},
                         {"high_obstacles", cells - free_high},
                         {"low_obstacles", free_high - free_all},
                         {"terrain_costs", m.has_terrain_costs()},
                         {"memory_bytes", m.memory_bytes()}};
        if (!hpa.is_null()) j["hpa"] = hpa;
        std::printf("%s\n", j.dump().c_str());
        return;
    }
    std::printf("format          %s\nsize            %d x %d (%lld cells)\n",
                std::string(io::map_format_name(loaded->format)).c_str(), m.width(), m.height(),
                static_cast<long long>(cells));
    std::printf("free            %lld (%.1f%%)\nhigh obstacles  %lld\nlow obstacles   %lld\n",
                static_cast<long long>(free_all),
                100.0 * static_cast<double>(free_all) / static_cast<double>(cells),
                static_cast<long long>(cells - free_high),
                static_cast<long long>(free_high - free_all));
    std::printf("terrain costs   %s\nmemory          %zu bytes\n",
                m.has_terrain_costs() ? "yes" : "no", m.memory_bytes());
    if (!hpa.is_null()) {
        std::printf(
            "hpa graph       %s mode, clusters of %d: %zu clusters, %u transitions, %zu bytes (per "
            "map), built in %.1f ms\nhpa worker      %zu bytes (per worker thread: peak "
            "over %d random queries)\n",
            a.hpa.c_str(), hpa["cluster_size"].get<int>(), hpa["clusters"].get<std::size_t>(),
            hpa["transitions"].get<unsigned>(), hpa["graph_bytes"].get<std::size_t>(),
            hpa["build_ms"].get<double>(), hpa["worker_bytes"].get<std::size_t>(),
            hpa["probe_queries"].get<int>());
    }
}

} // namespace

void register_info(CLI::App& app) {
    auto args = std::make_shared<info_args>();
    auto* cmd = app.add_subcommand("info", "describe a map file");
    cmd->add_option("map", args->map, "map file")->required();
    add_layers_option(*cmd, args->layers);
    cmd->add_option("--hpa", args->hpa,
                    "fast or exact: also build the hpa / hpa-exact graph and report its memory "
                    "(per map) and a worker thread's peak memory over 20 random queries");
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->callback([args] { run_info(*args); });
}

} // namespace xunlu::cli
