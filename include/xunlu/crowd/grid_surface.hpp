// A grid map as a walkable surface: one cell = 1 m square (cell (x, y) covers [x, x+1) x
// [y, y+1)), walls the borders between free and blocked cells merged into maximal axis-aligned
// segments, paths the optimal any-angle paths of anyangle::visibility_search.
#pragma once

#include <memory>

#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/crowd/walkable_surface.hpp"
#include "xunlu/grid/grid_map.hpp"

namespace xunlu::crowd {

/// The walls of `map` (high and low obstacles block; outside the map is blocked): each maximal
/// run of cell edges with a free cell on the same side is one segment.
[[nodiscard]] std::vector<wall> grid_walls(const grid::grid_map& map);

class grid_surface final : public walkable_surface {
  public:
    explicit grid_surface(std::shared_ptr<const grid::grid_map> map);

    [[nodiscard]] aabb bounds() const override;
    [[nodiscard]] std::span<const wall> walls() const override { return walls_; }
    [[nodiscard]] bool contains(vec2 p) const override;
    /// A straight line when it keeps `radius` clear of every wall (checked by the caller's wall
    /// index, not here); otherwise the visibility-graph search from the cell of `from` to the
    /// cell of `to`, its corners moved off the wall corners by `radius` where the cells allow.
    [[nodiscard]] surface_path find_path(vec2 from, vec2 to, double radius) override;

    [[nodiscard]] const grid::grid_map& map() const noexcept { return *map_; }
    /// The map a body of radius `radius` plans on: a cell is free when a circle of that radius
    /// at its centre stays clear of blocked cells and the map's border (the map itself for
    /// radius <= 0.5). Built on first use, kept per radius (in centimetres).
    [[nodiscard]] std::shared_ptr<const grid::grid_map> planning_map(double radius);

  private:
    [[nodiscard]] vec2 clear_corner(const grid::grid_map& plan, vec2 corner, double radius) const;
    [[nodiscard]] static bool open_on(const grid::grid_map& plan, cell c);

    std::shared_ptr<const grid::grid_map> map_;
    std::vector<wall> walls_;
    anyangle::visibility_search search_;
    std::vector<std::pair<std::int64_t, std::shared_ptr<const grid::grid_map>>> planning_;
};

} // namespace xunlu::crowd
