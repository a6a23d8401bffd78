// Names and rule lookups of the finder capability flags.
#include "xunlu/registry/finder_capabilities.hpp"

namespace xunlu::registry {

std::string_view support_name(support s) noexcept {
    switch (s) {
    case support::native:
        return "native";
    case support::falls_back_to_astar:
        return "astar_fallback";
    case support::ignored:
        return "ignored";
    case support::unsupported:
        return "unsupported";
    }
    return "unsupported";
}

bool rule_support::supports(grid::movement_rules rules) const noexcept {
    if (rules.moves == grid::connectivity::four) return four;
    switch (rules.corners) {
    case grid::corner_rule::no_cut:
        return eight_no_cut;
    case grid::corner_rule::cut_if_one_free:
        return eight_cut_if_one_free;
    case grid::corner_rule::always:
        return eight_always;
    }
    return false;
}

std::vector<grid::movement_rules> all_movement_rules() {
    return {{.moves = grid::connectivity::four},
            {.moves = grid::connectivity::eight, .corners = grid::corner_rule::no_cut},
            {.moves = grid::connectivity::eight, .corners = grid::corner_rule::cut_if_one_free},
            {.moves = grid::connectivity::eight, .corners = grid::corner_rule::always}};
}

std::vector<std::string_view> rule_names(const rule_support& r) {
    // The short CLI names ("8", not "8-nocut"): what `--rule` accepts and tools send back.
    static constexpr std::string_view names[] = {"4", "8", "8-cut1", "8-always"};
    std::vector<std::string_view> out;
    const auto rules = all_movement_rules();
    for (std::size_t i = 0; i < rules.size(); ++i) {
        if (r.supports(rules[i])) out.push_back(names[i]);
    }
    return out;
}

} // namespace xunlu::registry
