// The crowd world: bodies added, removed, re-targeted and teleported; bad input refused with
// a reason; unreachable goals and bodies wider than a corridor end blocked, never hang; no
// tunnelling through a thin obstacle; area queries; determinism with 1 and 2 threads.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "xunlu/crowd/crowd.hpp"
#include "xunlu/crowd/grid_surface.hpp"
#include "xunlu/crowd/scenario.hpp"

namespace xunlu::crowd {
namespace {

/// A map drawn in ASCII: '#' blocked, anything else free; one character = one 1 m cell.
std::shared_ptr<const grid::grid_map> draw(const std::vector<std::string>& rows) {
    auto m = grid::grid_map::create(static_cast<std::int32_t>(rows[0].size()),
                                    static_cast<std::int32_t>(rows.size()));
    for (std::size_t y = 0; y < rows.size(); ++y) {
        for (std::size_t x = 0; x < rows[y].size(); ++x) {
            if (rows[y][x] == '#') {
                m->set_high_obstacle({static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)},
                                     true);
            }
        }
    }
    return std::make_shared<const grid::grid_map>(std::move(*m));
}

crowd_world world_on(const std::vector<std::string>& rows, crowd_options o = {}) {
    return crowd_world(std::make_shared<grid_surface>(draw(rows)), o);
}

agent_params body(vec2 at, vec2 goal, double r = 0.4) {
    agent_params p;
    p.position = at;
    p.goal = goal;
    p.radius = r;
    return p;
}

const std::vector<std::string> room = {
    "..........", "..........", "..........", "..........", "..........",
    "..........", "..........", "..........", "..........", "..........",
};

TEST(crowd_world, grid_walls_are_maximal_segments) {
    // A 4 x 3 map with one blocked cell in the middle of the top row.
    const auto map = draw({".#..", "....", "...."});
    const auto walls = grid_walls(*map);
    // Border: top y=0 splits into [0,1] and [2,4]; bottom [0,4]; left [0,3]; right [0,3];
    // the block adds its bottom edge (y=1, x 1..2) and its two sides (x=1 and x=2, y 0..1).
    EXPECT_EQ(walls.size(), 8u);
    int long_bottom = 0;
    for (const wall& w : walls) {
        EXPECT_DOUBLE_EQ(length(w.normal), 1.0);
        if (w.s.a.y == 3 && w.s.b.y == 3 && w.s.a.x == 0 && w.s.b.x == 4) ++long_bottom;
    }
    EXPECT_EQ(long_bottom, 1);
}

TEST(crowd_world, bad_bodies_are_refused_with_a_reason) {
    auto w = world_on({"..........", "....#.....", "..........", "..........", ".........."});
    auto refused = [&](agent_params p, const std::string& words) {
        auto r = w.add_agent(p);
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.err().message.find(words), std::string::npos) << r.err().message;
    };
    const double nan = std::numeric_limits<double>::quiet_NaN();
    refused(body({4.5, 1.5}, {8, 3}), "walkable");        // centre in the blocked cell
    refused(body({3.7, 1.5}, {8, 3}), "overlaps a wall"); // body reaches into it
    refused(body({0.2, 3}, {8, 3}), "overlaps a wall");   // into the map's border
    refused(body({nan, 3}, {8, 3}), "finite");
    refused(body({1e12, 3}, {8, 3}), "finite, near");
    refused(body({1, 3}, {nan, 3}), "goal");
    refused(body({1, 3}, {4.5, 1.5}), "goal"); // goal in a wall
    refused(body({1.5, 3}, {8, 3}, 0.0), "radius");
    refused(body({1.5, 3}, {8, 3}, 3.0), "radius");
    agent_params heavy = body({1.5, 3}, {8, 3});
    heavy.mass = -1;
    refused(heavy, "mass");
    ASSERT_TRUE(w.add_agent(body({1.5, 3}, {8, 3})).ok());
    refused(body({1.6, 3.1}, {8, 3}), "overlaps agent 0");  // on top of another
    EXPECT_TRUE(w.add_agent(body({2.31, 3}, {8, 3})).ok()); // 0.81 apart: touching is fine
    EXPECT_FALSE(w.step(0).ok());
    EXPECT_FALSE(w.step(nan).ok());
    EXPECT_FALSE(w.step(2).ok());
}

TEST(crowd_world, handles_are_generation_checked) {
    auto w = world_on(room);
    const agent_id a = *w.add_agent(body({1.5, 1.5}, {8.5, 8.5}));
    EXPECT_TRUE(w.remove_agent(a));
    EXPECT_FALSE(w.remove_agent(a));
    const agent_id b = *w.add_agent(body({1.5, 1.5}, {8.5, 1.5}));
    EXPECT_EQ(b.index, a.index);          // the slot is reused...
    EXPECT_FALSE(w.agent(a).has_value()); // ...but the old handle is refused
    EXPECT_TRUE(w.agent(b).has_value());
    EXPECT_TRUE(w.retarget(a, {5, 5}).has_value());
    EXPECT_FALSE(w.retarget(b, {5, 5}).has_value());
    EXPECT_TRUE(w.retarget(b, {-5, 5}).has_value()); // off the map
    EXPECT_EQ(w.size(), 1u);
}

TEST(crowd_world, walks_to_its_goal_retargets_and_teleports) {
    auto w = world_on(room);
    const agent_id a = *w.add_agent(body({1.5, 1.5}, {8.5, 8.5}));
    for (int t = 0; t < 60 && w.agent(a)->state != agent_state::arrived; ++t) {
        ASSERT_TRUE(w.step(0.1).ok());
    }
    EXPECT_EQ(w.agent(a)->state, agent_state::arrived);
    EXPECT_LT(length(w.agent(a)->params.position - vec2{8.5, 8.5}), 0.2);
    ASSERT_FALSE(w.retarget(a, {1.5, 8.5}).has_value());
    EXPECT_EQ(w.agent(a)->state, agent_state::waiting);
    for (int t = 0; t < 60 && w.agent(a)->state != agent_state::arrived; ++t) {
        ASSERT_TRUE(w.step(0.1).ok());
    }
    EXPECT_LT(length(w.agent(a)->params.position - vec2{1.5, 8.5}), 0.2);
    ASSERT_FALSE(w.teleport(a, {5, 5}).has_value());
    EXPECT_EQ(w.agent(a)->params.position, (vec2{5, 5}));
    EXPECT_TRUE(w.teleport(a, {0.1, 5}).has_value()); // into the border wall
}

TEST(crowd_world, goes_round_walls_on_an_any_angle_path) {
    auto w = world_on({
        "..........",
        "..........",
        "#######...",
        "..........",
        "..........",
    });
    const agent_id a = *w.add_agent(body({1.5, 0.8}, {1.5, 4.2}));
    int t = 0;
    for (; t < 200 && w.agent(a)->state != agent_state::arrived; ++t) {
        ASSERT_TRUE(w.step(0.1).ok());
        const vec2 p = w.agent(a)->params.position;
        EXPECT_TRUE(w.legal_spot(p, 0.4 - 1e-6)) << p.x << "," << p.y << " tick " << t;
    }
    EXPECT_EQ(w.agent(a)->state, agent_state::arrived);
}

TEST(crowd_world, unreachable_goals_and_too_wide_bodies_end_blocked) {
    // The right room is closed; the corridor on the left is one cell wide.
    auto w = world_on({
        "......#...",
        "......#...",
        "#.#####...",
        "......#...",
        "......#...",
    });
    const agent_id shut_out = *w.add_agent(body({1.5, 0.5}, {8.5, 1.5}, 0.4));
    const agent_id too_wide = *w.add_agent(body({4.5, 0.9}, {4.5, 4.1}, 0.6));
    for (int t = 0; t < 100; ++t) ASSERT_TRUE(w.step(0.1).ok());
    EXPECT_EQ(w.agent(shut_out)->state, agent_state::blocked);
    EXPECT_EQ(w.agent(shut_out)->reason, blocked_reason::no_path);
    EXPECT_EQ(w.agent(too_wide)->state, agent_state::blocked);
    EXPECT_TRUE(w.legal_spot(w.agent(too_wide)->params.position, 0.6 - 1e-6));
}

TEST(crowd_world, a_fast_body_does_not_tunnel_through_a_thin_obstacle) {
    crowd_options o;
    auto w = world_on({"........................................"}, o);
    // Paths do not see obstacles: the body heads straight into a 5 cm plank at x = 20.
    ASSERT_TRUE(w.add_obstacle(obb{{20, 0.5}, {0.025, 0.5}, 0}).ok());
    agent_params p = body({2, 0.5}, {38, 0.5}, 0.45);
    p.max_speed = 90;
    p.max_acceleration = 1e4;
    const agent_id a = *w.add_agent(p);
    for (int t = 0; t < 40; ++t) {
        ASSERT_TRUE(w.step(0.5).ok()); // up to 45 m per tick
        EXPECT_LE(w.agent(a)->params.position.x, 20 - 0.025 - 0.45 + 1e-6) << "tick " << t;
    }
    // A body placed on the plank is refused; so is a plank dropped on a body.
    EXPECT_FALSE(w.add_agent(body({20.2, 0.5}, {38, 0.5})).ok());
    EXPECT_FALSE(w.add_obstacle(aabb{{w.agent(a)->params.position.x - 0.1, 0.1},
                                     {w.agent(a)->params.position.x + 0.1, 0.9}})
                     .ok());
}

TEST(crowd_world, area_queries_match_a_scan) {
    auto w = world_on({"............................", "............................",
                       "............................", "............................",
                       "............................", "............................"});
    std::vector<agent_id> ids;
    for (int i = 0; i < 40; ++i) {
        const vec2 p{1.0 + (i % 13) * 2.0, 1.0 + (i / 13) * 1.3};
        ids.push_back(*w.add_agent(body(p, p, 0.4)));
    }
    auto check = [&] {
        std::vector<agent_id> got;
        w.agents_in_circle({10, 3}, 4.2, got);
        std::vector<agent_id> want;
        for (const agent_id id : ids) {
            if (length(w.agent(id)->params.position - vec2{10, 3}) <= 4.2) want.push_back(id);
        }
        EXPECT_EQ(got, want);
        w.agents_in_box(aabb{{3, 0}, {9, 2.5}}, got);
        want.clear();
        for (const agent_id id : ids) {
            const vec2 p = w.agent(id)->params.position;
            if (p.x >= 3 && p.x <= 9 && p.y >= 0 && p.y <= 2.5) want.push_back(id);
        }
        EXPECT_EQ(got, want);
        EXPECT_FALSE(got.empty());
    };
    check(); // before any tick: bodies just added
    ASSERT_TRUE(w.step(0.1).ok());
    check();
    // Huge and non-finite areas: every body or none, at once (no bucket count overflow).
    std::vector<agent_id> all;
    w.agents_in_circle({10, 3}, 1e300, all);
    EXPECT_EQ(all, ids);
    w.agents_in_box(aabb{{-1e300, -1e300}, {1e300, 1e300}}, all);
    EXPECT_EQ(all, ids);
    w.agents_in_circle({10, 3}, std::numeric_limits<double>::infinity(), all);
    EXPECT_EQ(all.size(), ids.size());
    w.agents_in_circle({10, 3}, std::numeric_limits<double>::quiet_NaN(), all);
    EXPECT_TRUE(all.empty());
}

TEST(crowd_world, same_scenario_same_trajectories_with_one_and_two_threads) {
    scenario_options o;
    o.name = "blocks";
    o.agents = 48; // above the 32 bodies from which the avoidance step runs on the pool
    o.seconds = 6;
    const auto s = make_scenario(o);
    ASSERT_TRUE(s.ok()) << s.err().message;
    const auto a = run_scenario(*s, o);
    const auto b = run_scenario(*s, o);
    o.threads = 2;
    const auto c = run_scenario(*s, o);
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(a->trajectory_hash, b->trajectory_hash);
    EXPECT_EQ(a->trajectory_hash, c->trajectory_hash);
    EXPECT_EQ(a->ticks, c->ticks);
}

TEST(crowd_world, scenario_limits_are_explicit) {
    scenario_options o;
    o.agents = 1'000'000;
    const auto big = make_scenario(o);
    ASSERT_FALSE(big.ok());
    EXPECT_NE(big.err().message.find("200000"), std::string::npos) << big.err().message;
    o.agents = 10;
    o.name = "spiral";
    EXPECT_FALSE(make_scenario(o).ok());
    o.name = "random";
    o.agents = 5000;
    o.map = draw({"......", "......"}); // no room for 5000 bodies
    const auto full = make_scenario(o);
    ASSERT_FALSE(full.ok());
    EXPECT_NE(full.err().message.find("room for only"), std::string::npos);
}

TEST(crowd_world, circle_and_blocks_arrive_within_the_cap) {
    for (const char* name : {"circle", "blocks"}) {
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            scenario_options o;
            o.name = name;
            o.agents = 40;
            o.seed = seed;
            const auto s = make_scenario(o);
            ASSERT_TRUE(s.ok()) << s.err().message;
            const auto r = run_scenario(*s, o);
            ASSERT_TRUE(r.ok()) << r.err().message;
            EXPECT_EQ(r->arrived, 40u) << name << " seed " << seed;
            EXPECT_GT(r->completion_s, 0) << name << " seed " << seed;
            EXPECT_EQ(r->overlap_agent_ticks, 0u) << name;
            EXPECT_EQ(r->wall_agent_ticks, 0u) << name;
            EXPECT_LE(r->max_penetration, overlap_tolerance);
        }
    }
}

} // namespace
} // namespace xunlu::crowd
