// What a registered finder can do, as flags the CLI, the service and the tests read (never
// prose): movement rules, terrain costs, stop_within, stepping, preprocessing, optimality.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::registry {

/// How a finder treats a request feature (terrain costs, stop_within > 0, a turn penalty).
enum class support : std::uint8_t {
    native,              ///< searched by the finder itself
    falls_back_to_astar, ///< the finder runs A* instead and says so in the result's `reason`
    ignored,             ///< the finder searches, but does not take the feature into account
                         ///< (terrain: the path is valid but its cost is not minimised)
    unsupported,         ///< the finder answers invalid_input
};

/// "native", "astar_fallback", "ignored", "unsupported" (the JSON values).
[[nodiscard]] std::string_view support_name(support s) noexcept;

/// The movement rules a finder searches (others give invalid_input). Step costs (exact or
/// 10/14) are supported by every finder.
struct rule_support {
    bool four = true;                  ///< "4"
    bool eight_no_cut = true;          ///< "8"
    bool eight_cut_if_one_free = true; ///< "8-cut1"
    bool eight_always = true;          ///< "8-always"

    [[nodiscard]] bool supports(grid::movement_rules rules) const noexcept;
};

struct finder_capabilities {
    rule_support rules;
    support terrain_costs = support::native;
    support stop_within = support::native;
    /// Requests with a turn penalty (search_request::turn_penalty): searched over (cell,
    /// heading) states natively, by an A* fallback, or refused.
    support turn_penalty = support::native;
    /// Hex maps (search_request::hex): six neighbours per hex, natively, by an A* fallback, or
    /// refused.
    support hex = support::native;
    /// Weighted A* (search_request::weight above 1, cost <= weight * optimal): natively, by an
    /// A* fallback, or ignored (Dijkstra has no heuristic; the walking methods do not search).
    support weight = support::native;
    bool optimal = true;        ///< shortest paths (least cost) under the request's rules; for
                                ///< any-angle finders, the shortest polyline (see any_angle)
    bool complete = true;       ///< finds a path whenever one exists (within its budget)
    bool preprocessing = false; ///< builds per-map data before the first query
    bool stepping = false;      ///< offers start / step(budget) / finish
    /// Paths are polylines through cell centres and obstacle corners (search_result::waypoints),
    /// their `length` Euclidean; `optimal` then means the shortest such polyline, which is never
    /// longer than the shortest 8-connected path.
    bool any_angle = false;
    /// Honours search_request::max_expansions, the deadline and the cancel flag (a search that
    /// runs out answers budget_exhausted). False for the walking methods: they walk to the end
    /// and only their local searches are bounded.
    bool budget = true;
};

/// The movement rules a finder supports, as names ("4", "8", "8-cut1", "8-always").
[[nodiscard]] std::vector<std::string_view> rule_names(const rule_support& r);

/// Every movement rule the CLI names, with the exact step costs, in the order above.
[[nodiscard]] std::vector<grid::movement_rules> all_movement_rules();

} // namespace xunlu::registry
