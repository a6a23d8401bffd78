// Single-object (Bug2-style) pathfinding: straight line, boundary following with Brent's
// cycle detection, leave on the line closer to the goal.
#include "xunlu/hybrid/single_object_finder.hpp"

#include <chrono>
#include <optional>

#include "line_walk.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::hybrid {

namespace {

using detail::line_move_kind;

/// A boundary follower's state: the cell it stands on and the direction (0..3, N E S W) of
/// its last step. The walk is a deterministic function of this state during one follow.
struct follow_state {
    cell at;
    unsigned heading = 0;
    friend bool operator==(const follow_state&, const follow_state&) = default;
};

/// One 4-connected step keeping the obstacle on the right (clockwise) or left hand: try
/// turning towards the wall, then straight, then away, then back.
std::optional<follow_state> follow_step(const grid::grid_map& map, follow_state s, bool clockwise,
                                        grid::obstacle_mask mask) {
    static constexpr unsigned turns_cw[4] = {1, 0, 3, 2};
    static constexpr unsigned turns_ccw[4] = {3, 0, 1, 2};
    const unsigned* turns = clockwise ? turns_cw : turns_ccw;
    for (unsigned k = 0; k < 4; ++k) {
        const unsigned d = (s.heading + turns[k]) % 4;
        const cell next{s.at.x + grid::direction_dx[d], s.at.y + grid::direction_dy[d]};
        if (map.passable(next, mask)) return follow_state{next, d};
    }
    return std::nullopt;
}

method_result walk(const grid::grid_map& map, const search::search_request& request, bool clockwise,
                   std::uint64_t max_steps) {
    method_result out;
    out.method = method_kind::single_object;
    out.turn = clockwise ? turn_direction::clockwise : turn_direction::counter_clockwise;
    const auto mask = request.mask();
    const auto rules = request.rules;
    const detail::straight_line line(request.start, request.goal);
    const auto& cells = line.cells();
    out.memory_bytes = line.memory_bytes() + 2 * sizeof(follow_state) + sizeof(std::size_t);
    out.path.push_back(request.start);

    auto record = [&](cell c) {
        ++out.recorded;
        if (request.record_trace) out.recorded_cells.push_back(c);
    };
    auto stop = [&](search::search_status status, std::string reason) {
        out.status = status;
        out.reason = std::move(reason);
        return out;
    };
    auto over_budget = [&] {
        return stop(search::search_status::budget_exhausted,
                    "walked " + std::to_string(max_steps) + " steps without reaching the goal");
    };

    std::size_t i = 0;
    for (;;) {
        const auto move = detail::next_line_move(map, line, i, rules, mask);
        if (move.kind == line_move_kind::arrived) {
            out.status = search::search_status::found;
            return out;
        }
        if (move.kind == line_move_kind::advanced) {
            i = move.next;
            detail::append_step(out.path, cells[i], map, rules, mask);
            if (++out.steps >= max_steps) return over_budget();
            continue;
        }
        // Hit: follow the boundary from here.
        const std::size_t hit_index = i;
        const cell hit = cells[i];
        ++out.obstacle_hits;
        record(hit);
        follow_state state{hit,
                           clockwise ? (move.blocked_dir + 3) % 4 : (move.blocked_dir + 1) % 4};
        follow_state saved = state; // Brent: compared with every later state
        std::uint64_t power = 1;
        std::uint64_t lambda = 0;
        for (;;) {
            const auto next = follow_step(map, state, clockwise, mask);
            if (!next) {
                return stop(search::search_status::no_path, "start " +
                                                                search::cell_text(request.start) +
                                                                " is walled in on all four sides");
            }
            state = *next;
            detail::append_step(out.path, state.at, map, rules, mask);
            if (++out.steps >= max_steps) return over_budget();
            if (state.at == request.goal) {
                out.status = search::search_status::found;
                return out;
            }
            const auto on_line = line.index_of(state.at);
            // Bug2's leave rule: back on the line, further along it than the hit point. If
            // the next line cell is blocked this is at once a new hit point, further along
            // the line than the last: hit points only advance, so the walk terminates.
            if (on_line && *on_line > hit_index && line.standable(*on_line)) {
                i = *on_line;
                record(state.at);
                break;
            }
            if (state == saved) {
                return stop(search::search_status::no_path,
                            "the boundary walk from hit point " + search::cell_text(hit) +
                                " came back to where it was without meeting the line closer "
                                "to the goal: goal " +
                                search::cell_text(request.goal) + " is unreachable");
            }
            if (++lambda == power) {
                saved = state;
                power *= 2;
                lambda = 0;
            }
        }
    }
}

} // namespace

method_result find_path_single_object(const grid::grid_map& map,
                                      const search::search_request& request,
                                      const single_object_options& options) {
    const auto t0 = std::chrono::steady_clock::now();
    method_result out;
    out.method = method_kind::single_object;
    out.turn = options.turn;
    // The one request validation; these methods ignore stop_within, so the goal must be free.
    search::search_request checked = request;
    checked.stop_within = 0;
    if (auto problem = search::request_problem(map, checked)) {
        out.status = search::search_status::invalid_input;
        out.reason = std::move(*problem);
        return out;
    }
    const std::uint64_t max_steps = options.max_steps != 0
                                        ? options.max_steps
                                        : 8 * static_cast<std::uint64_t>(map.width()) *
                                                  static_cast<std::uint64_t>(map.height()) +
                                              64;
    if (options.turn != turn_direction::both) {
        out = walk(map, request, options.turn == turn_direction::clockwise, max_steps);
    } else {
        method_result cw = walk(map, request, true, max_steps);
        method_result ccw = walk(map, request, false, max_steps);
        const bool pick_ccw = ccw.found() && (!cw.found() || ccw.length < cw.length - 1e-9);
        out = pick_ccw ? std::move(ccw) : std::move(cw);
        const method_result& other = pick_ccw ? cw : ccw;
        out.recorded += other.recorded;
        out.steps += other.steps;
        out.obstacle_hits += other.obstacle_hits;
        out.memory_bytes = std::max(out.memory_bytes, other.memory_bytes);
        out.recorded_cells.insert(out.recorded_cells.end(), other.recorded_cells.begin(),
                                  other.recorded_cells.end());
    }
    if (out.found()) {
        out.length = grid::path_length(out.path);
    } else {
        out.path.clear();
    }
    out.time_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

} // namespace xunlu::hybrid
