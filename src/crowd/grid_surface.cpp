// A grid map as a walkable surface (grid_surface.hpp).
#include "xunlu/crowd/grid_surface.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::crowd {

namespace {

bool free_cell(const grid::grid_map& map, std::int32_t x, std::int32_t y) {
    return map.passable({x, y}, grid::obstacle_mask::high_and_low);
}

} // namespace

std::vector<wall> grid_walls(const grid::grid_map& map) {
    std::vector<wall> out;
    const std::int32_t w = map.width();
    const std::int32_t h = map.height();
    // Horizontal lines y = 0..h: the edge under cell (x, y-1) and over cell (x, y).
    for (std::int32_t y = 0; y <= h; ++y) {
        std::int32_t run = -1;
        double normal = 0;
        for (std::int32_t x = 0; x <= w; ++x) {
            double n = 0;
            if (x < w) {
                const bool up = free_cell(map, x, y - 1);
                const bool down = free_cell(map, x, y);
                if (up != down) n = down ? 1.0 : -1.0;
            }
            if (run >= 0 && n != normal) {
                out.push_back(wall{segment{{double(run), double(y)}, {double(x), double(y)}},
                                   vec2{0, normal}});
                run = -1;
            }
            if (n != 0 && run < 0) {
                run = x;
                normal = n;
            }
        }
    }
    for (std::int32_t x = 0; x <= w; ++x) {
        std::int32_t run = -1;
        double normal = 0;
        for (std::int32_t y = 0; y <= h; ++y) {
            double n = 0;
            if (y < h) {
                const bool left = free_cell(map, x - 1, y);
                const bool right = free_cell(map, x, y);
                if (left != right) n = right ? 1.0 : -1.0;
            }
            if (run >= 0 && n != normal) {
                out.push_back(wall{segment{{double(x), double(run)}, {double(x), double(y)}},
                                   vec2{normal, 0}});
                run = -1;
            }
            if (n != 0 && run < 0) {
                run = y;
                normal = n;
            }
        }
    }
    return out;
}

grid_surface::grid_surface(std::shared_ptr<const grid::grid_map> map)
    : map_(std::move(map)), walls_(grid_walls(*map_)) {}

aabb grid_surface::bounds() const {
    return {{0, 0}, {double(map_->width()), double(map_->height())}};
}

bool grid_surface::contains(vec2 p) const {
    if (!is_finite(p) || p.x < 0 || p.y < 0 || p.x >= map_->width() || p.y >= map_->height()) {
        return false;
    }
    return free_cell(*map_, static_cast<std::int32_t>(p.x), static_cast<std::int32_t>(p.y));
}

std::shared_ptr<const grid::grid_map> grid_surface::planning_map(double radius) {
    if (radius <= 0.5) return map_;
    const auto key = static_cast<std::int64_t>(std::ceil(radius * 100));
    for (const auto& [k, m] : planning_) {
        if (k == key) return m;
    }
    const double r = static_cast<double>(key) / 100;
    grid::grid_map plan = *map_;
    const std::int32_t w = map_->width(), h = map_->height();
    const auto reach = static_cast<std::int32_t>(std::ceil(r + 0.5));
    auto block_near = [&](std::int32_t bx, std::int32_t by) {
        // Cells whose centre is within r of the blocked cell (bx, by).
        for (std::int32_t y = std::max(0, by - reach); y <= std::min(h - 1, by + reach); ++y) {
            for (std::int32_t x = std::max(0, bx - reach); x <= std::min(w - 1, bx + reach); ++x) {
                const double cx = x + 0.5, cy = y + 0.5;
                const double dx = std::max({bx - cx, 0.0, cx - (bx + 1)});
                const double dy = std::max({by - cy, 0.0, cy - (by + 1)});
                if (dx * dx + dy * dy < r * r) plan.set_high_obstacle({x, y}, true);
            }
        }
    };
    for (std::int32_t y = -1; y <= h; ++y) {
        for (std::int32_t x = -1; x <= w; ++x) {
            const bool inside = x >= 0 && y >= 0 && x < w && y < h;
            if (inside && free_cell(*map_, x, y)) continue;
            // Off-map cells count only next to the map (the border ring).
            block_near(x, y);
        }
    }
    auto shared = std::make_shared<const grid::grid_map>(std::move(plan));
    planning_.emplace_back(key, shared);
    return shared;
}

bool grid_surface::open_on(const grid::grid_map& plan, cell c) {
    return plan.passable(c, grid::obstacle_mask::high_and_low);
}

vec2 grid_surface::clear_corner(const grid::grid_map& plan, vec2 corner, double radius) const {
    const auto x = static_cast<std::int32_t>(std::lround(corner.x));
    const auto y = static_cast<std::int32_t>(std::lround(corner.y));
    // The four cells around the corner; a bend wraps a convex corner: one of them is blocked.
    vec2 away{};
    int blocked = 0;
    for (const auto& [dx, dy] :
         {std::pair{-1, -1}, std::pair{0, -1}, std::pair{-1, 0}, std::pair{0, 0}}) {
        if (!open_on(plan, {x + dx, y + dy})) {
            ++blocked;
            away = away + vec2{dx == 0 ? -1.0 : 1.0, dy == 0 ? -1.0 : 1.0};
        }
    }
    if (blocked != 1) return corner;
    // Diagonally away by `radius` on each axis, shrunk while the spot is not free.
    for (double s = std::min(radius, 0.49); s > 0.01; s *= 0.5) {
        const vec2 p = corner + away * s;
        if (open_on(plan, {static_cast<std::int32_t>(std::floor(p.x)),
                           static_cast<std::int32_t>(std::floor(p.y))})) {
            return p;
        }
    }
    return corner;
}

namespace {

/// The cell of `p`, or the nearest open cell of `plan` within two cells of it (by distance
/// from p to the cell centre, then by position).
std::optional<cell> open_cell_near(const grid::grid_map& plan, vec2 p) {
    const cell c{static_cast<std::int32_t>(std::floor(p.x)),
                 static_cast<std::int32_t>(std::floor(p.y))};
    if (plan.passable(c)) return c;
    std::optional<cell> best;
    double best_d = 1e300;
    for (std::int32_t dy = -2; dy <= 2; ++dy) {
        for (std::int32_t dx = -2; dx <= 2; ++dx) {
            const cell n{c.x + dx, c.y + dy};
            if (!plan.passable(n)) continue;
            const double d = length(vec2{n.x + 0.5 - p.x, n.y + 0.5 - p.y});
            if (d < best_d) {
                best_d = d;
                best = n;
            }
        }
    }
    return best;
}

} // namespace

surface_path grid_surface::find_path(vec2 from, vec2 to, double radius) {
    surface_path out;
    if (!contains(from) || !contains(to)) {
        out.reason = "start or goal is not on the walkable surface";
        return out;
    }
    const auto plan = planning_map(radius);
    const auto start = open_cell_near(*plan, from);
    const auto goal = open_cell_near(*plan, to);
    if (!start || !goal) {
        out.reason = "no room for a body of this radius at the start or the goal";
        return out;
    }
    search::search_request req;
    req.start = *start;
    req.goal = *goal;
    req.rules = grid::movement_rules{};
    if (req.start == req.goal) {
        out.found = true;
        out.points.push_back(to);
        return out;
    }
    const search::search_result r = search_.find_path(*plan, req);
    if (!r.found()) {
        out.reason = r.reason.empty() ? std::string(search::status_name(r.status)) : r.reason;
        return out;
    }
    for (std::size_t i = 1; i + 1 < r.waypoints.size(); ++i) {
        out.points.push_back(clear_corner(*plan, {r.waypoints[i].x, r.waypoints[i].y}, radius));
    }
    const vec2 goal_centre{goal->x + 0.5, goal->y + 0.5};
    if (r.waypoints.size() >= 2 && length(goal_centre - to) > 0.5)
        out.points.push_back(goal_centre);
    out.points.push_back(to);
    out.found = true;
    return out;
}

} // namespace xunlu::crowd
