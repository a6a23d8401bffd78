// Names of the hex layouts (map headers, CLI, JSON).
#include "xunlu/grid/hex_layout.hpp"

namespace xunlu::grid {

namespace {
constexpr std::array<std::string_view, 6> layout_names{"pointy-odd", "pointy-even", "pointy-axial",
                                                       "flat-odd",   "flat-even",   "flat-axial"};
}

std::string_view hex_layout_name(hex_layout l) noexcept {
    for (std::size_t i = 0; i < all_hex_layouts.size(); ++i) {
        if (all_hex_layouts[i] == l) return layout_names[i];
    }
    return "pointy-odd";
}

std::optional<hex_layout> parse_hex_layout(std::string_view name) noexcept {
    for (std::size_t i = 0; i < all_hex_layouts.size(); ++i) {
        if (layout_names[i] == name) return all_hex_layouts[i];
    }
    return std::nullopt;
}

} // namespace xunlu::grid
