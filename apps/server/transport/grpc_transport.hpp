// The gRPC transport: the Pathfinding service (callback API) over the server runtime. Each
// query call is handed to the worker pool (a full queue answers RESOURCE_EXHAUSTED at once);
// the call's deadline (cut to the server's maximum) and its cancellation reach the search loop.
#pragma once
#include <grpcpp/grpcpp.h>
#include <grpcpp/impl/service_type.h>

#include <memory>
#include <string>

#include "server_runtime.hpp"

namespace xunlu::server {

/// The gRPC status code for a service status code.
[[nodiscard]] grpc::StatusCode grpc_code(status_code c) noexcept;
/// "OK", "INVALID_ARGUMENT", ... as in the gRPC documentation.
[[nodiscard]] std::string_view grpc_code_name(grpc::StatusCode c) noexcept;

/// The service implementation; register it with a grpc::ServerBuilder.
[[nodiscard]] std::unique_ptr<grpc::Service> make_grpc_service(server_runtime& runtime);

} // namespace xunlu::server
