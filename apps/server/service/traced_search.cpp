#include "traced_search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "cell_check.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/registry/finder_registry.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::server {

namespace {

/// The hybrid with the client's k and window, as the registry's hybrid finder answers it.
search::search_result hybrid_with(const grid::grid_map& map, const search::search_request& req,
                                  const hybrid::hybrid_options& options) {
    return hybrid::to_search_result(hybrid::find_path_hybrid(map, req, options), map, req);
}

} // namespace

outcome<traced_output> traced_search(const grid::grid_map& map, const traced_input& in,
                                     std::uint64_t max_expansions, const trace_limits& limits,
                                     const query_context& ctx) {
    const auto* entry = registry::find_finder(in.algorithm);
    if (entry == nullptr) {
        return bad_field("algo", "unknown algorithm '" + in.algorithm + "' (use " +
                                     registry::finder_names() + ")");
    }
    if (auto bad = check_cell(map, in.from, "from")) return *bad;
    if (auto bad = check_cell(map, in.to, "to")) return *bad;
    if (!entry->caps.rules.supports(in.rules)) {
        return bad_field("rule", "algorithm " + in.algorithm + " does not support movement rule " +
                                     std::string(grid::movement_rules_name(in.rules)));
    }
    if (!std::isfinite(in.weight) || in.weight < 1.0) {
        return bad_field("weight", "must be a finite number >= 1");
    }
    if (in.max_expansions > max_expansions) {
        return bad_field("max_expansions", std::to_string(in.max_expansions) +
                                               " is above the server's limit of " +
                                               std::to_string(max_expansions) + " expansions");
    }
    if (in.trace_limit > limits.max_trace_expansions) {
        return bad_field("trace_limit",
                         std::to_string(in.trace_limit) + " is above the server's limit of " +
                             std::to_string(limits.max_trace_expansions) + " traced expansions");
    }
    if (in.hybrid) {
        if (in.algorithm != "hybrid") {
            return bad_field("hybrid_k", "applies to algo hybrid only (not " + in.algorithm + ")");
        }
        if (in.hybrid->k < 1 || in.hybrid->k > 1000)
            return bad_field("hybrid_k", "must be 1..1000");
        if (in.hybrid->window < 1 || in.hybrid->window > 1000) {
            return bad_field("hybrid_window", "must be 1..1000");
        }
    }
    search::search_request req{.start = in.from, .goal = in.to};
    req.rules = in.rules;
    req.heuristic = in.heuristic;
    req.weight = in.weight;
    req.low_obstacles_block = !in.ignore_low;
    req.max_expansions = in.max_expansions == 0 ? max_expansions : in.max_expansions;
    req.deadline = ctx.deadline;
    req.cancel = ctx.cancel;

    // A finder of this query's own, as `xunlu find` makes one: its memory_bytes is this
    // search's node store and OPEN, not what a worker's finder kept from larger searches before
    // (a 40 x 24 map showed 17 MB). Per-map data (JPS bit rows, ...) lives in the map's derived
    // cache, so a new finder does not rebuild it.
    const std::unique_ptr<search::finder> finder = entry->make();
    const auto run = [&](const search::search_request& r) {
        return in.hybrid ? hybrid_with(map, r, *in.hybrid) : finder->find(map, r);
    };
    traced_output out;
    out.algorithm = in.algorithm;
    const auto timed = [&] {
        const auto t0 = std::chrono::steady_clock::now();
        auto r = run(req);
        // As `xunlu find` reports it: per-map data built by this query is not search time.
        const double us =
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                .count() -
            r.stats.preprocess_us;
        return std::pair{std::move(r), us};
    };
    auto [first, first_us] = timed();
    out.result = std::move(first);
    std::vector<double> times{first_us};
    // A short search runs again (the same finder, warm) for a median and its spread, within
    // limits.timing_runs runs and limits.timing_budget_us of repeats; the answer is the first
    // run's (the searches are deterministic).
    double spent = first_us;
    while (times.size() < limits.timing_runs && spent < limits.timing_budget_us &&
           out.result.status != search::search_status::invalid_input &&
           (!req.deadline || std::chrono::steady_clock::now() < *req.deadline)) {
        const double us = timed().second;
        times.push_back(us);
        spent += us;
    }
    out.run_times_us = times;
    std::sort(times.begin(), times.end());
    const std::size_t n = times.size();
    out.time_us = n % 2 == 1 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
    out.time_min_us = times.front();
    out.time_max_us = times.back();
    out.time_runs = static_cast<std::uint32_t>(n);
    if (out.result.status == search::search_status::invalid_input) return out; // reason says why

    // The recording run: no more expansions than the first run made, nor than the limit.
    const std::uint64_t limit = in.trace_limit == 0 ? limits.max_trace_expansions : in.trace_limit;
    search::search_request traced = req;
    traced.record_trace = true;
    if (out.result.stats.expanded > limit) {
        // A finder that ignores the budget (registry capability `budget`: the walking methods)
        // would record without bound: no replay then.
        if (!entry->caps.budget) {
            out.truncated = true;
            return out;
        }
        traced.max_expansions = std::max<std::uint64_t>(limit, 1);
        out.truncated = true;
    }
    auto recorded = run(traced);
    out.trace_expansions = recorded.stats.expanded;
    // The deadline can stop the recording run before it reaches its budget: say so.
    if (recorded.stats.expanded < std::min(out.result.stats.expanded, limit)) out.truncated = true;
    auto& events = recorded.trace.events;
    if (events.empty() && !recorded.trace.expanded.empty()) {
        // The walking methods record the cells they visited, not OPEN and CLOSED.
        for (const cell c : recorded.trace.expanded) {
            events.push_back({c, search::node_event::closed});
        }
    }
    if (events.size() > limits.max_trace_events) {
        events.resize(limits.max_trace_events);
        out.truncated = true;
    }
    out.events = std::move(events);
    return out;
}

} // namespace xunlu::server
