// Theta* and Lazy Theta* over cell centres, with the exact any-angle segment rule.
#include "xunlu/anyangle/theta_star.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include "xunlu/anyangle/any_angle_path.hpp"
#include "xunlu/anyangle/segment_check.hpp"
#include "xunlu/search/best_first.hpp"
#include "xunlu/search/result_builder.hpp"

namespace xunlu::anyangle {

namespace {

constexpr double sqrt2 = 1.4142135623730951;
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
    search::search_result out;
    if (auto problem = any_angle_request_problem(map, request, name())) {
        out.status = search::search_status::invalid_input;
        out.reason = std::move(*problem);
        return out;
    }
    const std::size_t cells = map.padded_cells();
    if (request.max_memory_bytes != 0 && cells * bytes_per_cell > request.max_memory_bytes) {
        out.status = search::search_status::resource_exhausted;
        out.reason = std::string(name()) + " needs " + std::to_string(cells * bytes_per_cell) +
                     " bytes of node memory for this map, over the cap of " +
                     std::to_string(request.max_memory_bytes);
        return out;
    }
    prepare(cells);
    const grid::obstacle_mask mask = request.mask();
    const std::uint8_t block = static_cast<std::uint8_t>(mask);
    const std::uint8_t* flags = map.padded_flags();
    const auto free = [&](std::size_t i) { return (flags[i] & block) == 0; };
    const auto stride = static_cast<std::int64_t>(map.stride());
    const auto start = static_cast<std::uint32_t>(map.index(request.start));
    const auto goal = static_cast<std::uint32_t>(map.index(request.goal));
    const auto centre = [&](std::uint32_t id) {
        return half_point{2 * static_cast<std::int32_t>(id % stride) - 1,
                          2 * static_cast<std::int32_t>(id / stride) - 1};
    };
    const half_point goal_point = centre(goal);
    const auto h = [&](std::uint32_t id) { return distance(centre(id), goal_point); };
    const auto sight = [&](std::uint32_t a, std::uint32_t b) {
        return segment_is_free(map, centre(a), centre(b), mask);
    };
    struct move {
        std::int64_t dx;
        std::int64_t dy;
        double cost;
    };
    constexpr move moves[8] = {{1, 0, 1},     {-1, 0, 1},     {0, 1, 1},      {0, -1, 1},
                               {1, 1, sqrt2}, {1, -1, sqrt2}, {-1, 1, sqrt2}, {-1, -1, sqrt2}};
    // A move between neighbouring centres is a segment: diagonal ones pass the shared corner,
    // allowed unless both cells beside it are blocked.
    const auto can_step = [&](std::uint32_t from, const move& m, std::uint32_t to) {
        if (!free(to)) return false;
        if (m.dx == 0 || m.dy == 0) return true;
        return free(static_cast<std::size_t>(from + m.dx)) ||
               free(static_cast<std::size_t>(from + m.dy * stride));
    };
    const bool trace = request.record_trace;
    const auto record = [&](std::uint32_t id, search::node_event kind) {
        out.trace.events.push_back({map.cell_of(id), kind});
        if (kind == search::node_event::closed) out.trace.expanded.push_back(map.cell_of(id));
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
    while (!open_.empty()) {
        if (request.max_expansions != 0 && stats.expanded >= request.max_expansions) {
            phase = search::search_phase::out_of_budget;
            break;
        }
        if ((stats.expanded & 255U) == 0 && stats.expanded != 0 &&
            ((request.deadline && std::chrono::steady_clock::now() >= *request.deadline) ||
             (request.cancel != nullptr && request.cancel->load(std::memory_order_relaxed)))) {
            phase = search::search_phase::out_of_budget;
            break;
        }
        const std::uint32_t id = open_.pop().id;
        if (variant_ == theta_variant::lazy && parent_[id] != id && !sight(parent_[id], id)) {
            // The assumed sight line fails: the best expanded neighbour becomes the parent.
            double g = std::numeric_limits<double>::infinity();
            for (const move& m : moves) {
                const auto n = static_cast<std::uint32_t>(id - m.dx - m.dy * stride);
                if (!seen(n) || closed_[n] == 0 || !can_step(n, m, id)) continue;
                if (g_[n] + m.cost < g) {
                    g = g_[n] + m.cost;
                    parent_[id] = n;
                }
            }
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
        for (const move& m : moves) {
            const auto n = static_cast<std::uint32_t>(id + m.dx + m.dy * stride);
            if (!can_step(id, m, n)) continue;
            const bool known = seen(n);
            if (known && closed_[n] != 0) continue;
            ++stats.generated;
            double g = g_[id] + m.cost;
            std::uint32_t from = id;
            if (p != id && (variant_ == theta_variant::lazy || sight(p, n))) {
                g = g_[p] + distance(centre(p), centre(n));
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
        }
        stats.peak_open = std::max<std::uint64_t>(stats.peak_open, open_.size());
    }
    stats.memory_bytes =
        g_.capacity() * sizeof(double) +
        (parent_.capacity() + slot_.capacity() + stamp_.capacity()) * sizeof(std::uint32_t) +
        closed_.capacity() + open_.memory_bytes();
    if (trace) {
        for (const auto& e : open_.items()) out.trace.open.push_back(map.cell_of(e.id));
    }
    search::describe_outcome(out, phase, request, stats, {});
    if (phase == search::search_phase::exhausted_open) return out;
    std::vector<half_point> polyline;
    for (std::uint32_t at = phase == search::search_phase::found ? goal : best;; at = parent_[at]) {
        polyline.push_back(centre(at));
        if (at == start) break;
    }
    std::reverse(polyline.begin(), polyline.end());
    if (!fill_any_angle_path(map, polyline, mask, out)) {
        out.status = search::search_status::resource_exhausted;
        out.reason = std::string(name()) + ": internal error, a path segment is not free";
        out.path.clear();
    }
    return out;
}

} // namespace xunlu::anyangle
