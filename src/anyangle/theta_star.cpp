// Theta* and Lazy Theta* over grid corners (and the start and goal centres), with the exact
// any-angle segment rule.
#include "xunlu/anyangle/theta_star.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>

#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/segment_check.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/result_builder.hpp"

namespace xunlu::anyangle {

namespace {

constexpr std::size_t bytes_per_cell =
    sizeof(double) + 3 * sizeof(std::uint32_t) + sizeof(std::uint8_t);

} // namespace

std::string_view theta_star::name() const noexcept {
    return variant_ == theta_variant::theta ? "theta" : "lazy-theta";
}

void theta_star::prepare(std::size_t cells) {
    if (g_.size() != cells) {
        g_.assign(cells, 0);
        parent_.assign(cells, 0);
        slot_.assign(cells, 0);
        stamp_.assign(cells, 0);
        closed_.assign(cells, 0);
        generation_ = 0;
    }
    if (++generation_ == 0) { // wrapped: forget every stamp once
        std::fill(stamp_.begin(), stamp_.end(), 0);
        generation_ = 1;
    }
    open_.clear();
    open_.set_slot_of(slot_of{slot_.data()});
}

search::search_result theta_star::find_path(const grid::grid_map& map,
                                            const search::search_request& request) {
    if (auto refused = any_angle_refusal(map, request, name())) return std::move(*refused);
    search::search_result out;
    // Nodes: the grid corners (row-major over (width+1) x (height+1)), then the start and the
    // goal centres.
    const std::int64_t cw = std::int64_t{map.width()} + 1;
    const std::size_t corners = static_cast<std::size_t>(cw) * (std::size_t(map.height()) + 1);
    const std::size_t nodes = corners + 2;
    if (nodes * bytes_per_cell > max_node_bytes) {
        out.status = search::search_status::resource_exhausted;
        out.reason = std::string(name()) + " would need " +
                     std::to_string((nodes * bytes_per_cell) >> 20) +
                     " MiB of node memory for this map, over its limit of " +
                     std::to_string(max_node_bytes >> 20) + " MiB (visgraph or jps serve it)";
        return out;
    }
    if (request.max_memory_bytes != 0 && nodes * bytes_per_cell > request.max_memory_bytes) {
        out.status = search::search_status::resource_exhausted;
        out.reason = std::string(name()) + " needs " + std::to_string(nodes * bytes_per_cell) +
                     " bytes of node memory for this map, over the cap of " +
                     std::to_string(request.max_memory_bytes);
        return out;
    }
    prepare(nodes);
    const grid::obstacle_mask mask = request.mask();
    const auto free = [&](std::int64_t x, std::int64_t y) {
        return map.passable({static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)}, mask);
    };
    const auto start = static_cast<std::uint32_t>(corners);
    const auto goal = static_cast<std::uint32_t>(corners + 1);
    const half_point start_point = centre_of(request.start);
    const half_point goal_point = centre_of(request.goal);
    const auto at = [&](std::uint32_t id) {
        if (id == start) return start_point;
        if (id == goal) return goal_point;
        return half_point{static_cast<std::int32_t>(2 * (id % cw)),
                          static_cast<std::int32_t>(2 * (id / cw))};
    };
    const auto corner_id = [&](std::int64_t x, std::int64_t y) {
        return static_cast<std::uint32_t>(y * cw + x);
    };
    // The corners of a cell, for linking its centre.
    const auto cell_corners = [&](cell c) {
        return std::array<std::uint32_t, 4>{corner_id(c.x, c.y), corner_id(c.x + 1, c.y),
                                            corner_id(c.x, c.y + 1), corner_id(c.x + 1, c.y + 1)};
    };
    const auto is_corner_of = [](half_point corner, cell c) {
        return (corner.x == 2 * c.x || corner.x == 2 * c.x + 2) &&
               (corner.y == 2 * c.y || corner.y == 2 * c.y + 2);
    };
    // A corner between two diagonally touching blocked cells is no vertex: a path through it
    // would squeeze between them.
    const auto pinch = [&](std::uint32_t id) {
        const half_point p = at(id);
        const std::int64_t x = p.x / 2;
        const std::int64_t y = p.y / 2;
        const bool ul = free(x - 1, y - 1);
        const bool dr = free(x, y);
        const bool ur = free(x, y - 1);
        const bool dl = free(x - 1, y);
        return ul == dr && ur == dl && ul != ur;
    };
    // Calls f(neighbour) for every node one straight unit step (or a centre-corner link) away:
    // along a grid edge with a free cell beside it, or across a free cell; never a pinch.
    const auto for_each_neighbour = [&](std::uint32_t id, auto&& f) {
        if (id == start || id == goal) {
            for (const std::uint32_t c : cell_corners(id == start ? request.start : request.goal)) {
                if (!pinch(c)) f(c);
            }
            return;
        }
        const half_point p = at(id);
        const std::int64_t x = p.x / 2;
        const std::int64_t y = p.y / 2;
        for (std::int64_t dy = -1; dy <= 1; ++dy) {
            for (std::int64_t dx = -1; dx <= 1; ++dx) {
                if (dx == 0 && dy == 0) continue;
                const std::int64_t nx = x + dx;
                const std::int64_t ny = y + dy;
                if (nx < 0 || ny < 0 || nx >= cw || ny > map.height()) continue;
                bool ok = false;
                if (dx != 0 && dy != 0) {
                    ok = free(dx > 0 ? x : x - 1, dy > 0 ? y : y - 1);
                } else if (dx != 0) { // along a row line: the cells above and below the edge
                    const std::int64_t cx = dx > 0 ? x : x - 1;
                    ok = free(cx, y - 1) || free(cx, y);
                } else {
                    const std::int64_t cy = dy > 0 ? y : y - 1;
                    ok = free(x - 1, cy) || free(x, cy);
                }
                if (ok && !pinch(corner_id(nx, ny))) f(corner_id(nx, ny));
            }
        }
        if (is_corner_of(p, request.start)) f(start);
        if (is_corner_of(p, request.goal)) f(goal);
    };
    const auto h = [&](std::uint32_t id) { return distance(at(id), goal_point); };
    const auto sight = [&](std::uint32_t a, std::uint32_t b) {
        return segment_is_free(map, at(a), at(b), mask);
    };
    const bool trace = request.record_trace;
    const auto cell_near = [&](std::uint32_t id) {
        const half_point p = at(id);
        return cell{std::min(p.x / 2, map.width() - 1), std::min(p.y / 2, map.height() - 1)};
    };
    const auto record = [&](std::uint32_t id, search::node_event kind) {
        out.trace.events.push_back({cell_near(id), kind});
        if (kind == search::node_event::closed) out.trace.expanded.push_back(cell_near(id));
    };

    search::search_stats& stats = out.stats;
    stamp_[start] = generation_;
    g_[start] = 0;
    parent_[start] = start;
    closed_[start] = 0;
    open_.push({h(start), 0.0F}, start);
    ++stats.heap_pushes;
    if (trace) record(start, search::node_event::opened);
    search::search_phase phase = search::search_phase::exhausted_open;
    std::uint32_t best = start; // expanded node nearest the goal, for partial paths
    double best_h = std::numeric_limits<double>::infinity();
    if (request.start == request.goal) {
        phase = search::search_phase::found;
        open_.clear();
    }
    any_angle_budget budget(request);
    while (!open_.empty()) {
        if (budget.spent(stats.expanded)) {
            phase = search::search_phase::out_of_budget;
            break;
        }
        const std::uint32_t id = open_.pop().id;
        if (variant_ == theta_variant::lazy && parent_[id] != id && !sight(parent_[id], id)) {
            // The assumed sight line fails: the best expanded neighbour becomes the parent.
            double g = std::numeric_limits<double>::infinity();
            for_each_neighbour(id, [&](std::uint32_t n) {
                if (stamp_[n] != generation_ || closed_[n] == 0) return;
                const double via = g_[n] + distance(at(n), at(id));
                if (via < g) {
                    g = via;
                    parent_[id] = n;
                }
            });
            g_[id] = g;
        }
        closed_[id] = 1;
        ++stats.expanded;
        if (trace) record(id, search::node_event::closed);
        if (id == goal) {
            phase = search::search_phase::found;
            break;
        }
        if (const double hi = h(id); hi < best_h) {
            best_h = hi;
            best = id;
        }
        const std::uint32_t p = parent_[id];
        for_each_neighbour(id, [&](std::uint32_t n) {
            const bool known = stamp_[n] == generation_;
            if (known && closed_[n] != 0) return;
            ++stats.generated;
            double g = g_[id] + distance(at(id), at(n));
            std::uint32_t from = id;
            if (p != id && (variant_ == theta_variant::lazy || sight(p, n))) {
                g = g_[p] + distance(at(p), at(n));
                from = p;
            }
            if (!known) {
                stamp_[n] = generation_;
                closed_[n] = 0;
                g_[n] = g;
                parent_[n] = from;
                open_.push({g + h(n), static_cast<float>(g)}, n);
                ++stats.heap_pushes;
                if (trace) record(n, search::node_event::opened);
            } else if (g < g_[n]) {
                g_[n] = g;
                parent_[n] = from;
                open_.decrease(slot_[n], {g + h(n), static_cast<float>(g)});
                ++stats.decrease_keys;
            }
        });
        stats.peak_open = std::max<std::uint64_t>(stats.peak_open, open_.size());
    }
    stats.memory_bytes =
        g_.capacity() * sizeof(double) +
        (parent_.capacity() + slot_.capacity() + stamp_.capacity()) * sizeof(std::uint32_t) +
        closed_.capacity() + open_.memory_bytes();
    if (trace) {
        for (const auto& e : open_.items()) out.trace.open.push_back(cell_near(e.id));
    }
    search::describe_outcome(out, phase, request, stats, {});
    if (phase == search::search_phase::exhausted_open) return out;
    std::vector<half_point> polyline;
    if (request.start == request.goal) {
        polyline.push_back(start_point);
    } else {
        for (std::uint32_t id = phase == search::search_phase::found ? goal : best;;
             id = parent_[id]) {
            polyline.push_back(at(id));
            if (id == start) break;
        }
        std::reverse(polyline.begin(), polyline.end());
    }
    fill_any_angle_answer(map, polyline, mask, name(), out);
    return out;
}

} // namespace xunlu::anyangle
