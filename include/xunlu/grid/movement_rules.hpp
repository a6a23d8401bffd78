// Movement rules as a value type: connectivity, the corner rule for diagonals, step costs.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "xunlu/xunlu_export.h"

namespace xunlu::grid {

enum class connectivity : std::uint8_t { four, eight };

/// When a diagonal step past blocked side cells is allowed.
enum class corner_rule : std::uint8_t {
    no_cut,          ///< both orthogonal side cells must be free (Moving AI rule, the default)
    cut_if_one_free, ///< at least one side cell must be free
    always,          ///< diagonals ignore side cells
};

/// How much a step costs before the terrain multiplier of the entered cell.
enum class step_costs : std::uint8_t {
    exact,         ///< straight 1, diagonal sqrt(2)
    integer_10_14, ///< straight 10, diagonal 14 (the classic integer A*)
};

struct movement_rules {
    connectivity moves = connectivity::eight;
    corner_rule corners = corner_rule::no_cut;
    step_costs costs = step_costs::exact;

    [[nodiscard]] constexpr double straight_cost() const noexcept {
        return costs == step_costs::exact ? 1.0 : 10.0;
    }
    [[nodiscard]] constexpr double diagonal_cost() const noexcept {
        return costs == step_costs::exact ? 1.4142135623730951 : 14.0;
    }
    friend constexpr bool operator==(movement_rules, movement_rules) = default;
};

/// The eight step directions. Orthogonal first (N, E, S, W), then diagonals (NE, SE, SW, NW).
/// y grows downwards, so north is dy = -1.
inline constexpr std::array<std::int8_t, 8> direction_dx{0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr std::array<std::int8_t, 8> direction_dy{-1, 0, 1, 0, -1, 1, 1, -1};

/// Bit mask of the diagonal directions (bits 4..7) a rule allows, given a mask of which of
/// the eight neighbours are free (bit d set = neighbour in direction d free). Orthogonal bits
/// pass through unchanged. Branch-free; used in every search's hot loop.
[[nodiscard]] constexpr unsigned allowed_moves(unsigned free, connectivity moves,
                                               corner_rule corners) noexcept {
    if (moves == connectivity::four) {
        return free & 0x0fu;
    }
    const unsigned n = free & 1u, e = (free >> 1) & 1u, s = (free >> 2) & 1u, w = (free >> 3) & 1u;
    unsigned sides = 0;
    switch (corners) {
    case corner_rule::no_cut:
        sides = ((n & e) << 4) | ((s & e) << 5) | ((s & w) << 6) | ((n & w) << 7);
        break;
    case corner_rule::cut_if_one_free:
        sides = ((n | e) << 4) | ((s | e) << 5) | ((s | w) << 6) | ((n | w) << 7);
        break;
    case corner_rule::always:
        sides = 0xf0u;
        break;
    }
    return free & (0x0fu | sides);
}

/// Names used by the CLI and files: "4", "8" (= "8-nocut"), "8-cut1", "8-always".
[[nodiscard]] XUNLU_API std::optional<movement_rules> parse_movement_rules(std::string_view name);
[[nodiscard]] XUNLU_API std::string_view movement_rules_name(movement_rules rules) noexcept;

} // namespace xunlu::grid
