// Every RPC of a real xunlu-server over gRPC on loopback: answers checked against the library
// on the same maps, and every error status with the field it names.
#include <gtest/gtest.h>
#include <httplib.h>

#include <cmath>
#include <thread>

#include "pathfinding_client.hpp"
#include "reflection_probe.grpc.pb.h"
#include "server_process.hpp"
#include "test_scenes.hpp"
#include "xunlu/facade/route.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/pipeline/route_finder.hpp"
#include "xunlu/pipeline/scene.hpp"

namespace xunlu::server::testing {
namespace {

using namespace std::chrono_literals;

// The rooms of test_scenes.hpp with the corner (9,5) walled in.
const std::string& rooms_map = rooms_with_walled_corner;

const std::string config_toml = "[limits]\nmax_batch = 4\nmax_request_bytes = 2097152\n"
                                "max_expansions = 50000000\nmax_deadline_ms = 60000\n"
                                "[log]\nlevel = \"warn\"\n";

class grpc_api : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        dir_ = new temp_dir();
        dir_->write("rooms.map", rooms_map);
        dir_->write("rooms.waypoints/roadPoint.csv", "id,x,y\n1,2,3\n2,8,3\n");
        dir_->write("rooms.waypoints/pathlink.csv", "from,to\n1,2\n");
        dir_->write("server.toml", config_toml);
        server_ = new server_process({"--scenes", dir_->path().string(), "--threads", "2",
                                      "--config", (dir_->path() / "server.toml").string()});
        ASSERT_TRUE(server_->started()) << "xunlu-server printed: " << server_->first_line();
        client_ = new pathfinding_client(server_->grpc(), 20s);
    }
    static void TearDownTestSuite() {
        delete client_;
        delete server_;
        delete dir_;
    }
    static pathfinding_client& client() { return *client_; }

    static temp_dir* dir_;
    static server_process* server_;
    static pathfinding_client* client_;
};

temp_dir* grpc_api::dir_ = nullptr;
server_process* grpc_api::server_ = nullptr;
pathfinding_client* grpc_api::client_ = nullptr;

v1::FindRouteRequest route_request(const std::string& scene, double fx, double fy, double tx,
                                   double ty) {
    v1::FindRouteRequest r;
    r.set_scene(scene);
    r.mutable_from()->set_x(fx);
    r.mutable_from()->set_y(fy);
    r.mutable_to()->set_x(tx);
    r.mutable_to()->set_y(ty);
    return r;
}

TEST_F(grpc_api, health_and_version) {
    const auto h = client().call(v1::HealthRequest{});
    ASSERT_TRUE(h.ok()) << h.status.error_message();
    EXPECT_TRUE(h.value().serving());
    EXPECT_GE(h.value().scenes(), 1u);
    const auto v = client().call(v1::VersionRequest{});
    ASSERT_TRUE(v.ok());
    EXPECT_FALSE(v.value().version().empty());
    EXPECT_FALSE(v.value().grpc().empty());
}

TEST_F(grpc_api, reflection_lists_the_service_and_describes_it) {
    namespace refl = grpc::reflection::v1alpha;
    auto channel = grpc::CreateChannel(server_->grpc(), grpc::InsecureChannelCredentials());
    auto stub = refl::ServerReflection::NewStub(channel);
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + 20s);
    auto stream = stub->ServerReflectionInfo(&ctx);
    refl::ServerReflectionRequest list;
    list.set_list_services("*");
    ASSERT_TRUE(stream->Write(list));
    refl::ServerReflectionResponse answer;
    ASSERT_TRUE(stream->Read(&answer));
    bool listed = false;
    for (const auto& s : answer.list_services_response().service()) {
        listed = listed || s.name() == "xunlu.v1.Pathfinding";
    }
    EXPECT_TRUE(listed) << answer.DebugString();
    refl::ServerReflectionRequest describe;
    describe.set_file_containing_symbol("xunlu.v1.Pathfinding");
    ASSERT_TRUE(stream->Write(describe));
    ASSERT_TRUE(stream->Read(&answer));
    ASSERT_GT(answer.file_descriptor_response().file_descriptor_proto_size(), 0);
    EXPECT_NE(answer.file_descriptor_response().file_descriptor_proto(0).find("FindRoute"),
              std::string::npos);
    stream->WritesDone();
    EXPECT_TRUE(stream->Finish().ok());
}

TEST_F(grpc_api, scene_directory_is_loaded_with_its_waypoints) {
    const auto list = client().call(v1::ListScenesRequest{});
    ASSERT_TRUE(list.ok());
    bool seen = false;
    for (const auto& s : list.value().scenes()) {
        if (s.id() != "rooms") continue;
        seen = true;
        EXPECT_EQ(s.width(), 11);
        EXPECT_EQ(s.height(), 7);
        EXPECT_EQ(s.waypoints(), 2u);
        EXPECT_GT(s.memory_bytes(), 0u);
        EXPECT_EQ(s.source(), "rooms.map");
    }
    EXPECT_TRUE(seen);
}

TEST_F(grpc_api, route_equals_the_library_answer) {
    auto map = io::parse_map(rooms_map, "rooms.map");
    ASSERT_TRUE(map);
    auto scene = pipeline::scene::create(std::move(map).value().map);
    ASSERT_TRUE(scene);
    // The server's scene: jps in the grid stages and the waypoint graph of rooms.waypoints/.
    ASSERT_TRUE(scene.value().load_waypoints((dir_->path() / "rooms.waypoints").string()));
    auto finder = std::move(facade::make_route_finder("jps")).value();
    const auto expect = finder.find(
        scene.value(), pipeline::route_request{.start = {1.5, 1.5}, .goal = {8.5, 1.5}});

    const auto r = client().call(route_request("rooms", 1.5, 1.5, 8.5, 1.5));
    ASSERT_TRUE(r.ok()) << r.status.error_message();
    EXPECT_EQ(r.value().status(), v1::ROUTE_STATUS_FOUND);
    ASSERT_EQ(static_cast<std::size_t>(r.value().points_size()), expect.points.size());
    EXPECT_NEAR(r.value().length(), expect.length, 1e-9);
    EXPECT_EQ(r.value().points(0).x(), 1.5);
    EXPECT_EQ(r.value().points(r.value().points_size() - 1).x(), 8.5);
    EXPECT_FALSE(r.value().stage().empty());
    EXPECT_EQ(r.value().version(), 0u);

    const auto walled = client().call(route_request("rooms", 1.5, 1.5, 9.5, 5.5));
    ASSERT_TRUE(walled.ok());
    EXPECT_EQ(walled.value().status(), v1::ROUTE_STATUS_NO_PATH);
    EXPECT_EQ(walled.value().stats().expanded(), 0u) << "unreachable goals are answered by labels";
}

TEST_F(grpc_api, malformed_routes_name_the_field) {
    auto r = client().call(route_request("rooms", std::nan(""), 1.5, 8.5, 1.5));
    EXPECT_EQ(r.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(r.status.error_message().find("from"), std::string::npos);
    r = client().call(route_request("rooms", 1.5, 1.5, 8.5, 1e300));
    EXPECT_EQ(r.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(r.status.error_message().find("to"), std::string::npos);
    r = client().call(route_request("rooms", -1, 1.5, 8.5, 1.5));
    EXPECT_EQ(r.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    r = client().call(route_request("", 1.5, 1.5, 8.5, 1.5));
    EXPECT_EQ(r.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    r = client().call(route_request("no-such-scene", 1.5, 1.5, 8.5, 1.5));
    EXPECT_EQ(r.status.error_code(), grpc::StatusCode::NOT_FOUND);
    v1::FindRouteRequest missing;
    missing.set_scene("rooms");
    r = client().call(missing);
    EXPECT_EQ(r.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    auto negative = route_request("rooms", 1.5, 1.5, 8.5, 1.5);
    negative.set_stop_short(-2);
    EXPECT_EQ(client().call(negative).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    auto greedy = route_request("rooms", 1.5, 1.5, 8.5, 1.5);
    greedy.set_max_expansions(100'000'000'000ull);
    r = client().call(greedy);
    EXPECT_EQ(r.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(r.status.error_message().find("max_expansions"), std::string::npos);
}

TEST_F(grpc_api, influence_layers_and_fogs_shape_the_queries) {
    // rooms: two rooms joined by the door (5,3). A heavy danger layer on the door still lets
    // the path through (the only way), at a higher cost; a scout that has seen only the left
    // room and believes the rest blocked cannot plan to the right room.
    v1::FindPathRequest p;
    p.set_scene("rooms");
    p.mutable_from()->set_x(1);
    p.mutable_from()->set_y(3);
    p.mutable_to()->set_x(8);
    p.mutable_to()->set_y(3);
    const auto plain = client().call(p);
    ASSERT_TRUE(plain.ok()) << plain.status.error_message();

    v1::SetInfluenceRequest danger;
    danger.set_scene("rooms");
    danger.set_layer("danger");
    auto* source = danger.add_sources();
    source->mutable_at()->set_x(5);
    source->mutable_at()->set_y(3);
    source->set_strength(10.0f);
    source->set_radius(0);
    const auto set = client().call(danger);
    ASSERT_TRUE(set.ok()) << set.status.error_message();
    EXPECT_EQ(set.value().sources(), 1u);
    (*p.mutable_unit()->mutable_influence())["danger"] = 1.0f;
    const auto priced = client().call(p);
    ASSERT_TRUE(priced.ok()) << priced.status.error_message();
    EXPECT_EQ(priced.value().status(), "found");
    EXPECT_NEAR(priced.value().length(), plain.value().length(), 1e-9);
    (*p.mutable_unit()->mutable_influence())["smoke"] = 1.0f;
    EXPECT_EQ(client().call(p).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    p.mutable_unit()->mutable_influence()->clear();

    v1::ExploreRequest seen;
    seen.set_scene("rooms");
    seen.set_player("scout");
    auto* disc = seen.add_discs();
    disc->mutable_at()->set_x(2);
    disc->mutable_at()->set_y(3);
    disc->set_radius(3);
    const auto explored = client().call(seen);
    ASSERT_TRUE(explored.ok()) << explored.status.error_message();
    EXPECT_GT(explored.value().explored(), 10u);
    p.mutable_unit()->set_player("scout");
    p.mutable_to()->set_x(4); // inside the explored left room
    p.mutable_unit()->set_unexplored_blocked(true);
    const auto known = client().call(p);
    ASSERT_TRUE(known.ok()) << known.status.error_message();
    EXPECT_EQ(known.value().status(), "found");
    p.mutable_to()->set_x(8); // the right room is unexplored: assumed blocked
    const auto unknown = client().call(p);
    EXPECT_EQ(unknown.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    disc->mutable_at()->set_x(99);
    EXPECT_EQ(client().call(seen).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(grpc_api, find_path_and_raycast) {
    v1::FindPathRequest p;
    p.set_scene("rooms");
    p.mutable_from()->set_x(1);
    p.mutable_from()->set_y(1);
    p.mutable_to()->set_x(8);
    p.mutable_to()->set_y(1);
    for (const char* algo : {"astar", "dijkstra", "jps", "jps+"}) {
        p.set_algorithm(algo);
        const auto r = client().call(p);
        ASSERT_TRUE(r.ok()) << algo << ": " << r.status.error_message();
        EXPECT_EQ(r.value().status(), "found") << algo;
        EXPECT_NEAR(r.value().length(), 4 * std::sqrt(2.0) + 3, 1e-9) << algo;
        EXPECT_EQ(r.value().path(0).x(), 1);
    }
    p.set_algorithm("visgraph"); // any-angle: the polyline comes as waypoints, in cells
    const auto any = client().call(p);
    ASSERT_TRUE(any.ok()) << any.status.error_message();
    EXPECT_EQ(any.value().status(), "found");
    EXPECT_LE(any.value().length(), 4 * std::sqrt(2.0) + 3 + 1e-9);
    ASSERT_GE(any.value().waypoints_size(), 2);
    EXPECT_EQ(any.value().waypoints(0).x(), 1.5);
    EXPECT_EQ(any.value().waypoints(any.value().waypoints_size() - 1).x(), 8.5);
    p.set_algorithm("teleport");
    EXPECT_EQ(client().call(p).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    p.set_algorithm("astar");
    p.mutable_to()->set_x(11);
    EXPECT_EQ(client().call(p).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);

    auto clear = client().ray("rooms", {1.5, 3.5}, {9.5, 3.5});
    ASSERT_TRUE(clear.ok());
    EXPECT_TRUE(clear.value().clear());
    auto blocked = client().ray("rooms", {1.5, 1.5}, {8.5, 1.5});
    ASSERT_TRUE(blocked.ok());
    EXPECT_FALSE(blocked.value().clear());
    ASSERT_TRUE(blocked.value().has_blocked_cell());
    EXPECT_EQ(blocked.value().blocked_cell().x(), 5);
    EXPECT_EQ(blocked.value().blocked_cell().y(), 1);
    EXPECT_EQ(client().ray("rooms", {1.5, 3.5}, {99, 3.5}).status.error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(grpc_api, batches_keep_order_and_limits) {
    v1::FindRoutesRequest b;
    *b.add_routes() = route_request("rooms", 1.5, 1.5, 8.5, 1.5);
    *b.add_routes() = route_request("rooms", 1.5, 3.5, 9.5, 3.5);
    *b.add_routes() = route_request("rooms", 1.5, 1.5, 9.5, 5.5);
    const auto r = client().call(b);
    ASSERT_TRUE(r.ok()) << r.status.error_message();
    ASSERT_EQ(r.value().routes_size(), 3);
    EXPECT_EQ(r.value().routes(0).status(), v1::ROUTE_STATUS_FOUND);
    EXPECT_EQ(r.value().routes(1).status(), v1::ROUTE_STATUS_STRAIGHT_LINE);
    EXPECT_EQ(r.value().routes(2).status(), v1::ROUTE_STATUS_NO_PATH);

    *b.mutable_routes(1) = route_request("rooms", 1.5, std::nan(""), 9.5, 3.5);
    const auto bad = client().call(b);
    EXPECT_EQ(bad.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(bad.status.error_message().find("routes[1].from"), std::string::npos)
        << bad.status.error_message();

    v1::FindRoutesRequest big; // limits.max_batch = 4
    for (int i = 0; i < 5; ++i) *big.add_routes() = route_request("rooms", 1.5, 1.5, 8.5, 1.5);
    EXPECT_EQ(client().call(big).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(client().call(v1::FindRoutesRequest{}).status.error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(grpc_api, load_update_and_unload_a_scene) {
    v1::LoadSceneRequest load;
    load.set_id("copy");
    load.set_map_bytes(rooms_map);
    load.mutable_options()->set_cell_size(32);
    auto loaded = client().call(load);
    ASSERT_TRUE(loaded.ok()) << loaded.status.error_message();
    EXPECT_EQ(loaded.value().scene().width(), 11);
    EXPECT_EQ(loaded.value().scene().cell_size(), 32);
    EXPECT_EQ(client().call(load).status.error_code(), grpc::StatusCode::ALREADY_EXISTS);
    load.set_replace(true);
    EXPECT_TRUE(client().call(load).ok());

    // Close the door: the two rooms are apart (the labels follow), version 1.
    v1::UpdateCellsRequest close;
    close.set_scene("copy");
    auto* e = close.add_edits();
    e->mutable_cell()->set_x(5);
    e->mutable_cell()->set_y(3);
    e->set_kind(v1::CellEdit::HIGH_OBSTACLE);
    e->set_blocked(true);
    close.set_expected_version(0);
    const auto closed = client().call(close);
    ASSERT_TRUE(closed.ok()) << closed.status.error_message();
    EXPECT_EQ(closed.value().version(), 1u);
    EXPECT_EQ(client().call(close).status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
    auto r = client().call(route_request("copy", 48, 48, 272, 48));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value().status(), v1::ROUTE_STATUS_NO_PATH);
    EXPECT_EQ(r.value().version(), 1u);

    v1::UpdateCellsRequest outside = close;
    outside.clear_expected_version();
    outside.mutable_edits(0)->mutable_cell()->set_x(11);
    const auto bad = client().call(outside);
    EXPECT_EQ(bad.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(bad.status.error_message().find("edits[0].cell"), std::string::npos);
    outside.mutable_edits(0)->mutable_cell()->set_x(5);
    outside.mutable_edits(0)->set_kind(v1::CellEdit::KIND_UNSPECIFIED);
    EXPECT_EQ(client().call(outside).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);

    v1::UnloadSceneRequest unload;
    unload.set_id("copy");
    EXPECT_TRUE(client().call(unload).ok());
    EXPECT_EQ(client().call(unload).status.error_code(), grpc::StatusCode::NOT_FOUND);
    EXPECT_EQ(client().call(route_request("copy", 48, 48, 272, 48)).status.error_code(),
              grpc::StatusCode::NOT_FOUND);
}

TEST_F(grpc_api, bad_scene_loads_are_refused) {
    v1::LoadSceneRequest load;
    load.set_id("broken");
    load.set_map_bytes("type octile\nheight 3\nwidth 3\nmap\n...\n..\n");
    auto r = client().call(load);
    EXPECT_EQ(r.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(r.status.error_message().find("map_bytes"), std::string::npos);
    load.set_path("../etc/passwd");
    EXPECT_EQ(client().call(load).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    load.set_path("/etc/passwd");
    EXPECT_EQ(client().call(load).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    load.set_path("missing.map");
    EXPECT_EQ(client().call(load).status.error_code(), grpc::StatusCode::NOT_FOUND);
    load.set_path("rooms.map");
    load.set_id("bad id!");
    EXPECT_EQ(client().call(load).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    load.set_id("x");
    load.mutable_options()->add_stages("warp");
    EXPECT_EQ(client().call(load).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    v1::LoadSceneRequest none;
    none.set_id("none");
    EXPECT_EQ(client().call(none).status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    // A PNG header declaring 60000 x 60000 pixels: refused before anything is decoded.
    std::string png("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\xea\x60\0\0\xea\x60\x08\x00\0\0\0", 29);
    v1::LoadSceneRequest bomb;
    bomb.set_id("bomb");
    bomb.set_map_bytes(png);
    EXPECT_EQ(client().call(bomb).status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
    // Above limits.max_request_bytes (2 MiB here): gRPC refuses the message.
    v1::LoadSceneRequest huge;
    huge.set_id("huge");
    huge.set_map_bytes(std::string(3'000'000, '.'));
    EXPECT_EQ(client().call(huge).status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
}

TEST_F(grpc_api, a_search_longer_than_the_deadline_ends_promptly) {
    // 1024 x 1024 open map whose goal corner is walled in; only the full search stage, so A*
    // must exhaust about a million cells unless the deadline stops it.
    std::string map = "type octile\nheight 1024\nwidth 1024\nmap\n";
    for (int y = 0; y < 1024; ++y) {
        std::string row(1024, '.');
        if (y == 1021) row.replace(1021, 3, "@@@");
        if (y >= 1022) row[1021] = '@';
        map += row + "\n";
    }
    v1::LoadSceneRequest load;
    load.set_id("open");
    load.set_map_bytes(map);
    load.mutable_options()->add_stages("full_search");
    load.mutable_options()->set_algorithm("astar");
    pathfinding_client big(server_->grpc(), 20s);
    ASSERT_TRUE(big.call(load).ok());

    pathfinding_client hurried(server_->grpc(), 30ms);
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = hurried.call(route_request("open", 0.5, 0.5, 1023.5, 1023.5));
    const auto waited = std::chrono::steady_clock::now() - t0;
    EXPECT_EQ(r.status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
    // Not a timing test: a generous bound that only a search ignoring its deadline would break.
    EXPECT_LT(waited, 10s);
    // The server stopped searching too: the call is counted (it is counted when its worker
    // task ends) within a bounded wait, as DEADLINE_EXCEEDED or, when the server saw the client
    // give up first (a race the deadline and the cancellation both win at times), CANCELLED.
    httplib::Client http("127.0.0.1", server_->http_port());
    bool counted = false;
    for (int i = 0; i < 200 && !counted; ++i) {
        const auto m = http.Get("/metrics");
        counted = m && (m->body.find("xunlu_requests_total{rpc=\"FindRoute\",code=\"DEADLINE_"
                                     "EXCEEDED\"} 1") != std::string::npos ||
                        m->body.find("xunlu_requests_total{rpc=\"FindRoute\",code=\"CANCELLED\"}"
                                     " 1") != std::string::npos);
        if (!counted) std::this_thread::sleep_for(50ms);
    }
    const auto m = http.Get("/metrics");
    EXPECT_TRUE(counted) << "the search did not stop at its deadline: "
                         << (m ? m->body.substr(0, 600) : std::string("no metrics"));
    v1::UnloadSceneRequest unload;
    unload.set_id("open");
    EXPECT_TRUE(client().call(unload).ok());
}

} // namespace
} // namespace xunlu::server::testing
