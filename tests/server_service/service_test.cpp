// The service without a transport: the worker pool's bounded queue, the service's limits, and
// batches spread over the pool while other threads load, update and query the same scenes (this
// suite has no gRPC, so ./test also runs it under ThreadSanitizer).
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>

#include "service/pathfinding_service.hpp"
#include "service/worker_pool.hpp"

namespace xunlu::server::testing {
namespace {

using namespace std::chrono_literals;

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

} // namespace
} // namespace xunlu::server::testing
