// JPS+ preprocessing: for every cell and each of the eight directions, the distance to the next
// jump point (positive) or to the wall (zero or negative); with a versioned binary file format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::jps {

/// Called during a build with (rows done, total rows) of the current pass and the pass number
/// (0 = straight directions, 1 = diagonals).
using build_progress = std::function<void(int pass, std::int32_t done, std::int32_t total)>;

/// Jump distances for 8-connected moves without corner cutting (the Moving AI rule).
/// Entry (x, y, d), d in the order of grid::direction_dx (N, E, S, W, NE, SE, SW, NW):
/// D > 0: the next jump point in direction d is D steps away; D <= 0: no jump point before the
/// wall, and -D steps can be taken before it. 16 bytes per cell.
class jump_table {
  public:
    /// Current binary format version (see docs/jps.md).
    static constexpr std::uint32_t format_version = 1;
    /// Largest map (in cells) a table is built for: 2^26 cells = a 1 GiB table.
    static constexpr std::int64_t max_cells = std::int64_t{1} << 26;

    /// Computes the table of `map` under `mask`: O(width * height), two passes.
    static jump_table build(const grid::grid_map& map, grid::obstacle_mask mask,
                            const build_progress& progress = {});

    /// Reads a table saved by `save` and checks it against `map`/`mask`: magic, format version,
    /// size, rule, obstacle mask, checksum, the map's fingerprint and every distance's range.
    /// Any mismatch or damage gives an error naming the file and the problem.
    static result<jump_table> load(const std::string& path, const grid::grid_map& map,
                                   grid::obstacle_mask mask);
    /// Same as `load` from bytes in memory; `name` is used in messages.
    static result<jump_table> parse(std::span<const std::uint8_t> bytes, const std::string& name,
                                    const grid::grid_map& map, grid::obstacle_mask mask);

    /// Serialises the table (header, distances, checksum; little-endian).
    [[nodiscard]] std::vector<std::uint8_t> serialise() const;
    /// Writes `serialise()` to `path`; an error names the file.
    [[nodiscard]] std::optional<error> save(const std::string& path) const;

    [[nodiscard]] std::int32_t width() const noexcept { return width_; }
    [[nodiscard]] std::int32_t height() const noexcept { return height_; }
    [[nodiscard]] grid::obstacle_mask mask() const noexcept { return mask_; }
    [[nodiscard]] std::uint64_t map_hash() const noexcept { return map_hash_; }
    [[nodiscard]] bool empty() const noexcept { return dist_.empty(); }
    /// All eight entries of cell (x, y).
    [[nodiscard]] const std::int16_t* entries(std::int32_t x, std::int32_t y) const noexcept {
        return dist_.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                               static_cast<std::size_t>(x)) *
                                  8;
    }
    [[nodiscard]] std::int16_t distance(cell c, int direction) const noexcept {
        return entries(c.x, c.y)[direction];
    }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return dist_.capacity() * sizeof(std::int16_t);
    }

  private:
    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    grid::obstacle_mask mask_ = grid::obstacle_mask::high_and_low;
    std::uint64_t map_hash_ = 0;
    std::vector<std::int16_t> dist_;
};

/// FNV-1a 64 fingerprint of a map's walkability under `mask` (size and one bit per cell).
[[nodiscard]] std::uint64_t map_fingerprint(const grid::grid_map& map, grid::obstacle_mask mask);

} // namespace xunlu::jps
