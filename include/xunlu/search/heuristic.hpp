// Distance estimates for grid search. Admissibility depends on the movement rules: see each.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>

#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::search {

enum class heuristic_kind : std::uint8_t {
    automatic, ///< octile for 8-connected moves, Manhattan for 4-connected
    octile,    ///< exact distance on an empty 8-connected grid; admissible for every rule
    manhattan, ///< the classic dx+dy; admissible only for 4-connected moves (overestimates
               ///< diagonal moves on 8-connected grids, so A* may return longer paths)
    euclidean, ///< straight-line distance, scaled by euclidean_unit so it stays admissible
               ///< in the 10/14 mode too (14 < 10 sqrt 2); weaker than octile
    chebyshev, ///< max(dx,dy) times the straight cost; admissible always, weakest non-zero
    zero,      ///< always 0: A* becomes Dijkstra
};

[[nodiscard]] XUNLU_API std::optional<heuristic_kind> parse_heuristic(std::string_view name);
[[nodiscard]] XUNLU_API std::string_view heuristic_name(heuristic_kind kind) noexcept;

/// Resolves `automatic` for the given rules.
[[nodiscard]] constexpr heuristic_kind resolve(heuristic_kind kind,
                                               grid::movement_rules rules) noexcept {
    if (kind != heuristic_kind::automatic) {
        return kind;
    }
    return rules.moves == grid::connectivity::eight ? heuristic_kind::octile
                                                    : heuristic_kind::manhattan;
}

/// Cost per cell of straight-line distance that never overestimates a step: the straight cost,
/// or the diagonal cost / sqrt 2 when smaller (10/14 mode: 14 / sqrt 2 = 9.90, not 10).
[[nodiscard]] constexpr double euclidean_unit(grid::movement_rules rules) noexcept {
    return std::min(rules.straight_cost(), rules.diagonal_cost() / 1.4142135623730951);
}

/// Heuristic functors: h(dx, dy) with dx, dy >= 0, in the rules' cost units.
struct octile_h {
    double straight, diagonal_extra;
    double operator()(std::int32_t dx, std::int32_t dy) const noexcept {
        const auto lo = static_cast<double>(std::min(dx, dy));
        const auto hi = static_cast<double>(std::max(dx, dy));
        return straight * hi + diagonal_extra * lo;
    }
};
struct manhattan_h {
    double straight;
    double operator()(std::int32_t dx, std::int32_t dy) const noexcept {
        return straight * static_cast<double>(dx + dy);
    }
};
struct euclidean_h {
    double straight;
    double operator()(std::int32_t dx, std::int32_t dy) const noexcept {
        return straight * std::sqrt(static_cast<double>(dx) * dx + static_cast<double>(dy) * dy);
    }
};
struct chebyshev_h {
    double straight;
    double operator()(std::int32_t dx, std::int32_t dy) const noexcept {
        return straight * static_cast<double>(std::max(dx, dy));
    }
};
struct zero_h {
    double operator()(std::int32_t, std::int32_t) const noexcept { return 0.0; }
};

/// Evaluates a heuristic once (not for hot loops: those use the functors directly).
[[nodiscard]] XUNLU_API double heuristic_value(heuristic_kind kind, grid::movement_rules rules,
                                               std::int32_t dx, std::int32_t dy) noexcept;

} // namespace xunlu::search
