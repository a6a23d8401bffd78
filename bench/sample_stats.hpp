// Summary statistics of timing samples: count, mean, median, p99 (nearest rank).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace xunlu::bench {

struct sample_summary {
    std::size_t count = 0;
    double mean = 0;
    double median = 0;
    double p99 = 0;
    double min = 0;
    double max = 0;
};

/// The p-quantile (0..1) by nearest rank of a sorted vector; 0 when empty.
[[nodiscard]] inline double quantile_sorted(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) {
        return 0;
    }
    const auto i = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
    return sorted[std::min(i, sorted.size() - 1)];
}

[[nodiscard]] inline sample_summary summarize(std::vector<double> v) {
    sample_summary s;
    if (v.empty()) {
        return s;
    }
    std::sort(v.begin(), v.end());
    s.count = v.size();
    double sum = 0;
    for (const double x : v) {
        sum += x;
    }
    s.mean = sum / static_cast<double>(v.size());
    s.median = quantile_sorted(v, 0.5);
    s.p99 = quantile_sorted(v, 0.99);
    s.min = v.front();
    s.max = v.back();
    return s;
}

} // namespace xunlu::bench
