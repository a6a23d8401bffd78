// Units on game ticks: requests through the scheduler, local or cooperative collision
// handling, moves resolved so that no cell is ever shared and no two units swap.
#include "xunlu/agents/simulation.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <queue>

#include "xunlu/agents/footprint_map.hpp"
#include "xunlu/grid/movement_rules.hpp"

namespace xunlu::agents {

namespace {

constexpr double sqrt2 = 1.4142135623730951;

std::string text(cell c) {
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}

bool overlap(cell a, std::int32_t sa, cell b, std::int32_t sb) noexcept {
    return a.x < b.x + sb && b.x < a.x + sa && a.y < b.y + sb && b.y < a.y + sa;
}

double octile(cell a, cell b) noexcept {
    const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    return std::max(dx, dy) + (sqrt2 - 1) * std::min(dx, dy);
}

} // namespace

std::string_view unit_state_name(unit_state s) noexcept {
    switch (s) {
    case unit_state::idle:
        return "idle";
    case unit_state::waiting_for_path:
        return "waiting_for_path";
    case unit_state::moving:
        return "moving";
    case unit_state::blocked:
        return "blocked";
    case unit_state::arrived:
        return "arrived";
    }
    return "idle";
}

std::string_view collision_mode_name(collision_mode m) noexcept {
    return m == collision_mode::local ? "local" : "cooperative";
}

simulation::simulation(grid::grid_map map, simulation_options options)
    : base_(std::move(map)), options_(options),
      scheduler_(scheduler_options{.ageing_ticks = 8,
                                   .engine = options.engine,
                                   .lanes = options.lanes,
                                   .threads = options.threads}) {}

result<simulation> simulation::create(const grid::grid_map& map, std::vector<unit_spec> specs,
                                      simulation_options options) {
    if (options.window < 2 || options.window > 64) {
        return error{"window must be 2..64 ticks, got " + std::to_string(options.window)};
    }
    if (options.wait_before_repath < 1) return error{"wait_before_repath must be >= 1"};
    if (options.retries < 0 || options.retry_after < 1) {
        return error{"retries must be >= 0 and retry_after >= 1 tick"};
    }
    if (options.lanes < 1 || options.lanes > 64) {
        return error{"lanes must be 1..64, got " + std::to_string(options.lanes)};
    }
    if (options.threads < 1 || options.threads > 64) {
        return error{"threads must be 1..64, got " + std::to_string(options.threads)};
    }
    // The map without low obstacles: units are tracked here, not as flags of the map.
    grid::grid_map base = map;
    for (std::int32_t y = 0; y < base.height(); ++y) {
        for (std::int32_t x = 0; x < base.width(); ++x) {
            if (base.is_low_obstacle({x, y})) base.set_low_obstacle({x, y}, false);
        }
    }
    simulation sim(std::move(base), options);
    sim.footprints_.resize(static_cast<std::size_t>(max_unit_size) + 1);
    sim.occupancy_.assign(
        static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height()), -1);
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const unit_spec& s = specs[i];
        const std::string who = "unit " + std::to_string(i);
        if (s.size < 1 || s.size > max_unit_size) {
            return error{who + ": size " + std::to_string(s.size) + " is outside 1.." +
                         std::to_string(max_unit_size)};
        }
        if (!(s.speed > 0 && s.speed <= 1)) {
            return error{who + ": speed must be in (0, 1] cells per tick"};
        }
        if (options.mode == collision_mode::cooperative && s.speed * options.window < 1.0 - 1e-9) {
            return error{who + ": speed " + std::to_string(s.speed) +
                         " is too slow for the cooperative window of " +
                         std::to_string(options.window) +
                         " ticks (a step must fit in the window: speed >= 1 / window)"};
        }
        auto& fp = sim.footprints_[static_cast<std::size_t>(s.size)];
        if (!fp) {
            auto built = footprint_map(sim.base_, s.size, grid::obstacle_mask::high_only);
            if (!built) return built.err();
            fp = std::make_shared<const grid::grid_map>(std::move(built).value());
        }
        if (!fp->passable(s.start)) {
            return error{who + ": start " + text(s.start) + " is blocked or its " +
                         std::to_string(s.size) + "x" + std::to_string(s.size) +
                         " footprint leaves the map"};
        }
        if (!sim.base_.in_bounds(s.goal)) {
            return error{who + ": goal " + text(s.goal) + " is outside the map"};
        }
        for (std::int32_t dy = 0; dy < s.size; ++dy) {
            for (std::int32_t dx = 0; dx < s.size; ++dx) {
                const std::int32_t o = sim.occupant({s.start.x + dx, s.start.y + dy});
                if (o >= 0) {
                    return error{who + ": start " + text(s.start) + " overlaps unit " +
                                 std::to_string(o)};
                }
            }
        }
        unit u;
        u.id = static_cast<std::uint32_t>(i);
        u.at = s.start;
        u.goal = s.goal;
        u.size = s.size;
        u.priority = s.priority;
        u.speed = s.speed;
        u.state = s.start == s.goal ? unit_state::arrived : unit_state::idle;
        if (u.state == unit_state::arrived) u.solo_length = 0;
        sim.units_.push_back(std::move(u));
        sim.occupy(sim.units_.back(), static_cast<std::int32_t>(i));
    }
    sim.plans_.resize(sim.units_.size());
    sim.plan_start_.assign(sim.units_.size(), 0);
    sim.held_.resize(sim.units_.size());
    sim.hash_positions();
    return sim;
}

void simulation::occupy(const unit& u, std::int32_t id) {
    for (std::int32_t dy = 0; dy < u.size; ++dy) {
        for (std::int32_t dx = 0; dx < u.size; ++dx) {
            occupancy_[index({u.at.x + dx, u.at.y + dy})] = id;
        }
    }
}

std::int32_t simulation::occupant(cell c) const noexcept {
    return base_.in_bounds(c) ? occupancy_[index(c)] : -1;
}

std::int32_t simulation::other_occupant(const unit& u, cell anchor) const noexcept {
    for (std::int32_t dy = 0; dy < u.size; ++dy) {
        for (std::int32_t dx = 0; dx < u.size; ++dx) {
            const std::int32_t o = occupant({anchor.x + dx, anchor.y + dy});
            if (o >= 0 && o != static_cast<std::int32_t>(u.id)) return o;
        }
    }
    return -1;
}

void simulation::hash_positions() {
    auto mix = [this](std::uint64_t v) {
        for (int b = 0; b < 8; ++b) {
            hash_ ^= (v >> (8 * b)) & 0xffu;
            hash_ *= 1099511628211ull;
        }
    };
    mix(tick_);
    for (const unit& u : units_) {
        mix(static_cast<std::uint32_t>(u.at.x) |
            static_cast<std::uint64_t>(static_cast<std::uint32_t>(u.at.y)) << 32);
    }
}

bool simulation::settled() const noexcept {
    return std::all_of(units_.begin(), units_.end(), [](const unit& u) {
        return u.state == unit_state::arrived || (u.state == unit_state::blocked && !u.will_retry);
    });
}

void simulation::blocked_by_units(unit& u, std::string reason) {
    u.state = unit_state::blocked;
    u.reason = std::move(reason);
    u.will_retry = u.retries < options_.retries;
    if (u.will_retry) {
        // Spread by id, so units that blocked each other do not all come back at once.
        u.resume_tick = tick_ + static_cast<std::uint64_t>(options_.retry_after) + u.id % 8;
    }
}

simulation_totals simulation::totals() const {
    simulation_totals t;
    t.units = units_.size();
    t.conflicts = conflicts_;
    double ratio_sum = 0;
    std::size_t ratio_count = 0;
    for (const unit& u : units_) {
        t.waits += u.waits;
        t.repaths += u.repaths;
        if (u.state == unit_state::arrived) {
            ++t.arrived;
            if (u.solo_length > 0) {
                ratio_sum += u.walked / u.solo_length;
                ++ratio_count;
            }
        }
        if (u.unreachable) ++t.unreachable;
    }
    t.length_ratio = ratio_count == 0 ? 0 : ratio_sum / static_cast<double>(ratio_count);
    t.answered = answered_;
    t.path_wait_ticks =
        answered_ == 0 ? 0
                       : static_cast<double>(waited_for_paths_) / static_cast<double>(answered_);
    return t;
}

void simulation::ask_path(unit& u, std::shared_ptr<const grid::grid_map> on,
                          std::int32_t stop_within) {
    path_ask ask{.unit = u.id,
                 .start = u.at,
                 .goal = u.goal,
                 .map = std::move(on),
                 .priority = u.priority,
                 .stop_within = stop_within,
                 .max_expansions = 0};
    scheduler_.submit(std::move(ask), tick_);
    u.state = unit_state::waiting_for_path;
}

void simulation::take_answers(std::vector<path_answer> answers) {
    for (auto& a : answers) {
        for (const std::uint32_t id : a.units) {
            unit& u = units_[id];
            ++answered_;
            waited_for_paths_ += a.answered_tick - a.submitted_tick;
            if (u.state != unit_state::waiting_for_path) continue;
            const bool was_repath = u.repathing;
            u.repathing = false;
            if (was_repath) {
                // The detour was searched in the box's own coordinates.
                for (cell& c : a.result.path) {
                    c = {c.x + u.detour_origin.x, c.y + u.detour_origin.y};
                }
            }
            if (was_repath && a.result.found() && !a.result.path.empty() &&
                a.result.path.front() == u.at && u.rejoin < u.path.size() &&
                a.result.path.back() == u.path[u.rejoin]) {
                // The detour, then the old path from where it rejoins.
                std::vector<cell> joined = a.result.path;
                joined.insert(joined.end(),
                              u.path.begin() + static_cast<std::ptrdiff_t>(u.rejoin) + 1,
                              u.path.end());
                u.path = std::move(joined);
                u.next = 1;
                u.waited = 0;
                u.moved_tick = tick_;
                u.state = unit_state::moving;
                continue;
            }
            if (a.result.found() && !a.result.path.empty() && a.result.path.front() == u.at) {
                u.path = a.result.path;
                u.next = 1;
                u.waited = 0;
                u.moved_tick = tick_;
                u.state = unit_state::moving;
                if (u.solo_length < 0) u.solo_length = a.result.length;
                plans_[id].clear();
                continue;
            }
            if (was_repath) {
                // No way around the units right now: give way if it is this unit's turn to,
                // else keep the old path and wait again.
                u.state = unit_state::moving;
                u.waited = 0;
                make_way(u);
                continue;
            }
            u.state = unit_state::blocked;
            u.unreachable = a.result.status == search::search_status::no_path ||
                            a.result.status == search::search_status::invalid_input;
            u.reason = "goal " + text(u.goal) + " cannot be reached from " + text(u.at) + ": " +
                       std::string(search::status_name(a.result.status)) +
                       (a.result.reason.empty() ? "" : " (" + a.result.reason + ")");
        }
    }
}

void simulation::repath_around_units(unit& u) {
    if (u.futile_repaths >= options_.max_repaths) {
        blocked_by_units(u, "could not get past other units after " +
                                std::to_string(u.futile_repaths) + " re-paths in a row");
        return;
    }
    ++u.repaths;
    ++u.futile_repaths;
    // A detour: from here to a cell of its own path some steps past the blocker, searched on
    // a small map of the box around both (the footprint map's cells, the units in the box
    // blocking), so a detour costs the box, not the map. The rest of the old path follows.
    constexpr std::size_t rejoin_ahead = 12;
    constexpr std::int32_t margin = 6;
    const grid::grid_map& fp = *footprints_[static_cast<std::size_t>(u.size)];
    std::size_t rejoin = std::min(u.next + rejoin_ahead, u.path.size() - 1);
    while (rejoin + 1 < u.path.size() && other_occupant(u, u.path[rejoin]) >= 0) ++rejoin;
    const cell target = u.path[rejoin];
    const cell lo{std::max(0, std::min(u.at.x, target.x) - margin),
                  std::max(0, std::min(u.at.y, target.y) - margin)};
    const cell hi{std::min(base_.width() - 1, std::max(u.at.x, target.x) + margin),
                  std::min(base_.height() - 1, std::max(u.at.y, target.y) + margin)};
    auto created = grid::grid_map::create(hi.x - lo.x + 1, hi.y - lo.y + 1);
    if (!created) return;
    auto box = std::make_shared<grid::grid_map>(std::move(created).value());
    for (std::int32_t y = lo.y; y <= hi.y; ++y) {
        for (std::int32_t x = lo.x; x <= hi.x; ++x) {
            const cell local{x - lo.x, y - lo.y};
            if (!fp.passable({x, y})) box->set_high_obstacle(local, true);
            if (fp.has_terrain_costs()) box->set_terrain_cost(local, fp.terrain_cost({x, y}));
        }
    }
    // The units whose footprints reach into the box (found on the occupancy grid, so a
    // detour costs the box, not the number of units).
    std::vector<std::uint32_t> near;
    for (std::int32_t y = std::max(0, lo.y - max_unit_size);
         y <= std::min(base_.height() - 1, hi.y + u.size); ++y) {
        for (std::int32_t x = std::max(0, lo.x - max_unit_size);
             x <= std::min(base_.width() - 1, hi.x + u.size); ++x) {
            const std::int32_t o = occupancy_[index({x, y})];
            if (o >= 0 && o != static_cast<std::int32_t>(u.id)) {
                near.push_back(static_cast<std::uint32_t>(o));
            }
        }
    }
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    bool goal_taken = false;
    for (const std::uint32_t id : near) {
        const unit& v = units_[id];
        if (overlap(v.at, v.size, u.goal, u.size) && v.state == unit_state::arrived) {
            goal_taken = true;
        }
        // Anchors whose footprint would overlap unit v.
        for (std::int32_t y = v.at.y - u.size + 1; y < v.at.y + v.size; ++y) {
            for (std::int32_t x = v.at.x - u.size + 1; x < v.at.x + v.size; ++x) {
                const cell local{x - lo.x, y - lo.y};
                if (box->in_bounds(local) && cell{x, y} != u.at) {
                    box->set_high_obstacle(local, true);
                }
            }
        }
    }
    const bool to_goal = rejoin + 1 == u.path.size();
    u.repathing = true;
    u.rejoin = rejoin;
    u.detour_origin = lo;
    path_ask ask{.unit = u.id,
                 .start = {u.at.x - lo.x, u.at.y - lo.y},
                 .goal = {target.x - lo.x, target.y - lo.y},
                 .map = std::move(box),
                 .priority = u.priority,
                 .stop_within = to_goal && goal_taken ? 1 : 0,
                 .max_expansions = 0,
                 .window = std::nullopt};
    scheduler_.submit(std::move(ask), tick_);
    u.state = unit_state::waiting_for_path;
}

/// A walk for `mover` to the nearest anchor (breadth-first, 4 directions, other units block)
/// whose footprint is off `other`'s remaining path; empty when none lies within 16 cells.
std::vector<cell> simulation::way_off(const unit& mover, const unit& other) const {
    const grid::grid_map& fp = *footprints_[static_cast<std::size_t>(mover.size)];
    constexpr std::int32_t radius = 16;
    constexpr std::int32_t side = 2 * radius + 1;
    const cell at = mover.at;
    // Anchors of the box whose footprint would overlap the other unit, now or on its way.
    std::vector<std::uint8_t> in_way(static_cast<std::size_t>(side * side), 0);
    auto block_around = [&](cell p) {
        for (std::int32_t y = p.y - mover.size + 1; y < p.y + other.size; ++y) {
            for (std::int32_t x = p.x - mover.size + 1; x < p.x + other.size; ++x) {
                if (std::abs(x - at.x) > radius || std::abs(y - at.y) > radius) continue;
                in_way[static_cast<std::size_t>((y - at.y + radius) * side + (x - at.x + radius))] =
                    1;
            }
        }
    };
    block_around(other.at);
    for (std::size_t j = other.next; j < other.path.size(); ++j) {
        const cell p = other.path[j];
        if (std::abs(p.x - at.x) <= radius + other.size &&
            std::abs(p.y - at.y) <= radius + other.size) {
            block_around(p);
        }
    }
    auto on_other_path = [&](cell a) {
        return in_way[static_cast<std::size_t>((a.y - at.y + radius) * side +
                                               (a.x - at.x + radius))] != 0;
    };
    std::vector<std::int32_t> parent(static_cast<std::size_t>(side * side), -2);
    auto slot = [&](cell a) { return (a.y - at.y + radius) * side + (a.x - at.x + radius); };
    std::vector<cell> queue{at};
    parent[static_cast<std::size_t>(slot(at))] = -1;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const cell a = queue[head];
        if (!on_other_path(a)) {
            std::vector<cell> path;
            for (cell c = a;;) {
                path.push_back(c);
                const std::int32_t p = parent[static_cast<std::size_t>(slot(c))];
                if (p < 0) break;
                c = {at.x + p % side - radius, at.y + p / side - radius};
            }
            std::reverse(path.begin(), path.end());
            return path;
        }
        for (unsigned d = 0; d < 4; ++d) {
            const cell n{a.x + grid::direction_dx[d], a.y + grid::direction_dy[d]};
            if (std::abs(n.x - at.x) > radius || std::abs(n.y - at.y) > radius) continue;
            auto& p = parent[static_cast<std::size_t>(slot(n))];
            if (p != -2 || !fp.passable(n) || other_occupant(mover, n) >= 0) continue;
            p = slot(a);
            queue.push_back(n);
        }
    }
    return {};
}

bool simulation::move_parked_aside(const unit& u) {
    if (u.next >= u.path.size()) return false;
    const std::int32_t blocker = other_occupant(u, u.path[u.next]);
    if (blocker < 0) return false;
    unit& b = units_[static_cast<std::size_t>(blocker)];
    if (b.state != unit_state::arrived) return false;
    std::vector<cell> path = way_off(b, u);
    if (path.size() < 2) return false;
    b.path = std::move(path);
    b.next = 1;
    b.state = unit_state::moving;
    b.waited = 0;
    b.moved_tick = tick_;
    b.reason.clear();
    ++b.gave_way;
    if (b.id < plans_.size()) plans_[b.id].clear();
    return true;
}

bool simulation::make_way(unit& u) {
    if (u.next >= u.path.size()) return false;
    // The unit in the way: on the next cell's footprint.
    const std::int32_t blocker = other_occupant(u, u.path[u.next]);
    if (blocker < 0) return false;
    if (move_parked_aside(u)) return true;
    const unit& b = units_[static_cast<std::size_t>(blocker)];
    // A blocker that waits for a path of its own still holds the one it walks.
    if (b.state != unit_state::moving && b.state != unit_state::waiting_for_path) return false;
    // The lower priority (then the higher id) gives way; the other one does when the one whose
    // turn it is has no room to (a third unit behind it in a corridor).
    const bool turn = u.priority < b.priority || (u.priority == b.priority && u.id > b.id);
    if (!turn && !way_off(b, u).empty()) return false;
    std::vector<cell> path = way_off(u, b);
    if (path.size() < 2) return false;
    u.path = std::move(path);
    u.next = 1;
    ++u.gave_way;
    return true;
}

// The reservation table: one map-sized layer of unit ids per tick of the window (now to
// now + window + 1), recycled as time passes; lookups are one array read.
std::size_t simulation::layer_of(std::uint64_t t) const noexcept {
    return static_cast<std::size_t>(t % layer_time_.size());
}

void simulation::advance_layers() {
    const std::size_t layers = static_cast<std::size_t>(options_.window) + 2;
    if (layer_time_.empty()) {
        layer_time_.resize(layers);
        layer_cells_.assign(layers, std::vector<std::int32_t>(occupancy_.size(), -1));
        layer_touched_.resize(layers);
        for (std::size_t l = 0; l < layers; ++l) layer_time_[l] = l;
    }
    for (std::size_t l = 0; l < layers; ++l) {
        if (layer_time_[l] >= tick_) continue;
        for (const std::size_t k : layer_touched_[l]) layer_cells_[l][k] = -1;
        layer_touched_[l].clear();
        while (layer_time_[l] < tick_) layer_time_[l] += layers;
    }
    for (auto& held : held_) {
        std::erase_if(held, [&](std::uint64_t k) { return (k >> 32) < tick_; });
    }
}

void simulation::release_from(const unit& u, std::uint64_t t) {
    std::erase_if(held_[u.id], [&](std::uint64_t k) {
        const std::uint64_t when = k >> 32;
        if (when < t) return false;
        const std::size_t l = layer_of(when);
        if (layer_time_[l] == when) {
            auto& slot = layer_cells_[l][static_cast<std::size_t>(k & 0xffffffffu)];
            if (slot == static_cast<std::int32_t>(u.id)) slot = -1;
        }
        return true;
    });
}

void simulation::reserve(std::uint64_t t, const unit& u, cell anchor) {
    if (layer_time_.empty()) return;
    const std::size_t l = layer_of(t);
    if (layer_time_[l] != t) return; // outside the window
    for (std::int32_t dy = 0; dy < u.size; ++dy) {
        for (std::int32_t dx = 0; dx < u.size; ++dx) {
            const std::size_t k = index({anchor.x + dx, anchor.y + dy});
            auto& slot = layer_cells_[l][k];
            if (slot >= 0) continue;
            slot = static_cast<std::int32_t>(u.id);
            layer_touched_[l].push_back(k);
            held_[u.id].push_back(key(t, k));
        }
    }
}

std::int64_t simulation::reserved_by(std::uint64_t t, cell c) const {
    if (layer_time_.empty()) return -1;
    const std::size_t l = layer_of(t);
    if (layer_time_[l] != t) return -1;
    return layer_cells_[l][index(c)];
}

void simulation::reserve_standing(const unit& u) {
    const auto w = static_cast<std::uint64_t>(options_.window);
    // A unit that stood last tick holds the earlier ticks already: only the newest is new.
    const bool held_before = reserved_by(tick_, u.at) == static_cast<std::int64_t>(u.id) &&
                             reserved_by(tick_ + w, u.at) == static_cast<std::int64_t>(u.id);
    for (std::uint64_t t = held_before ? tick_ + w + 1 : tick_; t <= tick_ + w + 1; ++t) {
        reserve(t, u, u.at);
    }
}

/// Windowed cooperative A* (Silver 2005): a search over (cell, tick) for `window` ticks
/// towards the cell `window` steps ahead on the unit's own path, through the reservations of
/// the units that planned before; the plan found is reserved in turn. The states live in flat
/// arrays over the box the window can reach, reused between searches by a stamp.
void simulation::plan_cooperative(unit& u) {
    const std::uint64_t now = tick_;
    const auto window = static_cast<std::int32_t>(options_.window);
    release_from(u, now + 1);
    const grid::grid_map& fp = *footprints_[static_cast<std::size_t>(u.size)];
    const std::size_t last = u.path.empty() ? 0 : u.path.size() - 1;
    const cell waypoint =
        u.path.empty()
            ? u.goal
            : u.path[std::min<std::size_t>(u.next + static_cast<std::size_t>(window), last)];
    const bool waypoint_is_goal = waypoint == u.goal;
    const std::int32_t s = u.size;
    // A unit of speed v steps once its progress reaches 1: every ceil(1 / v) ticks, the first
    // step once what its progress lacks has accrued. Steps are planned as that many ticks
    // standing, then the move (waiting first never makes a later step come sooner).
    const auto ticks_per_step =
        static_cast<std::int32_t>(std::max(1.0, std::ceil(1.0 / u.speed - 1e-9)));
    const auto ticks_to_first_step =
        static_cast<std::int32_t>(std::max(1.0, std::ceil((1.0 - u.progress) / u.speed - 1e-9)));

    // Whether unit `u` may go from `from` (at now + dt) to `to` (at now + dt + 1).
    auto allowed = [&](cell from, cell to, std::uint64_t dt) {
        const std::uint64_t t0 = now + dt, t1 = now + dt + 1;
        for (std::int32_t dy = 0; dy < s; ++dy) {
            for (std::int32_t dx = 0; dx < s; ++dx) {
                const cell q{to.x + dx, to.y + dy};
                const std::int64_t r1 = reserved_by(t1, q);
                if (r1 >= 0 && r1 != u.id) return false;
                const std::int64_t r0 = reserved_by(t0, q);
                if (r0 >= 0 && r0 != u.id) {
                    // A swap: the unit there now is where we are, next tick.
                    for (std::int32_t ey = 0; ey < s; ++ey) {
                        for (std::int32_t ex = 0; ex < s; ++ex) {
                            if (reserved_by(t1, {from.x + ex, from.y + ey}) == r0) return false;
                        }
                    }
                }
            }
        }
        return true;
    };

    const std::int32_t side = 2 * window + 1;
    const std::size_t states = static_cast<std::size_t>(side) * static_cast<std::size_t>(side) *
                               static_cast<std::size_t>(window + 1);
    if (st_g_.size() != states) {
        st_g_.assign(states, 0);
        st_parent_.assign(states, -1);
        st_stamp_.assign(states, 0);
        st_closed_.assign(states, 0);
    }
    if (++st_generation_ == 0) {
        std::fill(st_stamp_.begin(), st_stamp_.end(), 0);
        std::fill(st_closed_.begin(), st_closed_.end(), 0);
        st_generation_ = 1;
    }
    const std::uint32_t gen = st_generation_;
    auto state = [&](cell c, std::int32_t dt) {
        return static_cast<std::int32_t>(
            (static_cast<std::size_t>(dt) * static_cast<std::size_t>(side) +
             static_cast<std::size_t>(c.y - u.at.y + window)) *
                static_cast<std::size_t>(side) +
            static_cast<std::size_t>(c.x - u.at.x + window));
    };
    auto cell_of_state = [&](std::int32_t k) {
        const std::int32_t in_layer = k % (side * side);
        return cell{u.at.x + in_layer % side - window, u.at.y + in_layer / side - window};
    };
    using entry = std::pair<double, std::int32_t>;
    std::priority_queue<entry, std::vector<entry>, std::greater<>> open;
    const std::int32_t root = state(u.at, 0);
    st_g_[static_cast<std::size_t>(root)] = 0;
    st_parent_[static_cast<std::size_t>(root)] = -1;
    st_stamp_[static_cast<std::size_t>(root)] = gen;
    open.push({octile(u.at, waypoint), root});
    std::int32_t found = -1;
    while (!open.empty()) {
        const auto [f, k] = open.top();
        open.pop();
        const auto ks = static_cast<std::size_t>(k);
        if (st_closed_[ks] == gen) continue;
        st_closed_[ks] = gen;
        const std::int32_t dt = k / (side * side);
        if (dt == window) {
            found = k;
            break;
        }
        const cell at = cell_of_state(k);
        const double g = st_g_[ks];
        for (int d = -1; d < 8; ++d) {
            cell to = at;
            double cost = (waypoint_is_goal && at == u.goal) ? 0.0 : 1.0; // waiting
            if (d >= 0) {
                const auto dir = static_cast<unsigned>(d);
                to = {at.x + grid::direction_dx[dir], at.y + grid::direction_dy[dir]};
                if (!fp.passable(to)) continue;
                if (dir >= 4 && (!fp.passable({to.x, at.y}) || !fp.passable({at.x, to.y}))) {
                    continue;
                }
                cost = dir < 4 ? 1.0 : sqrt2;
            }
            std::int32_t ticks = 1;
            if (d >= 0) {
                ticks = k == root ? ticks_to_first_step : ticks_per_step;
                if (dt + ticks > window) continue;
                bool stand = true;
                for (std::int32_t w = 0; w + 1 < ticks && stand; ++w) {
                    stand = allowed(at, at, static_cast<std::uint64_t>(dt + w));
                }
                if (!stand) continue;
                cost += static_cast<double>(ticks - 1);
            }
            if (!allowed(at, to, static_cast<std::uint64_t>(dt + ticks - 1))) continue;
            const std::int32_t nk = state(to, dt + ticks);
            const auto nks = static_cast<std::size_t>(nk);
            const double ng = g + cost;
            if (st_stamp_[nks] == gen && (st_closed_[nks] == gen || st_g_[nks] <= ng)) continue;
            st_stamp_[nks] = gen;
            st_g_[nks] = ng;
            st_parent_[nks] = k;
            open.push({ng + octile(to, waypoint), nk});
        }
    }
    const bool have = found >= 0;
    std::vector<cell>& plan = plans_[u.id];
    plan.clear();
    if (have) {
        // One position per tick: a slow unit's step spans several ticks standing.
        std::int32_t later = -1;
        for (std::int32_t k = found; k >= 0; k = st_parent_[static_cast<std::size_t>(k)]) {
            const std::int32_t dt = k / (side * side);
            const std::int32_t repeat = later < 0 ? 1 : later - dt;
            for (std::int32_t r = 0; r < repeat; ++r) plan.push_back(cell_of_state(k));
            later = dt;
        }
        std::reverse(plan.begin(), plan.end());
    } else {
        plan.push_back(u.at); // boxed in: stay this tick, plan again next tick
    }
    plan_start_[u.id] = now;
    for (std::size_t i = 0; i < plan.size(); ++i) reserve(now + i, u, plan[i]);
}

cell simulation::wanted_cell(const unit& u) const {
    if (u.state != unit_state::moving) return u.at;
    if (options_.mode == collision_mode::cooperative) {
        const auto& plan = plans_[u.id];
        const std::uint64_t i = tick_ + 1 - plan_start_[u.id];
        return i < plan.size() ? plan[i] : u.at;
    }
    return u.next < u.path.size() ? u.path[u.next] : u.at;
}

std::size_t simulation::resolve_moves(tick_report& report) {
    const std::size_t n = units_.size();
    std::vector<cell> want(n);
    std::vector<std::uint8_t> decided(n, 0), moved(n, 0), tried(n, 0);
    // Who holds each cell next tick: a map-sized scratch kept between ticks, cleared by the
    // cells marked (not by size), so a tick costs O(units), not O(map).
    std::vector<std::int32_t>& next_occ = scratch_;
    if (next_occ.size() != occupancy_.size()) next_occ.assign(occupancy_.size(), -1);
    std::vector<std::size_t> marked;
    auto mark = [&](std::size_t i, cell anchor) {
        const std::int32_t s = units_[i].size;
        for (std::int32_t dy = 0; dy < s; ++dy) {
            for (std::int32_t dx = 0; dx < s; ++dx) {
                const std::size_t k = index({anchor.x + dx, anchor.y + dy});
                next_occ[k] = static_cast<std::int32_t>(i);
                marked.push_back(k);
            }
        }
    };
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return units_[a].priority > units_[b].priority;
    });
    for (std::size_t i = 0; i < n; ++i) {
        unit& u = units_[i];
        want[i] = u.at;
        if (u.state == unit_state::moving) {
            u.progress = std::min(1.0, u.progress + u.speed);
            if (u.progress >= 1.0 - 1e-9) want[i] = wanted_cell(u);
        }
        if (want[i] == u.at) {
            decided[i] = 1;
            mark(i, u.at);
        } else {
            tried[i] = 1;
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (const std::size_t i : order) {
            if (decided[i]) continue;
            const unit& u = units_[i];
            const std::int32_t s = u.size;
            bool pending = false, stay = false;
            for (std::int32_t dy = 0; dy < s && !stay; ++dy) {
                for (std::int32_t dx = 0; dx < s && !stay; ++dx) {
                    const cell q{want[i].x + dx, want[i].y + dy};
                    const std::int32_t taken = next_occ[index(q)];
                    if (taken >= 0 && taken != static_cast<std::int32_t>(i)) {
                        stay = true;
                        break;
                    }
                    const std::int32_t now = occupancy_[index(q)];
                    if (now < 0 || now == static_cast<std::int32_t>(i)) continue;
                    const auto j = static_cast<std::size_t>(now);
                    if (!decided[j]) {
                        pending = true;
                    } else if (moved[j] && overlap(want[j], units_[j].size, u.at, s)) {
                        stay = true; // a swap
                    }
                }
            }
            if (stay) {
                decided[i] = 1;
                mark(i, u.at);
                changed = true;
            } else if (!pending) {
                decided[i] = 1;
                moved[i] = 1;
                mark(i, want[i]);
                changed = true;
            }
        }
    }
    std::size_t moved_count = 0;
    for (std::size_t i = 0; i < n; ++i) {
        unit& u = units_[i];
        if (!decided[i]) mark(i, u.at); // a cycle of units waiting on each other: all stay
        if (moved[i]) {
            occupy(u, -1);
            const bool diagonal = want[i].x != u.at.x && want[i].y != u.at.y;
            u.walked += diagonal ? sqrt2 : 1.0;
            u.at = want[i];
            u.progress -= 1.0;
            u.waited = 0;
            u.moved_tick = tick_;
            // Closer to the goal than ever: the re-paths so far were not futile.
            const double to_goal = octile(u.at, u.goal);
            if (u.closest < 0 || to_goal < u.closest - 0.5) {
                u.closest = to_goal;
                u.futile_repaths = 0;
            }
            ++moved_count;
            if (options_.mode == collision_mode::local) {
                ++u.next;
            } else {
                const std::size_t end = std::min(u.path.size(), u.next + 2 * options_.window + 1);
                for (std::size_t j = u.next; j < end; ++j) {
                    if (u.path[j] == u.at) u.next = j + 1;
                }
            }
        } else if (tried[i]) {
            ++u.waits;
            ++u.waited;
            ++report.waited;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (moved[i]) occupy(units_[i], static_cast<std::int32_t>(i));
    }
    for (const std::size_t k : marked) next_occ[k] = -1;
    return moved_count;
}

std::size_t simulation::count_conflicts(const std::vector<cell>& before) {
    std::size_t conflicts = 0;
    const std::size_t n = units_.size();
    std::vector<std::int32_t>& claim = scratch_;
    if (claim.size() != occupancy_.size()) claim.assign(occupancy_.size(), -1);
    std::vector<std::size_t> touched;
    auto footprint = [&](cell at, std::int32_t size, auto&& visit) {
        for (std::int32_t dy = 0; dy < size; ++dy) {
            for (std::int32_t dx = 0; dx < size; ++dx) visit(index({at.x + dx, at.y + dy}));
        }
    };
    // Shared cells: every unit's footprint must be the only claim on its cells.
    for (std::size_t i = 0; i < n; ++i) {
        footprint(units_[i].at, units_[i].size, [&](std::size_t k) {
            if (claim[k] >= 0 && claim[k] != static_cast<std::int32_t>(i)) ++conflicts;
            claim[k] = static_cast<std::int32_t>(i);
            touched.push_back(k);
        });
    }
    for (const std::size_t k : touched) claim[k] = -1;
    touched.clear();
    // Swaps: a unit moved onto where another was while that one moved onto where it was.
    // Only units that moved can swap: their old cells, looked up by the new ones.
    for (std::size_t i = 0; i < n; ++i) {
        if (units_[i].at == before[i]) continue;
        footprint(before[i], units_[i].size, [&](std::size_t k) {
            claim[k] = static_cast<std::int32_t>(i);
            touched.push_back(k);
        });
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (units_[i].at == before[i]) continue;
        std::int32_t last = -1;
        footprint(units_[i].at, units_[i].size, [&](std::size_t k) {
            const std::int32_t j = claim[k];
            if (j < 0 || j == static_cast<std::int32_t>(i) || j == last) return;
            last = j;
            const auto ju = static_cast<std::size_t>(j);
            if (i < ju && overlap(units_[ju].at, units_[ju].size, before[i], units_[i].size)) {
                ++conflicts;
            }
        });
    }
    for (const std::size_t k : touched) claim[k] = -1;
    return conflicts;
}

tick_report simulation::step() {
    const auto t0 = std::chrono::steady_clock::now();
    tick_report report;
    report.tick = tick_;
    // 1. Path requests: units that need one ask (solo paths: other units ignored).
    for (unit& u : units_) {
        if (u.state == unit_state::blocked && u.will_retry && tick_ >= u.resume_tick) {
            u.will_retry = false;
            ++u.retries;
            u.futile_repaths = 0;
            u.state = unit_state::idle;
            u.reason.clear();
        }
        if (u.state == unit_state::idle && tick_ >= u.resume_tick) {
            ask_path(u, footprints_[static_cast<std::size_t>(u.size)], 0);
        }
    }
    const std::uint64_t before = scheduler_.stats().expansions;
    auto answers = scheduler_.serve(tick_, options_.tick_budget);
    report.answered = answers.size();
    report.expansions = scheduler_.stats().expansions - before;
    take_answers(std::move(answers));

    // 2. Cooperative mode: units that stand still hold their cells; moving units whose plan
    // is half used (or broken) plan again, in priority order.
    if (options_.mode == collision_mode::cooperative) {
        advance_layers(); // old reservations are dropped as time passes
        for (unit& u : units_) {
            if (u.state != unit_state::moving) reserve_standing(u);
        }
        std::vector<std::size_t> order;
        for (const unit& u : units_) {
            if (u.state != unit_state::moving) continue;
            const auto& plan = plans_[u.id];
            const std::uint64_t used = tick_ - plan_start_[u.id];
            const bool broken =
                plan.empty() || used >= plan.size() || plan[static_cast<std::size_t>(used)] != u.at;
            if (broken || used >= static_cast<std::uint64_t>(options_.window / 2) || u.waited > 0) {
                order.push_back(u.id);
            }
        }
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return units_[a].priority > units_[b].priority;
        });
        for (const std::size_t i : order) {
            unit& u = units_[i];
            // Far off its own path (pushed aside): the window's target may lie behind a wall
            // now, so it asks for a fresh path from where it is first. Near the path (two
            // cells), the window's search finds its way back.
            bool near_path = u.next == 0 || u.next > u.path.size();
            const std::size_t ahead =
                std::min(u.path.size(), u.next + static_cast<std::size_t>(options_.window));
            for (std::size_t j = u.next > 0 ? u.next - 1 : 0; !near_path && j < ahead; ++j) {
                near_path =
                    std::abs(u.path[j].x - u.at.x) <= 2 && std::abs(u.path[j].y - u.at.y) <= 2;
            }
            if (!near_path) {
                ++u.repaths;
                ask_path(u, footprints_[static_cast<std::size_t>(u.size)], 0);
                reserve_standing(u);
                continue;
            }
            plan_cooperative(u);
        }
    }

    // 3. Moves.
    std::vector<cell> before_cells(units_.size());
    for (std::size_t i = 0; i < units_.size(); ++i) before_cells[i] = units_[i].at;
    report.moved = resolve_moves(report);
    report.conflicts = count_conflicts(before_cells);
    conflicts_ += report.conflicts;

    // 4. Arrivals, and units stuck behind others.
    for (unit& u : units_) {
        if (u.state != unit_state::moving) continue;
        // (A parked unit asked aside stands on its goal with a path still to walk.)
        if (u.at == u.goal && u.next >= u.path.size()) {
            u.state = unit_state::arrived;
            u.arrived_tick = tick_ + 1;
            continue;
        }
        const std::int32_t parked = [&] {
            for (std::int32_t dy = 0; dy < u.size; ++dy) {
                for (std::int32_t dx = 0; dx < u.size; ++dx) {
                    const std::int32_t o = occupant({u.goal.x + dx, u.goal.y + dy});
                    if (o >= 0 && o != static_cast<std::int32_t>(u.id) &&
                        units_[static_cast<std::size_t>(o)].state == unit_state::arrived) {
                        return o;
                    }
                }
            }
            return -1;
        }();
        const bool next_to_goal =
            std::abs(u.at.x - u.goal.x) <= u.size && std::abs(u.at.y - u.goal.y) <= u.size;
        if (parked >= 0 && next_to_goal) {
            u.state = unit_state::arrived;
            u.arrived_tick = tick_ + 1;
            u.reason = "goal occupied by unit " + std::to_string(parked) + "; stopped next to it";
            continue;
        }
        if (options_.mode == collision_mode::local) {
            if (u.next >= u.path.size()) {
                // The path ended short of the goal (it gave way to another unit, or stopped
                // next to a parked unit which has left since): rest a little, then ask again.
                u.state = unit_state::idle;
                u.resume_tick = tick_ + 1 + static_cast<std::uint64_t>(options_.wait_before_repath);
            } else if (u.waited >= options_.wait_before_repath) {
                repath_around_units(u);
            }
        } else if (!u.path.empty() && u.next >= u.path.size() && u.at == u.path.back()) {
            // As in local mode: a path that ended short of the goal (it stepped aside for
            // another unit) is asked again after a rest.
            u.state = unit_state::idle;
            u.resume_tick = tick_ + 1 + static_cast<std::uint64_t>(options_.wait_before_repath);
        } else if (tick_ - u.moved_tick >= static_cast<std::uint64_t>(options_.window) &&
                   move_parked_aside(u)) {
            // A unit parked on its way (its plans keep it standing behind it): asked aside.
        } else if (u.waited >= options_.wait_before_repath * 8) {
            ++u.repaths;
            if (++u.futile_repaths > options_.max_repaths) {
                blocked_by_units(u, "could not get past other units");
            }
            u.waited = 0;
        }
    }
    ++tick_;
    hash_positions();
    report.cpu_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

} // namespace xunlu::agents
