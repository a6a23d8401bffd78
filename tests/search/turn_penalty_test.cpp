// Turn penalties: A* over (cell, heading) states against a brute-force Dijkstra over the same
// states written here (its own moves, corner rules and turn angles), on small random maps with
// every movement rule and terrain; penalty 0 gives plain A*'s costs.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <queue>
#include <random>
#include <tuple>
#include <vector>

#include "support/ascii_map.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

constexpr double infinite_cost = std::numeric_limits<double>::infinity();

struct move {
    int dx;
    int dy;
};
const move moves[8] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}};

/// 45-degree steps between two step vectors, from the angle between them.
int turn_between(move a, move b) {
    const double dot = a.dx * b.dx + a.dy * b.dy;
    const double norm = std::hypot(a.dx, a.dy) * std::hypot(b.dx, b.dy);
    const double angle = std::acos(std::clamp(dot / norm, -1.0, 1.0));
    return static_cast<int>(std::lround(angle / (std::numbers::pi / 4)));
}

bool free_cell(const grid::grid_map& m, int x, int y) {
    return x >= 0 && y >= 0 && x < m.width() && y < m.height() && !m.is_high_obstacle({x, y});
}

bool can_move(const grid::grid_map& m, int x, int y, move d, grid::movement_rules rules) {
    if (!free_cell(m, x + d.dx, y + d.dy)) return false;
    if (d.dx == 0 || d.dy == 0) return true;
    if (rules.moves == grid::connectivity::four) return false;
    const bool a = free_cell(m, x + d.dx, y);
    const bool b = free_cell(m, x, y + d.dy);
    switch (rules.corners) {
    case grid::corner_rule::no_cut:
        return a && b;
    case grid::corner_rule::cut_if_one_free:
        return a || b;
    case grid::corner_rule::always:
        return true;
    }
    return false;
}

/// Least cost from `s` to `g` over (cell, last move) states; the start has no last move.
double brute_force(const grid::grid_map& m, cell s, cell g, grid::movement_rules rules,
                   double penalty) {
    const int w = m.width();
    const auto states = static_cast<std::size_t>(w * m.height() * 9);
    std::vector<double> d(states, infinite_cost);
    using item = std::tuple<double, int, int, int>; // cost, x, y, last move (8 = none)
    std::priority_queue<item, std::vector<item>, std::greater<>> q;
    auto id = [&](int x, int y, int h) { return static_cast<std::size_t>((y * w + x) * 9 + h); };
    d[id(s.x, s.y, 8)] = 0;
    q.emplace(0.0, s.x, s.y, 8);
    while (!q.empty()) {
        const auto [c, x, y, h] = q.top();
        q.pop();
        if (c > d[id(x, y, h)]) continue;
        if (x == g.x && y == g.y) return c;
        for (int k = 0; k < 8; ++k) {
            if (!can_move(m, x, y, moves[k], rules)) continue;
            const int nx = x + moves[k].dx, ny = y + moves[k].dy;
            const bool diagonal = moves[k].dx != 0 && moves[k].dy != 0;
            double step = diagonal ? rules.diagonal_cost() : rules.straight_cost();
            step *= m.terrain_cost({nx, ny});
            if (h != 8) step += penalty * turn_between(moves[h], moves[k]);
            if (c + step < d[id(nx, ny, k)]) {
                d[id(nx, ny, k)] = c + step;
                q.emplace(c + step, nx, ny, k);
            }
        }
    }
    return infinite_cost;
}

/// The cost of a path of neighbouring cells under the same model (steps, terrain, turns).
double walked_cost(const grid::grid_map& m, const std::vector<cell>& path,
                   grid::movement_rules rules, double penalty) {
    double sum = 0;
    for (std::size_t k = 1; k < path.size(); ++k) {
        const move d{path[k].x - path[k - 1].x, path[k].y - path[k - 1].y};
        sum += (d.dx != 0 && d.dy != 0 ? rules.diagonal_cost() : rules.straight_cost()) *
               m.terrain_cost(path[k]);
        if (k >= 2) {
            const move prev{path[k - 1].x - path[k - 2].x, path[k - 1].y - path[k - 2].y};
            sum += penalty * turn_between(prev, d);
        }
    }
    return sum;
}

grid::grid_map random_map(std::mt19937_64& rng, int w, int h, double rate, bool terrain) {
    auto m = grid::grid_map::create(w, h).value();
    std::uniform_real_distribution<double> u(0, 1);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (u(rng) < rate) m.set_high_obstacle({x, y}, true);
            if (terrain && u(rng) < 0.3) {
                m.set_terrain_cost({x, y}, static_cast<float>(1 + rng() % 4));
            }
        }
    }
    return m;
}

TEST(turn_penalty, equals_brute_force_dijkstra_over_cell_heading_states) {
    std::mt19937_64 rng(2024);
    search::astar engine;
    const grid::movement_rules rule_set[] = {
        {grid::connectivity::eight, grid::corner_rule::no_cut},
        {grid::connectivity::eight, grid::corner_rule::cut_if_one_free},
        {grid::connectivity::eight, grid::corner_rule::always},
        {grid::connectivity::four, grid::corner_rule::no_cut},
        {grid::connectivity::eight, grid::corner_rule::no_cut, grid::step_costs::integer_10_14}};
    int found = 0, unreachable = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const bool terrain = trial % 3 == 0;
        const auto m = random_map(rng, 8 + static_cast<int>(rng() % 10),
                                  6 + static_cast<int>(rng() % 10), 0.25, terrain);
        const auto rules = rule_set[trial % 5];
        for (const double penalty : {0.0, 0.3, 1.0, 2.5, 7.0}) {
            for (int q = 0; q < 6; ++q) {
                const cell s{static_cast<int>(rng() % m.width()),
                             static_cast<int>(rng() % m.height())};
                const cell g{static_cast<int>(rng() % m.width()),
                             static_cast<int>(rng() % m.height())};
                if (m.is_high_obstacle(s) || m.is_high_obstacle(g)) continue;
                const double expect = brute_force(m, s, g, rules, penalty);
                for (const auto h :
                     {search::heuristic_kind::automatic, search::heuristic_kind::zero}) {
                    const auto r = engine.find_path(m, {.start = s,
                                                        .goal = g,
                                                        .rules = rules,
                                                        .heuristic = h,
                                                        .turn_penalty = penalty});
                    SCOPED_TRACE(::testing::Message()
                                 << "trial " << trial << " penalty " << penalty << " (" << s.x
                                 << "," << s.y << ")->(" << g.x << "," << g.y << ")");
                    if (std::isinf(expect)) {
                        ++unreachable;
                        EXPECT_EQ(r.status, search::search_status::no_path);
                        continue;
                    }
                    ++found;
                    ASSERT_EQ(r.status, search::search_status::found) << r.reason;
                    EXPECT_NEAR(r.cost, expect, 1e-9 * std::max(1.0, expect));
                    ASSERT_FALSE(r.path.empty());
                    EXPECT_EQ(r.path.front(), s);
                    EXPECT_EQ(r.path.back(), g);
                    EXPECT_FALSE(
                        grid::check_path(m, r.path, rules, grid::obstacle_mask::high_and_low));
                    EXPECT_NEAR(walked_cost(m, r.path, rules, penalty), r.cost,
                                1e-9 * std::max(1.0, r.cost));
                }
            }
        }
    }
    EXPECT_GT(found, 500);
    EXPECT_GT(unreachable, 10);
}

TEST(turn_penalty, zero_penalty_gives_plain_astar_costs) {
    std::mt19937_64 rng(7);
    search::astar plain, turns;
    for (int trial = 0; trial < 30; ++trial) {
        const auto m = random_map(rng, 40, 30, 0.3, trial % 2 == 0);
        for (int q = 0; q < 20; ++q) {
            const cell s{static_cast<int>(rng() % 40), static_cast<int>(rng() % 30)};
            const cell g{static_cast<int>(rng() % 40), static_cast<int>(rng() % 30)};
            if (m.is_high_obstacle(s) || m.is_high_obstacle(g)) continue;
            const auto a = plain.find_path(m, {.start = s, .goal = g});
            const auto b = turns.find_path(m, {.start = s, .goal = g, .turn_penalty = 0.0});
            ASSERT_EQ(a.status, b.status);
            if (a.found()) {
                EXPECT_NEAR(a.cost, b.cost, 1e-9 * std::max(1.0, a.cost));
                // Without terrain, equal costs are equal lengths (with terrain, two paths of
                // one cost may differ in length).
                if (!m.has_terrain_costs()) {
                    EXPECT_NEAR(a.length, b.length, 1e-9 * std::max(1.0, a.length));
                }
            }
        }
    }
}

// On an open map, (0,0) to (6,2): four straight steps and two diagonals in any order cost
// 4 + 2 sqrt 2. With a penalty the best path turns once (45 degrees): all diagonals together.
TEST(turn_penalty, a_penalty_straightens_the_path) {
    const auto t = testing::parse_ascii(R"(
        S......
        .......
        ......G
        .......
    )");
    search::astar engine;
    const auto r =
        engine.find_path(t.map, {.start = t.start, .goal = t.goal, .turn_penalty = 10.0});
    ASSERT_TRUE(r.found());
    EXPECT_NEAR(r.cost, 4 + 2 * std::sqrt(2.0) + 10, 1e-9);
    EXPECT_NEAR(r.length, 4 + 2 * std::sqrt(2.0), 1e-9);
    // Expanded cells, the trace and distance() speak of cells, not states.
    const auto traced = engine.find_path(
        t.map, {.start = t.start, .goal = t.goal, .turn_penalty = 10.0, .record_trace = true});
    for (const cell c : traced.trace.expanded) EXPECT_TRUE(t.map.in_bounds(c));
    EXPECT_NEAR(engine.distance(t.goal).value(), r.cost, 1e-9);
}

TEST(turn_penalty, bad_penalties_are_refused) {
    const auto t = testing::parse_ascii("S..G");
    search::astar engine;
    for (const double bad : {-1.0, std::numeric_limits<double>::quiet_NaN(), infinite_cost}) {
        const auto r =
            engine.find_path(t.map, {.start = t.start, .goal = t.goal, .turn_penalty = bad});
        EXPECT_EQ(r.status, search::search_status::invalid_input);
        EXPECT_NE(r.reason.find("turn_penalty"), std::string::npos) << r.reason;
    }
}

} // namespace
} // namespace xunlu
