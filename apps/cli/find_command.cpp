// `xunlu find`: one query on one map, printed as text or JSON, optionally drawn to map.out/PNG.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <limits>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/io/text_map.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/render/map_picture.hpp"
#include "xunlu/render/png_writer.hpp"

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
    bool json = false;
};

void run_find(const find_args& a) {
    const grid::grid_map map = load_map_or_fail(a.map);
    auto request = a.search.to_request(parse_cell(a.from, "--from"), parse_cell(a.to, "--to"));
    request.max_memory_bytes = a.max_memory_mb > (std::numeric_limits<std::size_t>::max() >> 20)
                                   ? std::numeric_limits<std::size_t>::max()
                                   : static_cast<std::size_t>(a.max_memory_mb) << 20;
    // The picture's trace comes from the one timed run (an observer records it as the search
    // goes), so with --png the time includes recording it.
    request.record_trace = !a.png.empty();
    auto engine = registry::find_finder(a.search.algo)->make();
    const auto t0 = std::chrono::steady_clock::now();
    const search::search_result r = engine->find(map, request);
    const double us = micros_since(t0);

    if (!a.out.empty()) {
        const std::string text =
            io::write_map_out(map, r.path,
                              {std::string(search::status_name(r.status)), r.length, r.cost,
                               r.stats.expanded, us / 1000.0});
        std::ofstream f(a.out, std::ios::binary);
        f << text;
        if (!f) throw command_error{a.out + ": cannot write"};
    }
    if (!a.png.empty()) {
        const auto scale = render::auto_scale(map);
        auto img = render::draw_map(map, scale);
        render::draw_cells(img, r.trace.expanded, scale, render::colour::expanded);
        render::draw_cells(img, r.trace.open, scale, render::colour::open);
        render::draw_path(img, r.path, scale);
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
    }
    finish_with(encode::exit_code_for(r.status), r.reason);
}

} // namespace

void register_find(CLI::App& app) {
    auto args = std::make_shared<find_args>();
    auto* cmd = app.add_subcommand("find", "find a path between two cells of a map");
    cmd->add_option("map", args->map, "map file (Moving AI .map, map.in or PNG)")->required();
    cmd->add_option("--from", args->from, "start cell X,Y")->required();
    cmd->add_option("--to", args->to, "goal cell X,Y")->required();
    args->search.add_to(*cmd);
    cmd->add_option("--out", args->out, "write map.out with the path drawn in arrows");
    cmd->add_option("--png", args->png, "write a PNG of the map, expanded/open cells and path");
    cmd->add_option("--max-memory-mb", args->max_memory_mb,
                    "cap on the search's scratch memory in MiB (0 = none); exceeding it ends "
                    "the search with status resource_exhausted (exit 2)");
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->callback([args] { run_find(*args); });
}

} // namespace xunlu::cli
