// Unit sizes: the clearance of a cell is the side of the largest square of free cells whose
// top-left cell it is (Harabor & Botea's annotated A*, 2008). An N x N unit may stand with its
// top-left cell at `c` exactly when clearance(c) >= N, so one byte per cell answers every unit
// size, and a change to one cell alters the clearance of at most cap x cap cells above and to
// the left of it, which is all that `repaired` recomputes (and copies: the layer is stored in
// bands of 32 rows shared between versions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::overlays {

/// Clearances are stored up to this value: a 40 x 40 free square anchored at a cell reads 32.
/// Unit sizes are therefore 1..clearance_cap.
inline constexpr std::int32_t clearance_cap = 32;

class clearance_layer {
  public:
    /// The clearance of every cell of `map`, counting cells blocked under `mask` (and the
    /// map's edge) as obstacles. O(cells): one pass from the bottom-right corner.
    [[nodiscard]] static clearance_layer build(const grid::grid_map& map, grid::obstacle_mask mask);

    /// `old` brought up to date with `map`, which is the map `old` was built for after
    /// `edits`: only the cap x cap cells above and to the left of each edited cell are
    /// recomputed (`recomputed()` says how many).
    [[nodiscard]] static clearance_layer repaired(const clearance_layer& old,
                                                  const grid::grid_map& map,
                                                  std::span<const grid::cell_edit> edits);

    /// The layer of `map` under `mask`, built once per map and shared by every thread (the
    /// map's derived cache); a map made from another by edits gets the other's layer repaired.
    [[nodiscard]] static std::shared_ptr<const clearance_layer> of(const grid::grid_map& map,
                                                                   grid::obstacle_mask mask);

    [[nodiscard]] std::int32_t width() const noexcept { return width_; }
    [[nodiscard]] std::int32_t height() const noexcept { return height_; }
    [[nodiscard]] grid::obstacle_mask mask() const noexcept { return mask_; }
    /// The clearance of `c` (0 when blocked or outside the map), at most clearance_cap.
    [[nodiscard]] std::int32_t at(cell c) const noexcept {
        if (c.x < 0 || c.y < 0 || c.x >= width_ || c.y >= height_) return 0;
        return (*bands_[static_cast<std::size_t>(c.y / band_rows)])[offset(c)];
    }
    /// True when an N x N unit fits with its top-left cell at `anchor`.
    [[nodiscard]] bool fits(cell anchor, std::int32_t size) const noexcept {
        return at(anchor) >= size;
    }
    /// Cells computed by the last build or repair that made this layer.
    [[nodiscard]] std::int64_t recomputed() const noexcept { return recomputed_; }
    /// Bytes of the values, counting bands shared with other versions of the layer too.
    [[nodiscard]] std::size_t bytes() const noexcept {
        return static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
    }
    /// Bands (clearance_band_rows rows each) this layer holds alone, not shared with the layer
    /// it was repaired from: a repair copies only the bands it recomputes.
    [[nodiscard]] std::size_t own_bands() const noexcept;

  private:
    clearance_layer(std::int32_t width, std::int32_t height, grid::obstacle_mask mask);
    static constexpr std::int32_t band_rows = 32;
    using band = std::vector<std::uint8_t>;
    [[nodiscard]] std::size_t offset(cell c) const noexcept {
        return static_cast<std::size_t>(c.y % band_rows) * static_cast<std::size_t>(width_) +
               static_cast<std::size_t>(c.x);
    }
    /// The band holding row y, copied first if it is shared with another layer.
    band& writable_band(std::int32_t y);
    /// Recomputes row y from x_last down to x_first (right to left), reading the row below.
    void compute_row(const grid::grid_map& map, std::int32_t y, std::int32_t x_first,
                     std::int32_t x_last);

    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    grid::obstacle_mask mask_ = grid::obstacle_mask::high_and_low;
    /// Rows in bands of band_rows; bands are immutable once shared (copy on write), so the
    /// versions of a changing map share every band an edit did not reach.
    std::vector<std::shared_ptr<band>> bands_;
    std::vector<bool> owned_;
    std::int64_t recomputed_ = 0;
};

/// The map an N x N unit searches: a cell is free when the unit fits with its top-left cell
/// there (clearance >= size), and costs the largest terrain cost under the footprint. A search
/// on it for a 1 x 1 unit is the search for the N x N unit on `map`, paths listing top-left
/// cells, and the corner rule carries over: a diagonal step needs the footprints of both
/// orthogonal intermediate positions free. Any algorithm runs on it, JPS included. Fails for
/// sizes outside 1..clearance_cap or a layer made for another map size.
[[nodiscard]] result<grid::grid_map> sized_map(const grid::grid_map& map,
                                               const clearance_layer& clearance, std::int32_t size);

} // namespace xunlu::overlays
