// How the HTTP port handles its connections, so that no client behaviour can starve it: one
// thread per connection up to a cap (idle keep-alive connections are evicted, oldest idle first,
// when a new one needs the slot; beyond the cap a connection is answered 503 + Retry-After and
// closed), absolute per-connection deadlines (idle, header, body, response write: none of them
// restarts when a byte arrives), a bounded header size, one write per response (plus
// TCP_NODELAY), a listen backlog sized for bursts and exclusive ports (no SO_REUSEPORT unless
// asked). cpp-httplib 0.11 (Debian's) parses and routes; this class replaces its connection
// loop (Server::process_and_close_socket) and its task queue. Why: docs/server.md, "The HTTP port".
#pragma once
#include <httplib.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace xunlu::server {

struct http_connection_limits {
    std::size_t warm_threads = 4;           ///< connection threads kept when idle (http_threads)
    std::size_t max_connections = 256;      ///< open connections; beyond: evict idle, else 503
    std::uint32_t idle_timeout_ms = 5000;   ///< keep-alive: the next request's first byte
    std::uint32_t header_timeout_ms = 5000; ///< first byte to the end of the headers
    std::uint32_t body_timeout_ms = 30000;  ///< end of the headers to the end of the body
    std::uint32_t write_timeout_ms = 10000; ///< one whole response
    std::size_t max_header_bytes = 65536;   ///< request line + headers
    std::size_t keep_alive_max_requests = 1000;
    int backlog = 1024;      ///< listen(2) backlog
    bool reuse_port = false; ///< SO_REUSEPORT (several processes share the port)
};

/// Counters of the connection layer, for /metrics.
struct http_connection_stats {
    std::atomic<std::uint64_t> accepted{0};
    std::atomic<std::uint64_t> refused{0};   ///< at the cap with no idle one: 503
    std::atomic<std::uint64_t> evicted{0};   ///< idle keep-alive closed for a new connection
    std::atomic<std::uint64_t> timed_out{0}; ///< idle, header, body or write deadline passed
    std::atomic<std::uint64_t> open{0};      ///< open now
};

class bounded_http_server : public httplib::Server {
  public:
    explicit bounded_http_server(const http_connection_limits& limits);
    ~bounded_http_server() override;
    bounded_http_server(const bounded_http_server&) = delete;
    bounded_http_server& operator=(const bounded_http_server&) = delete;

    /// Binds host:port (0 = any free port) with the limits' backlog and port sharing; returns
    /// the bound port, or -1 with the reason (strerror) in `error`.
    int bind_exclusive(const std::string& host, int port, std::string& error);
    /// Closes every idle connection and makes the others close after their current request;
    /// then stops the accept loop (httplib::Server::stop). Idempotent.
    void stop_all();

    [[nodiscard]] const http_connection_stats& stats() const noexcept;

    /// The connection threads and idle list, shared with the task queue (http_connections.cpp).
    struct state;

  protected:
    bool process_and_close_socket(socket_t sock) override;

  private:
    std::shared_ptr<state> state_;
};

} // namespace xunlu::server
