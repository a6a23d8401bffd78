// Units on ticks, on ASCII-drawn maps: the classic cases of the seed (a swap through a
// one-cell corridor, a parked unit in the way, a crowd through a door, a goal occupied by
// another unit, an unreachable goal, large units around corners), both collision modes, every
// trajectory checked by the independent checker; plus random runs and determinism.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "trajectory_checker.hpp"
#include "xunlu/agents/simulation.hpp"

namespace xunlu {
namespace {

using agents::collision_mode;
using agents::unit_spec;
using agents::unit_state;

grid::grid_map ascii(const std::vector<std::string>& rows) {
    auto map = grid::grid_map::create(static_cast<std::int32_t>(rows[0].size()),
                                      static_cast<std::int32_t>(rows.size()))
                   .value();
    for (std::size_t y = 0; y < rows.size(); ++y) {
        for (std::size_t x = 0; x < rows[y].size(); ++x) {
            if (rows[y][x] == '#') {
                map.set_high_obstacle({static_cast<int>(x), static_cast<int>(y)}, true);
            }
        }
    }
    return map;
}

struct run {
    agents::simulation sim;
    std::vector<std::vector<cell>> ticks;
    testing::trajectory_problems problems;
};

run simulate(const grid::grid_map& map, std::vector<unit_spec> units, collision_mode mode,
             int max_ticks = 400, agents::simulation_options options = {}) {
    options.mode = mode;
    std::vector<int> sizes;
    for (const auto& u : units) sizes.push_back(u.size);
    auto created = agents::simulation::create(map, std::move(units), options);
    EXPECT_TRUE(created.ok()) << (created.ok() ? "" : created.err().message);
    run r{std::move(created).value(), {}, {}};
    auto snapshot = [&] {
        std::vector<cell> at;
        for (const auto& u : r.sim.units()) at.push_back(u.at);
        r.ticks.push_back(at);
    };
    snapshot();
    for (int t = 0; t < max_ticks && !r.sim.settled(); ++t) {
        const auto report = r.sim.step();
        EXPECT_EQ(report.conflicts, 0u);
        snapshot();
    }
    r.problems = testing::check_trajectory(map, r.ticks, sizes);
    return r;
}

void expect_clean(const run& r) {
    EXPECT_EQ(r.problems.shared_cells, 0u) << r.problems.first;
    EXPECT_EQ(r.problems.swaps, 0u) << r.problems.first;
    EXPECT_EQ(r.problems.bad_moves, 0u) << r.problems.first;
    EXPECT_EQ(r.problems.off_map, 0u) << r.problems.first;
    EXPECT_EQ(r.sim.totals().conflicts, 0u);
}

const std::vector<std::string> corridor{
    "....#####....",
    ".............",
    "....#####....",
};

TEST(simulation, two_units_swap_ends_through_a_one_cell_corridor) {
    const auto map = ascii(corridor);
    for (const auto mode : {collision_mode::local, collision_mode::cooperative}) {
        const auto r = simulate(map, {{{0, 1}, {12, 1}}, {{12, 1}, {0, 1}}}, mode);
        expect_clean(r);
        for (const auto& u : r.sim.units()) {
            EXPECT_EQ(u.state, unit_state::arrived)
                << agents::collision_mode_name(mode) << " unit " << u.id << ": " << u.reason;
        }
        EXPECT_GT(r.sim.totals().length_ratio, 0.99);
    }
}

TEST(simulation, a_parked_unit_in_the_way_is_walked_around) {
    const auto map = ascii({
        "..........",
        "..........",
        "..........",
    });
    for (const auto mode : {collision_mode::local, collision_mode::cooperative}) {
        // Unit 1 stands on the straight line (its goal is where it is).
        const auto r = simulate(map, {{{0, 1}, {9, 1}}, {{5, 1}, {5, 1}}}, mode);
        expect_clean(r);
        EXPECT_EQ(r.sim.units()[0].state, unit_state::arrived);
        EXPECT_EQ(r.sim.units()[1].at, (cell{5, 1}));
        EXPECT_LT(r.sim.units()[0].walked, 9 + 2 * (1.5 - 1) + 1) << "a short detour";
    }
}

TEST(simulation, a_parked_unit_in_a_corridor_steps_into_an_alcove_and_back) {
    // No way around unit 1, parked in a one-cell corridor: it steps into the alcove above,
    // lets unit 0 pass, and walks back to its goal.
    const auto map = ascii({
        "######.######",
        ".............",
        "#############",
    });
    for (const auto mode : {collision_mode::local, collision_mode::cooperative}) {
        const auto r = simulate(map, {{{0, 1}, {12, 1}}, {{6, 1}, {6, 1}}}, mode);
        expect_clean(r);
        const auto name = agents::collision_mode_name(mode);
        EXPECT_EQ(r.sim.units()[0].state, unit_state::arrived)
            << name << ": " << r.sim.units()[0].reason;
        EXPECT_EQ(r.sim.units()[0].at, (cell{12, 1})) << name;
        EXPECT_EQ(r.sim.units()[1].state, unit_state::arrived) << name;
        EXPECT_EQ(r.sim.units()[1].at, (cell{6, 1})) << name;
        EXPECT_GE(r.sim.units()[1].gave_way, 1u) << name;
        bool in_alcove = false;
        for (const auto& tick : r.ticks) in_alcove = in_alcove || tick[1] == cell{6, 0};
        EXPECT_TRUE(in_alcove) << name;
    }
}

TEST(simulation, a_unit_walled_in_by_a_parked_one_retries_then_is_told_why) {
    // A dead-end corridor with no room to step aside: unit 0 can never pass unit 1.
    const auto map = ascii({"......"});
    agents::simulation_options options;
    options.max_repaths = 2;
    options.retries = 2;
    options.retry_after = 5;
    const auto r =
        simulate(map, {{{0, 0}, {5, 0}}, {{3, 0}, {3, 0}}}, collision_mode::local, 400, options);
    expect_clean(r);
    const auto& u = r.sim.units()[0];
    EXPECT_EQ(u.state, unit_state::blocked);
    EXPECT_FALSE(u.unreachable);
    EXPECT_EQ(u.retries, 2);
    EXPECT_FALSE(u.will_retry);
    EXPECT_NE(u.reason.find("other units"), std::string::npos) << u.reason;
    EXPECT_TRUE(r.sim.settled());
    EXPECT_EQ(r.sim.units()[1].at, (cell{3, 0}));
}

TEST(simulation, a_crowd_passes_a_door) {
    const auto map = ascii({
        "......#......",
        "......#......",
        "......#......",
        ".............",
        "......#......",
        "......#......",
        "......#......",
    });
    std::vector<unit_spec> units;
    for (int y = 0; y < 7; ++y) {
        // Goals with gaps between them: parked units never wall off another unit's goal.
        for (int x = 0; x < 2; ++x) {
            const int k = static_cast<int>(units.size());
            const cell goal =
                k < 12 ? cell{7 + 2 * (k % 3), 2 * (k / 3)} : cell{12, k == 12 ? 1 : 5};
            units.push_back({{x, y}, goal});
        }
    }
    for (const auto mode : {collision_mode::local, collision_mode::cooperative}) {
        const auto r = simulate(map, units, mode, 600);
        expect_clean(r);
        EXPECT_EQ(r.sim.totals().arrived, units.size()) << agents::collision_mode_name(mode);
        for (const auto& u : r.sim.units()) {
            EXPECT_EQ(u.state, unit_state::arrived)
                << agents::collision_mode_name(mode) << " unit " << u.id << " at " << u.at.x << ","
                << u.at.y << " state " << agents::unit_state_name(u.state) << ": " << u.reason
                << " ticks " << r.sim.tick();
        }
        EXPECT_GT(r.sim.totals().waits, 0u);
    }
}

TEST(simulation, a_goal_occupied_by_a_parked_unit_ends_next_to_it) {
    const auto map = ascii({
        "........",
        "........",
        "........",
    });
    for (const auto mode : {collision_mode::local, collision_mode::cooperative}) {
        const auto r = simulate(map, {{{0, 1}, {6, 1}}, {{6, 1}, {6, 1}}}, mode);
        expect_clean(r);
        const auto& u = r.sim.units()[0];
        EXPECT_EQ(u.state, unit_state::arrived) << u.reason;
        EXPECT_NE(u.reason.find("occupied by unit 1"), std::string::npos) << u.reason;
        EXPECT_LE(std::abs(u.at.x - 6), 1);
    }
}

TEST(simulation, an_unreachable_goal_is_reported_with_the_reason) {
    const auto map = ascii({
        "...#...",
        "...#...",
        "...#...",
    });
    const auto r = simulate(map, {{{0, 0}, {6, 2}}}, collision_mode::local);
    const auto& u = r.sim.units()[0];
    EXPECT_EQ(u.state, unit_state::blocked);
    EXPECT_TRUE(u.unreachable);
    EXPECT_NE(u.reason.find("no_path"), std::string::npos) << u.reason;
    EXPECT_EQ(r.sim.totals().unreachable, 1u);
}

TEST(simulation, large_units_go_around_corners_without_cutting_them) {
    const auto map = ascii({
        "..........",
        "..........",
        "......#...",
        "......#...",
        "......#...",
        "......#...",
        "..........",
        "..........",
    });
    for (const auto mode : {collision_mode::local, collision_mode::cooperative}) {
        const auto r =
            simulate(map, {{{0, 2}, {8, 3}, 2}, {{0, 6}, {8, 0}, 2}, {{3, 0}, {9, 7}, 1}}, mode);
        expect_clean(r);
        EXPECT_EQ(r.sim.totals().arrived, 3u) << agents::collision_mode_name(mode);
    }
    // A 3 x 3 unit cannot pass a 2-cell gap: told so.
    const auto gap = ascii({
        "....#....",
        ".........",
        ".........",
        "....#....",
        "....#....",
    });
    const auto r = simulate(gap, {{{0, 0}, {6, 0}, 3}}, collision_mode::local);
    EXPECT_EQ(r.sim.units()[0].state, unit_state::blocked);
}

TEST(simulation, random_crowds_never_share_a_cell_or_swap) {
    std::mt19937 rng(7);
    for (int run_index = 0; run_index < 40; ++run_index) {
        auto map = grid::grid_map::create(24, 24).value();
        std::uniform_int_distribution<int> coord(0, 23);
        for (int k = 0; k < 70; ++k) map.set_high_obstacle({coord(rng), coord(rng)}, true);
        std::vector<unit_spec> units;
        std::vector<cell> taken;
        auto free_cell = [&] {
            for (;;) {
                const cell c{coord(rng), coord(rng)};
                if (map.passable(c) && std::find(taken.begin(), taken.end(), c) == taken.end()) {
                    taken.push_back(c);
                    return c;
                }
            }
        };
        const int n = 10 + run_index % 20;
        for (int i = 0; i < n; ++i) {
            const cell s = free_cell();
            units.push_back({s, free_cell(), 1, i % 3});
        }
        const auto mode = run_index % 2 == 0 ? collision_mode::local : collision_mode::cooperative;
        const auto r = simulate(map, units, mode, 200);
        expect_clean(r);
        EXPECT_GT(r.sim.totals().arrived + r.sim.totals().unreachable, 0u);
    }
}

TEST(simulation, slow_units_step_no_faster_than_their_speed_in_both_modes) {
    std::mt19937 rng(3);
    const std::vector<double> speeds{1.0, 0.5, 0.25};
    for (int run_index = 0; run_index < 16; ++run_index) {
        auto map = grid::grid_map::create(20, 20).value();
        std::uniform_int_distribution<int> coord(0, 19);
        for (int k = 0; k < 40; ++k) map.set_high_obstacle({coord(rng), coord(rng)}, true);
        std::vector<unit_spec> units;
        std::vector<cell> taken;
        auto free_cell = [&] {
            for (;;) {
                const cell c{coord(rng), coord(rng)};
                if (map.passable(c) && std::find(taken.begin(), taken.end(), c) == taken.end()) {
                    taken.push_back(c);
                    return c;
                }
            }
        };
        for (int i = 0; i < 15; ++i) {
            const cell s = free_cell();
            units.push_back({s, free_cell(), 1, 0, speeds[static_cast<std::size_t>(i) % 3]});
        }
        const auto mode = run_index % 2 == 0 ? collision_mode::local : collision_mode::cooperative;
        const auto r = simulate(map, units, mode, 400);
        expect_clean(r);
        for (std::size_t i = 0; i < units.size(); ++i) {
            const auto gap = static_cast<std::size_t>(1.0 / units[i].speed);
            std::size_t last_move = 0;
            bool moved_before = false;
            for (std::size_t t = 1; t < r.ticks.size(); ++t) {
                if (r.ticks[t][i] == r.ticks[t - 1][i]) continue;
                if (moved_before) {
                    ASSERT_GE(t - last_move, gap)
                        << agents::collision_mode_name(mode) << " unit " << i << " tick " << t;
                }
                moved_before = true;
                last_move = t;
            }
            if (r.sim.units()[i].state == unit_state::arrived) {
                EXPECT_EQ(r.sim.units()[i].at, units[i].goal);
            }
        }
        std::size_t arrived = 0;
        for (const auto& u : r.sim.units()) arrived += u.state == unit_state::arrived ? 1 : 0;
        EXPECT_GT(arrived + r.sim.totals().unreachable, units.size() / 2)
            << agents::collision_mode_name(mode);
    }
}

TEST(simulation, the_same_inputs_give_the_same_trajectory_hash) {
    const auto map = ascii(corridor);
    std::vector<unit_spec> units{{{0, 0}, {12, 2}}, {{12, 0}, {0, 2}}, {{1, 1}, {11, 1}}};
    for (const auto mode : {collision_mode::local, collision_mode::cooperative}) {
        const auto a = simulate(map, units, mode);
        const auto b = simulate(map, units, mode);
        EXPECT_EQ(a.sim.trajectory_hash(), b.sim.trajectory_hash());
        EXPECT_EQ(a.ticks, b.ticks);
        units[2].goal = {10, 1};
        const auto c = simulate(map, units, mode);
        EXPECT_EQ(c.sim.units()[2].at, (cell{10, 1}));
        EXPECT_EQ(a.sim.units()[2].at, (cell{11, 1}));
        EXPECT_NE(a.sim.trajectory_hash(), c.sim.trajectory_hash());
        units[2].goal = {11, 1};
    }
}

TEST(simulation, the_trajectory_does_not_depend_on_the_thread_count) {
    std::mt19937 rng(5);
    auto map = grid::grid_map::create(48, 48).value();
    std::uniform_int_distribution<int> coord(0, 47);
    for (int k = 0; k < 300; ++k) map.set_high_obstacle({coord(rng), coord(rng)}, true);
    std::vector<unit_spec> units;
    std::vector<cell> taken;
    auto free_cell = [&] {
        for (;;) {
            const cell c{coord(rng), coord(rng)};
            if (map.passable(c) && std::find(taken.begin(), taken.end(), c) == taken.end()) {
                taken.push_back(c);
                return c;
            }
        }
    };
    for (int i = 0; i < 80; ++i) {
        const cell s = free_cell();
        units.push_back({s, free_cell(), 1, i % 4, i % 5 == 0 ? 0.5 : 1.0});
    }
    for (const auto mode : {collision_mode::local, collision_mode::cooperative}) {
        // A small budget, so requests wait, lanes share it and searches span ticks.
        agents::simulation_options options{.tick_budget = 300, .lanes = 4};
        options.threads = 1;
        const auto one = simulate(map, units, mode, 150, options);
        expect_clean(one);
        EXPECT_GT(one.sim.totals().answered, 80u);
        for (const std::size_t threads : {std::size_t{2}, std::size_t{3}}) {
            options.threads = threads;
            const auto more = simulate(map, units, mode, 150, options);
            EXPECT_EQ(more.sim.trajectory_hash(), one.sim.trajectory_hash())
                << agents::collision_mode_name(mode) << ", " << threads << " threads";
            EXPECT_EQ(more.ticks, one.ticks);
        }
    }
}

TEST(simulation, bad_units_are_refused_with_the_unit_named) {
    const auto map = ascii(corridor);
    auto bad = agents::simulation::create(map, {{{0, 0}, {1, 1}}, {{0, 0}, {2, 2}}}, {});
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.err().message.find("unit 1"), std::string::npos) << bad.err().message;
    EXPECT_FALSE(agents::simulation::create(map, {{{4, 0}, {1, 1}}}, {}).ok());
    EXPECT_FALSE(agents::simulation::create(map, {{{0, 0}, {1, 1}, 9}}, {}).ok());
    EXPECT_FALSE(agents::simulation::create(map, {{{0, 0}, {1, 1}, 1, 0, 0.0}}, {}).ok());
    EXPECT_FALSE(agents::simulation::create(map, {{{0, 0}, {99, 1}}}, {}).ok());
    EXPECT_FALSE(agents::simulation::create(map, {{{0, 0}, {1, 1}}}, {.lanes = 0}).ok());
    const auto too_slow = agents::simulation::create(
        map, {{{0, 0}, {1, 1}, 1, 0, 0.1}}, {.mode = collision_mode::cooperative, .window = 8});
    ASSERT_FALSE(too_slow.ok());
    EXPECT_NE(too_slow.err().message.find("window"), std::string::npos);
    EXPECT_FALSE(agents::simulation::create(map, {{{0, 0}, {1, 1}}}, {.threads = 65}).ok());
}

} // namespace
} // namespace xunlu
