// The non-template parts of the JPS driver: request checks, the A* fallback, the heuristic
// choice and the result (through the search module's one result builder).
#include "jump_engine.hpp"

#include <cmath>

#include "xunlu/search/landmark_table.hpp"
#include "xunlu/search/request_check.hpp"
#include "xunlu/search/result_builder.hpp"

namespace xunlu::jps::detail {

bool jump_search::start(const grid::grid_map& map, const search::search_request& request,
                        std::string_view algo, const std::optional<std::string>& unsupported) {
    map_ = &map;
    request_ = request;
    note_.clear();
    trace_.clear();
    early_ = {};
    if (auto bad = search::request_problem(map, request)) {
        early_.status = search::search_status::invalid_input;
        early_.reason = std::move(*bad);
        mode_ = mode::early;
        return false;
    }
    if (unsupported) {
        early_.status = search::search_status::invalid_input;
        early_.reason = std::string(algo) + ": " + *unsupported;
        mode_ = mode::early;
        return false;
    }
    const auto why = search::astar_fallback_reason(map, request, "JPS");
    if (why) {
        note_ = std::string(algo) + " fell back to A*: " + *why;
        mode_ = mode::fallback;
        fallback_.start(map, request);
        return false;
    }
    mode_ = mode::core;
    const auto start = static_cast<std::uint32_t>(map.index(request.start));
    goal_ = static_cast<std::uint32_t>(map.index(request.goal));
    const double h0 = request.landmarks != nullptr
                          ? search::make_landmark_heuristic(request)(request.start)
                      : request.landmark_ranges != nullptr
                          ? make_range_heuristic(request)(request.start)
                          : make_heuristic(request)(std::abs(request.goal.x - request.start.x),
                                                    std::abs(request.goal.y - request.start.y));
    const search::search_limits limits{.max_expansions = request.max_expansions,
                                       .deadline = request.deadline,
                                       .cancel = request.cancel,
                                       .max_memory_bytes = request.max_memory_bytes,
                                       .dense_limit = dense_limit_,
                                       .row_ids = static_cast<std::size_t>(map.stride())};
    if (request.record_trace) {
        core_.start(map.padded_cells(), start, jump_parent{search::no_id, 0, 0}, h0, limits,
                    trace_);
    } else {
        core_.start(map.padded_cells(), start, jump_parent{search::no_id, 0, 0}, h0, limits);
    }
    return true;
}

bool jump_search::step_other(std::uint64_t budget) {
    if (mode_ == mode::fallback) {
        return fallback_.step(budget);
    }
    return true;
}

bool jump_search::running() const noexcept {
    return mode_ == mode::core && core_.phase() == search::search_phase::running;
}

search::search_result jump_search::finish(std::size_t preprocessing_bytes) {
    switch (mode_) {
    case mode::idle: {
        search::search_result out;
        out.reason = "no search was started";
        return out;
    }
    case mode::early:
        return early_;
    case mode::fallback: {
        search::search_result out = fallback_.finish();
        out.reason = out.reason.empty() ? note_ : note_ + "; " + out.reason;
        return out;
    }
    case mode::core:
        break;
    }
    search::search_result out = search::build_result(
        core_, *map_, request_, [](std::uint32_t, const jump_parent& how) { return how.parent; },
        &trace_);
    out.stats.preprocessing_bytes = preprocessing_bytes;
    return out;
}

search::landmark_range_heuristic
make_range_heuristic(const search::search_request& request) noexcept {
    const jump_heuristic base = make_heuristic(request);
    // A Euclidean base is not of the form a*max + b*min; a*max (Chebyshev) is below it.
    return search::make_landmark_range_heuristic(*request.landmark_ranges, request.goal, base.a,
                                                 base.euclidean ? 0 : base.b);
}

jump_heuristic make_heuristic(const search::search_request& request) noexcept {
    const double s = request.rules.straight_cost();
    switch (search::resolve(request.heuristic, request.rules)) {
    case search::heuristic_kind::octile:
        return {s, request.rules.diagonal_cost() - s, false};
    case search::heuristic_kind::manhattan:
        return {s, s, false};
    case search::heuristic_kind::euclidean:
        return {search::euclidean_unit(request.rules), 0, true};
    case search::heuristic_kind::chebyshev:
        return {s, 0, false};
    case search::heuristic_kind::zero:
    case search::heuristic_kind::automatic:
        break;
    }
    return {0, 0, false};
}

} // namespace xunlu::jps::detail
