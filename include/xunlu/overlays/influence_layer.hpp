// Influence layers: named float fields over the map (danger near enemy towers, smoke, a
// squad's preference for cover) made of sources with a falloff, that a query weights and adds
// to the terrain: the cost multiplier of entering a cell becomes
// terrain + sum(weight x influence). Each cell holds the sum of the sources covering it in
// source order (built by stamping source after source, the work following the cells covered);
// moving a source recomputes only the cells of its old and new discs that way, so the layer
// after any number of moves equals a layer built from scratch, bit for bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::overlays {

/// Largest source radius (cells): a disc touches at most (2 x 256 + 1)^2 cells.
inline constexpr std::int32_t max_influence_radius = 256;

/// One source of influence: `strength` at its cell, falling off linearly with the Euclidean
/// distance d between cell centres to 0 beyond `radius`: strength x (1 - d / (radius + 1)).
struct influence_source {
    cell at;
    float strength = 1.0f;   ///< finite, >= 0
    std::int32_t radius = 0; ///< 0..max_influence_radius
};

class XUNLU_API influence_layer {
  public:
    /// An empty layer named `name` over a width x height map. Refuses sizes the grid refuses
    /// and empty names.
    static result<influence_layer> create(std::string name, std::int32_t width,
                                          std::int32_t height);
    /// An 8-bit layer: each cell keeps its value rounded to a multiple of `step` and capped at
    /// 255 x step, in one byte instead of four (a server holding many layers over a big map).
    /// Sums are made in float before rounding, so moves still equal a fresh build exactly.
    /// Refuses a step that is not a finite number > 0.
    static result<influence_layer> create_bytes(std::string name, std::int32_t width,
                                                std::int32_t height, float step);

    [[nodiscard]] const std::string& name() const noexcept { return name_; }
    [[nodiscard]] std::int32_t width() const noexcept { return width_; }
    [[nodiscard]] std::int32_t height() const noexcept { return height_; }
    /// The influence at `c` (0 outside the map).
    [[nodiscard]] float at(cell c) const noexcept {
        if (c.x < 0 || c.y < 0 || c.x >= width_ || c.y >= height_) return 0.0f;
        if (step_ > 0.0f) return static_cast<float>(bytes_[index(c)]) * step_;
        return values_[index(c)];
    }
    /// The step of an 8-bit layer; 0 for a float layer.
    [[nodiscard]] float step() const noexcept { return step_; }

    /// Adds a source; its id is its position in source order. Refuses a source whose cell is
    /// outside the map or whose strength or radius is out of range. A float layer adds the
    /// source's disc to the cells' sums (work: the disc's cells); an 8-bit layer sums the
    /// disc's cells again from the sources covering them.
    result<std::size_t> add(influence_source source);
    /// Why `s` cannot be added (its cell outside the map, strength or radius out of range).
    [[nodiscard]] result<bool> check(const influence_source& s) const;
    /// Adds many sources at once, in order (ids from the returned first id on), all or none:
    /// refuses the whole list, naming the index of the first bad source. The same layer as
    /// adding them one by one; an 8-bit layer sums the box they cover once, every source
    /// stamped once, instead of once per source.
    result<std::size_t> add_all(std::span<const influence_source> sources);
    /// Moves source `id` to `to`: recomputes the cells of the old and the new disc only.
    result<bool> move(std::size_t id, cell to);
    /// Removes source `id` (its id is not reused).
    result<bool> remove(std::size_t id);
    /// The sources, removed ones as nullopt.
    [[nodiscard]] const std::vector<std::optional<influence_source>>& sources() const noexcept {
        return sources_;
    }
    /// Cells recomputed by the last add, move or remove.
    [[nodiscard]] std::int64_t touched() const noexcept { return touched_; }
    [[nodiscard]] std::size_t bytes() const noexcept {
        return values_.size() * sizeof(float) + bytes_.size();
    }

  private:
    influence_layer(std::string name, std::int32_t width, std::int32_t height, float step);
    [[nodiscard]] std::size_t index(cell c) const noexcept {
        return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) +
               static_cast<std::size_t>(c.x);
    }
    /// Recomputes every cell of the box [x0, x1] x [y0, y1] (clipped to the map) from the live
    /// sources covering it, in source order.
    void refresh_box(std::int32_t x0, std::int32_t y0, std::int32_t x1, std::int32_t y1);
    /// Recomputes every cell of the box around the disc of `s`.
    void refresh_disc(const influence_source& s);

    std::string name_;
    std::int32_t width_ = 0;
    std::int32_t height_ = 0;
    float step_ = 0.0f;               ///< > 0: an 8-bit layer, values in bytes_
    std::vector<float> values_;       ///< a float layer's values
    std::vector<std::uint8_t> bytes_; ///< an 8-bit layer's values, in steps
    std::vector<std::optional<influence_source>> sources_;
    std::int64_t touched_ = 0;
};

/// What one source contributes to cell `c` (0 outside its disc).
[[nodiscard]] XUNLU_API float influence_of(const influence_source& s, cell c) noexcept;

/// One layer and the weight a query gives it.
struct weighted_layer {
    const influence_layer* layer = nullptr;
    float weight = 1.0f; ///< finite, >= 0
};

/// A copy of `map` whose terrain cost multiplier at each cell is
/// terrain + sum(weight x influence). Weights and influences are >= 0, so every multiplier stays
/// >= 1 and the searches' heuristics stay admissible (A* and Dijkstra stay optimal; the JPS
/// variants, which need uniform costs, fall back to A* as for any map with costs). Refuses
/// negative or non-finite weights and layers made for another map size.
[[nodiscard]] XUNLU_API result<grid::grid_map>
weighted_cost_map(const grid::grid_map& map, std::span<const weighted_layer> layers);

} // namespace xunlu::overlays
