// Drawing of the three-panel comparison picture on top of render::draw_map/draw_path.
#include "compare_figure.hpp"

#include <algorithm>

#include "xunlu/render/map_picture.hpp"

namespace xunlu::cli {

namespace {

constexpr std::uint32_t dot_colour = 0x111111;
constexpr std::uint32_t gap_colour = 0xb0b0b0;
constexpr std::int32_t gap = 6;

void draw_dots(render::rgb_image& img, std::span<const cell> cells, std::int32_t scale) {
    if (scale < 4) {
        render::draw_cells(img, cells, scale, render::colour::open);
        return;
    }
    const std::int32_t r = std::max(1, scale / 5);
    for (const cell c : cells) {
        const std::int32_t cx = c.x * scale + scale / 2;
        const std::int32_t cy = c.y * scale + scale / 2;
        for (std::int32_t dy = -r; dy <= r; ++dy)
            for (std::int32_t dx = -r; dx <= r; ++dx)
                if (dx * dx + dy * dy <= r * r) img.set(cx + dx, cy + dy, dot_colour);
    }
}

} // namespace

render::rgb_image draw_comparison(const grid::grid_map& map, const hybrid::comparison& c,
                                  std::int32_t panel_pixels) {
    const std::int32_t scale = render::auto_scale(map, panel_pixels);
    const std::int32_t pw = map.width() * scale;
    const std::int32_t ph = map.height() * scale;
    render::rgb_image out(3 * pw + 4 * gap, ph + 2 * gap, gap_colour);
    for (std::int32_t p = 0; p < 3; ++p) {
        const auto& r = c.results[static_cast<std::size_t>(p)];
        auto panel = render::draw_map(map, scale);
        draw_dots(panel, r.recorded_cells, scale);
        render::draw_path(panel, r.path, scale);
        const std::int32_t ox = gap + p * (pw + gap);
        for (std::int32_t y = 0; y < ph; ++y) {
            const auto* src = &panel.pixels[static_cast<std::size_t>(y) * pw * 3];
            auto* dst = &out.pixels[(static_cast<std::size_t>(y + gap) * out.width + ox) * 3];
            std::copy(src, src + static_cast<std::size_t>(pw) * 3, dst);
        }
    }
    return out;
}

} // namespace xunlu::cli
