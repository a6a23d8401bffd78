// Connected-component ("island") labels of a grid map for one movement rule and obstacle mask,
// kept up to date as cells change: merges are incremental, possible splits ask for a relabel.
#pragma once

#include <cstdint>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::pipeline {

/// Which cell adjacency decides reachability. A diagonal step under corner_rule::no_cut or
/// cut_if_one_free needs a free orthogonal side cell, so the diagonal neighbour is also reached
/// through that side cell: those rules have exactly the components of 4-adjacency. Only
/// corner_rule::always can join cells that touch at a corner alone (8-adjacency).
enum class adjacency : std::uint8_t { four, eight };

[[nodiscard]] constexpr adjacency adjacency_for(grid::movement_rules rules) noexcept {
    return rules.moves == grid::connectivity::eight && rules.corners == grid::corner_rule::always
               ? adjacency::eight
               : adjacency::four;
}

/// Component labels for one (adjacency, obstacle mask) pair. Label 0 means "not passable".
/// Memory: 4 bytes per cell plus 8 bytes per component ever created.
class XUNLU_API component_labels {
  public:
    component_labels(const grid::grid_map& map, adjacency adj, grid::obstacle_mask mask);

    /// Labels every cell from scratch: O(W*H).
    void relabel(const grid::grid_map& map);

    /// Updates the labels after cell `c` of `map` changed (already applied to `map`).
    /// A cell that became passable joins (and merges) its neighbours' components in near O(1).
    /// A cell that became blocked is removed; when its passable neighbours still connect to one
    /// another inside the 3x3 ring around it the component cannot split and true is returned.
    /// Otherwise the labels may be stale: returns false and the caller must relabel.
    [[nodiscard]] bool update_cell(const grid::grid_map& map, cell c);

    /// Component of `c` (0 when blocked or outside the map). Equal ids = mutually reachable.
    [[nodiscard]] std::uint32_t component(cell c) const noexcept {
        if (c.x < 0 || c.y < 0 || c.x >= width_ || c.y >= height_) return 0;
        const std::uint32_t raw = labels_[static_cast<std::size_t>(c.y) * width_ + c.x];
        return raw == 0 ? 0 : root(raw);
    }
    [[nodiscard]] bool connected(cell a, cell b) const noexcept {
        const std::uint32_t la = component(a);
        return la != 0 && la == component(b);
    }
    [[nodiscard]] adjacency adjacency_rule() const noexcept { return adj_; }
    [[nodiscard]] grid::obstacle_mask mask() const noexcept { return mask_; }
    /// Number of components found by the last relabel (merges since then are not subtracted).
    [[nodiscard]] std::uint32_t labelled_components() const noexcept { return labelled_; }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return labels_.capacity() * 4 + parent_.capacity() * 4 + size_.capacity() * 4;
    }

  private:
    [[nodiscard]] std::uint32_t root(std::uint32_t l) const noexcept {
        while (parent_[l] != l) l = parent_[l];
        return l;
    }
    std::uint32_t unite(std::uint32_t a, std::uint32_t b) noexcept;
    std::uint32_t new_label();

    adjacency adj_;
    grid::obstacle_mask mask_;
    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    std::uint32_t labelled_ = 0;
    std::vector<std::uint32_t> labels_; ///< raw label per cell, row-major, unpadded
    std::vector<std::uint32_t> parent_; ///< union-find over raw labels (index 0 unused)
    std::vector<std::uint32_t> size_;
};

} // namespace xunlu::pipeline
