// The route benchmark's world generator and designer-style waypoint graph generator.
#include "route_world.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>

#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/postprocess/turning_points.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu::bench {

namespace {

/// Deterministic across standard libraries (std distributions are not).
struct rng_stream {
    std::mt19937_64 engine;
    explicit rng_stream(std::uint64_t seed) : engine(seed) {}
    double unit() { return static_cast<double>(engine() >> 11) * 0x1.0p-53; }
    std::int32_t range(std::int32_t lo, std::int32_t hi) { // inclusive
        return lo + static_cast<std::int32_t>(engine() % static_cast<std::uint64_t>(hi - lo + 1));
    }
};

void disc(grid::grid_map& m, double cx, double cy, double r, bool blocked) {
    const auto x0 = static_cast<std::int32_t>(std::floor(cx - r));
    const auto x1 = static_cast<std::int32_t>(std::ceil(cx + r));
    const auto y0 = static_cast<std::int32_t>(std::floor(cy - r));
    const auto y1 = static_cast<std::int32_t>(std::ceil(cy + r));
    for (std::int32_t y = y0; y <= y1; ++y) {
        for (std::int32_t x = x0; x <= x1; ++x) {
            const double dx = x + 0.5 - cx, dy = y + 0.5 - cy;
            if (dx * dx + dy * dy <= r * r && m.in_bounds({x, y})) {
                m.set_high_obstacle({x, y}, blocked);
            }
        }
    }
}

} // namespace

route_world generate_route_world(std::int32_t width, std::int32_t height, std::uint64_t seed,
                                 const std::vector<cell>& keep_free) {
    rng_stream rng(seed);
    route_world w{grid::grid_map::create(width, height).value(), keep_free, {0, 0}};
    grid::grid_map& m = w.map;
    const double area = static_cast<double>(width) * height;
    // Mountain ranges: chains of overlapping discs.
    const int ranges = static_cast<int>(area / 9000);
    for (int i = 0; i < ranges; ++i) {
        double x = rng.unit() * width, y = rng.unit() * height;
        double heading = rng.unit() * 6.283185307179586;
        const int links = rng.range(4, 14);
        for (int k = 0; k < links; ++k) {
            disc(m, x, y, 3 + rng.unit() * 9, true);
            heading += (rng.unit() - 0.5) * 1.2;
            x += std::cos(heading) * 7;
            y += std::sin(heading) * 7;
        }
    }
    // Rivers across the map (west to east), 5 cells wide, with a bridge every ~90 cells.
    for (int r = 0; r < height / 220; ++r) {
        double y = (r + 0.5) * 220 + (rng.unit() - 0.5) * 60;
        int next_bridge = rng.range(30, 90);
        for (std::int32_t x = 0; x < width; ++x) {
            y += (rng.unit() - 0.5) * 1.6;
            const bool bridge = --next_bridge <= 0;
            if (next_bridge == -3) { // mid-bridge: waypoints on it and on both banks
                const auto ym = static_cast<std::int32_t>(y);
                for (const std::int32_t off : {-6, 0, 6}) w.landmarks.push_back({x, ym + off});
            }
            if (next_bridge <= -6) next_bridge = rng.range(60, 120);
            for (std::int32_t dy = -2; dy <= 2; ++dy) {
                const cell c{x, static_cast<std::int32_t>(y) + dy};
                if (m.in_bounds(c)) m.set_high_obstacle(c, !bridge);
            }
        }
    }
    // Walled towns with two gates.
    for (int t = 0; t < static_cast<int>(area / 60000); ++t) {
        const std::int32_t tw = rng.range(30, 60), th = rng.range(30, 60);
        const std::int32_t x0 = rng.range(5, width - tw - 5), y0 = rng.range(5, height - th - 5);
        for (std::int32_t x = x0; x < x0 + tw; ++x) {
            for (std::int32_t y = y0; y < y0 + th; ++y) m.set_high_obstacle({x, y}, false);
        }
        for (std::int32_t x = x0; x < x0 + tw; ++x) {
            m.set_high_obstacle({x, y0}, true);
            m.set_high_obstacle({x, y0 + th - 1}, true);
        }
        for (std::int32_t y = y0; y < y0 + th; ++y) {
            m.set_high_obstacle({x0, y}, true);
            m.set_high_obstacle({x0 + tw - 1, y}, true);
        }
        for (std::int32_t g = -2; g <= 2; ++g) {
            m.set_high_obstacle({x0 + tw / 2 + g, y0}, false);
            m.set_high_obstacle({x0 + tw - 1, y0 + th / 2 + g}, false);
        }
        w.landmarks.push_back({x0 + tw / 2, y0 - 3});
        w.landmarks.push_back({x0 + tw / 2, y0 + 2});
        w.landmarks.push_back({x0 + tw + 2, y0 + th / 2});
        w.landmarks.push_back({x0 + tw - 3, y0 + th / 2});
        // Houses inside.
        for (int h = 0; h < 6; ++h) {
            const std::int32_t hx = rng.range(x0 + 3, x0 + tw - 9),
                               hy = rng.range(y0 + 3, y0 + th - 9);
            for (std::int32_t x = hx; x < hx + 5; ++x)
                for (std::int32_t y = hy; y < hy + 4; ++y) m.set_high_obstacle({x, y}, true);
        }
    }
    // Scattered rocks.
    const auto rocks = static_cast<std::int64_t>(area * 0.02);
    for (std::int64_t i = 0; i < rocks; ++i) {
        m.set_high_obstacle({rng.range(0, width - 1), rng.range(0, height - 1)}, true);
    }
    // Keep the benchmark endpoints free (with a little room around them).
    for (const cell c : keep_free) disc(m, c.x + 0.5, c.y + 0.5, 3, false);
    // A lake with an island last, so nothing above reconnects the island.
    const double lx = width * 0.5, ly = height * 0.5;
    disc(m, lx, ly, 26, true);
    disc(m, lx, ly, 7, false);
    w.island_cell = {static_cast<std::int32_t>(lx), static_cast<std::int32_t>(ly)};
    return w;
}

waypoint::waypoint_graph generate_waypoint_graph(const grid::grid_map& map, std::int32_t spacing,
                                                 std::uint64_t seed,
                                                 const std::vector<cell>& landmarks) {
    rng_stream rng(seed);
    std::vector<waypoint::waypoint> wps;
    auto clear_around = [&](cell c, std::int32_t r) {
        for (std::int32_t dy = -r; dy <= r; ++dy)
            for (std::int32_t dx = -r; dx <= r; ++dx)
                if (!map.passable({c.x + dx, c.y + dy}, grid::obstacle_mask::high_only))
                    return false;
        return true;
    };
    std::int64_t next_id = 1000;
    for (std::int32_t gy = spacing / 2; gy < map.height(); gy += spacing) {
        for (std::int32_t gx = spacing / 2; gx < map.width(); gx += spacing) {
            const cell base{gx + rng.range(-spacing / 4, spacing / 4),
                            gy + rng.range(-spacing / 4, spacing / 4)};
            // Nearest cell with 2 cells of clearance within a small window.
            std::optional<cell> best;
            std::int64_t best_d = 0;
            for (std::int32_t dy = -spacing / 3; dy <= spacing / 3; ++dy) {
                for (std::int32_t dx = -spacing / 3; dx <= spacing / 3; ++dx) {
                    const cell c{base.x + dx, base.y + dy};
                    if (!map.in_bounds(c) || !clear_around(c, 2)) continue;
                    const std::int64_t d = std::int64_t{dx} * dx + std::int64_t{dy} * dy;
                    if (!best || d < best_d) {
                        best = c;
                        best_d = d;
                    }
                }
            }
            if (best) wps.push_back({next_id++, *best});
        }
    }
    for (const cell c : landmarks) {
        if (map.passable(c, grid::obstacle_mask::high_only)) wps.push_back({next_id++, c});
    }
    std::vector<waypoint::link> links;
    const double reach = spacing * 1.9;
    for (std::uint32_t a = 0; a < wps.size(); ++a) {
        std::vector<std::pair<double, std::uint32_t>> near;
        for (std::uint32_t b = 0; b < wps.size(); ++b) {
            if (b == a) continue;
            const double d = std::hypot(wps[a].at.x - wps[b].at.x, wps[a].at.y - wps[b].at.y);
            if (d <= reach) near.emplace_back(d, b);
        }
        std::sort(near.begin(), near.end());
        int linked = 0;
        for (const auto& [d, b] : near) {
            if (linked >= 8) break;
            if (!grid::line_of_sight(map, wps[a].at, wps[b].at)) continue;
            ++linked;
            if (a < b) links.push_back({a, b, d});
        }
    }
    // Roads around obstacles: near pairs that cannot see each other but are joined by a short
    // walk get the walk's turning points as waypoints (one chain of links per road).
    auto add_road = [&](std::uint32_t from, std::uint32_t to, const std::vector<point>& turns) {
        std::uint32_t prev = from;
        for (std::size_t k = 1; k < turns.size(); ++k) {
            std::uint32_t next = to;
            if (k + 1 < turns.size()) {
                next = static_cast<std::uint32_t>(wps.size());
                wps.push_back({next_id++,
                               {static_cast<std::int32_t>(turns[k].x),
                                static_cast<std::int32_t>(turns[k].y)}});
            }
            links.push_back(
                {prev, next,
                 std::hypot(wps[prev].at.x - wps[next].at.x, wps[prev].at.y - wps[next].at.y)});
            prev = next;
        }
    };
    const auto lattice = static_cast<std::uint32_t>(wps.size());
    for (std::uint32_t a = 0; a < lattice; ++a) {
        for (std::uint32_t b = a + 1; b < lattice; ++b) {
            const double d = std::hypot(wps[a].at.x - wps[b].at.x, wps[a].at.y - wps[b].at.y);
            if (d > spacing * 1.5 || grid::line_of_sight(map, wps[a].at, wps[b].at)) continue;
            const auto walk = search::find_path_astar(
                map, {.start = wps[a].at,
                      .goal = wps[b].at,
                      .low_obstacles_block = false,
                      .max_expansions = static_cast<std::uint64_t>(spacing) * spacing * 4});
            if (!walk.found() || walk.length > d * 1.6) continue;
            add_road(a, b,
                     postprocess::string_pull(map, postprocess::cell_centres(walk.path),
                                              grid::obstacle_mask::high_only));
        }
    }
    // Like a designer, join the pieces the lattice left apart (rivers, ranges) with a road:
    // the string-pulled shortest path between the two nearest waypoints, one waypoint per turn.
    std::vector<std::uint32_t> parent(wps.size());
    auto find = [&](std::uint32_t a) {
        while (parent[a] != a) a = parent[a] = parent[parent[a]];
        return a;
    };
    std::vector<bool> given_up(wps.size(), false);
    for (int round = 0; round < 400 && !wps.empty(); ++round) {
        parent.resize(wps.size());
        for (std::uint32_t i = 0; i < wps.size(); ++i) parent[i] = i;
        for (const auto& l : links) parent[find(l.a)] = find(l.b);
        given_up.resize(wps.size(), false);
        const std::uint32_t main_root = find(0);
        double best = 0;
        std::optional<std::pair<std::uint32_t, std::uint32_t>> pair;
        for (std::uint32_t b = 0; b < wps.size(); ++b) {
            if (find(b) == main_root || given_up[find(b)]) continue;
            for (std::uint32_t a = 0; a < wps.size(); ++a) {
                if (find(a) != main_root) continue;
                const double d = std::hypot(wps[a].at.x - wps[b].at.x, wps[a].at.y - wps[b].at.y);
                if (!pair || d < best) {
                    best = d;
                    pair = {a, b};
                }
            }
        }
        if (!pair) break;
        const auto path = search::find_path_astar(map, {.start = wps[pair->first].at,
                                                        .goal = wps[pair->second].at,
                                                        .low_obstacles_block = false});
        if (!path.found()) {
            given_up[find(pair->second)] = true; // another island of the map
            continue;
        }
        add_road(pair->first, pair->second,
                 postprocess::string_pull(map, postprocess::cell_centres(path.path),
                                          grid::obstacle_mask::high_only));
    }
    return waypoint::waypoint_graph(std::move(wps), links);
}

result<bool> write_waypoint_csv(const waypoint::waypoint_graph& graph, const grid::grid_map& map,
                                const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    std::ofstream points(std::filesystem::path(dir) / "roadPoint.csv");
    points << "id,x,y\n# map " << map.width() << " " << map.height() << "\n";
    for (const auto& w : graph.waypoints())
        points << w.id << "," << w.at.x << "," << w.at.y << "\n";
    std::ofstream links(std::filesystem::path(dir) / "pathlink.csv");
    links << "from,to,cost\n";
    for (std::uint32_t a = 0; a < graph.size(); ++a) {
        const auto nb = graph.neighbours(a);
        const auto cs = graph.costs(a);
        for (std::size_t k = 0; k < nb.size(); ++k) {
            if (a < nb[k])
                links << graph.at(a).id << "," << graph.at(nb[k]).id << "," << cs[k] << "\n";
        }
    }
    if (!points || !links) return error{dir + ": cannot write the waypoint CSV files"};
    return true;
}

} // namespace xunlu::bench
