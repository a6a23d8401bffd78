// Parsing and naming of movement rules for the CLI and file formats.
#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::grid {

std::optional<movement_rules> parse_movement_rules(std::string_view name) {
    if (name == "4" || name == "four") {
        return movement_rules{.moves = connectivity::four};
    }
    if (name == "8" || name == "8-nocut" || name == "eight" || name == "octile") {
        return movement_rules{};
    }
    if (name == "8-cut1") {
        return movement_rules{.corners = corner_rule::cut_if_one_free};
    }
    if (name == "8-always") {
        return movement_rules{.corners = corner_rule::always};
    }
    return std::nullopt;
}

std::string_view movement_rules_name(movement_rules rules) noexcept {
    if (rules.moves == connectivity::four) {
        return "4";
    }
    switch (rules.corners) {
    case corner_rule::no_cut:
        return "8-nocut";
    case corner_rule::cut_if_one_free:
        return "8-cut1";
    case corner_rule::always:
        return "8-always";
    }
    return "8-nocut";
}

} // namespace xunlu::grid
