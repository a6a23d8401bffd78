// The crowd world (crowd.hpp): bodies, obstacles, the path queue and the tick.
#include "xunlu/crowd/crowd.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "orca.hpp"
#include "xunlu/agents/fork_join_pool.hpp"
#include "xunlu/crowd/collision.hpp"

namespace xunlu::crowd {

namespace {

/// The overlap a tick may leave (half the promised tolerance, so positions written with six
/// decimals still keep the promise).
constexpr double internal_overlap = overlap_tolerance / 2;
/// How far inside a wall's inflated band a centre may be (rounding).
constexpr double wall_slack = 1e-7;
constexpr double recent_bucket = 4.0;
constexpr double far_limit = 1e7; ///< |coordinate| beyond this is refused

bool finite_positive(double v) {
    return std::isfinite(v) && v > 0;
}

std::string where(vec2 p) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%.3f, %.3f)", p.x, p.y);
    return buf;
}

} // namespace

const char* state_name(agent_state s) noexcept {
    switch (s) {
    case agent_state::waiting:
        return "waiting";
    case agent_state::moving:
        return "moving";
    case agent_state::arrived:
        return "arrived";
    case agent_state::blocked:
        return "blocked";
    }
    return "?";
}

const char* reason_name(blocked_reason r) noexcept {
    switch (r) {
    case blocked_reason::none:
        return "none";
    case blocked_reason::no_path:
        return "no_path";
    case blocked_reason::no_progress:
        return "no_progress";
    }
    return "?";
}

struct crowd_world::body {
    agent_params p;
    vec2 vel;
    vec2 pref;
    vec2 new_vel;
    vec2 prev;
    agent_state state = agent_state::waiting;
    blocked_reason reason = blocked_reason::none;
    std::vector<vec2> path;
    std::size_t next = 0;
    double best = std::numeric_limits<double>::infinity();
    double stall = 0;
    bool queued = false;
    bool alive = false;
    bool near_wall = false;
    std::uint32_t generation = 0;
    double precedence = 1; ///< ORCA share factor, fixed per slot and seed (x0.5 to x2)
};

struct crowd_world::obstacle {
    enum class kind : std::uint8_t { circle, box, oriented };
    std::uint32_t id = 0;
    kind k = kind::circle;
    circle_shape c;
    obb o; ///< boxes are oriented boxes at angle 0
    vec2 centre;
    double bound = 0; ///< bounding circle radius
    std::array<segment, 4> edges{};

    [[nodiscard]] contact touch(vec2 p, double r) const noexcept {
        if (k == kind::circle) return circle_circle(p, r, c.centre, c.radius);
        return circle_obb(p, r, o);
    }
    /// The point of the solid shape nearest `p` (p outside).
    [[nodiscard]] vec2 nearest(vec2 p) const noexcept {
        if (k == kind::circle) return c.centre + normalized(p - c.centre) * c.radius;
        const vec2 u = o.axis_x(), v = o.axis_y();
        const vec2 rel = p - o.centre;
        const double lx = std::clamp(dot(rel, u), -o.half_extents.x, o.half_extents.x);
        const double ly = std::clamp(dot(rel, v), -o.half_extents.y, o.half_extents.y);
        return o.centre + u * lx + v * ly;
    }
};

struct crowd_world::workspace {
    std::vector<std::pair<double, std::uint32_t>> near;
    std::vector<detail::orca_line> lines;
    std::vector<detail::orca_line> scratch;
};

crowd_world::crowd_world(std::shared_ptr<walkable_surface> surface, crowd_options options)
    : surface_(std::move(surface)), options_(options),
      walls_(surface_->walls(), surface_->bounds(), 2 * max_radius) {
    options_.threads = std::max<std::size_t>(1, options_.threads);
    if (options_.threads > 1) pool_ = std::make_unique<agents::fork_join_pool>(options_.threads);
    for (std::size_t i = 0; i < options_.threads; ++i) {
        workspaces_.push_back(std::make_unique<workspace>());
    }
}

crowd_world::~crowd_world() = default;

double crowd_world::bucket() const noexcept {
    return std::max(options_.neighbour_distance / 2, 2 * std::max(max_body_radius_, 0.25));
}

std::uint64_t crowd_world::recent_key(vec2 p) const noexcept {
    const auto x = static_cast<std::int64_t>(std::floor(p.x / recent_bucket));
    const auto y = static_cast<std::int64_t>(std::floor(p.y / recent_bucket));
    return static_cast<std::uint64_t>(x) * 0x9E3779B97F4A7C15ULL ^
           static_cast<std::uint64_t>(y) * 0xC2B2AE3D27D4EB4FULL;
}

template <class F> void crowd_world::for_each_candidate(vec2 min, vec2 max, F&& f) const {
    hash_.for_each_in_box(min, max, [&](std::uint32_t id, vec2) {
        if (bodies_[id].alive) f(id);
    });
    if (recent_.empty()) return;
    const double fx0 = std::floor(min.x / recent_bucket), fx1 = std::floor(max.x / recent_bucket);
    const double fy0 = std::floor(min.y / recent_bucket), fy1 = std::floor(max.y / recent_bucket);
    if (!((fx1 - fx0 + 1) * (fy1 - fy0 + 1) <= 4096)) { // also a huge or non-finite box
        for (const auto& [key, ids] : recent_) {
            for (const std::uint32_t id : ids) {
                if (bodies_[id].alive) f(id);
            }
        }
        return;
    }
    const auto x0 = static_cast<std::int64_t>(fx0), x1 = static_cast<std::int64_t>(fx1);
    const auto y0 = static_cast<std::int64_t>(fy0), y1 = static_cast<std::int64_t>(fy1);
    for (std::int64_t y = y0; y <= y1; ++y) {
        for (std::int64_t x = x0; x <= x1; ++x) {
            const auto key = static_cast<std::uint64_t>(x) * 0x9E3779B97F4A7C15ULL ^
                             static_cast<std::uint64_t>(y) * 0xC2B2AE3D27D4EB4FULL;
            const auto it = recent_.find(key);
            if (it == recent_.end()) continue;
            for (const std::uint32_t id : it->second) {
                if (bodies_[id].alive) f(id);
            }
        }
    }
}

bool crowd_world::legal_spot(vec2 p, double r) const {
    if (!is_finite(p) || !surface_->contains(p)) return false;
    bool ok = true;
    walls_.for_each_near(p, r, [&](const wall& w) {
        if (ok && length(p - closest_point(p, w.s)) < r - wall_slack) ok = false;
    });
    if (!ok) return false;
    for (const obstacle& o : obstacles_) {
        if (length(p - o.centre) > o.bound + r) continue;
        const contact c = o.touch(p, r);
        if (c.hit && c.depth > wall_slack) return false;
    }
    return true;
}

std::optional<error> crowd_world::check_params(const agent_params& p) const {
    if (!is_finite(p.position) || std::abs(p.position.x) > far_limit ||
        std::abs(p.position.y) > far_limit) {
        return error{"agent position " + where(p.position) + " is not a finite, near number"};
    }
    if (!is_finite(p.goal)) return error{"agent goal is not finite"};
    if (!finite_positive(p.radius) || p.radius > max_radius) {
        return error{"agent radius " + std::to_string(p.radius) + " is outside (0, " +
                     std::to_string(max_radius) + "] m"};
    }
    if (!finite_positive(p.mass)) return error{"agent mass must be finite and > 0"};
    if (!finite_positive(p.max_speed) || p.max_speed > 1000) {
        return error{"agent max speed must be in (0, 1000] m/s"};
    }
    if (!finite_positive(p.max_acceleration)) {
        return error{"agent max acceleration must be finite and > 0"};
    }
    if (!surface_->contains(p.goal)) {
        return error{"agent goal " + where(p.goal) + " is not on the walkable surface"};
    }
    return std::nullopt;
}

std::optional<error> crowd_world::check_spot(vec2 p, double r,
                                             std::optional<std::uint32_t> self) const {
    if (!surface_->contains(p)) {
        return error{"position " + where(p) + " is not on the walkable surface"};
    }
    if (!legal_spot(p, r)) {
        return error{"a body of radius " + std::to_string(r) + " at " + where(p) +
                     " overlaps a wall or an obstacle"};
    }
    const double reach = r + max_body_radius_;
    std::optional<std::uint32_t> hit;
    for_each_candidate(p - vec2{reach, reach}, p + vec2{reach, reach}, [&](std::uint32_t id) {
        if (hit || (self && *self == id)) return;
        const body& o = bodies_[id];
        const double comb = r + o.p.radius;
        if (comb - length(p - o.p.position) > internal_overlap * comb) hit = id;
    });
    if (hit) {
        return error{"a body at " + where(p) + " overlaps agent " + std::to_string(*hit) + " at " +
                     where(bodies_[*hit].p.position)};
    }
    return std::nullopt;
}

result<agent_id> crowd_world::add_agent(const agent_params& params) {
    if (live_ >= max_agents) {
        return error{"a crowd holds at most " + std::to_string(max_agents) + " agents"};
    }
    if (auto e = check_params(params)) return *e;
    const double old_max = max_body_radius_;
    max_body_radius_ = std::max(max_body_radius_, params.radius);
    if (auto e = check_spot(params.position, params.radius, std::nullopt)) {
        max_body_radius_ = old_max;
        return *e;
    }
    std::uint32_t slot = 0;
    if (!free_slots_.empty()) {
        // The lowest free slot, so that the same calls give the same slots.
        const auto it = std::min_element(free_slots_.begin(), free_slots_.end());
        slot = *it;
        free_slots_.erase(it);
    } else {
        slot = static_cast<std::uint32_t>(bodies_.size());
        bodies_.emplace_back();
    }
    body& b = bodies_[slot];
    const std::uint32_t gen = b.generation + 1;
    b = body{};
    b.generation = gen;
    b.alive = true;
    b.p = params;
    b.prev = params.position;
    std::uint64_t h = (std::uint64_t{slot} + 1) * 0x9E3779B97F4A7C15ULL ^ options_.seed;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    b.precedence = std::pow(2.0, static_cast<double>(h % 2001) / 1000.0 - 1.0);
    ++live_;
    order_dirty_ = true;
    recent_[recent_key(params.position)].push_back(slot);
    request_path(slot);
    return agent_id{slot, gen};
}

crowd_world::body* crowd_world::find(agent_id id) {
    if (id.index >= bodies_.size()) return nullptr;
    body& b = bodies_[id.index];
    return b.alive && b.generation == id.generation ? &b : nullptr;
}

const crowd_world::body* crowd_world::find(agent_id id) const {
    if (id.index >= bodies_.size()) return nullptr;
    const body& b = bodies_[id.index];
    return b.alive && b.generation == id.generation ? &b : nullptr;
}

bool crowd_world::remove_agent(agent_id id) {
    body* b = find(id);
    if (!b) return false;
    b->alive = false;
    b->path.clear();
    b->path.shrink_to_fit();
    free_slots_.push_back(id.index);
    --live_;
    order_dirty_ = true;
    return true;
}

std::optional<error> crowd_world::retarget(agent_id id, vec2 goal) {
    body* b = find(id);
    if (!b) return error{"unknown or removed agent " + std::to_string(id.index)};
    agent_params p = b->p;
    p.goal = goal;
    if (auto e = check_params(p)) return e;
    b->p.goal = goal;
    b->path.clear();
    b->state = agent_state::waiting;
    b->reason = blocked_reason::none;
    request_path(id.index);
    return std::nullopt;
}

std::optional<error> crowd_world::teleport(agent_id id, vec2 position) {
    body* b = find(id);
    if (!b) return error{"unknown or removed agent " + std::to_string(id.index)};
    agent_params p = b->p;
    p.position = position;
    if (auto e = check_params(p)) return e;
    if (auto e = check_spot(position, p.radius, id.index)) return e;
    b->p.position = position;
    b->prev = position;
    b->vel = {};
    b->path.clear();
    b->state = agent_state::waiting;
    b->reason = blocked_reason::none;
    recent_[recent_key(position)].push_back(id.index);
    request_path(id.index);
    return std::nullopt;
}

std::optional<agent_view> crowd_world::agent(agent_id id) const {
    const body* b = find(id);
    if (!b) return std::nullopt;
    return agent_view{b->p, b->vel, b->state, b->reason};
}

result<obstacle_id> crowd_world::insert_obstacle(obstacle o) {
    if (obstacles_.size() >= static_cast<std::size_t>(max_obstacles)) {
        return error{"a crowd holds at most " + std::to_string(std::size_t(max_obstacles)) +
                     " obstacles"};
    }
    for (std::uint32_t slot = 0; slot < bodies_.size(); ++slot) {
        const body& b = bodies_[slot];
        if (!b.alive || length(b.p.position - o.centre) > o.bound + b.p.radius) continue;
        const contact c = o.touch(b.p.position, b.p.radius);
        if (c.hit && c.depth > wall_slack) {
            return error{"the obstacle overlaps agent " + std::to_string(slot) + " at " +
                         where(b.p.position)};
        }
    }
    o.id = next_obstacle_++;
    obstacles_.push_back(o);
    return obstacle_id{o.id};
}

result<obstacle_id> crowd_world::add_obstacle(const circle_shape& c) {
    if (!is_finite(c.centre) || !finite_positive(c.radius) || c.radius > 1e4) {
        return error{"circle obstacle: centre must be finite and radius in (0, 10000] m"};
    }
    obstacle o;
    o.k = obstacle::kind::circle;
    o.c = c;
    o.centre = c.centre;
    o.bound = c.radius;
    return insert_obstacle(o);
}

result<obstacle_id> crowd_world::add_obstacle(const aabb& b) {
    if (!is_finite(b.min) || !is_finite(b.max) || !(b.max.x > b.min.x) || !(b.max.y > b.min.y)) {
        return error{"box obstacle: corners must be finite with max > min"};
    }
    return add_obstacle(obb{(b.min + b.max) * 0.5, (b.max - b.min) * 0.5, 0.0});
}

result<obstacle_id> crowd_world::add_obstacle(const obb& b) {
    if (!is_finite(b.centre) || !finite_positive(b.half_extents.x) ||
        !finite_positive(b.half_extents.y) || !std::isfinite(b.angle) || b.half_extents.x > 1e4 ||
        b.half_extents.y > 1e4) {
        return error{"oriented box obstacle: centre, angle finite; half extents in (0, 10000] m"};
    }
    obstacle o;
    o.k = obstacle::kind::oriented;
    o.o = b;
    o.centre = b.centre;
    o.bound = length(b.half_extents);
    const vec2 u = b.axis_x() * b.half_extents.x, v = b.axis_y() * b.half_extents.y;
    const std::array<vec2, 4> k{b.centre - u - v, b.centre + u - v, b.centre + u + v,
                                b.centre - u + v};
    for (std::size_t i = 0; i < 4; ++i) o.edges[i] = segment{k[i], k[(i + 1) % 4]};
    return insert_obstacle(o);
}

bool crowd_world::remove_obstacle(obstacle_id id) {
    const auto it = std::find_if(obstacles_.begin(), obstacles_.end(),
                                 [&](const obstacle& o) { return o.id == id.value; });
    if (it == obstacles_.end()) return false;
    obstacles_.erase(it);
    return true;
}

void crowd_world::rebuild_order() {
    if (!order_dirty_) return;
    order_.clear();
    for (std::uint32_t s = 0; s < bodies_.size(); ++s) {
        if (bodies_[s].alive) order_.push_back(s);
    }
    order_dirty_ = false;
}

void crowd_world::rebuild_hash() {
    std::vector<vec2> points;
    points.reserve(order_.size());
    for (const std::uint32_t s : order_) points.push_back(bodies_[s].p.position);
    hash_.build(points, order_, bucket());
}

void crowd_world::request_path(std::uint32_t slot) {
    body& b = bodies_[slot];
    if (b.queued) return;
    b.queued = true;
    path_queue_.push_back(slot);
    if (b.path.empty()) b.state = agent_state::waiting;
}

void crowd_world::serve_paths(tick_stats& stats) {
    while (!path_queue_.empty()) {
        const std::uint32_t slot = path_queue_.front();
        body& b = bodies_[slot];
        if (!b.alive || !b.queued) {
            path_queue_.pop_front();
            continue;
        }
        const vec2 from = b.p.position;
        const vec2 goal = b.p.goal;
        std::vector<vec2> path;
        bool found = true;
        if (walls_.clear_line(from, goal, b.p.radius * 0.95)) {
            path.push_back(goal);
            ++stats.straight_paths;
        } else {
            if (stats.path_searches >= options_.path_searches_per_tick) break;
            ++stats.path_searches;
            surface_path sp = surface_->find_path(from, goal, b.p.radius);
            found = sp.found;
            path = std::move(sp.points);
        }
        path_queue_.pop_front();
        b.queued = false;
        b.next = 0;
        b.best = std::numeric_limits<double>::infinity();
        b.stall = 0;
        if (found) {
            b.path = std::move(path);
            if (b.state != agent_state::arrived) b.state = agent_state::moving;
            b.reason = blocked_reason::none;
        } else {
            b.path.clear();
            b.state = agent_state::blocked;
            b.reason = blocked_reason::no_path;
        }
    }
}

void crowd_world::steer(double dt) {
    for (const std::uint32_t slot : order_) {
        body& b = bodies_[slot];
        const vec2 pos = b.p.position;
        b.pref = {};
        if (b.state == agent_state::arrived) {
            const vec2 to = b.p.goal - pos;
            const double d = length(to);
            if (d > options_.arrive_distance * 0.5) {
                b.pref = to * (std::min(b.p.max_speed * 0.5, d / dt) / d);
            }
            continue;
        }
        if (b.path.empty()) continue; // waiting, or no path
        // The corridor: reached waypoints are dropped, and the next one is skipped when the one
        // after it is in clear view (one look-ahead per tick).
        while (b.next + 1 < b.path.size() &&
               length(b.path[b.next] - pos) <= std::max(b.p.radius, 0.3)) {
            ++b.next;
            b.best = std::numeric_limits<double>::infinity();
        }
        if (b.next + 1 < b.path.size() &&
            walls_.clear_line(pos, b.path[b.next + 1], b.p.radius * 0.9)) {
            ++b.next;
            b.best = std::numeric_limits<double>::infinity();
        }
        const vec2 to = b.path[b.next] - pos;
        const double d = length(to);
        const bool last = b.next + 1 == b.path.size();
        if (last && d <= options_.arrive_distance) {
            b.state = agent_state::arrived;
            b.reason = blocked_reason::none;
            continue;
        }
        double speed = b.p.max_speed;
        if (last) speed = std::min({speed, std::sqrt(1.6 * b.p.max_acceleration * d), d / dt});
        b.pref = d > 0 ? to * (speed / d) : vec2{};
        // Slowed down 6 m or more from the goal: keep right, so that bodies meeting from all sides
        // circle round one another instead of pressing together.
        if (d > 6 && length(b.vel) < 0.5 * b.p.max_speed && options_.keep_right > 0) {
            const double c = std::cos(options_.keep_right), sn = std::sin(options_.keep_right);
            b.pref = {b.pref.x * c + b.pref.y * sn, -b.pref.x * sn + b.pref.y * c};
        }
        // A small turn, the same for the same slot, tick and seed, breaks the perfect symmetry
        // in which ORCA stalls (bodies met head-on, a ring converging on its centre).
        if (options_.perturbation > 0 && d > 0) {
            std::uint64_t h = (std::uint64_t{slot} << 32 ^ tick_) * 0x9E3779B97F4A7C15ULL ^
                              options_.seed * 0xC2B2AE3D27D4EB4FULL;
            h ^= h >> 31;
            const double turn =
                (static_cast<double>(h % 20001) / 10000.0 - 1.0) * options_.perturbation;
            const double c = std::cos(turn), sn = std::sin(turn);
            b.pref = {b.pref.x * c - b.pref.y * sn, b.pref.x * sn + b.pref.y * c};
        }
        // Progress: a quarter metre nearer the waypoint within replan_after_s, or plan again.
        if (d < b.best - 0.25) {
            b.best = d;
            b.stall = 0;
            if (b.state == agent_state::blocked) {
                b.state = agent_state::moving;
                b.reason = blocked_reason::none;
            }
        } else {
            b.stall += dt;
            if (b.stall > options_.replan_after_s) {
                b.state = agent_state::blocked;
                b.reason = blocked_reason::no_progress;
                b.stall = 0;
                b.best = d;
                request_path(slot);
            }
        }
    }
}

void crowd_world::compute_velocity(std::uint32_t slot, double dt, workspace& ws) {
    const body& b = bodies_[slot];
    const vec2 pos = b.p.position;
    const double r = b.p.radius;
    ws.lines.clear();
    const double reach = r + b.p.max_speed * options_.wall_time_horizon + 0.1;
    walls_.for_each_near(pos, reach, [&](const wall& w) {
        if (dot(pos - w.s.a, w.normal) < 0) return; // its back
        const vec2 q = closest_point(pos, w.s);
        if (length(pos - q) < reach) {
            ws.lines.push_back(detail::wall_line(pos, r, q, options_.wall_time_horizon, dt));
        }
    });
    for (const obstacle& o : obstacles_) {
        if (length(pos - o.centre) > o.bound + reach) continue;
        const vec2 q = o.nearest(pos);
        if (length(pos - q) < reach) {
            ws.lines.push_back(detail::wall_line(pos, r, q, options_.wall_time_horizon, dt));
        }
    }
    const std::size_t fixed = ws.lines.size();
    // The nearest max_neighbours bodies within neighbour_distance, nearest first (ties by
    // slot), whatever order the buckets give them in.
    const double nd = options_.neighbour_distance;
    const std::size_t k = options_.max_neighbours;
    ws.near.clear();
    hash_.for_each_in_box(pos - vec2{nd, nd}, pos + vec2{nd, nd}, [&](std::uint32_t id, vec2 q) {
        if (id == slot) return;
        const double d2 = length_sq(q - pos);
        if (d2 >= nd * nd) return;
        const std::pair<double, std::uint32_t> e{d2, id};
        if (ws.near.size() == k && !(e < ws.near.back())) return;
        const auto at = std::upper_bound(ws.near.begin(), ws.near.end(), e);
        ws.near.insert(at, e);
        if (ws.near.size() > k) ws.near.pop_back();
    });
    // The share of an avoidance each side takes: by mass, a parked body giving way to moving
    // ones, and a fixed pseudo-random precedence per body (x0.5 to x2) so that a ring of equal
    // bodies converging on one point does not settle into a symmetric jam.
    auto weight = [&](std::uint32_t id) {
        const body& x = bodies_[id];
        return x.p.mass * x.precedence * (x.state == agent_state::arrived ? 0.25 : 1.0);
    };
    const double mine = weight(slot);
    // A moving body (within push_parked_within of its goal) does not avoid parked ones: it
    // walks on and the response step pushes them aside (they walk back to their goals
    // afterwards), so a parked group never walls it out or keeps it circling outside.
    const bool pushing =
        b.state != agent_state::arrived && length(b.p.goal - pos) < options_.push_parked_within;
    for (const auto& [d2, id] : ws.near) {
        const body& o = bodies_[id];
        if (pushing && o.state == agent_state::arrived) continue;
        const double theirs = weight(id);
        ws.lines.push_back(detail::agent_line(pos, b.vel, r, o.p.position, o.vel, o.p.radius,
                                              theirs / (mine + theirs), options_.time_horizon, dt));
    }
    vec2 v = detail::solve(ws.lines, fixed, b.p.max_speed, b.pref, ws.scratch);
    const vec2 dv = v - b.vel;
    const double max_dv = b.p.max_acceleration * dt;
    const double l = length(dv);
    if (l > max_dv) v = b.vel + dv * (max_dv / l);
    bodies_[slot].new_vel = v; // this slot only: the bodies' velocities are independent
}

void crowd_world::avoid(double dt) {
    const std::size_t n = order_.size();
    if (!pool_ || n < 32) {
        for (const std::uint32_t slot : order_) compute_velocity(slot, dt, *workspaces_[0]);
        return;
    }
    const std::size_t parts = workspaces_.size();
    pool_->run(parts, [&](std::size_t part) {
        const std::size_t begin = n * part / parts;
        const std::size_t end = n * (part + 1) / parts;
        for (std::size_t i = begin; i < end; ++i) {
            compute_velocity(order_[i], dt, *workspaces_[part]);
        }
    });
}

vec2 crowd_world::move_with_walls(vec2 p, vec2 d, double r) const {
    for (int round = 0; round < 4; ++round) {
        const double len = length(d);
        if (len < 1e-12) break;
        // Slide along what the body already touches, then stop at the first thing the rest of
        // the move would touch.
        auto slide = [&](vec2 q) {
            const vec2 off = p - q;
            const double dist = length(off);
            if (dist > r + 1e-6 || dist <= 0) return;
            const vec2 n = off * (1.0 / dist);
            const double into = dot(d, n);
            if (into < 0) d = d - n * into;
        };
        walls_.for_each_near(p, r + len, [&](const wall& w) {
            if (dot(p - w.s.a, w.normal) >= 0) slide(closest_point(p, w.s));
        });
        for (const obstacle& o : obstacles_) {
            if (length(p - o.centre) <= o.bound + r + len) slide(o.nearest(p));
        }
        double first = 1;
        vec2 normal{};
        auto sweep = [&](const segment& s, double radius) {
            if (const auto t = swept_circle_segment(p, p + d, radius, s); t && *t < first) {
                first = *t;
                normal = normalized(p + d * *t - closest_point(p + d * *t, s));
            }
        };
        walls_.for_each_near(p, r + len, [&](const wall& w) {
            if (dot(p - w.s.a, w.normal) >= 0) sweep(w.s, r);
        });
        for (const obstacle& o : obstacles_) {
            if (length(p - o.centre) > o.bound + r + len) continue;
            if (o.k == obstacle::kind::circle) {
                sweep(segment{o.c.centre, o.c.centre}, r + o.c.radius);
            } else {
                for (const segment& e : o.edges) sweep(e, r);
            }
        }
        if (first >= 1) return p + d;
        const double t = std::max(0.0, first - 1e-6 / std::max(len, 1e-6));
        p = p + d * t;
        const vec2 rest = d * (1 - t);
        d = rest - normal * dot(rest, normal);
    }
    return p;
}

vec2 crowd_world::push_out_of_walls(vec2 p, double r) const {
    for (int round = 0; round < 3; ++round) {
        bool moved = false;
        walls_.for_each_near(p, r, [&](const wall& w) {
            const vec2 d = w.s.b - w.s.a;
            const double len_sq = length_sq(d);
            const double along = len_sq > 0 ? dot(p - w.s.a, d) / len_sq : 0;
            const double h = dot(p - w.s.a, w.normal);
            if (along >= 0 && along <= 1) {
                // Beside the segment: out along the wall's normal (also from behind it).
                if (h < r && h > -r) {
                    p = p + w.normal * (r - h + 1e-9);
                    moved = true;
                }
                return;
            }
            if (h < 0) return;
            const vec2 q = closest_point(p, w.s);
            const double dist = length(p - q);
            if (dist < r && dist > 0) {
                p = q + (p - q) * ((r + 1e-9) / dist);
                moved = true;
            }
        });
        for (const obstacle& o : obstacles_) {
            if (length(p - o.centre) > o.bound + r) continue;
            const contact c = o.touch(p, r);
            if (c.hit && c.depth > 0) {
                p = p + c.normal * (c.depth + 1e-9);
                moved = true;
            }
        }
        if (!moved) break;
    }
    return p;
}

void crowd_world::move(double dt) {
    for (const std::uint32_t slot : order_) {
        body& b = bodies_[slot];
        b.prev = b.p.position;
        b.vel = b.new_vel;
        b.p.position = move_with_walls(b.p.position, b.vel * dt, b.p.radius);
    }
}

void crowd_world::respond(double dt, tick_stats& stats) {
    rebuild_hash();
    const double slack = 0.3;
    const double rmax = max_body_radius_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (const std::uint32_t i : order_) {
        body& b = bodies_[i];
        const double reach = b.p.radius + rmax + slack;
        const vec2 p = b.p.position;
        hash_.for_each_in_box(p - vec2{reach, reach}, p + vec2{reach, reach},
                              [&](std::uint32_t j, vec2 q) {
                                  if (j <= i) return;
                                  const double lim = b.p.radius + bodies_[j].p.radius + slack;
                                  if (length_sq(q - p) < lim * lim) pairs.emplace_back(i, j);
                              });
        b.near_wall = false;
        walls_.for_each_near(p, b.p.radius + 1.0, [&](const wall&) { b.near_wall = true; });
        for (const obstacle& o : obstacles_) {
            if (length(p - o.centre) <= o.bound + b.p.radius + 1.0) b.near_wall = true;
        }
    }
    std::sort(pairs.begin(), pairs.end());
    auto weight = [](const body& x) {
        return x.state == agent_state::arrived ? x.p.mass * 0.25 : x.p.mass;
    };
    auto shift = [&](body& x, vec2 d) {
        x.p.position =
            x.near_wall ? move_with_walls(x.p.position, d, x.p.radius) : x.p.position + d;
    };
    for (std::size_t it = 0; it < options_.response_iterations; ++it) {
        double worst = 0;
        for (const auto& [i, j] : pairs) {
            body& a = bodies_[i];
            body& c = bodies_[j];
            const vec2 off = c.p.position - a.p.position;
            const double dist = length(off);
            const double comb = a.p.radius + c.p.radius;
            const double overlap = comb - dist;
            if (overlap <= 0) continue;
            worst = std::max(worst, overlap / comb);
            vec2 n;
            if (dist > 1e-12) {
                n = off * (1.0 / dist);
            } else {
                const double angle = static_cast<double>((i * 7919U + j * 104729U) % 6283U) / 1000;
                n = {std::cos(angle), std::sin(angle)};
            }
            const double wa = weight(a), wc = weight(c);
            const double push = overlap + 1e-9;
            shift(a, n * (-push * wc / (wa + wc)));
            shift(c, n * (push * wa / (wa + wc)));
        }
        for (const std::uint32_t i : order_) {
            body& b = bodies_[i];
            if (b.near_wall) b.p.position = push_out_of_walls(b.p.position, b.p.radius);
        }
        if (worst <= 1e-6) break;
    }
    // The guarantee: a body the relaxation left illegal goes back to where it stood, until
    // every body is legal (bounded: each round puts back at least one more body).
    std::vector<std::uint8_t> held(bodies_.size(), 0);
    for (std::size_t round = 0; round <= order_.size(); ++round) {
        rebuild_hash();
        std::vector<std::uint32_t> bad;
        for (const std::uint32_t i : order_) {
            const body& b = bodies_[i];
            const vec2 p = b.p.position;
            bool illegal = !held[i] && !legal_spot(p, b.p.radius);
            const double reach = b.p.radius + rmax;
            hash_.for_each_in_box(
                p - vec2{reach, reach}, p + vec2{reach, reach}, [&](std::uint32_t j, vec2 q) {
                    if (j == i || illegal) return;
                    const double comb = b.p.radius + bodies_[j].p.radius;
                    if (comb - length(q - p) > internal_overlap * comb && (!held[i] || !held[j])) {
                        illegal = !held[i];
                        if (held[i] && !held[j]) bad.push_back(j);
                    }
                });
            if (illegal) bad.push_back(i);
        }
        if (bad.empty()) break;
        std::sort(bad.begin(), bad.end());
        bad.erase(std::unique(bad.begin(), bad.end()), bad.end());
        for (const std::uint32_t i : bad) {
            body& b = bodies_[i];
            b.p.position = b.prev;
            b.vel = {};
            held[i] = 1;
            ++stats.held_back;
        }
    }
    // The velocity is what the body really did this tick.
    for (const std::uint32_t i : order_) {
        body& b = bodies_[i];
        if (held[i]) continue;
        vec2 v = (b.p.position - b.prev) * (1.0 / dt);
        const double l = length(v);
        if (l > b.p.max_speed) v = v * (b.p.max_speed / l);
        b.vel = v;
    }
}

result<tick_stats> crowd_world::step(double dt) {
    if (!(dt > 0 && dt <= 1)) {
        return error{"tick length " + std::to_string(dt) + " s is outside (0, 1]"};
    }
    tick_stats stats;
    rebuild_order();
    ++tick_;
    serve_paths(stats);
    steer(dt);
    rebuild_hash();
    recent_.clear();
    avoid(dt);
    move(dt);
    respond(dt, stats);
    // Arrivals of this tick.
    for (const std::uint32_t i : order_) {
        body& b = bodies_[i];
        if (b.state == agent_state::arrived || b.path.empty() || b.next + 1 != b.path.size()) {
            continue;
        }
        if (length(b.p.goal - b.p.position) <= options_.arrive_distance) {
            b.state = agent_state::arrived;
            b.reason = blocked_reason::none;
        }
    }
    return stats;
}

void crowd_world::agents_in_circle(vec2 centre, double radius, std::vector<agent_id>& out) const {
    out.clear();
    if (!is_finite(centre) || !(radius >= 0)) return;
    std::vector<std::uint32_t> slots;
    for_each_candidate(centre - vec2{radius, radius}, centre + vec2{radius, radius},
                       [&](std::uint32_t id) {
                           if (length_sq(bodies_[id].p.position - centre) <= radius * radius) {
                               slots.push_back(id);
                           }
                       });
    std::sort(slots.begin(), slots.end());
    slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
    for (const std::uint32_t s : slots) out.push_back(agent_id{s, bodies_[s].generation});
}

void crowd_world::agents_in_box(const aabb& box, std::vector<agent_id>& out) const {
    out.clear();
    if (!is_finite(box.min) || !is_finite(box.max)) return;
    std::vector<std::uint32_t> slots;
    for_each_candidate(box.min, box.max, [&](std::uint32_t id) {
        const vec2 p = bodies_[id].p.position;
        if (p.x >= box.min.x && p.x <= box.max.x && p.y >= box.min.y && p.y <= box.max.y) {
            slots.push_back(id);
        }
    });
    std::sort(slots.begin(), slots.end());
    slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
    for (const std::uint32_t s : slots) out.push_back(agent_id{s, bodies_[s].generation});
}

std::vector<agent_id> crowd_world::agents() const {
    std::vector<agent_id> out;
    for (std::uint32_t s = 0; s < bodies_.size(); ++s) {
        if (bodies_[s].alive) out.push_back(agent_id{s, bodies_[s].generation});
    }
    return out;
}

} // namespace xunlu::crowd
