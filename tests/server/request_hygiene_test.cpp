// What a client sends cannot grow answers or forge logs, and errors are structured (issue 48):
// scene ids are limited in length and characters and refused without being echoed, every log
// line is one JSON object with client strings escaped, request ids (x-request-id) are returned
// and logged on both ports, HTTP errors carry {"code","message"}, a wrong method answers 405
// with Allow, and an absurd cell_size is refused.
#include <gtest/gtest.h>
#include <httplib.h>

#include <fstream>
#include <sstream>

#include "pathfinding_client.hpp"
#include "server_process.hpp"
#include "test_scenes.hpp"
#include "transport/http_transport.hpp"

namespace xunlu::server::testing {
namespace {

TEST(server_hygiene, long_or_forged_scene_ids_are_refused_and_logs_stay_json_lines) {
    temp_dir dir;
    dir.write("rooms.map", rooms_map);
    const std::string log = (dir.path() / "server.log").string();
    {
        server_process s({"--scenes", dir.path().string(), "--threads", "1"}, log);
        ASSERT_TRUE(s.started()) << s.first_line();
        httplib::Client http("127.0.0.1", s.http_port());
        http.set_read_timeout(20, 0);

        // A 100 kB id: refused naming the field, the answer does not echo it.
        const std::string huge(100000, 'a');
        auto r = http.Post(
            "/v1/route",
            nlohmann::json{{"scene", huge}, {"from", {1.5, 1.5}}, {"to", {8.5, 1.5}}}.dump(),
            "application/json");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 400);
        EXPECT_LT(r->body.size(), 1000u);
        const auto body = nlohmann::json::parse(r->body);
        EXPECT_EQ(body["code"], "INVALID_ARGUMENT");
        EXPECT_EQ(body["message"].get<std::string>().rfind("scene:", 0), 0u) << r->body;
        EXPECT_EQ(body["error"], body["message"]);

        // An id with a newline that would forge a log line: refused too.
        const std::string forged = "rooms\n2026-01-01 info scene admin loaded";
        r = http.Post("/v1/path",
                      nlohmann::json{{"scene", forged}, {"from", {1, 1}}, {"to", {3, 3}}}.dump(),
                      "application/json");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 400);

        // An unknown (well-formed) scene: 404 with the structured body, and the request id the
        // client sent comes back.
        r = http.Post("/v1/path", httplib::Headers{{"X-Request-Id", "abc-123"}},
                      R"({"scene":"nowhere","from":[1,1],"to":[3,3]})", "application/json");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 404);
        EXPECT_EQ(nlohmann::json::parse(r->body)["code"], "NOT_FOUND");
        EXPECT_EQ(r->get_header_value("X-Request-Id"), "abc-123");

        // No (or an unusable) id: the server makes one.
        r = http.Get("/healthz", httplib::Headers{{"X-Request-Id", "bad id\twith spaces"}});
        ASSERT_TRUE(r);
        const auto made = r->get_header_value("X-Request-Id");
        EXPECT_EQ(made.size(), 16u) << made;

        // A wrong method on a known path: 405 naming the method it takes.
        r = http.Get("/v1/route");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 405);
        EXPECT_EQ(r->get_header_value("Allow"), "POST");
        EXPECT_EQ(nlohmann::json::parse(r->body)["code"], "METHOD_NOT_ALLOWED");
        r = http.Post("/healthz", "", "text/plain");
        ASSERT_TRUE(r);
        EXPECT_EQ(r->status, 405);
        EXPECT_EQ(r->get_header_value("Allow"), "GET");

        // gRPC: the request id travels in metadata both ways.
        pathfinding_client pf(s.grpc());
        grpc::ClientContext ctx;
        ctx.AddMetadata("x-request-id", "grpc-77");
        ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
        v1::FindPathRequest p;
        p.set_scene("nowhere");
        p.mutable_from()->set_x(1);
        p.mutable_from()->set_y(1);
        p.mutable_to()->set_x(3);
        p.mutable_to()->set_y(3);
        v1::FindPathResponse resp;
        const auto st = pf.stub().FindPath(&ctx, p, &resp);
        EXPECT_EQ(st.error_code(), grpc::StatusCode::NOT_FOUND);
        const auto& md = ctx.GetServerInitialMetadata();
        const auto it = md.find("x-request-id");
        ASSERT_NE(it, md.end());
        EXPECT_EQ(std::string(it->second.data(), it->second.size()), "grpc-77");

        // A cell size that makes the map's pixel size overflow is refused.
        v1::LoadSceneRequest load;
        load.set_id("huge-cells");
        load.set_map_bytes(rooms_map);
        load.mutable_options()->set_cell_size(1e308);
        const auto loaded = pf.call(load);
        EXPECT_EQ(loaded.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
        EXPECT_NE(loaded.status.error_message().find("options.cell_size"), std::string::npos);
    }
    // Every line the server logged is one JSON object; the failed requests carry their ids.
    std::ifstream in(log);
    std::string line;
    int lines = 0;
    bool saw_http_id = false, saw_grpc_id = false;
    while (std::getline(in, line)) {
        ++lines;
        const auto j = nlohmann::json::parse(line, nullptr, false);
        ASSERT_TRUE(j.is_object()) << line;
        EXPECT_TRUE(j.contains("time") && j.contains("level") && j.contains("event")) << line;
        saw_http_id = saw_http_id || j.value("request_id", "") == "abc-123";
        saw_grpc_id = saw_grpc_id || j.value("request_id", "") == "grpc-77";
    }
    EXPECT_GT(lines, 3);
    EXPECT_TRUE(saw_http_id);
    EXPECT_TRUE(saw_grpc_id);
}

} // namespace
} // namespace xunlu::server::testing

namespace xunlu::server::testing {
namespace {

TEST(server_hygiene, busy_answers_say_when_to_retry_and_errors_carry_a_code) {
    for (const int status : {429, 503, 400, 504}) {
        httplib::Response res;
        res.status = status;
        add_retry_after(res);
        EXPECT_EQ(res.get_header_value("Retry-After"), status == 429 || status == 503 ? "1" : "")
            << status;
    }
    const auto j = error_json(status_code::resource_exhausted, "queue full");
    EXPECT_EQ(j["code"], "RESOURCE_EXHAUSTED");
    EXPECT_EQ(j["message"], "queue full");
    EXPECT_EQ(j["error"], "queue full");
}

} // namespace
} // namespace xunlu::server::testing
