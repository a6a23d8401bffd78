// Runs A*, the single-object walk and the hybrid on one query and compares them to A*.
#pragma once

#include <array>
#include <optional>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/hybrid/hybrid_finder.hpp"
#include "xunlu/hybrid/method_result.hpp"
#include "xunlu/hybrid/single_object_finder.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::hybrid {

struct comparison_options {
    single_object_options single_object{};
    hybrid_options hybrid{};
};

/// The three results of one query, in the order A*, single-object, hybrid.
struct comparison {
    std::array<method_result, 3> results;

    [[nodiscard]] const method_result& astar() const noexcept { return results[0]; }
    [[nodiscard]] const method_result& of(method_kind m) const noexcept {
        return results[static_cast<std::size_t>(m)];
    }
    /// True when A* (optimal and complete) found a path: then every other method should.
    [[nodiscard]] bool path_exists() const noexcept { return astar().found(); }
    /// Path length divided by A*'s (1 = optimal); nullopt unless both found a path.
    /// A zero-length optimum (start == goal) gives 1.
    [[nodiscard]] std::optional<double> length_ratio(method_kind m) const noexcept;
    /// Peak search memory divided by A*'s; nullopt when A* used none.
    [[nodiscard]] std::optional<double> memory_ratio(method_kind m) const noexcept;
    /// Nodes recorded in OPEN divided by A*'s; nullopt when A* recorded none.
    [[nodiscard]] std::optional<double> recorded_ratio(method_kind m) const noexcept;
    /// "No path found although one exists" (budget exhaustion counts as failure too).
    [[nodiscard]] bool failed(method_kind m) const noexcept {
        return path_exists() && !of(m).found();
    }
};

/// Runs the three methods on `request` (with `request.record_trace` they also fill
/// `recorded_cells`, outside their timers where that is possible).
[[nodiscard]] comparison compare_methods(const grid::grid_map& map,
                                         const search::search_request& request,
                                         const comparison_options& options = {});

} // namespace xunlu::hybrid
