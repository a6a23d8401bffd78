// `xunlu compare`: A*, the single-object walk and the hybrid on one query, side by side, as a
// table or JSON, optionally drawn as three panels (like the paper's Figure 3).
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "compare_figure.hpp"
#include "compare_options.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/render/png_writer.hpp"

namespace xunlu::cli {

namespace {

struct compare_args {
    std::string map;
    std::string from;
    std::string to;
    compare_options options;
    std::string png;
    bool json = false;
    std::string layers;
};

nlohmann::json ratio_json(std::optional<double> v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

std::string ratio_text(std::optional<double> v) {
    char buf[32];
    if (!v) return "-";
    std::snprintf(buf, sizeof buf, "%.3f", *v);
    return buf;
}

std::string notes(const hybrid::method_result& r) {
    switch (r.method) {
    case hybrid::method_kind::single_object:
        return "turn " + std::string(hybrid::turn_name(r.turn)) + ", " +
               std::to_string(r.obstacle_hits) + " hits";
    case hybrid::method_kind::hybrid:
        return std::to_string(r.local_searches) + " local A*, " + std::to_string(r.widenings) +
               " widened" + (r.fallback ? ", full-A* fallback" : "");
    case hybrid::method_kind::astar:
        break;
    }
    return "";
}

void run_compare(const compare_args& a) {
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    auto request = a.options.request(parse_cell(a.from, "--from"), parse_cell(a.to, "--to"));
    request.record_trace = !a.png.empty();
    const auto c = hybrid::compare_methods(map, request, a.options.methods());

    // A refused query (exit 2) writes no picture: an existing --png is left as it was.
    const exit_code code = encode::exit_code_for(c.astar().status);
    if (code != exit_bad_input && !a.png.empty()) {
        auto written = render::write_png(draw_comparison(map, c), a.png);
        if (!written) throw command_error{written.err().message};
    }
    if (a.json) {
        nlohmann::json j;
        j["map"] = a.map;
        j["from"] = {request.start.x, request.start.y};
        j["to"] = {request.goal.x, request.goal.y};
        j["k"] = a.options.k;
        j["window"] = a.options.window;
        auto& methods = j["methods"] = nlohmann::json::array();
        for (const auto& r : c.results) {
            nlohmann::json m = encode::method_json(r);
            m["length_ratio"] = ratio_json(c.length_ratio(r.method));
            m["recorded_ratio"] = ratio_json(c.recorded_ratio(r.method));
            m["memory_ratio"] = ratio_json(c.memory_ratio(r.method));
            methods.push_back(std::move(m));
        }
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("%-14s %-14s %10s %7s %9s %9s %7s %12s %7s %10s  %s\n", "method", "status",
                    "length", "ratio", "recorded", "expanded", "steps", "memory_bytes", "mem%",
                    "time_us", "notes");
        for (const auto& r : c.results) {
            const auto mem = c.memory_ratio(r.method);
            std::printf("%-14s %-14s %10.3f %7s %9llu %9llu %7llu %12zu %7s %10.1f  %s\n",
                        std::string(hybrid::method_name(r.method)).c_str(),
                        std::string(search::status_name(r.status)).c_str(), r.length,
                        ratio_text(c.length_ratio(r.method)).c_str(),
                        static_cast<unsigned long long>(r.recorded),
                        static_cast<unsigned long long>(r.expanded),
                        static_cast<unsigned long long>(r.steps), r.memory_bytes,
                        mem ? (ratio_text(*mem * 100.0)).c_str() : "-", r.time_us,
                        notes(r).c_str());
        }
        for (const auto& r : c.results) {
            if (!r.reason.empty()) {
                std::printf("%s: %s\n", std::string(hybrid::method_name(r.method)).c_str(),
                            r.reason.c_str());
            }
        }
    }
    // A* decides: it is optimal and complete, so its status is the query's answer.
    finish_with(code, c.astar().reason);
}

} // namespace

void register_compare(CLI::App& app) {
    auto args = std::make_shared<compare_args>();
    auto* cmd = app.add_subcommand(
        "compare", "run A*, the single-object walk and the hybrid on one query, side by side");
    cmd->add_option("map", args->map, "map file (Moving AI .map, map.in or PNG)")->required();
    cmd->add_option("--from", args->from, "start cell X,Y")->required();
    cmd->add_option("--to", args->to, "goal cell X,Y")->required();
    args->options.add_to(*cmd);
    cmd->add_option("--png", args->png,
                    "write a three-panel PNG (A*, single-object, hybrid): path and OPEN dots");
    cmd->add_flag("--json", args->json, "print one JSON object");
    add_layers_option(*cmd, args->layers);
    cmd->callback([args] { run_compare(*args); });
}

} // namespace xunlu::cli
