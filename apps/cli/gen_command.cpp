// `xunlu gen`: writes generated maps (seed benchmark, maze, rooms, world) in any output format.
#include <cstdio>
#include <fstream>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/io/hex_map_file.hpp"
#include "xunlu/io/movingai_map.hpp"
#include "xunlu/io/text_map.hpp"

namespace xunlu::cli {

namespace {

struct gen_args {
    std::string kind = "random";
    std::int32_t size = 1000;
    std::int32_t width = 0;
    std::int32_t height = 0;
    double rate = 30;
    std::uint64_t seed = 1;
    std::int32_t corridor = 1;
    std::int32_t room = 32;
    std::string format = "auto";
    std::string out;
};

void run_gen(const gen_args& a) {
    const std::int32_t w = a.width > 0 ? a.width : a.size;
    const std::int32_t h = a.height > 0 ? a.height : a.size;
    result<grid::grid_map> map = error{};
    if (a.kind == "random") {
        map = grid::generate_random(w, h, a.rate, a.seed);
    } else if (a.kind == "maze") {
        map = grid::generate_maze(w, h, a.corridor, a.seed);
    } else if (a.kind == "rooms") {
        map = grid::generate_rooms(w, h, a.room, a.seed);
    } else if (a.kind == "world") {
        map = grid::generate_world(w, h, a.seed);
    } else {
        throw command_error{"unknown map kind '" + a.kind + "' (use random, maze, rooms or world)"};
    }
    if (!map) throw command_error{map.err().message};
    std::string format = a.format;
    if (format == "auto") {
        format = a.out.ends_with(".map") ? "movingai" : "map.in";
    }
    std::string text;
    if (format == "movingai") {
        auto t = io::write_movingai_map(*map);
        if (!t) throw command_error{t.err().message};
        text = std::move(t).value();
    } else if (format == "map.in") {
        text = io::write_text_map(*map);
    } else if (format.starts_with("hex")) {
        // "hex" (pointy-odd) or "hex:LAYOUT": the same cells read as hexes.
        const std::string name = format == "hex" ? "pointy-odd" : format.substr(4);
        const auto layout =
            format == "hex" || format[3] == ':' ? grid::parse_hex_layout(name) : std::nullopt;
        if (!layout) {
            throw command_error{"unknown hex layout in --format '" + format +
                                "' (use hex or hex:pointy-odd, pointy-even, pointy-axial, "
                                "flat-odd, flat-even, flat-axial)"};
        }
        auto t = io::write_hex_map({std::move(map).value(), *layout});
        if (!t) throw command_error{t.err().message};
        text = std::move(t).value();
    } else {
        throw command_error{"unknown --format '" + format +
                            "' (use movingai, map.in, hex or hex:LAYOUT)"};
    }
    write_output(a.out.empty() ? "-" : a.out, text);
}

} // namespace

void register_gen(CLI::App& app) {
    auto args = std::make_shared<gen_args>();
    auto* cmd = app.add_subcommand(
        "gen", "generate a map: random (the seed benchmark), maze, rooms, world");
    cmd->add_option("kind", args->kind,
                    "random, maze, rooms or world (a big game world: woods, rivers with bridges, "
                    "walled towns of buildings with doors)")
        ->capture_default_str();
    cmd->add_option("--size", args->size, "side of a square map (cells)")
        ->capture_default_str()
        ->check(positive());
    cmd->add_option("--width", args->width, "width, overrides --size")->check(positive());
    cmd->add_option("--height", args->height, "height, overrides --size")->check(positive());
    cmd->add_option("--rate", args->rate, "random: obstacle percentage (count = N*N*R/100)")
        ->capture_default_str();
    cmd->add_option("--seed", args->seed, "random seed (same seed, same map)")
        ->capture_default_str()
        ->check(non_negative());
    cmd->add_option("--corridor", args->corridor, "maze: corridor width")
        ->capture_default_str()
        ->check(positive());
    cmd->add_option("--room", args->room, "rooms: room width")
        ->capture_default_str()
        ->check(positive());
    cmd->add_option(
           "--format", args->format,
           "movingai, map.in, hex, hex:LAYOUT (docs/hex-maps.md), or auto (by -o extension)")
        ->capture_default_str();
    cmd->add_option("-o,--out", args->out, "output file (default stdout)");
    cmd->callback([args] { run_gen(*args); });
}

} // namespace xunlu::cli
