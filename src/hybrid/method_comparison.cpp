// Runs the three methods on one query; ratios against A*.
#include "xunlu/hybrid/method_comparison.hpp"

#include "xunlu/hybrid/astar_method.hpp"

namespace xunlu::hybrid {

std::optional<double> comparison::length_ratio(method_kind m) const noexcept {
    const auto& a = astar();
    const auto& r = of(m);
    if (!a.found() || !r.found()) return std::nullopt;
    if (a.length <= 0) return r.length <= 0 ? 1.0 : std::optional<double>{};
    return r.length / a.length;
}

std::optional<double> comparison::memory_ratio(method_kind m) const noexcept {
    const auto& a = astar();
    if (a.memory_bytes == 0) return std::nullopt;
    return static_cast<double>(of(m).memory_bytes) / static_cast<double>(a.memory_bytes);
}

std::optional<double> comparison::recorded_ratio(method_kind m) const noexcept {
    const auto& a = astar();
    if (a.recorded == 0) return std::nullopt;
    return static_cast<double>(of(m).recorded) / static_cast<double>(a.recorded);
}

comparison compare_methods(const grid::grid_map& map, const search::search_request& request,
                           const comparison_options& options) {
    comparison out;
    out.results[0] = find_path_astar_method(map, request);
    // One run each: the pictures' cells come from the same (timed) runs.
    out.results[1] = find_path_single_object(map, request, options.single_object);
    out.results[2] = find_path_hybrid(map, request, options.hybrid);
    return out;
}

} // namespace xunlu::hybrid
