// One grid search with its trace for the web visualizer, under explicit trace limits.
//
// The search runs twice on the same map snapshot: once without a trace (its path, statistics
// and time are the answer, measured without the recording's cost), then once recording every
// cell entering OPEN and CLOSED. The recording run's budget is the first run's expansions, cut
// to `max_trace_expansions`: a larger search records only its first expansions (the searches
// are deterministic, so they are the same as the first run's) and says `truncated`. The events
// kept are further cut to `max_trace_events`. So a trace's memory is bounded by the limits,
// never by the map or the search. Both runs share the query's deadline; a recording run the
// deadline stops short of its budget also says `truncated`.
//
// The runs use a finder made for this query, not the worker's reused one: the memory_bytes
// answered is this search's own, as `xunlu find` reports it for the same query.
// A short search's untraced run is repeated (trace_limits::timing_runs, within
// timing_budget_us) and its time answered as the median with the fastest and slowest.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pathfinding_service.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/hybrid/hybrid_finder.hpp"
#include "xunlu/search/heuristic.hpp"
#include "xunlu/search/search_result.hpp"

namespace xunlu::server {

struct trace_limits {
    std::uint64_t max_trace_expansions = 250'000; ///< expansions recorded per query
    std::size_t max_trace_events = 2'000'000;     ///< OPEN/CLOSED events answered per query
    std::uint32_t timing_runs = 5;                ///< runs timed at most (the median answered)
    /// No repeat once the timed runs took this long: a big search runs once.
    double timing_budget_us = 20'000;
};

struct traced_input {
    cell from;
    cell to;
    std::string algorithm = "astar";
    grid::movement_rules rules{};
    search::heuristic_kind heuristic = search::heuristic_kind::automatic;
    double weight = 1.0;
    bool ignore_low = false;
    std::uint64_t max_expansions = 0; ///< 0 = the server's maximum
    std::uint64_t trace_limit = 0;    ///< expansions to record; 0 = max_trace_expansions
    /// Set, with algorithm "hybrid": its threshold k and window margin (else the registry's
    /// defaults, k = 3, window = 8). The hybrid records the cells its local searches put in
    /// OPEN (as CLOSED events), bounded by max_trace_events.
    std::optional<hybrid::hybrid_options> hybrid;
};

struct traced_output {
    search::search_result result; ///< the untraced run: path, waypoints, statistics
    std::string algorithm;
    double time_us = 0;     ///< median of the untraced runs, less preprocess_us (as `xunlu find`)
    double time_min_us = 0; ///< the fastest of them
    double time_max_us = 0; ///< the slowest
    std::uint32_t time_runs = 1;      ///< how many were timed
    std::vector<double> run_times_us; ///< each timed run, in order (the first with a new finder)
    std::vector<search::search_event> events;
    bool truncated = false;
    std::uint64_t trace_expansions = 0; ///< the recording run's expansions
};

/// Runs `in` on `map`; invalid_argument naming the field for a bad algorithm, cell, rule or
/// budget. `max_expansions` is the server's limit per search.
outcome<traced_output> traced_search(const grid::grid_map& map, const traced_input& in,
                                     std::uint64_t max_expansions, const trace_limits& limits,
                                     const query_context& ctx);

} // namespace xunlu::server
