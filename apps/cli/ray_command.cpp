// `xunlu ray`: supercover line of sight between two pixels; reports the first blocked cell.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "pixel_arg.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/grid/line_of_sight.hpp"

namespace xunlu::cli {

namespace {

struct ray_args {
    std::string map;
    std::string from;
    std::string to;
    double cell_size = 1.0;
    bool low_blocks = false;
    bool json = false;
    std::string layers;
};

void run_ray(const ray_args& a) {
    const point from = parse_pixel(a.from, "--from");
    const point to = parse_pixel(a.to, "--to");
    if (!std::isfinite(a.cell_size) || a.cell_size <= 0) {
        throw command_error{"--cell-size must be a finite number > 0"};
    }
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    const double w = map.width() * a.cell_size, h = map.height() * a.cell_size;
    for (const auto& [p, name] : {std::pair{from, "--from"}, std::pair{to, "--to"}}) {
        if (p.x < 0 || p.y < 0 || p.x >= w || p.y >= h) {
            throw command_error{std::string(name) + " pixel " + pixel_text(p) +
                                " is outside the map (" + std::to_string(map.width()) + " x " +
                                std::to_string(map.height()) + " cells of " +
                                pixel_number(a.cell_size) + " pixels)"};
        }
    }
    const auto mask =
        a.low_blocks ? grid::obstacle_mask::high_and_low : grid::obstacle_mask::high_only;
    const point fa{from.x / a.cell_size, from.y / a.cell_size};
    const point fb{to.x / a.cell_size, to.y / a.cell_size};
    std::size_t cells = 0;
    grid::for_each_cell_on_segment(fa, fb, [&](cell) {
        ++cells;
        return true;
    });
    const auto r = grid::cast_ray(map, fa, fb, mask);
    if (a.json) {
        nlohmann::json j = encode::ray_json(r);
        j["cells"] = cells;
        std::printf("%s\n", j.dump().c_str());
    } else if (r.clear) {
        std::printf("clear (%zu cells)\n", cells);
    } else {
        std::printf("blocked at cell (%d,%d)\n", r.blocked_cell.x, r.blocked_cell.y);
    }
    if (!r.clear) throw command_error{"", exit_failed};
}

} // namespace

void register_ray(CLI::App& app) {
    auto a = std::make_shared<ray_args>();
    auto* cmd = app.add_subcommand(
        "ray", "line of sight between two pixels (supercover: every touched cell is tested)");
    cmd->add_option("map", a->map, "map file (Moving AI .map, map.in or PNG)")->required();
    cmd->add_option("--from", a->from, "start pixel PX,PY")->required();
    cmd->add_option("--to", a->to, "end pixel PX,PY")->required();
    cmd->add_option("--cell-size", a->cell_size, "pixels per cell side")->capture_default_str();
    cmd->add_flag("--low-blocks", a->low_blocks, "low obstacles (units) block the ray too");
    add_layers_option(*cmd, a->layers);
    cmd->add_flag("--json", a->json, "print clear and, when blocked, blocked_cell [x, y]");
    cmd->callback([a] { run_ray(*a); });
}

} // namespace xunlu::cli
