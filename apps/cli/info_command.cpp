// `xunlu info`: size, format, obstacle counts and memory of a map.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/io/layer_file.hpp"
#include "xunlu/io/map_loader.hpp"

namespace xunlu::cli {

namespace {

struct info_args {
    std::string map;
    bool json = false;
    std::string layers;
};

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
}

} // namespace

void register_info(CLI::App& app) {
    auto args = std::make_shared<info_args>();
    auto* cmd = app.add_subcommand("info", "describe a map file");
    cmd->add_option("map", args->map, "map file")->required();
    add_layers_option(*cmd, args->layers);
    cmd->add_flag("--json", args->json, "print one JSON object");
    cmd->callback([args] { run_info(*args); });
}

} // namespace xunlu::cli
