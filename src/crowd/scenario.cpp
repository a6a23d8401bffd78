// The crowd scenarios and their run (scenario.hpp).
#include "xunlu/crowd/scenario.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <numbers>
#include <random>

#include "xunlu/crowd/grid_surface.hpp"
#include "xunlu/crowd/spatial_hash.hpp"
#include "xunlu/grid/map_generators.hpp"

namespace xunlu::crowd {

namespace {

std::shared_ptr<const grid::grid_map> open_map(std::int32_t w, std::int32_t h) {
    auto m = grid::grid_map::create(w, h);
    return std::make_shared<const grid::grid_map>(std::move(*m));
}

double path_length(vec2 from, const surface_path& p) {
    double len = 0;
    vec2 at = from;
    for (const vec2 q : p.points) {
        len += length(q - at);
        at = q;
    }
    return len;
}

/// The longest shortest path of the bodies over their speed.
result<double> ideal_time(const std::shared_ptr<const grid::grid_map>& map,
                          const std::vector<agent_params>& agents) {
    auto surface = std::make_shared<grid_surface>(map);
    const wall_index walls(surface->walls(), surface->bounds(), 2 * max_radius);
    double worst = 0;
    for (const agent_params& a : agents) {
        double len = length(a.goal - a.position);
        if (!walls.clear_line(a.position, a.goal, a.radius * 0.95)) {
            const surface_path p = surface->find_path(a.position, a.goal, a.radius);
            if (!p.found) return error{"scenario: a goal cannot be reached: " + p.reason};
            len = path_length(a.position, p);
        }
        worst = std::max(worst, len / a.max_speed);
    }
    return worst;
}

agent_params body_at(const scenario_options& o, vec2 p, vec2 goal) {
    agent_params a;
    a.position = p;
    a.goal = goal;
    a.radius = o.radius;
    a.max_speed = o.speed;
    return a;
}

result<scenario> circle(const scenario_options& o) {
    const double n = static_cast<double>(o.agents);
    const double r =
        std::max({10.0, 0.9 * n / std::numbers::pi, 1.1 * o.radius * n / std::numbers::pi});
    const double margin = 5 + o.radius;
    const auto side = static_cast<std::int32_t>(std::ceil(2 * (r + margin)));
    scenario s;
    s.map = open_map(side, side);
    const vec2 c{side / 2.0, side / 2.0};
    for (std::size_t i = 0; i < o.agents; ++i) {
        const double a = 2 * std::numbers::pi * static_cast<double>(i) / n;
        const vec2 p = c + vec2{std::cos(a), std::sin(a)} * r;
        s.agents.push_back(body_at(o, p, c - (p - c)));
    }
    s.ideal_s = 2 * r / o.speed;
    return s;
}

result<scenario> blocks(const scenario_options& o) {
    const std::size_t per_group = (o.agents + 3) / 4;
    const auto k = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(per_group))));
    const double spacing = 2 * o.radius + 0.6;
    const double group = static_cast<double>(k) * spacing;
    const double inner = 45; // the groups start beyond the blocks (10..40 m from the centre)
    const auto side = static_cast<std::int32_t>(std::ceil(2 * (inner + group + 5)));
    auto m = grid::grid_map::create(side, side);
    if (!m) return m.err();
    const double c = side / 2.0;
    for (std::int32_t y = 0; y < side; ++y) {
        for (std::int32_t x = 0; x < side; ++x) {
            const double dx = std::abs(x + 0.5 - c), dy = std::abs(y + 0.5 - c);
            if (dx > 10 && dx < 40 && dy > 10 && dy < 40) m->set_high_obstacle({x, y}, true);
        }
    }
    scenario s;
    s.map = std::make_shared<const grid::grid_map>(std::move(*m));
    const std::array<vec2, 4> dirs{vec2{1, 1}, vec2{-1, 1}, vec2{-1, -1}, vec2{1, -1}};
    // The seed moves every body by up to 0.1 m on each axis (seed 0: the exact lattice).
    std::mt19937_64 rng(o.seed);
    auto jitter = [&] {
        return o.seed == 0 ? 0.0 : (static_cast<double>(rng() % 2001) / 1000.0 - 1.0) * 0.1;
    };
    for (std::size_t i = 0; i < o.agents; ++i) {
        const std::size_t g = i % 4, slot = i / 4;
        const double u = inner + spacing * (0.5 + static_cast<double>(slot % k)) + jitter();
        const double v = inner + spacing * (0.5 + static_cast<double>(slot / k)) + jitter();
        const vec2 p{c + dirs[g].x * u, c + dirs[g].y * v};
        s.agents.push_back(body_at(o, p, vec2{c, c} - (p - vec2{c, c})));
    }
    auto ideal = ideal_time(s.map, s.agents);
    if (!ideal) return ideal.err();
    s.ideal_s = *ideal;
    return s;
}

result<scenario> random_scene(const scenario_options& o) {
    std::shared_ptr<const grid::grid_map> map = o.map;
    if (!map) {
        const double need = 8.0 * static_cast<double>(o.agents) * std::pow(2.2 * o.radius, 2);
        const auto base = std::max<std::int32_t>(
            24, static_cast<std::int32_t>(std::ceil(std::sqrt(need / 9 / 0.8))));
        auto rooms = grid::generate_rooms(base, base, 8, o.seed);
        if (!rooms) return rooms.err();
        auto big = grid::grid_map::create(base * 3, base * 3);
        if (!big) return big.err();
        for (std::int32_t y = 0; y < base * 3; ++y) {
            for (std::int32_t x = 0; x < base * 3; ++x) {
                if (!rooms->passable({x / 3, y / 3})) big->set_high_obstacle({x, y}, true);
            }
        }
        map = std::make_shared<const grid::grid_map>(std::move(*big));
    }
    grid_surface surface(map);
    const auto plan = surface.planning_map(o.radius * 1.05);
    // The largest 4-connected region of cells a body fits in.
    const std::int32_t w = plan->width(), h = plan->height();
    std::vector<std::int32_t> label(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), -1);
    std::vector<cell> best, cur, stack;
    std::int32_t next = 0;
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            const auto at = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                            static_cast<std::size_t>(x);
            if (label[at] >= 0 || !plan->passable({x, y})) continue;
            cur.clear();
            stack.assign(1, cell{x, y});
            label[at] = next;
            while (!stack.empty()) {
                const cell c = stack.back();
                stack.pop_back();
                cur.push_back(c);
                for (const auto& [dx, dy] :
                     {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
                    const cell n{c.x + dx, c.y + dy};
                    if (!plan->passable(n)) continue;
                    const auto ni = static_cast<std::size_t>(n.y) * static_cast<std::size_t>(w) +
                                    static_cast<std::size_t>(n.x);
                    if (label[ni] >= 0) continue;
                    label[ni] = next;
                    stack.push_back(n);
                }
            }
            ++next;
            if (cur.size() > best.size()) best = cur;
        }
    }
    std::sort(best.begin(), best.end(),
              [](cell a, cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    std::mt19937_64 rng(o.seed);
    auto pick = [&]() -> result<std::vector<vec2>> {
        std::vector<cell> order = best;
        for (std::size_t i = order.size(); i > 1; --i) {
            std::swap(order[i - 1], order[static_cast<std::size_t>(rng() % i)]);
        }
        std::vector<vec2> chosen;
        std::vector<std::uint8_t> taken(label.size(), 0);
        const double gap = 2.2 * o.radius;
        const auto reach = static_cast<std::int32_t>(std::ceil(gap));
        for (const cell c : order) {
            if (chosen.size() == o.agents) break;
            bool clear = true;
            for (std::int32_t y = std::max(0, c.y - reach);
                 y <= std::min(h - 1, c.y + reach) && clear; ++y) {
                for (std::int32_t x = std::max(0, c.x - reach); x <= std::min(w - 1, c.x + reach);
                     ++x) {
                    if (taken[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                              static_cast<std::size_t>(x)] &&
                        std::hypot(double(x - c.x), double(y - c.y)) < gap) {
                        clear = false;
                        break;
                    }
                }
            }
            if (!clear) continue;
            taken[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(w) +
                  static_cast<std::size_t>(c.x)] = 1;
            chosen.push_back(vec2{c.x + 0.5, c.y + 0.5});
        }
        if (chosen.size() < o.agents) {
            return error{"random: the map's largest region has room for only " +
                         std::to_string(chosen.size()) + " bodies of radius " +
                         std::to_string(o.radius) + " m"};
        }
        return chosen;
    };
    auto starts = pick();
    if (!starts) return starts.err();
    auto goals = pick();
    if (!goals) return goals.err();
    scenario s;
    s.map = map;
    for (std::size_t i = 0; i < o.agents; ++i) {
        s.agents.push_back(body_at(o, (*starts)[i], (*goals)[i]));
    }
    auto ideal = ideal_time(s.map, s.agents);
    if (!ideal) return ideal.err();
    s.ideal_s = *ideal;
    return s;
}

void hash_bytes(std::uint64_t& h, const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
}

} // namespace

result<scenario> make_scenario(const scenario_options& o) {
    if (o.agents < 1 || o.agents > max_agents) {
        return error{"--agents " + std::to_string(o.agents) + " is outside [1, " +
                     std::to_string(max_agents) + "]"};
    }
    if (!(o.radius > 0) || o.radius > max_radius) {
        return error{"--radius must be in (0, " + std::to_string(max_radius) + "] m"};
    }
    if (!(o.speed > 0) || o.speed > 100) return error{"--speed must be in (0, 100] m/s"};
    if (!(o.dt > 0) || o.dt > 1) return error{"--dt must be in (0, 1] s"};
    if (!(o.seconds >= 0) || o.seconds > 1e6) return error{"--seconds must be in [0, 1e6]"};
    if (o.name == "circle") {
        if (o.agents > 20000) return error{"circle: at most 20000 agents (the map grows as N^2)"};
        return circle(o);
    }
    if (o.name == "blocks") return blocks(o);
    if (o.name == "random") return random_scene(o);
    return error{"unknown scenario '" + o.name + "' (circle, blocks, random)"};
}

result<run_stats> run_scenario(const scenario& s, const scenario_options& o,
                               const trajectory_sink& sink) {
    crowd_options co;
    co.threads = o.threads;
    co.seed = o.seed;
    crowd_world world(std::make_shared<grid_surface>(s.map), co);
    std::vector<agent_id> ids;
    for (std::size_t i = 0; i < s.agents.size(); ++i) {
        auto id = world.add_agent(s.agents[i]);
        if (!id) return error{"agent " + std::to_string(i) + ": " + id.err().message};
        ids.push_back(*id);
    }
    run_stats st;
    st.agents = ids.size();
    st.ideal_s = s.ideal_s;
    const double cap = o.seconds > 0 ? o.seconds : 3 * s.ideal_s + 30;
    const auto max_ticks = static_cast<std::uint64_t>(std::ceil(cap / o.dt));
    std::vector<vec2> pos(ids.size());
    std::vector<double> radius(ids.size());
    std::vector<std::uint32_t> index(ids.size());
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    spatial_hash check;
    double rmax = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        radius[i] = s.agents[i].radius;
        rmax = std::max(rmax, radius[i]);
        index[i] = static_cast<std::uint32_t>(i);
    }
    auto observe = [&](std::uint64_t tick) {
        std::size_t arrived = 0, blocked = 0;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const auto v = world.agent(ids[i]);
            pos[i] = v->params.position;
            arrived += v->state == agent_state::arrived ? 1 : 0;
            blocked += v->state == agent_state::blocked ? 1 : 0;
            hash_bytes(hash, &pos[i], sizeof(vec2));
        }
        if (sink) sink(tick, pos);
        // Overlaps and walls, checked apart from the world's own bookkeeping.
        check.build(pos, index, std::max(2 * rmax, 0.5));
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const double reach = radius[i] + rmax;
            bool over = false;
            check.for_each_in_box(pos[i] - vec2{reach, reach}, pos[i] + vec2{reach, reach},
                                  [&](std::uint32_t j, vec2 q) {
                                      if (j == i) return;
                                      const double comb = radius[i] + radius[j];
                                      const double pen = (comb - length(q - pos[i])) / comb;
                                      st.max_penetration = std::max(st.max_penetration, pen);
                                      if (pen > overlap_tolerance) over = true;
                                  });
            st.overlap_agent_ticks += over ? 1 : 0;
            st.wall_agent_ticks += world.legal_spot(pos[i], radius[i] - 1e-6) ? 0 : 1;
        }
        st.arrived = arrived;
        st.blocked = blocked;
        return arrived == ids.size();
    };
    observe(0);
    double busy_us = 0;
    for (std::uint64_t t = 1; t <= max_ticks; ++t) {
        const auto t0 = std::chrono::steady_clock::now();
        auto ts = world.step(o.dt);
        busy_us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                       .count();
        if (!ts) return ts.err();
        st.held_back += ts->held_back;
        st.path_searches += ts->path_searches;
        st.ticks = t;
        if (observe(t)) {
            st.completion_s = static_cast<double>(t) * o.dt;
            break;
        }
    }
    st.max_penetration = std::max(0.0, st.max_penetration);
    if (st.ticks > 0 && !ids.empty()) {
        st.us_per_agent_tick = busy_us / (static_cast<double>(st.ticks) * double(ids.size()));
    }
    st.trajectory_hash = hash;
    return st;
}

} // namespace xunlu::crowd
