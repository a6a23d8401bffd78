#include "pathfinding_client.hpp"

namespace xunlu::server {

pathfinding_client::pathfinding_client(const std::string& target,
                                       std::chrono::milliseconds deadline)
    : pathfinding_client(grpc::CreateChannel(target, grpc::InsecureChannelCredentials()),
                         deadline) {}

pathfinding_client::pathfinding_client(std::shared_ptr<grpc::Channel> channel,
                                       std::chrono::milliseconds deadline)
    : channel_(std::move(channel)), stub_(v1::Pathfinding::NewStub(channel_)), deadline_(deadline) {
}

std::unique_ptr<grpc::ClientContext> pathfinding_client::context() const {
    auto ctx = std::make_unique<grpc::ClientContext>();
    ctx->set_deadline(std::chrono::system_clock::now() + deadline_);
    return ctx;
}

call_result<v1::FindRouteResponse> pathfinding_client::route(const std::string& scene,
                                                             std::pair<double, double> from,
                                                             std::pair<double, double> to,
                                                             v1::FindRouteRequest options) {
    options.set_scene(scene);
    options.mutable_from()->set_x(from.first);
    options.mutable_from()->set_y(from.second);
    options.mutable_to()->set_x(to.first);
    options.mutable_to()->set_y(to.second);
    return call(options);
}

call_result<v1::RaycastResponse> pathfinding_client::ray(const std::string& scene,
                                                         std::pair<double, double> from,
                                                         std::pair<double, double> to,
                                                         bool low_blocks) {
    v1::RaycastRequest r;
    r.set_scene(scene);
    r.mutable_from()->set_x(from.first);
    r.mutable_from()->set_y(from.second);
    r.mutable_to()->set_x(to.first);
    r.mutable_to()->set_y(to.second);
    r.set_low_blocks(low_blocks);
    return call(r);
}

#define XUNLU_CLIENT_CALL(Request, Response, Method)                                               \
    call_result<v1::Response> pathfinding_client::call(const v1::Request& r) {                     \
        call_result<v1::Response> out;                                                             \
        const auto ctx = context();                                                                \
        out.status = stub_->Method(ctx.get(), r, &out.response);                                   \
        return out;                                                                                \
    }

XUNLU_CLIENT_CALL(FindRouteRequest, FindRouteResponse, FindRoute)
XUNLU_CLIENT_CALL(FindRoutesRequest, FindRoutesResponse, FindRoutes)
XUNLU_CLIENT_CALL(FindPathRequest, FindPathResponse, FindPath)
XUNLU_CLIENT_CALL(RaycastRequest, RaycastResponse, Raycast)
XUNLU_CLIENT_CALL(LoadSceneRequest, LoadSceneResponse, LoadScene)
XUNLU_CLIENT_CALL(UnloadSceneRequest, UnloadSceneResponse, UnloadScene)
XUNLU_CLIENT_CALL(ListScenesRequest, ListScenesResponse, ListScenes)
XUNLU_CLIENT_CALL(UpdateCellsRequest, UpdateCellsResponse, UpdateCells)
XUNLU_CLIENT_CALL(SetInfluenceRequest, SetInfluenceResponse, SetInfluence)
XUNLU_CLIENT_CALL(ExploreRequest, ExploreResponse, Explore)
XUNLU_CLIENT_CALL(HealthRequest, HealthResponse, Health)
XUNLU_CLIENT_CALL(VersionRequest, VersionResponse, Version)

#undef XUNLU_CLIENT_CALL

} // namespace xunlu::server
