// Request checks and result assembly shared by the any-angle finders.
#include "xunlu/anyangle/any_angle_path.hpp"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "xunlu/anyangle/segment_check.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::anyangle {

std::optional<std::string> any_angle_request_problem(const grid::grid_map& map,
                                                     const search::search_request& request,
                                                     std::string_view algorithm) {
    const std::string name(algorithm);
    if (request.hex) return name + " searches square grids; hex maps are not supported";
    if (request.turn_penalty) return name + " does not take a turn penalty";
    if (request.window) return name + " does not search inside a window";
    if (request.rules.moves != grid::connectivity::eight ||
        request.rules.corners != grid::corner_rule::no_cut) {
        return name + " paths follow rule 8 (no squeezing between diagonal walls); rule " +
               std::string(grid::movement_rules_name(request.rules)) + " is not supported";
    }
    if (request.stop_within != 0) {
        return name + " aims at the goal cell; stop_within is not supported";
    }
    if (auto problem = search::request_problem(map, request)) return problem;
    return std::nullopt;
}

std::optional<search::search_result> any_angle_refusal(const grid::grid_map& map,
                                                       const search::search_request& request,
                                                       std::string_view algorithm,
                                                       std::string_view structure_problem) {
    search::search_result out;
    if (auto problem = any_angle_request_problem(map, request, algorithm)) {
        out.reason = std::move(*problem);
        return out;
    }
    if (!structure_problem.empty()) {
        out.status = search::search_status::resource_exhausted;
        out.reason = std::string(algorithm) + ": " + std::string(structure_problem);
        return out;
    }
    return std::nullopt;
}

bool fill_any_angle_path(const grid::grid_map& map, std::span<const half_point> polyline,
                         grid::obstacle_mask mask, search::search_result& out) {
    std::vector<cell> crossed;
    double length = 0;
    if (polyline.size() == 1 && !segment_cells(map, polyline[0], polyline[0], mask, crossed)) {
        return false;
    }
    for (std::size_t i = 1; i < polyline.size(); ++i) {
        if (!segment_cells(map, polyline[i - 1], polyline[i], mask, crossed)) return false;
        length += distance(polyline[i - 1], polyline[i]);
    }
    // One entry per cell, neighbours sharing an edge: drop repeats, and where two cells only
    // share a corner (a bend at an obstacle corner) put the free cell beside both between them.
    std::vector<cell> path;
    path.reserve(crossed.size());
    for (const cell c : crossed) {
        if (!path.empty() && path.back() == c) continue;
        if (!path.empty()) {
            const cell p = path.back();
            if (std::abs(c.x - p.x) == 1 && std::abs(c.y - p.y) == 1) {
                const cell side{c.x, p.y};
                path.push_back(map.passable(side, mask) ? side : cell{p.x, c.y});
            }
        }
        path.push_back(c);
    }
    out.waypoints.clear();
    out.waypoints.reserve(polyline.size());
    for (const half_point p : polyline) out.waypoints.push_back(to_point(p));
    out.path = std::move(path);
    out.length = length;
    out.cost = length;
    return true;
}

bool any_angle_budget::spent(std::uint64_t expanded) noexcept {
    const search::search_request& request = *request_;
    if (request.max_expansions != 0 && expanded >= request.max_expansions) return true;
    if (expanded < next_look_) return false;
    next_look_ = expanded + 256;
    return (request.deadline && std::chrono::steady_clock::now() >= *request.deadline) ||
           (request.cancel != nullptr && request.cancel->load(std::memory_order_relaxed));
}

void fill_any_angle_answer(const grid::grid_map& map, std::span<const half_point> polyline,
                           grid::obstacle_mask mask, std::string_view algorithm,
                           search::search_result& out) {
    if (fill_any_angle_path(map, polyline, mask, out)) return;
    out.status = search::search_status::resource_exhausted;
    out.reason = std::string(algorithm) + ": internal error, a path segment is not free";
    out.path.clear();
}

std::optional<std::string> check_any_angle_path(const grid::grid_map& map,
                                                std::span<const point> waypoints,
                                                grid::obstacle_mask mask) {
    if (waypoints.empty()) return std::string("no waypoints");
    const auto text = [](point p) {
        return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
    };
    std::vector<half_point> lattice;
    lattice.reserve(waypoints.size());
    for (const point p : waypoints) {
        const double x = p.x * 2;
        const double y = p.y * 2;
        if (!std::isfinite(x) || !std::isfinite(y) || x != std::round(x) || y != std::round(y) ||
            std::fabs(x) > 1e9 || std::fabs(y) > 1e9) {
            return "waypoint " + text(p) + " is not on the half-cell lattice";
        }
        lattice.push_back({static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)});
    }
    if (lattice.size() == 1 && !segment_is_free(map, lattice[0], lattice[0], mask)) {
        return "waypoint " + text(waypoints[0]) + " touches no free cell";
    }
    for (std::size_t i = 1; i < lattice.size(); ++i) {
        if (!segment_is_free(map, lattice[i - 1], lattice[i], mask)) {
            return "segment " + std::to_string(i) + " " + text(waypoints[i - 1]) + "-" +
                   text(waypoints[i]) + " crosses a blocked cell or squeezes between two";
        }
    }
    return std::nullopt;
}

} // namespace xunlu::anyangle
