// Private to the jps module: the definitions of jump_search's step functions. Included only by
// the variants' *_steps.cpp files, which instantiate them explicitly for their expanders, a few
// per file, so the search loops (each a large flattened function) compile in parallel and no
// translation unit carries all of them.
#pragma once

#include "jump_engine.hpp"

namespace xunlu::jps::detail {

/// The octile (or Euclidean) heuristic or the differential heuristic, chosen per query. Both
/// are consistent, so one loop serves both with the same answers and counts as their own.
struct chosen_heuristic {
    search::goal_heuristic<jump_heuristic> base;
    search::landmark_heuristic landmarks;
    bool use_landmarks = false;
    [[nodiscard]] double operator()(cell p) const noexcept {
        return use_landmarks ? landmarks(p) : base(p);
    }
};

/// Forwards to the trace recorder when the query records a trace.
struct optional_trace {
    search::trace_observer* trace = nullptr;
    void on_open(std::uint32_t id) {
        if (trace != nullptr) trace->on_open(id);
    }
    void on_close(std::uint32_t id) {
        if (trace != nullptr) trace->on_close(id);
    }
};

template <class Jumps, class Heuristic, class Observer>
bool jump_search::run_core(const Jumps& jumps, const Heuristic& h, Observer& observer,
                           std::uint64_t budget) {
    const jump_expander<Jumps> expander{jumps, static_cast<std::uint32_t>(map_->stride()),
                                        request_.rules.straight_cost(),
                                        request_.rules.diagonal_cost()};
    const search::grid_goal goal{goal_, request_.goal.x, request_.goal.y, 0};
    return core_.step<false>(expander, h, goal, observer, budget);
}

template <class Jumps> bool jump_search::step_flat(const Jumps& jumps, std::uint64_t budget) {
    search::null_observer none;
    return run_core(jumps,
                    search::goal_heuristic<jump_heuristic>{make_heuristic(request_),
                                                           request_.goal.x, request_.goal.y},
                    none, budget);
}

template <class Jumps>
bool jump_search::step_flat_landmarks(const Jumps& jumps, std::uint64_t budget) {
    search::null_observer none;
    return run_core(jumps, search::make_landmark_heuristic(request_), none, budget);
}

template <class Jumps> bool jump_search::step_general(const Jumps& jumps, std::uint64_t budget) {
    chosen_heuristic h{.base = {make_heuristic(request_), request_.goal.x, request_.goal.y},
                       .landmarks = {},
                       .use_landmarks = request_.landmarks != nullptr};
    if (h.use_landmarks) h.landmarks = search::make_landmark_heuristic(request_);
    optional_trace observer{request_.record_trace ? &trace_ : nullptr};
    return run_core(jumps, h, observer, budget);
}

template <class Jumps>
bool jump_search::step_general_ranges(const Jumps& jumps, std::uint64_t budget) {
    optional_trace observer{request_.record_trace ? &trace_ : nullptr};
    return run_core(jumps, make_range_heuristic(request_), observer, budget);
}

} // namespace xunlu::jps::detail
