// The walk through the fog: see, plan (D* Lite), step, see again, repair what changed.
#include "xunlu/overlays/fog_walk.hpp"

#include <cmath>

namespace xunlu::overlays {

namespace {

std::string text(cell c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

} // namespace

fog_walk_result walk_through_fog(const grid::grid_map& truth, fog_layer& fog, cell start, cell goal,
                                 const fog_walk_options& options, const replan_observer& observe) {
    fog_walk_result out;
    if (fog.width() != truth.width() || fog.height() != truth.height()) {
        out.reason = "the fog is " + std::to_string(fog.width()) + "x" +
                     std::to_string(fog.height()) + ", the map " + std::to_string(truth.width()) +
                     "x" + std::to_string(truth.height());
        return out;
    }
    if (!truth.in_bounds(start) || !truth.in_bounds(goal)) {
        out.reason = "start " + text(start) + " or goal " + text(goal) + " is outside the map";
        return out;
    }
    if (!truth.passable(start)) {
        out.reason = "start " + text(start) + " is blocked";
        return out;
    }
    if (options.sensor_radius < 0) {
        out.reason = "the sensor radius must be >= 0";
        return out;
    }
    const belief view(truth, fog, options.unknown);
    const bool assume_walkable = options.unknown == unknown_cells::walkable;
    // Newly seen cells whose truth differs from what was assumed of them: blocked (or free)
    // against the assumption, or free but dearer than the assumed terrain cost 1.
    std::vector<cell> fresh, changed;
    auto contradictions = [&] {
        changed.clear();
        for (const cell c : fresh) {
            const bool free = truth.passable(c);
            if (free != assume_walkable || (free && truth.terrain_cost(c) > 1.0f)) {
                changed.push_back(c);
            }
        }
        fresh.clear();
        out.discoveries += changed.size();
    };
    fog.explore(start);
    fog.explore_disc(start, options.sensor_radius);
    dstar_lite search(view, start, goal);
    bool found = search.plan();
    out.first_plan_expanded = search.stats().expanded;
    if (observe) observe(search, start, {});
    const std::uint64_t max_steps = options.max_steps != 0
                                        ? options.max_steps
                                        : 4 * static_cast<std::uint64_t>(truth.width()) *
                                              static_cast<std::uint64_t>(truth.height());
    cell at = start;
    out.walked.push_back(at);
    auto replan = [&] {
        search.cells_changed(changed);
        found = search.plan();
        ++out.replans;
        if (observe) observe(search, at, changed);
    };
    std::uint64_t steps = 0;
    while (at != goal) {
        if (!found) {
            out.status = fog_walk_status::no_path;
            out.reason = "no path from " + text(at) + " to " + text(goal) + " on what the unit " +
                         "knows (unseen cells assumed " +
                         (assume_walkable ? "walkable" : "blocked") + ")";
            break;
        }
        if (steps >= max_steps) {
            out.status = fog_walk_status::step_limit;
            out.reason = "stopped after " + std::to_string(steps) + " steps";
            break;
        }
        const auto next = search.next_step();
        if (!next) {
            found = false;
            continue;
        }
        // Feel the cell ahead (and beside, on a diagonal) before stepping.
        if (fog.explore(*next)) fresh.push_back(*next);
        if (next->x != at.x && next->y != at.y) {
            if (fog.explore({next->x, at.y})) fresh.push_back({next->x, at.y});
            if (fog.explore({at.x, next->y})) fresh.push_back({at.x, next->y});
        }
        contradictions();
        if (!changed.empty()) {
            replan();
            continue;
        }
        const bool diagonal = next->x != at.x && next->y != at.y;
        out.length += diagonal ? std::sqrt(2.0) : 1.0;
        out.cost += (diagonal ? std::sqrt(2.0) : 1.0) * truth.terrain_cost(*next);
        at = *next;
        ++steps;
        out.walked.push_back(at);
        search.move_to(at);
        fog.explore_disc(at, options.sensor_radius, &fresh);
        contradictions();
        if (!changed.empty()) replan();
    }
    if (at == goal) {
        out.status = fog_walk_status::arrived;
        out.reason.clear();
    }
    out.search = search.stats();
    return out;
}

} // namespace xunlu::overlays
