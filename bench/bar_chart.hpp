// Grouped bar charts on a logarithmic axis, drawn into an RGB image (write with render::write_png).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "xunlu/render/rgb_image.hpp"

namespace xunlu::bench {

struct chart_series {
    std::string name;
    std::uint32_t rgb = 0;
};

struct chart_group {
    std::string label;          ///< under the group, large
    std::string note;           ///< under the label, small (e.g. a ratio)
    std::vector<double> values; ///< one per series, in microseconds; <= 0 means no bar
};

struct bar_chart {
    std::string title;
    std::string subtitle;
    std::string footnote; ///< one line under the chart
    std::vector<chart_series> series;
    std::vector<chart_group> groups;
    std::int32_t width = 1100;
    std::int32_t height = 620;
};

/// Draws the chart: one group of bars per entry, a log10 time axis with decade grid lines
/// labelled in us/ms/s, each bar's value above it, and a legend.
[[nodiscard]] render::rgb_image draw_bar_chart(const bar_chart& chart);

/// A time in microseconds as a short label: "0.52", "12.3", "456", "7.8K".
[[nodiscard]] std::string short_micros(double us);

} // namespace xunlu::bench
