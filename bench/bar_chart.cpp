// Drawing of grouped log-scale bar charts with the bitmap font.
#include "bar_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "bitmap_font.hpp"

namespace xunlu::bench {

namespace {

constexpr std::uint32_t black = 0x000000;
constexpr std::uint32_t grey = 0x606060;
constexpr std::uint32_t light_grey = 0xdddddd;

void fill_rect(render::rgb_image& img, std::int32_t x0, std::int32_t y0, std::int32_t x1,
               std::int32_t y1, std::uint32_t rgb) noexcept {
    for (std::int32_t y = std::min(y0, y1); y <= std::max(y0, y1); ++y) {
        for (std::int32_t x = std::min(x0, x1); x <= std::max(x0, x1); ++x) {
            img.set(x, y, rgb);
        }
    }
}

std::string decade_label(int exponent) {
    static const char* const names[] = {"1 US",  "10 US",  "100 US", "1 MS",
                                        "10 MS", "100 MS", "1 S",    "10 S"};
    if (exponent >= 0 && exponent < 8) {
        return names[exponent];
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "1E%d US", exponent);
    return buf;
}

void draw_centered(render::rgb_image& img, std::int32_t cx, std::int32_t y, const std::string& text,
                   std::uint32_t rgb, std::int32_t scale) {
    draw_text(img, cx - text_width(text, scale) / 2, y, text, rgb, scale);
}

} // namespace

std::string short_micros(double us) {
    char buf[32];
    if (us < 10) {
        std::snprintf(buf, sizeof buf, "%.2f", us);
    } else if (us < 100) {
        std::snprintf(buf, sizeof buf, "%.1f", us);
    } else if (us < 10000) {
        std::snprintf(buf, sizeof buf, "%.0f", us);
    } else if (us < 1e7) {
        std::snprintf(buf, sizeof buf, "%.0fK", us / 1000);
    } else {
        std::snprintf(buf, sizeof buf, "%.0fM", us / 1e6);
    }
    return buf;
}

render::rgb_image draw_bar_chart(const bar_chart& chart) {
    render::rgb_image img(chart.width, chart.height, 0xffffff);
    const std::int32_t left = 100, right = 20, top = 90, bottom = 80;
    const std::int32_t plot_w = chart.width - left - right;
    const std::int32_t plot_h = chart.height - top - bottom;
    const std::int32_t base_y = top + plot_h;

    draw_text(img, 16, 14, chart.title, black, 3);
    draw_text(img, 16, 44, chart.subtitle, grey, 2);

    double lo_v = std::numeric_limits<double>::max();
    double hi_v = 0;
    for (const auto& g : chart.groups) {
        for (const double v : g.values) {
            if (v > 0) {
                lo_v = std::min(lo_v, v);
                hi_v = std::max(hi_v, v);
            }
        }
    }
    if (hi_v <= 0) {
        lo_v = 1;
        hi_v = 10;
    }
    const int lo = static_cast<int>(std::floor(std::log10(lo_v)));
    int hi = static_cast<int>(std::ceil(std::log10(hi_v) + 0.15)); // room for value labels
    hi = std::max(hi, lo + 1);
    auto y_of = [&](double v) {
        const double t = (std::log10(v) - lo) / static_cast<double>(hi - lo);
        return base_y - static_cast<std::int32_t>(std::lround(t * plot_h));
    };

    for (int e = lo; e <= hi; ++e) {
        const std::int32_t y = y_of(std::pow(10.0, e));
        fill_rect(img, left, y, left + plot_w, y, light_grey);
        const std::string label = decade_label(e);
        draw_text(img, left - 8 - text_width(label, 2), y - text_height(2) / 2, label, grey, 2);
    }
    fill_rect(img, left, top, left, base_y, black);
    fill_rect(img, left, base_y, left + plot_w, base_y, black);

    // Legend, top right.
    std::int32_t lx = chart.width - right;
    for (auto it = chart.series.rbegin(); it != chart.series.rend(); ++it) {
        lx -= text_width(it->name, 2) + 34;
        fill_rect(img, lx, 68, lx + 16, 82, it->rgb);
        draw_text(img, lx + 22, 68, it->name, black, 2);
    }

    const auto groups = static_cast<std::int32_t>(chart.groups.size());
    const auto nseries = static_cast<std::int32_t>(chart.series.size());
    if (groups == 0 || nseries == 0) {
        return img;
    }
    const std::int32_t group_w = plot_w / groups;
    const std::int32_t bar_w = std::max(2, group_w * 8 / 10 / nseries);
    for (std::int32_t gi = 0; gi < groups; ++gi) {
        const chart_group& g = chart.groups[static_cast<std::size_t>(gi)];
        const std::int32_t gx = left + gi * group_w + (group_w - bar_w * nseries) / 2;
        for (std::int32_t si = 0; si < nseries && si < static_cast<std::int32_t>(g.values.size());
             ++si) {
            const double v = g.values[static_cast<std::size_t>(si)];
            if (v <= 0) {
                continue;
            }
            const std::int32_t x0 = gx + si * bar_w;
            const std::int32_t y = y_of(v);
            fill_rect(img, x0 + 1, y, x0 + bar_w - 2, base_y - 1,
                      chart.series[static_cast<std::size_t>(si)].rgb);
            draw_centered(img, x0 + bar_w / 2, y - 10, short_micros(v), black, 1);
        }
        const std::int32_t cx = left + gi * group_w + group_w / 2;
        draw_centered(img, cx, base_y + 10, g.label, black, 2);
        draw_centered(img, cx, base_y + 32, g.note, grey, 1);
    }
    draw_text(img, left, chart.height - 18, chart.footnote, grey, 1);
    return img;
}

} // namespace xunlu::bench
