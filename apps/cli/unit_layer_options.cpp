// --fog, --assume, --size, --influence-sources and --influence: parsing and loading.
#include "unit_layer_options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <utility>

#include "cli_common.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/overlays/clearance_layer.hpp"
#include "xunlu/overlays/influence_file.hpp"

namespace xunlu::cli {

void add_unit_layer_options(CLI::App& cmd, unit_layer_args& args) {
    cmd.add_option("--fog", args.fog,
                   "fog file: search what a player believes (explored cells as they are)");
    cmd.add_option("--assume", args.assume, "with --fog: unseen cells are walkable or blocked")
        ->capture_default_str();
    cmd.add_option("--size", args.size,
                   "unit size N: an N x N unit, positions naming its top-left cell (clearance; "
                   "every algorithm, JPS included)")
        ->capture_default_str();
    cmd.add_option("--influence-sources", args.influence_sources,
                   "influence source file (docs/formats.md): named layers of sources with "
                   "falloff");
    cmd.add_option("--influence", args.influence,
                   "NAME:WEIGHT (repeatable): add WEIGHT x the layer to each cell's terrain cost "
                   "(A* and Dijkstra stay optimal; the JPS variants fall back to A*)");
}

loaded_unit_layers::loaded_unit_layers(const unit_layer_args& a, const grid::grid_map& map) {
    if (a.fog.empty()) {
        if (a.assume != "walkable") throw command_error{"--assume needs --fog"};
    } else {
        fog_ = std::make_unique<overlays::fog_layer>(load_fog_or_fail(a.fog, map));
        layers_.fog = fog_.get();
        layers_.unknown = parse_assumption(a.assume);
    }
    if (a.size < 1 || a.size > overlays::clearance_cap) {
        throw command_error{"--size: unit size " + std::to_string(a.size) + " is outside 1.." +
                            std::to_string(overlays::clearance_cap)};
    }
    layers_.unit_size = a.size;
    if (a.influence_sources.empty() != a.influence.empty()) {
        throw command_error{"--influence NAME:WEIGHT and --influence-sources FILE go together"};
    }
    if (a.influence.empty()) return;
    // 100,000 sources of at most a few hundred bytes each: 64 MiB is far beyond any valid file.
    const std::string text =
        read_text_input(a.influence_sources, std::size_t{64} << 20, "", "an influence source file");
    auto records = overlays::parse_influence_file(text, a.influence_sources);
    if (!records) throw command_error{records.err().message};
    auto built =
        overlays::build_influence_layers(*records, map.width(), map.height(), a.influence_sources);
    if (!built) throw command_error{built.err().message};
    influence_ = std::move(built).value();
    for (const std::string& spec : a.influence) {
        const auto colon = spec.rfind(':');
        if (colon == std::string::npos || colon == 0) {
            throw command_error{"--influence '" + spec + "': expected NAME:WEIGHT"};
        }
        const std::string name = spec.substr(0, colon), number = spec.substr(colon + 1);
        float weight = 0;
        const auto [end, ec] =
            std::from_chars(number.data(), number.data() + number.size(), weight);
        if (ec != std::errc{} || end != number.data() + number.size() || !std::isfinite(weight) ||
            weight < 0) {
            throw command_error{"--influence '" + spec + "': the weight must be a number >= 0"};
        }
        const auto it = std::find_if(influence_.begin(), influence_.end(),
                                     [&](const auto& l) { return l.name() == name; });
        if (it == influence_.end()) {
            throw command_error{"--influence '" + spec + "': " + a.influence_sources +
                                " has no layer '" + name + "'"};
        }
        layers_.influences.push_back(overlays::weighted_layer{&*it, weight});
    }
}

std::shared_ptr<const grid::grid_map> loaded_unit_layers::searched(const grid::grid_map& map,
                                                                   grid::obstacle_mask mask) const {
    auto made = overlays::layered_map(map, layers_, mask);
    // Sizes and fog dimensions were checked on load: what is left to refuse is a weight.
    if (!made) throw command_error{"--influence: " + made.err().message};
    return std::move(made).value();
}

} // namespace xunlu::cli
