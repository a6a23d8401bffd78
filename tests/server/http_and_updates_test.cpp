// The HTTP port of a real xunlu-server (health, readiness, metrics, the JSON mirror) and the
// atomicity of UpdateCells under concurrent FindRoute calls; SIGTERM drains and exits 0.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <thread>

#include "pathfinding_client.hpp"
#include "server_process.hpp"
#include "test_scenes.hpp"

namespace xunlu::server::testing {
namespace {

using namespace std::chrono_literals;

struct running_server {
    temp_dir dir;
    std::unique_ptr<server_process> server;
    running_server() {
        dir.write("rooms.map", rooms_map);
        server = std::make_unique<server_process>(
            std::vector<std::string>{"--scenes", dir.path().string(), "--threads", "2"});
    }
};

TEST(server_http, endpoints_answer_with_the_cli_keys) {
    running_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    httplib::Client http("127.0.0.1", s.server->http_port());
    http.set_read_timeout(20, 0);

    auto r = http.Get("/healthz");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    r = http.Get("/readyz");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);

    r = http.Get("/v1/scenes");
    ASSERT_TRUE(r);
    auto scenes = nlohmann::json::parse(r->body);
    ASSERT_EQ(scenes.size(), 1u);
    EXPECT_EQ(scenes[0]["id"], "rooms");
    EXPECT_EQ(scenes[0]["width"], 11);
    EXPECT_EQ(scenes[0]["height"], 7);
    EXPECT_EQ(scenes[0]["version"], 0);

    r = http.Post("/v1/route", R"({"scene":"rooms","from":[1.5,1.5],"to":[8.5,1.5]})",
                  "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    auto route = nlohmann::json::parse(r->body);
    for (const char* key : {"status", "stage", "points", "length", "grid_length", "expanded",
                            "time_us", "map_version", "cell_size", "version"}) {
        EXPECT_TRUE(route.contains(key)) << key;
    }
    EXPECT_EQ(route["status"], "found");
    EXPECT_EQ(route["points"].front(), nlohmann::json::array({1.5, 1.5}));

    r = http.Post("/v1/ray", R"({"scene":"rooms","from":[1.5,1.5],"to":[8.5,1.5]})",
                  "application/json");
    ASSERT_TRUE(r);
    auto ray = nlohmann::json::parse(r->body);
    EXPECT_EQ(ray["clear"], false);
    EXPECT_EQ(ray["blocked_cell"], nlohmann::json::array({5, 1}));
    EXPECT_EQ(ray["version"], 0);

    r = http.Post("/v1/path", R"({"scene":"rooms","from":[1,1],"to":[8,1],"algo":"jps"})",
                  "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << r->body;

    // A 2 x 2 unit: fits in the left room, not through the one-cell door.
    r = http.Post("/v1/route", R"({"scene":"rooms","from":[1.5,1.5],"to":[3.5,4.5],"unit_size":2})",
                  "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_NE(nlohmann::json::parse(r->body)["status"], "no_path") << r->body;
    r = http.Post("/v1/route", R"({"scene":"rooms","from":[1.5,1.5],"to":[8.5,1.5],"unit_size":2})",
                  "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(nlohmann::json::parse(r->body)["status"], "no_path") << r->body;
    r = http.Post("/v1/path", R"({"scene":"rooms","from":[1,1],"to":[8,1],"unit_size":2})",
                  "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(nlohmann::json::parse(r->body)["status"], "no_path") << r->body;
    r = http.Post("/v1/path", R"({"scene":"rooms","from":[4,1],"to":[8,1],"unit_size":2})",
                  "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << r->body;
    EXPECT_NE(r->body.find("does not fit"), std::string::npos) << r->body;

    // A scene's influence layer and a player's fog, then queries that use them.
    r = http.Post(
        "/v1/influence",
        R"({"scene":"rooms","layer":"danger","sources":[{"at":[5,3],"strength":9,"radius":0}]})",
        "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(nlohmann::json::parse(r->body)["sources"], 1);
    r = http.Post("/v1/route",
                  R"({"scene":"rooms","from":[1.5,3.5],"to":[8.5,3.5],"influence":{"danger":1}})",
                  "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(nlohmann::json::parse(r->body)["status"], "found") << "the door costs, it is the "
                                                                    "only way: still found";
    r = http.Post("/v1/explore",
                  R"({"scene":"rooms","player":"scout","discs":[{"at":[2,3],"radius":2}]})",
                  "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_GT(nlohmann::json::parse(r->body)["explored"].get<int>(), 5);
    r = http.Post(
        "/v1/path",
        R"({"scene":"rooms","from":[1,3],"to":[8,3],"player":"scout","unexplored_blocked":true})",
        "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << "the goal is unexplored: " << r->body;
    r = http.Post("/v1/path", R"({"scene":"rooms","from":[1,3],"to":[8,3],"player":"scout"})",
                  "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(nlohmann::json::parse(r->body)["status"], "found") << r->body;
    for (const char* body :
         {R"({"scene":"rooms","layer":"danger","sources":[{"at":[50,3],"strength":9,"radius":0}]})",
          R"({"scene":"rooms","layer":"danger","sources":[{"at":[5,3],"strength":-1,"radius":0}]})",
          R"({"scene":"rooms","layer":"danger","sources":[{"at":[5,3],"strength":1}]})",
          R"({"scene":"rooms","layer":"danger","sources":{}})",
          R"({"scene":"rooms","layer":"danger","sources":[],"byte_step":"x"})",
          R"({"scene":"rooms","sources":[]})"}) {
        r = http.Post("/v1/influence", body, "application/json");
        ASSERT_TRUE(r) << body;
        EXPECT_EQ(r->status, 400) << body << " -> " << r->body;
    }
    for (const char* body : {R"({"scene":"rooms","player":"scout","discs":[{"at":[2,3]}]})",
                             R"({"scene":"rooms","player":"","discs":[{"at":[2,3],"radius":1}]})",
                             R"({"scene":"rooms","player":"scout","discs":[]})"}) {
        r = http.Post("/v1/explore", body, "application/json");
        ASSERT_TRUE(r) << body;
        EXPECT_EQ(r->status, 400) << body << " -> " << r->body;
    }
    r = http.Post("/v1/route",
                  R"({"scene":"rooms","from":[1.5,3.5],"to":[8.5,3.5],"influence":{"smoke":1}})",
                  "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400) << r->body;
    EXPECT_NE(r->body.find("smoke"), std::string::npos);

    // Errors: 400 naming the field, 404 for an unknown scene, never a crash.
    const std::pair<const char*, int> bad[] = {
        {"{", 400},
        {"[1,2]", 400},
        {R"({"scene":"rooms","from":[1.5],"to":[8.5,1.5]})", 400},
        {R"({"scene":"rooms","from":[1.5,1.5],"to":[8.5,1.5],"stop_shrot":2})", 400},
        {R"({"scene":"rooms","from":[1.5,1.5],"to":[80.5,1.5]})", 400},
        {R"({"scene":"rooms","from":[1.5,1.5],"to":[8.5,1.5],"stop_short":-1})", 400},
        {R"({"scene":"rooms","from":[1.5,1.5],"to":[8.5,1.5],"four_way":"yes"})", 400},
        {R"({"scene":7,"from":[1.5,1.5],"to":[8.5,1.5]})", 400},
        {R"({"scene":"rooms","from":[1.5,1.5],"to":[8.5,1.5],"unit_size":0})", 400},
        {R"({"scene":"rooms","from":[1.5,1.5],"to":[8.5,1.5],"unit_size":"2"})", 400},
        {R"({"scene":"elsewhere","from":[1.5,1.5],"to":[8.5,1.5]})", 404},
    };
    for (const auto& [body, status] : bad) {
        r = http.Post("/v1/route", body, "application/json");
        ASSERT_TRUE(r) << body;
        EXPECT_EQ(r->status, status) << body << " -> " << r->body;
        const auto j = nlohmann::json::parse(r->body, nullptr, false);
        ASSERT_TRUE(j.is_object() && j.contains("error")) << r->body;
    }
    r = http.Post("/v1/route",
                  R"({"scene":"rooms","from":[1.5,1.5],"to":[8.5,1.5],"stop_shrot":2})",
                  "application/json");
    EXPECT_NE(r->body.find("stop_shrot"), std::string::npos);
    r = http.Get("/no/such/endpoint");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 404);

    r = http.Get("/metrics");
    ASSERT_TRUE(r);
    EXPECT_NE(r->body.find("xunlu_requests_total{rpc=\"FindRoute\",code=\"OK\"}"),
              std::string::npos);
    EXPECT_NE(r->body.find("xunlu_requests_total{rpc=\"FindRoute\",code=\"INVALID_ARGUMENT\"}"),
              std::string::npos);
    EXPECT_NE(r->body.find("# TYPE xunlu_request_seconds histogram"), std::string::npos);
    EXPECT_NE(r->body.find("xunlu_scene_memory_bytes{scene=\"rooms\"}"), std::string::npos);
    EXPECT_NE(r->body.find("xunlu_in_flight_requests"), std::string::npos);
    EXPECT_EQ(s.server->stop(20s), 0) << "SIGTERM: drain and exit 0";
}

TEST(server_updates, every_answer_is_valid_on_the_version_it_reports) {
    running_server s;
    ASSERT_TRUE(s.server->started()) << s.server->first_line();
    // The door at (5,3) starts open (version 0); every update toggles it, so an even version has
    // it open (the route crosses it) and an odd one closed (no path: the labels must follow).
    std::atomic<bool> stop{false};
    std::atomic<int> checked{0}, wrong{0}, failed{0};
    std::vector<std::thread> readers;
    for (int t = 0; t < 3; ++t) {
        readers.emplace_back([&] {
            pathfinding_client c(s.server->grpc(), 20s);
            for (int i = 0; i < 2000 && !stop.load(); ++i) {
                const auto r = c.route("rooms", {1.5, 2.5}, {9.5, 2.5});
                if (!r.ok()) {
                    ++failed;
                    continue;
                }
                const bool open = r.value().version() % 2 == 0;
                const bool ok =
                    open ? r.value().status() == v1::ROUTE_STATUS_FOUND &&
                               r.value().points_size() >= 3 &&
                               std::abs(r.value().points(r.value().points_size() - 1).x() - 9.5) <
                                   1e-9
                         : r.value().status() == v1::ROUTE_STATUS_NO_PATH;
                if (!ok) ++wrong;
                ++checked;
            }
        });
    }
    pathfinding_client writer(s.server->grpc(), 20s);
    std::uint64_t version = 0;
    for (int i = 0; i < 200; ++i) {
        v1::UpdateCellsRequest u;
        u.set_scene("rooms");
        auto* e = u.add_edits();
        e->mutable_cell()->set_x(5);
        e->mutable_cell()->set_y(3);
        e->set_kind(v1::CellEdit::HIGH_OBSTACLE);
        e->set_blocked(i % 2 == 0); // close on even steps, open on odd ones
        u.set_expected_version(version);
        const auto r = writer.call(u);
        ASSERT_TRUE(r.ok()) << r.status.error_message();
        version = r.value().version();
        ASSERT_EQ(version, static_cast<std::uint64_t>(i + 1));
        std::this_thread::sleep_for(1ms); // let the readers see this version
    }
    stop = true;
    for (auto& t : readers) t.join();
    std::printf("%d answers checked against the version they report\n", checked.load());
    EXPECT_GT(checked.load(), 0);
    EXPECT_EQ(wrong.load(), 0) << "answers that do not match the version they report";
    EXPECT_EQ(failed.load(), 0);
}

} // namespace
} // namespace xunlu::server::testing
