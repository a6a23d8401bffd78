// Private to the search module: A*'s search loops over the grid, (cell, heading) and hex
// expanders, as astar's member templates. Included by astar.cpp (which dispatches to them) and
// by the astar_*_runs.cpp files, which instantiate them explicitly, a few per file: each is a
// large flattened loop, and one file holding all of them took about a minute to compile.
#pragma once

#include <type_traits>

#include "astar_heuristics.hpp"
#include "xunlu/search/astar.hpp"
#include "xunlu/search/canonical_moves.hpp"
#include "xunlu/search/grid_expander.hpp"
#include "xunlu/search/heading_expander.hpp"
#include "xunlu/search/heuristic.hpp"
#include "xunlu/search/hex_expander.hpp"
#include "xunlu/search/landmark_table.hpp"

namespace xunlu::search {

template <class Heuristic, bool HasCosts, class Observer, bool FastStack>
void astar::run(Heuristic h, Observer& observer, std::uint64_t budget) {
    // A heuristic over cell positions (landmarks) is used as it is; one over (dx, dy) is aimed
    // at the goal.
    const auto heuristic = [&] {
        if constexpr (std::is_invocable_r_v<double, const Heuristic&, cell>) {
            return h;
        } else {
            return goal_heuristic<Heuristic>{h, request_.goal.x, request_.goal.y};
        }
    }();
    const grid_goal goal{goal_index_, request_.goal.x, request_.goal.y, request_.stop_within};
    // Canonical pruning needs uniform costs and a consistent heuristic (FastStack: weight 1).
    // A window is no obstacle to it: the cells outside are masked out of the free-neighbour
    // mask the table is read with, as if they were blocked.
    const std::uint8_t* canonical = nullptr;
    if constexpr (!HasCosts && FastStack) {
        if (canonical_pruning_applies(request_.rules) && request_.canonical_pruning &&
            (request_.landmarks != nullptr ||
             resolve(request_.heuristic, request_.rules) != heuristic_kind::manhattan)) {
            canonical = canonical_move_table.data();
        }
    }
    if (request_.window) {
        grid_neighbours<HasCosts, true> expander(*map_, request_.rules, request_.mask());
        expander.window_min = request_.window->min;
        expander.window_max = request_.window->max;
        expander.canonical = canonical;
        core_.step<FastStack>(expander, heuristic, goal, observer, budget);
        return;
    }
    grid_neighbours<HasCosts> expander(*map_, request_.rules, request_.mask());
    expander.canonical = canonical;
    core_.step<FastStack>(expander, heuristic, goal, observer, budget);
}

template <class Heuristic, bool HasCosts, class Observer>
void astar::run_turns(Heuristic h, Observer& observer, std::uint64_t budget) {
    const goal_heuristic<Heuristic> heuristic{h, request_.goal.x, request_.goal.y};
    const heading_goal goal{request_.goal.x, request_.goal.y, request_.stop_within};
    const double penalty = *request_.turn_penalty;
    if (request_.window) {
        heading_neighbours<HasCosts, true> expander{
            grid_neighbours<HasCosts, true>(*map_, request_.rules, request_.mask()), penalty,
            &core_};
        expander.cells.window_min = request_.window->min;
        expander.cells.window_max = request_.window->max;
        core_.step<true>(expander, heuristic, goal, observer, budget);
        return;
    }
    const heading_neighbours<HasCosts> expander{
        grid_neighbours<HasCosts>(*map_, request_.rules, request_.mask()), penalty, &core_};
    core_.step<true>(expander, heuristic, goal, observer, budget);
}

template <bool HasCosts, class Observer>
void astar::run_hex(Observer& observer, std::uint64_t budget) {
    const grid::hex_layout layout = *request_.hex;
    const hex_goal goal{goal_index_, layout, grid::to_axial(layout, request_.goal),
                        request_.stop_within};
    const hex_neighbours<HasCosts> expander(*map_, layout, request_.rules.straight_cost(),
                                            request_.mask());
    core_.step<true>(expander, detail::hex_h(request_), goal, observer, budget);
}

} // namespace xunlu::search
