// `simulate --gif`: an animated GIF of a run (giflib), one frame per tick: the map, and each
// unit's footprint in a colour of its own (arrived units paler, blocked ones red-framed).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "xunlu/agents/simulation.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::cli {

class simulation_gif {
  public:
    /// `scale`: pixels per cell, 0 = about 512 pixels wide (1..16). Check the size with
    /// refuse_size first: the background is allocated here.
    simulation_gif(const grid::grid_map& map, std::int32_t scale);
    /// Why a GIF of `frames` frames of `map` at `scale` would be refused by write() (above 2^26
    /// pixels per frame or 2^30 in all), told before the run, not after it; nothing if it fits.
    [[nodiscard]] static std::optional<error> refuse_size(const grid::grid_map& map,
                                                          std::int32_t scale, std::uint64_t frames,
                                                          const std::string& path);
    void add_frame(const agents::simulation& sim);
    /// Encodes every frame (4 centiseconds each, looping). Refuses pictures above 2^26 pixels
    /// per frame or 2^30 pixels in all.
    [[nodiscard]] result<bool> write(const std::string& path) const;

  private:
    std::int32_t scale_;
    std::int32_t width_;
    std::int32_t height_;
    std::vector<std::uint8_t> background_;          ///< palette indices
    std::vector<std::vector<std::uint8_t>> frames_; ///< palette indices
};

} // namespace xunlu::cli
