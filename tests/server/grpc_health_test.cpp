// grpc.health.v1.Health as grpc_health_probe and Kubernetes gRPC probes call it (issue 48):
// the server ("") and the API are SERVING once started, each scene under "scene/ID" follows
// LoadScene and UnloadScene, an unknown name is NOT_FOUND, and reflection lists the service.
#include <gtest/gtest.h>

#include "health_probe.grpc.pb.h"
#include "pathfinding_client.hpp"
#include "reflection_probe.grpc.pb.h"
#include "server_process.hpp"
#include "test_scenes.hpp"

namespace xunlu::server::testing {
namespace {

using health_status = grpc::health::v1::HealthCheckResponse;

/// The status Check answers for `service`, or the call's error code as a negative number.
int check(grpc::health::v1::Health::Stub& stub, const std::string& service) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    grpc::health::v1::HealthCheckRequest req;
    req.set_service(service);
    grpc::health::v1::HealthCheckResponse resp;
    const auto st = stub.Check(&ctx, req, &resp);
    return st.ok() ? static_cast<int>(resp.status()) : -static_cast<int>(st.error_code());
}

TEST(server_grpc_health, overall_api_and_per_scene_statuses) {
    temp_dir dir;
    dir.write("rooms.map", rooms_map);
    server_process s({"--scenes", dir.path().string(), "--threads", "1"});
    ASSERT_TRUE(s.started()) << s.first_line();
    auto channel = grpc::CreateChannel(s.grpc(), grpc::InsecureChannelCredentials());
    auto health = grpc::health::v1::Health::NewStub(channel);

    EXPECT_EQ(check(*health, ""), health_status::SERVING);
    EXPECT_EQ(check(*health, "xunlu.v1.Pathfinding"), health_status::SERVING);
    EXPECT_EQ(check(*health, "scene/rooms"), health_status::SERVING);
    EXPECT_EQ(check(*health, "scene/other"), -static_cast<int>(grpc::StatusCode::NOT_FOUND));

    pathfinding_client pf(channel, std::chrono::seconds(10));
    v1::LoadSceneRequest load;
    load.set_id("other");
    load.set_map_bytes(rooms_map);
    ASSERT_TRUE(pf.call(load).ok());
    EXPECT_EQ(check(*health, "scene/other"), health_status::SERVING);
    v1::UnloadSceneRequest unload;
    unload.set_id("other");
    ASSERT_TRUE(pf.call(unload).ok());
    EXPECT_EQ(check(*health, "scene/other"), health_status::NOT_SERVING);

    // Reflection (v1alpha, what Debian's gRPC ships) lists the health service beside ours.
    namespace refl = grpc::reflection::v1alpha;
    auto reflection = refl::ServerReflection::NewStub(channel);
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    auto stream = reflection->ServerReflectionInfo(&ctx);
    refl::ServerReflectionRequest req;
    req.set_list_services("*");
    ASSERT_TRUE(stream->Write(req));
    stream->WritesDone();
    refl::ServerReflectionResponse resp;
    ASSERT_TRUE(stream->Read(&resp));
    std::vector<std::string> names;
    for (const auto& svc : resp.list_services_response().service()) names.push_back(svc.name());
    EXPECT_NE(std::find(names.begin(), names.end(), "grpc.health.v1.Health"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "xunlu.v1.Pathfinding"), names.end());
    while (stream->Read(&resp)) {
    }
    stream->Finish();
}

} // namespace
} // namespace xunlu::server::testing
