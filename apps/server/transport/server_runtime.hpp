// What both transports share: the service, the worker pool, the metrics, the deadline policy,
// the serving/draining state and the request log.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "metrics.hpp"
#include "service/pathfinding_service.hpp"
#include "service/worker_pool.hpp"

namespace xunlu::server {

struct server_runtime {
    pathfinding_service& service;
    worker_pool& pool;
    server_metrics& metrics;
    double slow_request_ms = 50;      ///< requests slower than this are logged
    std::atomic<bool> serving{false}; ///< accepting requests (false while starting or draining)
    std::atomic<std::uint32_t> in_flight{0};
    /// grpc.health.v1: sets a service name's status ("" = the server, "scene/ID" = a scene).
    /// Empty until the gRPC server runs (server_app sets it).
    std::function<void(const std::string&, bool)> set_health;

    /// The deadline a query runs under: the client's (cut to max_deadline_ms) or, when it set
    /// none, default_deadline_ms from now. `client_set` tells which.
    struct deadline_choice {
        std::chrono::steady_clock::time_point at;
        bool client_set = false;
    };
    [[nodiscard]] deadline_choice
    deadline_for(std::optional<std::chrono::steady_clock::duration> client_remaining) const;

    /// Counts, times and logs (when slow or failed, as a JSON line with its request id) one
    /// answered request.
    void finished(std::string_view rpc, std::string_view code, double seconds,
                  std::uint64_t expansions, std::string_view message,
                  std::string_view request_id = {}) const;
    /// The gauges of /metrics: in-flight requests, queue, scenes, their memory and versions.
    [[nodiscard]] std::vector<gauge_sample> gauges() const;
};

/// Counts one HTTP request in `in_flight` for as long as it is being answered.
class in_flight_request {
  public:
    explicit in_flight_request(server_runtime& rt) : rt_(rt) { ++rt_.in_flight; }
    in_flight_request(const in_flight_request&) = delete;
    in_flight_request& operator=(const in_flight_request&) = delete;
    ~in_flight_request() { --rt_.in_flight; }

  private:
    server_runtime& rt_;
};

} // namespace xunlu::server
