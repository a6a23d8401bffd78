// The service without a transport: the worker pool's bounded queue, the service's limits, and
// batches spread over the pool while other threads load, update and query the same scenes (this
// suite has no gRPC, so ./test also runs it under ThreadSanitizer).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <future>
#include <thread>

#include "service/pathfinding_service.hpp"
#include "service/worker_pool.hpp"
#include "xunlu/io/movingai_map.hpp"
#include "xunlu/overlays/influence_layer.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu::server::testing {
namespace {

using namespace std::chrono_literals;

grid::grid_map service_test_map(std::string_view text) {
    return io::parse_movingai_map(text).value();
}

TEST(worker_pool, refuses_work_beyond_its_queue_and_drains_on_shutdown) {
    worker_pool pool(1, 2);
    std::promise<void> release;
    auto gate = release.get_future().share();
    std::atomic<int> ran{0};
    std::atomic<bool> started{false};
    ASSERT_TRUE(pool.try_submit([&, gate] {
        started = true;
        gate.wait();
        ++ran;
    }));
    for (int i = 0; i < 500 && !started; ++i) std::this_thread::sleep_for(1ms);
    ASSERT_TRUE(started.load());
    EXPECT_TRUE(pool.try_submit([&] { ++ran; }));
    EXPECT_TRUE(pool.try_submit([&] { ++ran; }));
    EXPECT_FALSE(pool.try_submit([&] { ++ran; })) << "the queue holds 2";
    EXPECT_EQ(pool.in_flight(), 3u);
    release.set_value();
    pool.shutdown();
    EXPECT_EQ(ran.load(), 3);
    EXPECT_FALSE(pool.try_submit([&] { ++ran; })) << "no work after shutdown";
}

TEST(pathfinding_service, limits_hold_without_a_transport) {
    worker_pool pool(2, 8);
    service_limits limits;
    limits.max_scenes = 2;
    limits.max_map_cells = 100;
    pathfinding_service service(limits, "", pool);
    load_scene_input in;
    in.id = "a";
    in.map_bytes = "type octile\nheight 2\nwidth 3\nmap\n...\n...\n";
    ASSERT_TRUE(service.load_scene(in));
    in.id = "b";
    ASSERT_TRUE(service.load_scene(in));
    in.id = "c";
    auto full = service.load_scene(in);
    ASSERT_FALSE(full);
    EXPECT_EQ(full.error().code, status_code::resource_exhausted);
    in.id = "a";
    in.replace = true;
    EXPECT_TRUE(service.load_scene(in)) << "replacing does not need a free slot";
    in.map_bytes = "type octile\nheight 11\nwidth 10\nmap\n" + [] {
        std::string rows;
        for (int i = 0; i < 11; ++i) rows += "..........\n";
        return rows;
    }();
    auto big = service.load_scene(in);
    ASSERT_FALSE(big);
    EXPECT_EQ(big.error().code, status_code::resource_exhausted) << "110 cells > max_map_cells";
    // A PNG header declaring 4294967295 x 4294967295 pixels (found by the fuzzer: the product
    // overflowed a signed 64-bit integer): refused from the header.
    in.map_bytes = std::string("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\xff\xff\xff\xff\xff\xff\xff\xff"
                               "\x08\0\0\0\0",
                               29);
    auto bomb = service.load_scene(in);
    ASSERT_FALSE(bomb);
    EXPECT_EQ(bomb.error().code, status_code::resource_exhausted) << bomb.error().message;
    in.map_bytes.reset();
    in.path = "a.map";
    auto no_dir = service.load_scene(in);
    ASSERT_FALSE(no_dir);
    EXPECT_NE(no_dir.error().message.find("no scene directory"), std::string::npos);

    // A batch answered on the pool equals the one-by-one answers, in order.
    std::vector<route_input> batch;
    for (int i = 0; i < 20; ++i) {
        batch.push_back({.scene = "b", .from = {0.5, 0.5}, .to = {2.5, (i % 2) + 0.5}});
    }
    auto answers = service.find_routes(batch, {});
    ASSERT_TRUE(answers);
    ASSERT_EQ(answers.value().size(), batch.size());
    for (std::size_t i = 0; i < batch.size(); ++i) {
        auto one = service.find_route(batch[i], {});
        ASSERT_TRUE(one);
        EXPECT_EQ(answers.value()[i].result.points.back().y, one.value().result.points.back().y);
    }
    batch[7].to = {9, 9};
    auto bad = service.find_routes(batch, {});
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message.rfind("routes[7].to", 0), 0u) << bad.error().message;
}

TEST(pathfinding_service, queries_and_updates_from_many_threads) {
    worker_pool pool(2, 64);
    pathfinding_service service({}, "", pool);
    load_scene_input in;
    in.id = "rooms";
    in.map_bytes = "type octile\nheight 5\nwidth 9\nmap\n@@@@@@@@@\n@...@...@\n@.......@\n"
                   "@...@...@\n@@@@@@@@@\n";
    ASSERT_TRUE(service.load_scene(in));
    std::atomic<bool> stop{false};
    std::atomic<int> wrong{0}, answered{0};
    std::vector<std::thread> readers;
    for (int t = 0; t < 2; ++t) {
        readers.emplace_back([&] {
            std::vector<route_input> batch(
                6, route_input{.scene = "rooms", .from = {1.5, 1.5}, .to = {7.5, 1.5}});
            for (int i = 0; i < 300 && !stop.load(); ++i) {
                auto r = service.find_routes(batch, {});
                if (!r) continue; // the scene may be between an unload and a reload
                for (const auto& one : r.value()) {
                    // The door (4,2) is open on even versions: found; closed on odd: no path.
                    const bool open = one.result.map_version % 2 == 0;
                    const bool ok = open ? one.result.status == pipeline::route_status::found
                                         : one.result.status == pipeline::route_status::no_path;
                    if (!ok) ++wrong;
                    ++answered;
                }
            }
        });
    }
    for (int i = 0; i < 100; ++i) {
        update_input u{.scene = "rooms", .edits = {grid::cell_edit::high({4, 2}, i % 2 == 0)}};
        auto v = service.update_cells(u);
        ASSERT_TRUE(v) << v.error().message;
        (void)service.list_scenes();
        std::this_thread::sleep_for(200us);
    }
    stop = true;
    for (auto& t : readers) t.join();
    EXPECT_GT(answered.load(), 0);
    EXPECT_EQ(wrong.load(), 0);
}

TEST(pathfinding_service, big_units_share_a_sized_map_per_version_across_threads) {
    worker_pool pool(2, 64);
    pathfinding_service service({}, "", pool);
    load_scene_input in;
    in.id = "halls";
    // Two halls joined by a door two cells high at (5,3)-(5,4): a 2 x 2 unit fits through.
    in.map_bytes = "type octile\nheight 8\nwidth 12\nmap\n@@@@@@@@@@@@\n@....@.....@\n"
                   "@....@.....@\n@..........@\n@..........@\n@....@.....@\n@....@.....@\n"
                   "@@@@@@@@@@@@\n";
    ASSERT_TRUE(service.load_scene(in));
    // Bad sizes and a start where the unit does not fit are refused, naming the field.
    for (const std::int32_t size : {0, -3, 33}) {
        auto r = service.find_route(
            {.scene = "halls", .from = {1.5, 1.5}, .to = {8.5, 1.5}, .unit_size = size}, {});
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().code, status_code::invalid_argument);
        EXPECT_NE(r.error().message.find("unit_size"), std::string::npos) << r.error().message;
        auto p = service.find_path(
            {.scene = "halls", .from = {1, 1}, .to = {8, 1}, .unit_size = size}, {});
        ASSERT_FALSE(p);
        EXPECT_NE(p.error().message.find("unit_size"), std::string::npos);
    }
    auto unfit =
        service.find_path({.scene = "halls", .from = {4, 1}, .to = {8, 1}, .unit_size = 2}, {});
    ASSERT_FALSE(unfit);
    EXPECT_NE(unfit.error().message.find("does not fit"), std::string::npos)
        << unfit.error().message;

    std::atomic<bool> stop{false};
    std::atomic<int> wrong{0}, answered{0};
    std::vector<std::thread> readers;
    for (int t = 0; t < 2; ++t) {
        readers.emplace_back([&, t] {
            for (int i = 0; i < 200 && !stop.load(); ++i) {
                const std::int32_t size = 2 + (i + t) % 2; // 3 x 3 never fits through the door
                auto r = service.find_route(
                    {.scene = "halls", .from = {1.5, 1.5}, .to = {7.5, 1.5}, .unit_size = size},
                    {});
                auto p = service.find_path(
                    {.scene = "halls", .from = {1, 1}, .to = {7, 1}, .unit_size = size}, {});
                if (!r || !p) {
                    ++wrong;
                    continue;
                }
                // The door is open on even versions.
                const bool route_open = r.value().result.map_version % 2 == 0 && size == 2;
                const bool path_open = p.value().version % 2 == 0 && size == 2;
                if ((r.value().result.status == pipeline::route_status::found) != route_open) {
                    ++wrong;
                }
                if (p.value().result.found() != path_open) ++wrong;
                answered += 2;
            }
        });
    }
    for (int i = 0; i < 60; ++i) {
        const bool close = i % 2 == 0;
        update_input u{
            .scene = "halls",
            .edits = {grid::cell_edit::high({5, 3}, close), grid::cell_edit::high({5, 4}, close)}};
        auto v = service.update_cells(u);
        ASSERT_TRUE(v) << v.error().message;
        std::this_thread::sleep_for(300us);
    }
    stop = true;
    for (auto& t : readers) t.join();
    EXPECT_GT(answered.load(), 0);
    EXPECT_EQ(wrong.load(), 0);
}

TEST(pathfinding_service, scenes_hold_influence_layers_and_players_fogs) {
    worker_pool pool(2, 64);
    service_limits limits;
    limits.max_players = 2;
    limits.max_influence_layers = 2;
    limits.max_influence_sources = 8;
    pathfinding_service service(limits, "", pool);
    load_scene_input in;
    in.id = "field";
    // An open field with a wall across the middle, open at both ends.
    in.map_bytes = "type octile\nheight 7\nwidth 12\nmap\n............\n............\n"
                   ".@@@@@@@@@@.\n............\n............\n............\n"
                   "............\n";
    ASSERT_TRUE(service.load_scene(in));

    // Influence: a deadly tower on the straight row 4 makes the path bend; the answer equals
    // A* on the scene's map weighted by hand.
    auto set = service.set_influence(
        {.scene = "field", .layer = "danger", .sources = {{{6, 4}, 40.0f, 1}}});
    ASSERT_TRUE(set) << set.error().message;
    EXPECT_EQ(set.value(), 1u);
    path_input q{.scene = "field", .from = {0, 4}, .to = {11, 4}};
    auto plain = service.find_path(q, {});
    ASSERT_TRUE(plain && plain.value().result.found());
    q.unit.influence = {{"danger", 1.0f}};
    auto priced = service.find_path(q, {});
    ASSERT_TRUE(priced) << priced.error().message;
    ASSERT_TRUE(priced.value().result.found());
    auto layer = overlays::influence_layer::create("danger", 12, 7).value();
    ASSERT_TRUE(layer.add({{6, 4}, 40.0f, 1}).ok());
    const overlays::weighted_layer weights[] = {{&layer, 1.0f}};
    const auto by_hand = overlays::weighted_cost_map(
        service_test_map("type octile\nheight 7\nwidth 12\nmap\n............\n"
                         "............\n.@@@@@@@@@@.\n............\n............\n"
                         "............\n............\n"),
        weights);
    ASSERT_TRUE(by_hand.ok());
    search::astar engine;
    const auto direct = engine.find_path(by_hand.value(), {.start = {0, 4}, .goal = {11, 4}});
    EXPECT_NEAR(priced.value().result.cost, direct.cost, 1e-6);
    EXPECT_GT(priced.value().result.length, plain.value().result.length);
    for (const cell c : priced.value().result.path) EXPECT_FALSE(c.x == 6 && c.y == 4);

    // Fog: a player who has seen three discs around row 5 (rows 3-6 whole) and believes the rest
    // blocked cannot go to row 0; believing it walkable, it can.
    auto seen = service.explore(
        {.scene = "field", .player = "p1", .discs = {{{2, 5}, 3}, {{6, 5}, 3}, {{10, 5}, 3}}});
    ASSERT_TRUE(seen) << seen.error().message;
    EXPECT_GT(seen.value(), 20u);
    path_input up{.scene = "field", .from = {0, 4}, .to = {11, 0}};
    up.unit.player = "p1";
    auto hopeful = service.find_path(up, {});
    ASSERT_TRUE(hopeful) << hopeful.error().message;
    EXPECT_TRUE(hopeful.value().result.found());
    up.unit.unexplored_blocked = true;
    auto careful = service.find_path(up, {});
    ASSERT_FALSE(careful); // the goal cell is unexplored, assumed blocked
    EXPECT_NE(careful.error().message.find("unexplored"), std::string::npos)
        << careful.error().message;
    route_input route{.scene = "field", .from = {0.5, 4.5}, .to = {11.5, 4.5}};
    route.unit.player = "p1";
    route.unit.unexplored_blocked = true;
    auto fogged_route = service.find_route(route, {});
    ASSERT_TRUE(fogged_route) << fogged_route.error().message;
    EXPECT_TRUE(fogged_route.value().result.ok());
    route.unit.player = "nobody-yet"; // has explored nothing: every cell unexplored
    auto blind = service.find_route(route, {});
    ASSERT_TRUE(blind);
    EXPECT_EQ(blind.value().result.status, pipeline::route_status::invalid);

    // Refusals name the field; limits hold.
    q.unit.influence = {{"smoke", 1.0f}};
    auto unknown = service.find_path(q, {});
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("influence"), std::string::npos);
    q.unit.influence = {{"danger", -1.0f}};
    EXPECT_FALSE(service.find_path(q, {}));
    q.unit = {.unexplored_blocked = true};
    EXPECT_FALSE(service.find_path(q, {})) << "unexplored_blocked needs a player";
    auto outside = service.set_influence(
        {.scene = "field", .layer = "danger", .sources = {{{1, 1}, 1.0f, 1}, {{99, 1}, 1.0f, 1}}});
    ASSERT_FALSE(outside);
    EXPECT_NE(outside.error().message.find("sources[1]"), std::string::npos);
    EXPECT_FALSE(service.set_influence({.scene = "field", .layer = "bad name!", .sources = {}}));
    auto bad_step = service.set_influence(
        {.scene = "field", .layer = "danger", .sources = {}, .byte_step = -0.5f});
    ASSERT_FALSE(bad_step);
    EXPECT_NE(bad_step.error().message.find("byte_step"), std::string::npos);
    // An 8-bit layer answers the same path here: 40 rounds to a multiple of 0.5 exactly.
    ASSERT_TRUE(service.set_influence(
        {.scene = "field", .layer = "danger", .sources = {{{6, 4}, 40.0f, 1}}, .byte_step = 0.5f}));
    q.unit = {.influence = {{"danger", 1.0f}}};
    auto rounded = service.find_path(q, {});
    ASSERT_TRUE(rounded && rounded.value().result.found());
    for (const cell c : rounded.value().result.path) EXPECT_FALSE(c.x == 6 && c.y == 4);
    q.unit = {};
    EXPECT_FALSE(service.set_influence(
        {.scene = "field",
         .layer = "many",
         .sources = std::vector<overlays::influence_source>(9, {{1, 1}, 1.0f, 1})}));
    ASSERT_TRUE(service.set_influence({.scene = "field", .layer = "smoke", .sources = {}}));
    auto third = service.set_influence({.scene = "field", .layer = "third", .sources = {}});
    ASSERT_FALSE(third);
    EXPECT_EQ(third.error().code, status_code::resource_exhausted);
    ASSERT_TRUE(service.explore({.scene = "field", .player = "p2", .discs = {{{0, 0}, 1}}}));
    auto p3 = service.explore({.scene = "field", .player = "p3", .discs = {{{0, 0}, 1}}});
    ASSERT_FALSE(p3);
    EXPECT_EQ(p3.error().code, status_code::resource_exhausted);
    EXPECT_FALSE(service.explore({.scene = "field", .player = "p1", .discs = {{{0, 99}, 1}}}));
    EXPECT_FALSE(service.explore({.scene = "field", .player = "p1", .discs = {{{0, 0}, -1}}}));
    EXPECT_FALSE(service.explore({.scene = "nowhere", .player = "p1", .discs = {{{0, 0}, 1}}}));

    // Queries that weigh a layer while another thread replaces it always see a whole layer:
    // each answer costs what the tower on row 4 or the tower on row 5 gives, nothing between.
    path_input w{.scene = "field", .from = {0, 4}, .to = {11, 4}};
    w.unit.influence = {{"danger", 1.0f}};
    double costs[2] = {0, 0};
    for (int row = 0; row < 2; ++row) {
        ASSERT_TRUE(service.set_influence(
            {.scene = "field", .layer = "danger", .sources = {{{6, 4 + row}, 40.0f, 1}}}));
        auto r = service.find_path(w, {});
        ASSERT_TRUE(r && r.value().result.found());
        costs[row] = r.value().result.cost;
    }
    std::atomic<bool> stop{false};
    std::atomic<int> wrong{0}, answered{0};
    std::thread reader([&] {
        for (int i = 0; i < 300 && !stop.load(); ++i) {
            auto r = service.find_path(w, {});
            if (!r || !r.value().result.found()) {
                ++wrong;
                continue;
            }
            const double c = r.value().result.cost;
            if (std::abs(c - costs[0]) > 1e-6 && std::abs(c - costs[1]) > 1e-6) ++wrong;
            ++answered;
        }
    });
    // At least 100 changes, and on until the reader has answered 50 queries (bounded).
    for (int i = 0; i < 5000 && (i < 100 || answered.load() < 50); ++i) {
        const std::int32_t row = 4 + i % 2;
        auto moved = service.set_influence(
            {.scene = "field", .layer = "danger", .sources = {{{6, row}, 40.0f, 1}}});
        EXPECT_TRUE(moved);
        auto e = service.explore({.scene = "field", .player = "p1", .discs = {{{i % 12, 0}, 1}}});
        EXPECT_TRUE(e);
        std::this_thread::sleep_for(100us);
    }
    stop = true;
    reader.join();
    EXPECT_GT(answered.load(), 0);
    EXPECT_EQ(wrong.load(), 0);
}

} // namespace
} // namespace xunlu::server::testing
