// `xunlu convert`: a map from any format io reads (Moving AI .map, map.in, PNG) to any format it
// writes, with the low obstacles and terrain costs no map format holds kept in a layer file.
#include <cstdio>
#include <fstream>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/io/layer_file.hpp"
#include "xunlu/io/movingai_map.hpp"
#include "xunlu/io/text_map.hpp"
#include "xunlu/render/map_picture.hpp"
#include "xunlu/render/png_writer.hpp"

namespace xunlu::cli {

namespace {

struct convert_args {
    std::string map;
    std::string out;
    std::string to = "auto";
    std::string layers;
    std::string layers_out;
    bool lossy = false;
    std::int32_t scale = 1;
};

/// The output format: --to, else from the output file's extension.
std::string output_format(const convert_args& a) {
    if (a.to != "auto") {
        if (a.to != "movingai" && a.to != "map.in" && a.to != "png") {
            throw command_error{"unknown --to '" + a.to + "' (use movingai, map.in or png)"};
        }
        return a.to;
    }
    if (a.out.ends_with(".map")) return "movingai";
    if (a.out.ends_with(".png")) return "png";
    if (a.out.ends_with(".in") || a.out.ends_with(".txt")) return "map.in";
    throw command_error{"cannot tell the output format from '" + a.out +
                        "': name it .map, .png, .in or .txt, or give --to movingai|map.in|png"};
}

/// The map's high obstacles alone (what every map format holds).
grid::grid_map obstacles_only(const grid::grid_map& map) {
    grid::grid_map plain = map;
    plain.clear_terrain_costs();
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (plain.is_low_obstacle({x, y})) plain.set_low_obstacle({x, y}, false);
        }
    }
    return plain;
}

void run_convert(const convert_args& a) {
    const std::string format = output_format(a);
    if (a.out == "-" && a.layers_out == "-") {
        throw command_error{"-o and --layers-out cannot both be standard output"};
    }
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    const bool layered = io::has_layers(map);
    if (layered && a.layers_out.empty() && !a.lossy) {
        throw command_error{"the map has low obstacles or terrain costs, which the " + format +
                            " format cannot hold: keep them with --layers-out FILE or drop "
                            "them with --lossy"};
    }
    const grid::grid_map plain = obstacles_only(map);
    std::string bytes;
    if (format == "movingai") {
        auto text = io::write_movingai_map(plain);
        if (!text) throw command_error{text.err().message};
        bytes = std::move(text).value();
    } else if (format == "map.in") {
        bytes = io::write_text_map(plain);
    } else {
        refuse_big_picture(std::int64_t{map.width()} * a.scale,
                           std::int64_t{map.height()} * a.scale, a.scale, "convert --to png");
        auto png = render::encode_png(render::draw_map(plain, a.scale));
        if (!png) throw command_error{png.err().message};
        bytes = std::move(png).value();
    }
    write_output(a.out, bytes);
    if (!a.layers_out.empty()) write_output(a.layers_out, io::write_layer_file(map));
    if (a.out != "-" && a.layers_out != "-") {
        std::string note = a.out + " (" + format + ", " + std::to_string(map.width()) + " x " +
                           std::to_string(map.height()) + " cells";
        if (format == "png") note += ", " + std::to_string(a.scale) + " px per cell";
        note += ")";
        if (!a.layers_out.empty()) note += " and " + a.layers_out + " (layers)";
        std::printf("wrote %s\n", note.c_str());
    }
}

} // namespace

void register_convert(CLI::App& app) {
    auto args = std::make_shared<convert_args>();
    auto* cmd = app.add_subcommand(
        "convert", "convert a map between Moving AI .map, map.in and PNG (docs/cli.md#convert)");
    cmd->add_option("map", args->map, "input map (any format; '-' = standard input)")->required();
    cmd->add_option("-o,--out", args->out, "output file ('-' = standard output)")->required();
    cmd->add_option("--to", args->to,
                    "output format: movingai, map.in or png (default: from the -o extension "
                    ".map, .in/.txt, .png)")
        ->capture_default_str();
    add_layers_option(*cmd, args->layers);
    cmd->add_option("--layers-out", args->layers_out,
                    "write the map's low obstacles and terrain costs to this layer file");
    cmd->add_flag("--lossy", args->lossy,
                  "drop low obstacles and terrain costs the output format cannot hold");
    cmd->add_option("--scale", args->scale, "png: pixels per cell, 1 to 64")
        ->capture_default_str()
        ->check(integer_range(1, 64));
    cmd->callback([args] { run_convert(*args); });
}

} // namespace xunlu::cli
