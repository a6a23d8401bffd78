// The server's parts in-process: configuration file errors, the worker pool's bounded queue,
// the metrics exposition, and the service's limits without a transport.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>

#include "server_config.hpp"
#include "server_process.hpp"
#include "service/pathfinding_service.hpp"
#include "service/worker_pool.hpp"
#include "transport/metrics.hpp"

namespace xunlu::server::testing {
namespace {

using namespace std::chrono_literals;

TEST(server_config, reads_every_section_and_names_bad_keys_with_their_line) {
    temp_dir dir;
    dir.write("ok.toml",
              "[server]\ngrpc = \"127.0.0.1:0\"\nthreads = 3\n"
              "[limits]\nmax_batch = 7\ndefault_deadline_ms = 100\n"
              "[log]\nslow_request_ms = 2.5\n"
              "[scene_defaults]\ncell_size = 16\n[scenes.town]\nalgorithm = \"astar\"\n");
    auto c = read_config_file((dir.path() / "ok.toml").string());
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c.value().grpc_address, "127.0.0.1:0");
    EXPECT_EQ(c.value().threads, 3u);
    EXPECT_EQ(c.value().limits.max_batch, 7u);
    EXPECT_EQ(c.value().limits.default_deadline_ms, 100u);
    EXPECT_EQ(c.value().slow_request_ms, 2.5);
    EXPECT_EQ(c.value().defaults.cell_size, 16);
    ASSERT_TRUE(c.value().scenes.contains("town"));
    EXPECT_EQ(c.value().scenes.at("town").algorithm, "astar");
    EXPECT_EQ(c.value().scenes.at("town").cell_size, 16) << "a scene inherits the defaults";

    const std::pair<const char*, const char*> bad[] = {
        {"[server]\nthreds = 2\n", "server.threds: unknown key (line 2)"},
        {"[limits]\nmax_batch = -1\n", "limits.max_batch"},
        {"[limits]\nmax_batch = \"many\"\n", "limits.max_batch"},
        {"[scene_defaults]\ncell_size = 0\n", "scene_defaults.cell_size"},
        {"[server]\ngrpc = 5\n", "server.grpc: must be a string"},
        {"server = 3\n", "server: must be a table"},
        {"[server\n", ":1:"},
        {"[extra]\n", "extra: unknown key"},
    };
    for (const auto& [text, expected] : bad) {
        dir.write("bad.toml", text);
        auto r = read_config_file((dir.path() / "bad.toml").string());
        ASSERT_FALSE(r) << text;
        EXPECT_NE(r.error().message.find(expected), std::string::npos)
            << text << " -> " << r.error().message;
    }
}

TEST(server_config, addresses_are_host_and_port) {
    auto a = split_address("127.0.0.1:0", "--grpc");
    ASSERT_TRUE(a);
    EXPECT_EQ(a.value().first, "127.0.0.1");
    EXPECT_EQ(a.value().second, 0);
    auto v6 = split_address("[::1]:8080", "--http");
    ASSERT_TRUE(v6);
    EXPECT_EQ(v6.value().first, "::1");
    for (const char* bad : {"127.0.0.1", ":80", "host:", "host:70000", "host:8x"}) {
        EXPECT_FALSE(split_address(bad, "--grpc")) << bad;
    }
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

TEST(server_metrics, exposition_groups_families_and_counts_cumulatively) {
    server_metrics m;
    m.record_request("FindRoute", "OK", 0.0002, 10);
    m.record_request("FindRoute", "OK", 0.02, 5);
    m.record_request("FindRoute", "NOT_FOUND", 0.00001, 0);
    m.record_stage("full_search", 0.02);
    const std::string text = m.render({{"xunlu_scene_version", "v", "scene=\"a\"", 1},
                                       {"xunlu_scenes", "n", "", 2},
                                       {"xunlu_scene_version", "v", "scene=\"b\"", 3}});
    EXPECT_NE(text.find("xunlu_requests_total{rpc=\"FindRoute\",code=\"OK\"} 2\n"),
              std::string::npos);
    EXPECT_NE(text.find("xunlu_requests_total{rpc=\"FindRoute\",code=\"NOT_FOUND\"} 1\n"),
              std::string::npos);
    EXPECT_NE(text.find("xunlu_request_seconds_bucket{rpc=\"FindRoute\",le=\"0.00025\"} 2\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("xunlu_request_seconds_bucket{rpc=\"FindRoute\",le=\"+Inf\"} 3\n"),
              std::string::npos);
    EXPECT_NE(text.find("xunlu_request_seconds_count{rpc=\"FindRoute\"} 3\n"), std::string::npos);
    EXPECT_NE(text.find("xunlu_expansions_total{rpc=\"FindRoute\"} 15\n"), std::string::npos);
    // A family's samples are contiguous: scene a's version line is followed by scene b's.
    EXPECT_NE(text.find("xunlu_scene_version{scene=\"a\"} 1\nxunlu_scene_version{scene=\"b\"} 3\n"),
              std::string::npos)
        << text;
    EXPECT_EQ(label_value("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
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

} // namespace
} // namespace xunlu::server::testing
