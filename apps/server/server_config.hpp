// xunlu-server's configuration: a TOML file (every key optional) overridden by flags.
#pragma once
#include <map>
#include <optional>
#include <string>

#include "service/service_error.hpp"
#include "service/service_limits.hpp"

namespace xunlu::server {

/// Options of the scenes loaded at start-up ([scene_defaults], or [scenes.<id>] for one).
struct scene_defaults {
    double cell_size = 1.0;
    std::string algorithm = "jps";
    std::uint64_t step_limit = 0; ///< 0 = the pipeline's default
};

struct server_config {
    std::string grpc_address = "127.0.0.1:50051"; ///< HOST:PORT, port 0 = any free port
    std::string http_address = "127.0.0.1:8080";  ///< "" = no HTTP port
    std::size_t threads = 0;                      ///< workers; 0 = the hardware threads
    std::size_t http_threads = 4;                 ///< HTTP connection threads kept when idle
    std::size_t http_max_connections = 256;       ///< beyond: an idle one is evicted, else 503
    std::uint32_t http_idle_timeout_ms = 5000;    ///< keep-alive wait for the next request
    std::uint32_t http_header_timeout_ms = 5000;  ///< a request's first byte to its headers' end
    std::uint32_t http_body_timeout_ms = 30000;   ///< the headers' end to the body's end
    int listen_backlog = 1024;                    ///< both ports' listen(2) backlog (HTTP)
    bool reuse_port = false; ///< SO_REUSEPORT: let other processes bind the same ports
    std::string scene_dir;   ///< loaded at start-up; LoadScene paths are relative to it
    std::string web_dir;     ///< the web visualizer's built page (--web), served over HTTP at /
    service_limits limits;
    double slow_request_ms = 50;
    std::string log_level = "info";
    std::uint32_t drain_seconds = 20; ///< SIGTERM: how long in-flight requests may take
    scene_defaults defaults;
    std::map<std::string, scene_defaults, std::less<>> scenes; ///< per scene id
};

/// Reads a TOML file over `base` (unknown keys and wrong types are errors naming the key and
/// line).
outcome<server_config> read_config_file(const std::string& path, server_config base = {});

/// Splits HOST:PORT (port 0..65535); invalid_argument naming `field` otherwise.
outcome<std::pair<std::string, int>> split_address(const std::string& address,
                                                   std::string_view field);

} // namespace xunlu::server
