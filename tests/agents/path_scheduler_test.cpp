// The path request queue: budgets carry searches over ticks, priorities with ageing, one
// request per unit (replacement), cancellation, merged identical requests.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <stdexcept>
#include <string>

#include "xunlu/agents/fork_join_pool.hpp"
#include "xunlu/agents/path_scheduler.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

std::shared_ptr<const grid::grid_map> open_map(int side) {
    return std::make_shared<const grid::grid_map>(grid::grid_map::create(side, side).value());
}

agents::path_ask ask(std::uint32_t unit, cell from, cell to,
                     const std::shared_ptr<const grid::grid_map>& map, int priority = 0) {
    return {.unit = unit, .start = from, .goal = to, .map = map, .priority = priority};
}

TEST(path_scheduler, a_budget_spreads_a_search_over_ticks_with_the_same_answer) {
    auto map = open_map(64);
    agents::path_scheduler s;
    s.submit(ask(1, {0, 0}, {63, 40}, map), 0);
    std::vector<agents::path_answer> got;
    std::uint64_t tick = 0;
    for (; tick < 1000 && got.empty(); ++tick) got = s.serve(tick, 10);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_GT(tick, 3u);
    const auto whole = search::find_path_astar(*map, {.start = {0, 0}, .goal = {63, 40}});
    EXPECT_DOUBLE_EQ(got[0].result.cost, whole.cost);
    EXPECT_EQ(got[0].units, std::vector<std::uint32_t>{1});
    EXPECT_EQ(s.stats().expansions, whole.stats.expanded);
}

TEST(path_scheduler, higher_priority_first_and_ageing_lets_the_low_one_through) {
    auto map = open_map(16);
    agents::path_scheduler s({.ageing_ticks = 4});
    s.submit(ask(1, {0, 0}, {5, 5}, map, 0), 0);
    s.submit(ask(2, {0, 1}, {5, 5}, map, 3), 0);
    auto first = s.serve(0, 1); // one expansion: whichever runs first is the high one
    first = s.serve(0, 0);
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(first[0].units[0], 2u);
    EXPECT_EQ(first[1].units[0], 1u);
    // A flood of priority-1 requests: the priority-0 one asked at tick 0 is served once it
    // has aged past them (one level per 4 ticks), not starved.
    s.submit(ask(10, {0, 0}, {9, 9}, map, 0), 0);
    std::uint64_t served_at = 0;
    for (std::uint64_t tick = 1; tick < 100 && served_at == 0; ++tick) {
        s.submit(ask(100 + static_cast<std::uint32_t>(tick), {0, 2}, {9, 9}, map, 1), tick);
        for (const auto& a : s.serve(tick, 30)) {
            if (a.units[0] == 10) served_at = tick;
        }
    }
    EXPECT_GT(served_at, 0u);
    EXPECT_LT(served_at, 40u);
}

TEST(path_scheduler, a_new_request_replaces_the_old_and_cancel_drops_it) {
    auto map = open_map(32);
    agents::path_scheduler s;
    s.submit(ask(7, {0, 0}, {31, 31}, map), 0);
    (void)s.serve(0, 5); // started, unfinished
    s.submit(ask(7, {0, 0}, {3, 0}, map), 1);
    EXPECT_EQ(s.stats().replaced, 1u);
    auto got = s.serve(1, 0);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].result.path.back(), (cell{3, 0}));
    s.submit(ask(8, {0, 0}, {31, 31}, map), 2);
    EXPECT_TRUE(s.has_request(8));
    EXPECT_TRUE(s.cancel(8));
    EXPECT_FALSE(s.cancel(8));
    EXPECT_TRUE(s.serve(2, 0).empty());
    EXPECT_EQ(s.pending(), 0u);
}

TEST(path_scheduler, identical_requests_are_searched_once) {
    auto map = open_map(32);
    agents::path_scheduler s;
    s.submit(ask(1, {2, 2}, {30, 30}, map), 0);
    s.submit(ask(2, {2, 2}, {30, 30}, map), 0);
    s.submit(ask(3, {2, 3}, {30, 30}, map), 0);
    const auto got = s.serve(0, 0);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0].units, (std::vector<std::uint32_t>{1, 2}));
    EXPECT_EQ(s.stats().merged, 1u);
    EXPECT_EQ(s.stats().answered, 2u);
}

TEST(path_scheduler, unreachable_and_invalid_requests_are_answered_not_dropped) {
    auto cells = grid::grid_map::create(8, 8).value();
    for (int y = 0; y < 8; ++y) cells.set_high_obstacle({4, y}, true);
    auto map = std::make_shared<const grid::grid_map>(cells);
    agents::path_scheduler s;
    s.submit(ask(1, {0, 0}, {7, 7}, map), 0);
    s.submit(ask(2, {4, 4}, {7, 7}, map), 0);
    const auto got = s.serve(0, 0);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0].result.status, search::search_status::no_path);
    EXPECT_EQ(got[1].result.status, search::search_status::invalid_input);
}

/// Everything a run of the scheduler answered, tick by tick, as text (for comparing runs).
std::string serve_all(agents::scheduler_options options, agents::path_engine engine) {
    std::mt19937 rng(11);
    auto cells = grid::grid_map::create(96, 96).value();
    std::bernoulli_distribution wall(0.25);
    for (int y = 0; y < 96; ++y) {
        for (int x = 0; x < 96; ++x) cells.set_high_obstacle({x, y}, wall(rng));
    }
    auto map = std::make_shared<const grid::grid_map>(cells);
    std::uniform_int_distribution<int> coord(0, 95);
    options.engine = engine;
    agents::path_scheduler s(options);
    std::string log;
    constexpr std::uint64_t budget = 150;
    for (std::uint64_t tick = 0; tick < 2000; ++tick) {
        // New requests in the first ticks, some of them replacing earlier ones.
        for (int k = 0; k < (tick < 20 ? 6 : 0); ++k) {
            const auto unit = static_cast<std::uint32_t>(coord(rng) % 70);
            s.submit(ask(unit, {coord(rng), coord(rng)}, {coord(rng), coord(rng)}, map, k % 3),
                     tick);
        }
        const std::uint64_t before = s.stats().expansions;
        for (const auto& a : s.serve(tick, budget)) {
            log += std::to_string(tick) + ":" + std::to_string(a.units.front()) + ":" +
                   std::to_string(static_cast<int>(a.result.status)) + ":" +
                   std::to_string(a.result.cost) + ":" + std::to_string(a.result.path.size()) +
                   "\n";
            if (a.result.found()) {
                const auto whole = search::find_path_astar(
                    *map, {.start = a.result.path.front(), .goal = a.result.path.back()});
                EXPECT_NEAR(a.result.cost, whole.cost, 1e-9);
            }
        }
        EXPECT_LE(s.stats().expansions - before, budget) << "tick " << tick;
        if (tick > 20 && s.pending() == 0) break;
    }
    EXPECT_EQ(s.pending(), 0u);
    return log;
}

TEST(path_scheduler, lanes_give_the_same_answers_in_the_same_ticks_with_any_thread_count) {
    for (const auto engine : {agents::path_engine::astar, agents::path_engine::jps}) {
        for (const std::size_t lanes : {std::size_t{1}, std::size_t{3}, std::size_t{8}}) {
            const std::string one = serve_all({.lanes = lanes, .threads = 1}, engine);
            EXPECT_FALSE(one.empty());
            for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
                EXPECT_EQ(serve_all({.lanes = lanes, .threads = threads}, engine), one)
                    << lanes << " lanes, " << threads << " threads";
            }
        }
    }
}

TEST(path_scheduler, lanes_serve_more_requests_per_tick_when_searches_are_short) {
    // Short searches finish early in their lanes and leave the rest of the budget to the
    // next round: the budget is spent, not wasted.
    auto map = open_map(64);
    agents::path_scheduler s({.lanes = 4, .threads = 2});
    for (std::uint32_t u = 0; u < 40; ++u) {
        s.submit(ask(u, {static_cast<int>(u), 0}, {static_cast<int>(u), 5}, map), 0);
    }
    const auto got = s.serve(0, 1000);
    EXPECT_EQ(got.size(), 40u);
    EXPECT_LE(s.stats().expansions, 1000u);
}

TEST(fork_join_pool, runs_every_task_once_and_hands_back_the_first_failure) {
    for (const std::size_t threads : {std::size_t{1}, std::size_t{2}, std::size_t{5}}) {
        agents::fork_join_pool pool(threads);
        EXPECT_EQ(pool.threads(), threads);
        for (int batch = 0; batch < 50; ++batch) {
            std::vector<int> hits(97, 0);
            pool.run(hits.size(), [&](std::size_t i) { hits[i] += static_cast<int>(i) + batch; });
            for (std::size_t i = 0; i < hits.size(); ++i) {
                ASSERT_EQ(hits[i], static_cast<int>(i) + batch);
            }
        }
        EXPECT_THROW(pool.run(10,
                              [](std::size_t i) {
                                  if (i == 7) throw std::runtime_error("task 7");
                              }),
                     std::runtime_error);
        int after = 0;
        pool.run(1, [&](std::size_t) { ++after; }); // still usable
        EXPECT_EQ(after, 1);
    }
}

} // namespace
} // namespace xunlu
