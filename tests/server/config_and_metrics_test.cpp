// The server's parts in-process: configuration file errors and the metrics exposition.
#include <gtest/gtest.h>

#include "server_config.hpp"
#include "server_process.hpp"
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

} // namespace
} // namespace xunlu::server::testing
