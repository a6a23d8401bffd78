// Nearest (issue 48): the walkable cell whose centre is closest to a pixel, optionally within a
// radius, over gRPC and HTTP; checked against every cell of the map.
#include <gtest/gtest.h>
#include <httplib.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "pathfinding_client.hpp"
#include "server_process.hpp"
#include "test_scenes.hpp"

namespace xunlu::server::testing {
namespace {

/// The map's rows without the header; '.' is walkable.
std::vector<std::string> rows_of(const std::string& map) {
    std::vector<std::string> rows;
    std::istringstream in(map.substr(map.find("map\n") + 4));
    for (std::string line; std::getline(in, line);) rows.push_back(line);
    return rows;
}

/// Brute force: the smallest distance (pixels) from (px, py) to a walkable cell's centre.
double brute_nearest(const std::vector<std::string>& rows, double cs, double px, double py,
                     double radius) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t y = 0; y < rows.size(); ++y) {
        for (std::size_t x = 0; x < rows[y].size(); ++x) {
            if (rows[y][x] != '.') continue;
            const double d = std::hypot((static_cast<double>(x) + 0.5) * cs - px,
                                        (static_cast<double>(y) + 0.5) * cs - py);
            if ((radius == 0 || d <= radius) && d < best) best = d;
        }
    }
    return best;
}

TEST(server_nearest, answers_the_closest_walkable_centre_within_the_radius) {
    temp_dir dir;
    dir.write("rooms.map", rooms_map);
    dir.write("scenes.toml", "[scenes.rooms]\ncell_size = 8.0\n");
    server_process s({"--scenes", dir.path().string(), "--config",
                      (dir.path() / "scenes.toml").string(), "--threads", "1"});
    ASSERT_TRUE(s.started()) << s.first_line();
    const auto rows = rows_of(rooms_map);
    const double cs = 8.0;
    auto channel = grpc::CreateChannel(s.grpc(), grpc::InsecureChannelCredentials());
    auto stub = v1::Pathfinding::NewStub(channel);
    httplib::Client http("127.0.0.1", s.http_port());
    http.set_read_timeout(20, 0);

    int checked = 0;
    for (double py = 0.5; py < 7 * cs; py += 3.7) {
        for (double px = 0.5; px < 11 * cs; px += 5.3) {
            for (const double radius : {0.0, 6.0}) {
                grpc::ClientContext ctx;
                ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
                v1::NearestRequest req;
                req.set_scene("rooms");
                req.mutable_at()->set_x(px);
                req.mutable_at()->set_y(py);
                req.set_radius(radius);
                v1::NearestResponse resp;
                ASSERT_TRUE(stub->Nearest(&ctx, req, &resp).ok());
                const double want = brute_nearest(rows, cs, px, py, radius);
                if (std::isinf(want)) {
                    EXPECT_FALSE(resp.found()) << px << "," << py << " r " << radius;
                    continue;
                }
                ASSERT_TRUE(resp.found()) << px << "," << py << " r " << radius;
                EXPECT_NEAR(resp.distance(), want, 1e-9) << px << "," << py;
                EXPECT_EQ(rows[static_cast<std::size_t>(resp.cell().y())]
                              [static_cast<std::size_t>(resp.cell().x())],
                          '.');
                EXPECT_NEAR(resp.point().x(), (resp.cell().x() + 0.5) * cs, 1e-9);
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 50);

    // HTTP mirrors it: a wall pixel of the door column moves to the free cell beside it.
    auto r = http.Post("/v1/nearest", R"({"scene":"rooms","at":[44.0,12.0]})", "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    const auto j = nlohmann::json::parse(r->body);
    EXPECT_TRUE(j["found"].get<bool>());
    EXPECT_NEAR(j["distance"].get<double>(), brute_nearest(rows, cs, 44.0, 12.0, 0), 1e-9);
    EXPECT_EQ(j["version"], 0);
    r = http.Post("/v1/nearest", R"({"scene":"rooms","at":[-1,3]})", "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400);
    r = http.Post("/v1/nearest", R"({"scene":"rooms","at":[4,4],"radius":-1})", "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400);
    EXPECT_NE(r->body.find("radius"), std::string::npos);
}

} // namespace
} // namespace xunlu::server::testing
