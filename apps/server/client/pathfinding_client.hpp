// The C++ client helper for zone servers: one channel to xunlu-server (or to nginx in front of
// several), calls with a deadline, answers as the generated messages.
//
//   xunlu::server::pathfinding_client pf("127.0.0.1:50051");
//   auto r = pf.route("town", {120, 80}, {900, 640});            // pixels
//   if (r.ok()) for (const auto& p : r.value().points()) move_to(p.x(), p.y());
//
// Thread safety: a client may be used from many threads at once (gRPC channels and stubs are).
#pragma once
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <string>

#include "xunlu/v1/pathfinding.grpc.pb.h"

namespace xunlu::server {

/// A response or the gRPC status of a failed call.
template <class T> struct call_result {
    grpc::Status status;
    T response;
    [[nodiscard]] bool ok() const noexcept { return status.ok(); }
    [[nodiscard]] const T& value() const noexcept { return response; }
};

class pathfinding_client {
  public:
    /// `target`: HOST:PORT. `deadline`: per call.
    explicit pathfinding_client(const std::string& target,
                                std::chrono::milliseconds deadline = std::chrono::seconds(2));
    explicit pathfinding_client(std::shared_ptr<grpc::Channel> channel,
                                std::chrono::milliseconds deadline = std::chrono::seconds(2));

    /// A route between two pixels with the default options; `options` fills the rest.
    call_result<v1::FindRouteResponse> route(const std::string& scene,
                                             std::pair<double, double> from,
                                             std::pair<double, double> to,
                                             v1::FindRouteRequest options = {});
    call_result<v1::RaycastResponse> ray(const std::string& scene, std::pair<double, double> from,
                                         std::pair<double, double> to, bool low_blocks = false);

    call_result<v1::FindRouteResponse> call(const v1::FindRouteRequest& r);
    call_result<v1::FindRoutesResponse> call(const v1::FindRoutesRequest& r);
    call_result<v1::FindPathResponse> call(const v1::FindPathRequest& r);
    call_result<v1::RaycastResponse> call(const v1::RaycastRequest& r);
    call_result<v1::LoadSceneResponse> call(const v1::LoadSceneRequest& r);
    call_result<v1::UnloadSceneResponse> call(const v1::UnloadSceneRequest& r);
    call_result<v1::ListScenesResponse> call(const v1::ListScenesRequest& r);
    call_result<v1::UpdateCellsResponse> call(const v1::UpdateCellsRequest& r);
    call_result<v1::SetInfluenceResponse> call(const v1::SetInfluenceRequest& r);
    call_result<v1::ExploreResponse> call(const v1::ExploreRequest& r);
    call_result<v1::HealthResponse> call(const v1::HealthRequest& r);
    call_result<v1::VersionResponse> call(const v1::VersionRequest& r);

    [[nodiscard]] v1::Pathfinding::Stub& stub() noexcept { return *stub_; }

  private:
    std::unique_ptr<grpc::ClientContext> context() const;

    std::shared_ptr<grpc::Channel> channel_;
    std::unique_ptr<v1::Pathfinding::Stub> stub_;
    std::chrono::milliseconds deadline_;
};

} // namespace xunlu::server
