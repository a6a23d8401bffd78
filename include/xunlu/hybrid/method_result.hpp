// The result every method of the paper comparison returns (A*, single-object walk, hybrid):
// status, path, and the measures the comparison reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::hybrid {

enum class method_kind : std::uint8_t {
    astar,         ///< plain optimal A* over the whole map
    single_object, ///< walk the straight line, follow obstacle boundaries (Bug-style)
    hybrid,        ///< walk the straight line, local A* near obstacles (the paper's section 3)
};

[[nodiscard]] std::string_view method_name(method_kind m) noexcept;
[[nodiscard]] std::optional<method_kind> parse_method(std::string_view name) noexcept;

/// Which way a boundary follower turns around an obstacle, as seen on screen (y down).
enum class turn_direction : std::uint8_t {
    clockwise,         ///< obstacle kept on the right hand
    counter_clockwise, ///< obstacle kept on the left hand
    both,              ///< run both, keep the shorter path found
};

[[nodiscard]] std::string_view turn_name(turn_direction t) noexcept;
[[nodiscard]] std::optional<turn_direction> parse_turn(std::string_view name) noexcept;

/// What one method did on one query. Counting conventions (docs/hybrid-vs-astar.md):
/// - `recorded`: nodes recorded in OPEN, the paper's measure. A*: distinct cells ever put in
///   OPEN (expanded plus still open at the end; read from the search trace, since the engine
///   may hold some open nodes outside its heap). Hybrid: the same, summed over every local
///   A* run (failed window attempts and the fallback included; the hybrid always records
///   its local traces, so its time includes that window-sized work). Single-object walk: it keeps
///   no OPEN list; it records only hit points and leave points (the cells it must remember to
///   detect loops and to decide where to leave an obstacle), so those are counted.
/// - `expanded`: nodes taken out of OPEN and expanded (0 for the single-object walk).
/// - `steps`: cells entered by walking without search (straight line or wall following).
/// - `memory_bytes`: peak bytes of search memory actually allocated (node tables, heaps,
///   window copies, the stored line), not counting the output path.
struct method_result {
    method_kind method = method_kind::astar;
    search::search_status status = search::search_status::invalid_input;
    std::string reason;     ///< why, for every status other than found
    std::vector<cell> path; ///< start to goal, every step legal under the query's rules
    double length = 0;      ///< geometric length (1 per straight, sqrt(2) per diagonal step)
    std::uint64_t recorded = 0;
    std::uint64_t expanded = 0;
    std::uint64_t steps = 0;
    std::size_t memory_bytes = 0;
    double time_us = 0; ///< wall-clock microseconds of the whole method
    /// Cells recorded in OPEN (or hit/leave points), for pictures; filled only on request.
    std::vector<cell> recorded_cells;

    std::uint32_t obstacle_hits = 0;  ///< single-object: boundary follows; hybrid: triggers
    std::uint32_t local_searches = 0; ///< hybrid: A* runs, window widenings included
    std::uint32_t widenings = 0;      ///< hybrid: window attempts beyond the first
    bool fallback = false;            ///< hybrid: a full-map A* finished the job
    turn_direction turn = turn_direction::clockwise; ///< single-object: direction used

    [[nodiscard]] bool found() const noexcept { return status == search::search_status::found; }
};

/// A method's result as a grid search result (status, reason, path, length, cost under the
/// request's rules, expanded, memory; the recorded cells as the trace when the request asked
/// for one), for the finders and the service.
[[nodiscard]] search::search_result to_search_result(method_result m, const grid::grid_map& map,
                                                     const search::search_request& request);

} // namespace xunlu::hybrid
