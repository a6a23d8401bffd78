#include "server_app.hpp"

#include <grpcpp/grpcpp.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>
#include <vector>

#include "service/pathfinding_service.hpp"
#include "service/worker_pool.hpp"
#include "transport/grpc_transport.hpp"
#include "transport/http_transport.hpp"
#include "transport/metrics.hpp"
#include "transport/request_log.hpp"
#include "transport/server_runtime.hpp"

namespace xunlu::server {

namespace {

bool is_map_file(const std::filesystem::path& p) {
    const auto ext = p.extension().string();
    return ext == ".map" || ext == ".in" || ext == ".png" || ext == ".txt";
}

/// Loads every map file of the scene directory, in name order.
std::optional<service_error> load_scene_dir(pathfinding_service& service, const server_config& c) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(c.scene_dir, ec)) {
        return service_error{status_code::invalid_argument,
                             "--scenes: '" + c.scene_dir + "' is not a directory"};
    }
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(c.scene_dir, ec)) {
        if (e.is_regular_file() && is_map_file(e.path())) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        const std::string id = f.stem().string();
        const auto it = c.scenes.find(id);
        const scene_defaults& d = it != c.scenes.end() ? it->second : c.defaults;
        load_scene_input in;
        in.id = id;
        in.path = f.filename().string();
        if (fs::is_directory(fs::path(c.scene_dir) / (id + ".waypoints"))) {
            in.waypoints_dir = id + ".waypoints";
        }
        in.cell_size = d.cell_size;
        in.algorithm = d.algorithm;
        in.step_limit = d.step_limit;
        const auto t0 = std::chrono::steady_clock::now();
        auto loaded = service.load_scene(in);
        if (!loaded) {
            return service_error{loaded.error().code, "scene '" + id + "' (" + f.string() +
                                                          "): " + loaded.error().message};
        }
        const auto& info = loaded.value().info;
        log_event(
            spdlog::level::info, "scene_loaded",
            {{"scene", id},
             {"width", info.width},
             {"height", info.height},
             {"waypoints", info.waypoints},
             {"memory_bytes", info.memory_bytes},
             {"ms", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                        .count()}});
        for (const auto& w : loaded.value().warnings) {
            log_event(spdlog::level::warn, "scene_warning", {{"scene", id}, {"message", w}});
        }
    }
    return std::nullopt;
}

std::string join_address(const std::string& host, int port) {
    return (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" +
           std::to_string(port);
}

} // namespace

struct server_app::impl {
    server_config config;
    std::unique_ptr<worker_pool> pool;
    std::unique_ptr<pathfinding_service> service;
    server_metrics metrics;
    std::unique_ptr<server_runtime> runtime;
    std::unique_ptr<grpc::Service> grpc_service;
    std::unique_ptr<grpc::Server> grpc_server;
    std::unique_ptr<http_transport> http;
    std::string grpc_address;
    std::string http_address;
    bool stopped = false;
};

server_app::server_app() : impl_(std::make_unique<impl>()) {}

server_app::~server_app() {
    drain_and_stop();
}

const std::string& server_app::grpc_address() const noexcept {
    return impl_->grpc_address;
}
const std::string& server_app::http_address() const noexcept {
    return impl_->http_address;
}

outcome<std::unique_ptr<server_app>> server_app::start(const server_config& config) {
    std::unique_ptr<server_app> app(new server_app());
    auto& s = *app->impl_;
    s.config = config;
    const std::size_t threads = config.threads != 0
                                    ? config.threads
                                    : std::max<std::size_t>(1, std::thread::hardware_concurrency());
    s.pool = std::make_unique<worker_pool>(threads, config.limits.max_queue);
    s.service = std::make_unique<pathfinding_service>(config.limits, config.scene_dir, *s.pool);
    s.runtime.reset(new server_runtime{*s.service, *s.pool, s.metrics});
    s.runtime->slow_request_ms = config.slow_request_ms;

    if (!config.scene_dir.empty()) {
        if (auto e = load_scene_dir(*s.service, config)) return *e;
    }

    auto grpc_addr = split_address(config.grpc_address, "--grpc");
    if (!grpc_addr) return grpc_addr.error();
    s.grpc_service = make_grpc_service(*s.runtime);
    // grpc.health.v1.Health (grpc_health_probe, Kubernetes gRPC probes, Envoy): "" is the
    // server, "xunlu.v1.Pathfinding" the API, "scene/ID" each scene.
    grpc::EnableDefaultHealthCheckService(true);
    grpc::ServerBuilder builder;
    int grpc_port = 0;
    builder.AddListeningPort(config.grpc_address, grpc::InsecureServerCredentials(), &grpc_port);
    // gRPC sets SO_REUSEPORT by default: a second server on the same port would share its
    // traffic. Exclusive unless server.reuse_port asks.
    builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, config.reuse_port ? 1 : 0);
    builder.RegisterService(s.grpc_service.get());
    builder.SetMaxReceiveMessageSize(static_cast<int>(
        std::min<std::size_t>(config.limits.max_request_bytes, std::numeric_limits<int>::max())));
    s.grpc_server = builder.BuildAndStart();
    if (!s.grpc_server || grpc_port == 0) {
        return service_error{status_code::unavailable,
                             "--grpc: cannot listen on " + config.grpc_address +
                                 " (is the port in use by another process?)"};
    }
    s.grpc_address = join_address(grpc_addr.value().first, grpc_port);
    if (auto* health = s.grpc_server->GetHealthCheckService()) {
        // NOT_SERVING until the start-up is complete (below).
        health->SetServingStatus(false);
        s.runtime->set_health = [health](const std::string& name, bool serving) {
            health->SetServingStatus(name, serving);
        };
        for (const auto& scene : s.service->list_scenes()) {
            health->SetServingStatus("scene/" + scene.id, true);
        }
    }

    if (!config.http_address.empty()) {
        auto http_addr = split_address(config.http_address, "--http");
        if (!http_addr) return http_addr.error();
        web_options web;
        if (!config.web_dir.empty()) {
            namespace fs = std::filesystem;
            std::error_code ec;
            if (!fs::is_regular_file(fs::path(config.web_dir) / "index.html", ec)) {
                return service_error{status_code::invalid_argument,
                                     "--web: '" + config.web_dir +
                                         "' has no index.html (build the page: cd web && npm ci "
                                         "&& npm run build, then --web web/dist)"};
            }
            web.static_dir = config.web_dir;
        }
        http_connection_limits limits;
        limits.warm_threads = config.http_threads;
        limits.max_connections = config.http_max_connections;
        limits.idle_timeout_ms = config.http_idle_timeout_ms;
        limits.header_timeout_ms = config.http_header_timeout_ms;
        limits.body_timeout_ms = config.http_body_timeout_ms;
        limits.backlog = config.listen_backlog;
        limits.reuse_port = config.reuse_port;
        s.http = std::make_unique<http_transport>(*s.runtime, limits, std::move(web));
        std::string why;
        const int port = s.http->bind(http_addr.value().first, http_addr.value().second, why);
        if (port <= 0) {
            return service_error{status_code::unavailable,
                                 "--http: cannot listen on " + config.http_address + ": " + why};
        }
        s.http_address = join_address(http_addr.value().first, port);
        s.http->start();
    }
    s.runtime->serving.store(true);
    if (auto* health = s.grpc_server->GetHealthCheckService()) {
        health->SetServingStatus(true);
        health->SetServingStatus("xunlu.v1.Pathfinding", true);
    }
    return app;
}

void server_app::drain_and_stop() {
    auto& s = *impl_;
    if (s.stopped) return;
    s.stopped = true;
    if (s.runtime) s.runtime->serving.store(false);
    if (s.grpc_server) {
        // Every status becomes NOT_SERVING, and stays so (later updates are ignored).
        if (auto* health = s.grpc_server->GetHealthCheckService()) health->Shutdown();
    }
    const auto drain = std::chrono::seconds(s.config.drain_seconds);
    if (s.grpc_server) {
        // Waits for the calls in flight (up to the drain time, then cancels them).
        s.grpc_server->Shutdown(std::chrono::system_clock::now() + drain);
        s.grpc_server->Wait();
    }
    if (s.http) s.http->stop();
    if (s.pool) s.pool->shutdown();
}

} // namespace xunlu::server
