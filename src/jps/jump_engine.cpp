// The non-template parts of the jump point search core: workspace reset, request checks,
// heuristic choice, and turning the jump point chain into a full cell-by-cell path.
#include "jump_engine.hpp"

#include <algorithm>

namespace xunlu::jps::detail {

namespace {

std::string cell_text(cell c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

int sign(std::int32_t v) noexcept {
    return (v > 0) - (v < 0);
}

} // namespace

void jump_workspace::prepare(std::size_t padded_cells) {
    if (nodes.size() < padded_cells) {
        nodes.assign(padded_cells, jump_node{0.0, 0, no_slot, 0, 0, 0});
        generation = 0;
    }
    if (++generation == 0) { // wrapped: old stamps could alias the new generation
        for (auto& n : nodes) {
            n.stamp = 0;
        }
        generation = 1;
    }
    open.bind(nodes.data());
    open.clear();
}

std::optional<std::string> invalid_reason(const grid::grid_map& map,
                                          const search::search_request& request) {
    const auto mask = request.mask();
    const std::string size = std::to_string(map.width()) + "x" + std::to_string(map.height());
    if (!map.in_bounds(request.start)) {
        return "start " + cell_text(request.start) + " is outside the " + size + " map";
    }
    if (!map.in_bounds(request.goal)) {
        return "goal " + cell_text(request.goal) + " is outside the " + size + " map";
    }
    if (!map.passable(request.start, mask)) {
        return "start " + cell_text(request.start) + " is blocked";
    }
    if (request.stop_within < 0) {
        return std::string("stop_within must be >= 0");
    }
    if (request.stop_within == 0 && !map.passable(request.goal, mask)) {
        return "goal " + cell_text(request.goal) + " is blocked";
    }
    return std::nullopt;
}

std::optional<search::search_result> pre_check(const grid::grid_map& map,
                                               const search::search_request& request,
                                               search::astar& fallback, std::string_view algo,
                                               const std::optional<std::string>& unsupported) {
    if (auto bad = invalid_reason(map, request)) {
        search::search_result out;
        out.status = search::search_status::invalid_input;
        out.reason = std::move(*bad);
        return out;
    }
    if (unsupported) {
        search::search_result out;
        out.status = search::search_status::invalid_input;
        out.reason = std::string(algo) + ": " + *unsupported;
        return out;
    }
    const char* why = nullptr;
    if (map.has_terrain_costs()) {
        why = "the map has terrain costs (JPS needs uniform cost)";
    } else if (request.stop_within > 0) {
        why = "stop_within > 0 is not supported by jump point search";
    }
    if (why == nullptr) {
        return std::nullopt;
    }
    search::search_result out = fallback.find_path(map, request);
    const std::string note = std::string(algo) + " fell back to A*: " + why;
    out.reason = out.reason.empty() ? note : note + "; " + out.reason;
    return out;
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

void append_segment(std::vector<cell>& path, cell from, cell to) {
    const int dx = sign(to.x - from.x);
    const int dy = sign(to.y - from.y);
    cell c = from;
    while (c != to) {
        c.x += dx;
        c.y += dy;
        path.push_back(c);
    }
}

search::search_result finish_result(jump_workspace& ws, const grid::grid_map& map,
                                    const search::search_request& request,
                                    search::search_status status, std::uint32_t end,
                                    search::search_stats stats) {
    search::search_result out;
    out.status = status;
    if (status == search::search_status::no_path) {
        out.reason = "goal " + cell_text(request.goal) + " is unreachable from start " +
                     cell_text(request.start);
    } else if (status == search::search_status::budget_exhausted) {
        out.partial = true;
        out.reason = request.max_expansions != 0 && stats.expanded >= request.max_expansions
                         ? "node budget of " + std::to_string(request.max_expansions) +
                               " expansions exhausted"
                         : "deadline passed";
    }
    if (end != no_index) {
        std::vector<std::uint32_t> chain;
        for (std::uint32_t i = end; i != no_index; i = ws.nodes[i].parent) {
            chain.push_back(i);
        }
        std::reverse(chain.begin(), chain.end());
        out.path.push_back(map.cell_of(chain.front()));
        for (std::size_t k = 1; k < chain.size(); ++k) {
            append_segment(out.path, map.cell_of(chain[k - 1]), map.cell_of(chain[k]));
        }
        out.cost = ws.nodes[end].g;
        out.length = grid::path_length(out.path);
    }
    out.stats = stats;
    if (request.record_trace) {
        for (std::size_t i = 0; i < ws.nodes.size(); ++i) {
            const jump_node& n = ws.nodes[i];
            if (n.stamp != ws.generation) {
                continue;
            }
            (n.heap_slot == closed_slot ? out.trace.expanded : out.trace.open)
                .push_back(map.cell_of(i));
        }
    }
    return out;
}

} // namespace xunlu::jps::detail
