// Landmark placement (farthest point) and the distance tables of the differential heuristic.
#include "xunlu/search/landmark_table.hpp"

#include <algorithm>
#include <deque>

#include "xunlu/search/astar.hpp"

namespace xunlu::search {

namespace {

constexpr double unreachable = std::numeric_limits<double>::infinity();

/// A cell of the largest 4-connected region of passable cells (for rules without corner
/// cutting the 8-connected regions are the same; otherwise it is only the seed's region).
cell seed_of_largest_region(const grid::grid_map& map, grid::obstacle_mask mask) {
    std::vector<std::uint8_t> seen(map.padded_cells(), 0);
    const auto stride = static_cast<std::size_t>(map.stride());
    std::deque<std::size_t> queue;
    std::size_t best_size = 0;
    cell best{-1, -1};
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            const cell c{x, y};
            const std::size_t i = map.index(c);
            if (seen[i] != 0 || !map.passable(c, mask)) continue;
            std::size_t size = 0;
            seen[i] = 1;
            queue.push_back(i);
            while (!queue.empty()) {
                const std::size_t at = queue.front();
                queue.pop_front();
                ++size;
                for (const std::size_t next : {at - 1, at + 1, at - stride, at + stride}) {
                    if (seen[next] != 0 || !map.passable(map.cell_of(next), mask)) continue;
                    seen[next] = 1;
                    queue.push_back(next);
                }
            }
            if (size > best_size) {
                best_size = size;
                best = c;
            }
        }
    }
    return best;
}

} // namespace

std::uint64_t landmark_table::cache_key(grid::movement_rules rules, grid::obstacle_mask mask,
                                        std::size_t count) noexcept {
    return static_cast<std::uint64_t>(mask) | (static_cast<std::uint64_t>(rules.moves) << 8) |
           (static_cast<std::uint64_t>(rules.corners) << 16) |
           (static_cast<std::uint64_t>(rules.costs) << 24) |
           (static_cast<std::uint64_t>(count) << 32);
}

bool landmark_table::fits(const grid::grid_map& map, grid::movement_rules rules,
                          grid::obstacle_mask mask) const noexcept {
    return map.width() == width_ && map.height() == height_ && rules == rules_ && mask == mask_;
}

landmark_table landmark_table::build(const grid::grid_map& map, grid::movement_rules rules,
                                     grid::obstacle_mask mask, std::size_t count,
                                     const landmark_progress& progress) {
    landmark_table t;
    t.width_ = map.width();
    t.height_ = map.height();
    t.stride_ = map.stride();
    t.rules_ = rules;
    t.mask_ = mask;
    t.symmetric_ = !map.has_terrain_costs();
    const std::size_t wanted = std::clamp<std::size_t>(count, 1, max_count);
    if (table_bytes(map.padded_cells(), wanted) > max_table_bytes) return t;
    const cell seed = seed_of_largest_region(map, mask);
    if (seed.x < 0) { // no passable cell: an empty table, the base heuristic alone
        return t;
    }
    const std::size_t cells = map.padded_cells();
    astar engine;
    // The farthest cell from the seed is the first landmark (a corner of the region).
    engine.explore_all(map, seed, rules, mask);
    auto farthest = [&](auto&& score) {
        cell best{-1, -1};
        double best_score = 0;
        for (std::int32_t y = 0; y < map.height(); ++y) {
            for (std::int32_t x = 0; x < map.width(); ++x) {
                const double s = score(cell{x, y});
                if (std::isfinite(s) && s > best_score) {
                    best_score = s;
                    best = {x, y};
                }
            }
        }
        return best;
    };
    cell next = farthest([&](cell c) { return engine.distance(c).value_or(unreachable); });
    if (next.x < 0) next = seed; // a one-cell region
    // Written as [cell][landmark] with room for `wanted`, compacted if fewer were placed.
    t.dist_.assign(cells * wanted, unreachable);
    std::vector<double> nearest(cells, unreachable); // distance to the closest chosen landmark
    std::size_t placed = 0;
    while (placed < wanted && next.x >= 0) {
        engine.explore_all(map, next, rules, mask);
        for (std::int32_t y = 0; y < map.height(); ++y) {
            for (std::int32_t x = 0; x < map.width(); ++x) {
                if (const auto d = engine.distance({x, y})) {
                    const std::size_t i = map.index({x, y});
                    t.dist_[i * wanted + placed] = *d;
                    nearest[i] = std::min(nearest[i], *d);
                }
            }
        }
        t.landmarks_.push_back(next);
        ++placed;
        if (progress) progress(placed, wanted);
        // The next landmark: the cell farthest from every landmark so far (none when all
        // reachable cells are landmarks).
        next = farthest([&](cell c) { return nearest[map.index(c)]; });
    }
    t.count_ = placed;
    if (placed < wanted) {
        for (std::size_t i = 0; i < cells; ++i) {
            for (std::size_t k = 0; k < placed; ++k)
                t.dist_[i * placed + k] = t.dist_[i * wanted + k];
        }
        t.dist_.resize(cells * placed);
        t.dist_.shrink_to_fit();
    }
    return t;
}

landmark_heuristic make_landmark_heuristic(const landmark_table& table, cell goal, double a,
                                           double b) {
    landmark_heuristic h;
    h.dist = table.distances(0);
    h.count = table.count();
    h.stride = table.width() + 2;
    h.gx = goal.x;
    h.gy = goal.y;
    h.a = a;
    h.b = b;
    h.symmetric = table.symmetric();
    if (table.count() == 0) return h;
    const std::size_t goal_index =
        static_cast<std::size_t>(goal.y + 1) * static_cast<std::size_t>(h.stride) +
        static_cast<std::size_t>(goal.x + 1);
    const double* at_goal = table.distances(goal_index);
    for (std::size_t k = 0; k < table.count(); ++k) {
        if (!std::isfinite(at_goal[k])) continue; // this landmark's region is not the goal's
        h.which[h.active] = static_cast<std::uint8_t>(k);
        h.goal[h.active] = at_goal[k];
        ++h.active;
    }
    return h;
}

landmark_heuristic make_landmark_heuristic(const search_request& request) {
    const double s = request.rules.straight_cost();
    double a = 0;
    double b = 0;
    switch (resolve(request.heuristic, request.rules)) {
    case heuristic_kind::octile:
        a = s;
        b = request.rules.diagonal_cost() - s;
        break;
    case heuristic_kind::manhattan:
        a = s;
        b = s;
        break;
    case heuristic_kind::chebyshev:
    case heuristic_kind::euclidean: // refused by request_problem; Chebyshev is below it
        a = s;
        break;
    case heuristic_kind::zero:
    case heuristic_kind::automatic:
        break;
    }
    return make_landmark_heuristic(*request.landmarks, request.goal, a, b);
}

} // namespace xunlu::search
