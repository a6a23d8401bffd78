// One running xunlu-server: the scenes of the scene directory loaded, the worker pool, the gRPC
// and HTTP ports bound and serving. Stopping drains: new requests are refused (UNAVAILABLE, 503,
// /readyz fails), the requests in flight finish, then the ports close.
#pragma once
#include <memory>
#include <string>

#include "server_config.hpp"

namespace xunlu::server {

class server_app {
  public:
    /// Loads the scenes, binds both ports and starts serving; an error names what failed
    /// (a scene file, an address already in use).
    static outcome<std::unique_ptr<server_app>> start(const server_config& config);
    ~server_app();
    server_app(const server_app&) = delete;
    server_app& operator=(const server_app&) = delete;

    /// HOST:PORT actually bound (the chosen port when 0 was asked).
    [[nodiscard]] const std::string& grpc_address() const noexcept;
    /// HOST:PORT, or "" when the HTTP port is off.
    [[nodiscard]] const std::string& http_address() const noexcept;

    /// Stops accepting, waits up to drain_seconds for in-flight requests, closes. Idempotent.
    void drain_and_stop();

  private:
    server_app();
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace xunlu::server
