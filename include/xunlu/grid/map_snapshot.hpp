// An immutable, versioned map: version 0 wraps a built grid_map, and applying a list of cell
// edits to version n produces version n + 1, leaving n untouched for the queries still on it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "xunlu/core/result.hpp"
#include "xunlu/grid/cell_edit.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::grid {

/// Held as `std::shared_ptr<const map_snapshot>`: many threads read it, nobody changes it, and
/// it is freed when its last reader lets go. Derived data (bit rows, jump tables, labels) lives
/// in `map().derived()`, so it belongs to this snapshot alone; the next snapshot's cache can
/// repair from this one's while this one is alive.
class XUNLU_API map_snapshot {
  public:
    /// Version 0 of a history: takes the built map.
    [[nodiscard]] static std::shared_ptr<const map_snapshot> make(grid_map map);

    /// The next version: a copy of this map (the cost layer shared unless a cost changes) with
    /// `edits` applied in order. All or nothing: an out-of-bounds cell or a terrain cost that is
    /// not a finite number gives an error naming the edit and the cell, and nothing is made.
    [[nodiscard]] result<std::shared_ptr<const map_snapshot>>
    apply(std::span<const cell_edit> edits) const;

    [[nodiscard]] const grid_map& map() const noexcept { return map_; }
    /// 0 for the first snapshot, +1 per apply along one history.
    [[nodiscard]] std::uint64_t version() const noexcept { return version_; }
    /// The edits that produced this snapshot from its parent (empty for version 0).
    [[nodiscard]] std::span<const cell_edit> edits() const noexcept {
        return edits_ ? std::span<const cell_edit>(*edits_) : std::span<const cell_edit>();
    }

    /// Checks `edits` against `map` without applying them: the first problem, if any.
    [[nodiscard]] static std::optional<error> validate(const grid_map& map,
                                                       std::span<const cell_edit> edits);

  private:
    map_snapshot(grid_map map, std::uint64_t version,
                 std::shared_ptr<const std::vector<cell_edit>> edits)
        : map_(std::move(map)), version_(version), edits_(std::move(edits)) {}

    grid_map map_;
    std::uint64_t version_ = 0;
    std::shared_ptr<const std::vector<cell_edit>> edits_;
};

} // namespace xunlu::grid
