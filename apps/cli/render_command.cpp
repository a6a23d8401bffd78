// `xunlu render`: a PNG of a map, optionally with a path found or given.
#include <cstdio>
#include <memory>
#include <optional>

#include "cli_common.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/render/hex_picture.hpp"
#include "xunlu/render/map_picture.hpp"
#include "xunlu/render/png_writer.hpp"

namespace xunlu::cli {

namespace {

struct render_args {
    std::string map;
    std::string from;
    std::string to;
    search_options search;
    bool trace = false;
    std::int32_t scale = 0;
    std::string out;
    std::string layers;
};

/// A hex map drawn in hexagons (--scale is the hex radius in pixels).
void run_render_hex(const render_args& a, const any_map& loaded) {
    const grid::grid_map& map = loaded.map;
    // --scale is the hex radius in pixels; without it the picture is about 800 pixels wide.
    render::hex_picture picture(map, *loaded.hex, 800, a.scale);
    refuse_big_picture(picture.width_px(), picture.height_px(), 2, "render");
    std::optional<search::search_status> status;
    std::string reason;
    if (!a.from.empty() || !a.to.empty()) {
        if (a.from.empty() || a.to.empty()) throw command_error{"--from and --to go together"};
        auto request = a.search.to_request(parse_cell(a.from, "--from"), parse_cell(a.to, "--to"));
        apply_hex(request, loaded.hex, a.search.algo);
        request.record_trace = a.trace;
        auto r = registry::find_finder(a.search.algo)->make()->find(map, request);
        if (encode::exit_code_for(r.status) == exit_bad_input) throw command_error{r.reason};
        picture.paint(r.trace.expanded, render::colour::expanded);
        picture.paint(r.trace.open, render::colour::open);
        picture.set_path(r.path);
        status = r.status;
        reason = r.reason;
    }
    const render::rgb_image img = picture.render();
    auto written = render::write_png(img, a.out);
    if (!written) throw command_error{written.err().message};
    std::printf("wrote %s (%d x %d px, hexes of radius %.1f px)\n", a.out.c_str(), img.width,
                img.height, picture.hex_size());
    if (status && *status != search::search_status::found) {
        std::fprintf(stderr, "xunlu: no path drawn: %s%s%s\n",
                     std::string(search::status_name(*status)).c_str(), reason.empty() ? "" : ": ",
                     reason.c_str());
        throw command_error{"", encode::exit_code_for(*status)};
    }
}

void run_render(const render_args& a) {
    const any_map loaded = load_any_map_or_fail(a.map, a.layers);
    if (loaded.hex) return run_render_hex(a, loaded);
    const grid::grid_map& map = loaded.map;
    const std::int32_t scale = a.scale > 0 ? a.scale : render::auto_scale(map);
    refuse_big_picture(std::int64_t{map.width()} * scale, std::int64_t{map.height()} * scale, scale,
                       "render");
    auto img = render::draw_map(map, scale);
    std::optional<search::search_status> status;
    std::string reason;
    if (!a.from.empty() || !a.to.empty()) {
        if (a.from.empty() || a.to.empty()) throw command_error{"--from and --to go together"};
        auto request = a.search.to_request(parse_cell(a.from, "--from"), parse_cell(a.to, "--to"));
        request.record_trace = a.trace;
        auto r = registry::find_finder(a.search.algo)->make()->find(map, request);
        if (encode::exit_code_for(r.status) == exit_bad_input) throw command_error{r.reason};
        render::draw_cells(img, r.trace.expanded, scale, render::colour::expanded);
        render::draw_cells(img, r.trace.open, scale, render::colour::open);
        render::draw_path(img, r.path, scale);
        status = r.status;
        reason = r.reason;
    }
    auto written = render::write_png(img, a.out);
    if (!written) throw command_error{written.err().message};
    std::printf("wrote %s (%d x %d px)\n", a.out.c_str(), map.width() * scale,
                map.height() * scale);
    if (status && *status != search::search_status::found) {
        // The picture holds the map (and the search) but no complete path: say so and exit
        // with the status's code, as `find` does.
        std::fprintf(stderr, "xunlu: no path drawn: %s%s%s\n",
                     std::string(search::status_name(*status)).c_str(), reason.empty() ? "" : ": ",
                     reason.c_str());
        throw command_error{"", encode::exit_code_for(*status)};
    }
}

} // namespace

void register_render(CLI::App& app) {
    auto args = std::make_shared<render_args>();
    auto* cmd = app.add_subcommand("render", "draw a map (and a path and its search) to PNG");
    cmd->add_option("map", args->map, "map file")->required();
    cmd->add_option("--from", args->from, "start cell X,Y of a path to draw");
    cmd->add_option("--to", args->to, "goal cell X,Y of a path to draw");
    args->search.add_to(*cmd);
    cmd->add_flag("--trace", args->trace, "also draw expanded (blue) and open (orange) cells");
    cmd->add_option("--scale", args->scale, "pixels per cell, 1 to 64 (default: fit about 800 px)")
        ->check(integer_range(1, 64));
    cmd->add_option("-o,--out", args->out, "output PNG")->required();
    add_layers_option(*cmd, args->layers);
    cmd->callback([args] { run_render(*args); });
}

} // namespace xunlu::cli
