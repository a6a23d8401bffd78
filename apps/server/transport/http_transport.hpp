// The HTTP port beside gRPC (cpp-httplib): /healthz, /readyz, /metrics (Prometheus text), and a
// JSON mirror of ListScenes, FindRoute, Raycast, FindPath, SetInfluence and Explore for tools
// and the web visualizer (whose own endpoints, /v1/web/..., are in web_endpoints.hpp).
// Queries run on the worker pool like gRPC calls; errors answer {"code","message","error"}
// naming the field (400), the scene (404), a wrong method (405), a full queue (429, with
// Retry-After) or draining (503). Every answer carries X-Request-Id (the client's or a new one).
#pragma once
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <string_view>

#include "http_connections.hpp"
#include "server_runtime.hpp"
#include "web_endpoints.hpp"

namespace xunlu::server {

class http_transport {
  public:
    /// `limits`: connections, their threads and deadlines (http_connections.hpp; the searches
    /// themselves run on the worker pool). `web`: the web visualizer's endpoints and page
    /// (web_endpoints.hpp).
    http_transport(server_runtime& runtime, const http_connection_limits& limits,
                   web_options web = {});
    ~http_transport();
    http_transport(const http_transport&) = delete;
    http_transport& operator=(const http_transport&) = delete;

    /// Binds host:port (0 = any free port); returns the bound port, or -1 with the reason in
    /// `error`.
    int bind(const std::string& host, int port, std::string& error);
    /// Serves on a background thread until stop().
    void start();
    /// Stops accepting, lets running handlers end, joins the thread. Idempotent.
    void stop();

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

/// The HTTP status for a service status code.
[[nodiscard]] int http_status(status_code c) noexcept;
/// An HTTP error's body: {"code": the gRPC code name (INVALID_ARGUMENT, ...), "message",
/// "error": the message again (the key earlier clients read)}.
[[nodiscard]] nlohmann::json error_json(status_code c, std::string_view message);
/// Retry-After: 1 on 429 (queue full) and 503 (draining, connection cap) answers.
void add_retry_after(httplib::Response& res);

} // namespace xunlu::server
