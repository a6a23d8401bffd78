// The flags that say what a unit knows and prefers (--fog, --assume, --size,
// --influence-sources, --influence NAME:WEIGHT), shared by `xunlu find` and `xunlu route`, and
// the layers they load: the fog and influence layers a query borrows (overlays::query_layers).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/overlays/query_layers.hpp"

namespace xunlu::cli {

struct unit_layer_args {
    std::string fog;
    std::string assume = "walkable";
    std::int32_t size = 1;
    std::string influence_sources;
    std::vector<std::string> influence;

    [[nodiscard]] bool any() const noexcept {
        return !fog.empty() || size != 1 || !influence.empty() || !influence_sources.empty();
    }
};

/// Adds the five flags to `cmd`.
void add_unit_layer_options(CLI::App& cmd, unit_layer_args& args);

/// The files the flags name, loaded and checked against `map`, and the query_layers that
/// borrow them (so this object must outlive every query made with layers()). Throws
/// command_error with the flag and the file position on bad input.
class loaded_unit_layers {
  public:
    loaded_unit_layers(const unit_layer_args& args, const grid::grid_map& map);
    loaded_unit_layers(const loaded_unit_layers&) = delete;
    loaded_unit_layers& operator=(const loaded_unit_layers&) = delete;

    [[nodiscard]] const overlays::query_layers& layers() const noexcept { return layers_; }
    /// The grid a query searches on `map` (the map itself without layers), errors thrown.
    [[nodiscard]] std::shared_ptr<const grid::grid_map> searched(const grid::grid_map& map,
                                                                 grid::obstacle_mask mask) const;

  private:
    std::unique_ptr<overlays::fog_layer> fog_;
    std::vector<overlays::influence_layer> influence_;
    overlays::query_layers layers_;
};

} // namespace xunlu::cli
