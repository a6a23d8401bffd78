// The façade's map: an immutable, versioned grid shared read-only between threads, loaded from
// a file, from bytes in memory or from an array of cell codes; edits give the next version.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/map_snapshot.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::facade {

/// What one cell of a row-major cell array holds.
enum class cell_code : std::uint8_t {
    free = 0,          ///< walkable, cost 1
    high_obstacle = 1, ///< terrain, walls: blocks movement and line of sight
    low_obstacle = 2,  ///< units, crates: blocks movement unless a query ignores low obstacles
    terrain_cost = 3,  ///< walkable with the cost multiplier given in cell_array::costs
};

/// A map as a row-major array: cell (x, y) is `codes[y * width + x]`. Sizes are in cells.
/// `costs` is empty or has one finite multiplier >= 1 per cell, read only where the code is
/// `terrain_cost`. The spans are read during map::from_cells only.
struct cell_array {
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::span<const cell_code> codes;
    std::span<const float> costs;
};

/// One version of a grid map. Cheap to copy (a shared pointer to an immutable snapshot).
///
/// Thread safety: a map never changes, so any number of threads may read one map (and copies of
/// it) at the same time; `with_edits` leaves it untouched and returns a new map. All coordinates
/// are cells (x right, y down, (0, 0) top left), never pixels.
class XUNLU_API map {
  public:
    /// Loads a map file of any supported format (Moving AI `.map`, `map.in`, PNG); the error
    /// names the file and, for parse errors, the line.
    [[nodiscard]] static result<map> load_file(const std::string& path);
    /// Parses map content held in memory (same formats as load_file). `name` is used in errors.
    /// Empty content is an error.
    [[nodiscard]] static result<map> from_bytes(std::string_view bytes,
                                                std::string_view name = "<memory>");
    /// Builds a map from a row-major array of cell codes. Errors: a side < 1 or above the
    /// library limits, a codes (or non-empty costs) array whose size is not width * height, an
    /// unknown code, a terrain_cost cell without a finite cost >= 1.
    [[nodiscard]] static result<map> from_cells(const cell_array& cells);
    /// Takes a grid_map built in C++ (version 0).
    [[nodiscard]] static map from_grid(grid::grid_map grid);

    [[nodiscard]] std::int32_t width() const noexcept { return grid().width(); }
    [[nodiscard]] std::int32_t height() const noexcept { return grid().height(); }
    [[nodiscard]] bool in_bounds(cell c) const noexcept { return grid().in_bounds(c); }
    /// 0 for a loaded map, +1 per with_edits along one history.
    [[nodiscard]] std::uint64_t version() const noexcept { return snapshot_->version(); }

    /// The code of cell `c` (a high obstacle wins over a low one; a walkable cell whose terrain
    /// cost is not 1 is `terrain_cost`). A cell outside the map is an error.
    [[nodiscard]] result<cell_code> cell_at(cell c) const;
    /// The terrain cost multiplier of cell `c` (1 for plain cells; read it where cell_at says
    /// `terrain_cost`). A cell outside the map is an error.
    [[nodiscard]] result<float> cost_at(cell c) const;

    /// Line of sight between the centres of cells `a` and `b`: true when no cell the segment
    /// touches is a high obstacle (or also a low one when `low_obstacles_block`). A cell outside
    /// the map is an error.
    [[nodiscard]] result<bool> line_of_sight(cell a, cell b,
                                             bool low_obstacles_block = false) const;

    /// The next version with `edits` applied in order (all or nothing): an out-of-map cell or a
    /// cost that is not finite is an error and nothing changes. This map stays as it was.
    [[nodiscard]] result<map> with_edits(std::span<const grid::cell_edit> edits) const;

    /// The underlying grid and snapshot, for the rest of the library.
    [[nodiscard]] const grid::grid_map& grid() const noexcept { return snapshot_->map(); }
    [[nodiscard]] const std::shared_ptr<const grid::map_snapshot>& snapshot() const noexcept {
        return snapshot_;
    }

  private:
    explicit map(std::shared_ptr<const grid::map_snapshot> snapshot)
        : snapshot_(std::move(snapshot)) {}

    std::shared_ptr<const grid::map_snapshot> snapshot_;
};

} // namespace xunlu::facade
