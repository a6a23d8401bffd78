// xunlu-server: the pathfinding service of a game server group (gRPC + HTTP).
//   xunlu-server --config FILE --grpc HOST:PORT --http HOST:PORT --scenes DIR --threads N
//                [--web DIR]
// Flags override the file. Prints the bound addresses as one JSON line on standard output, logs
// to standard error, and on SIGTERM (or SIGINT) drains the requests in flight and exits 0.
#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <pthread.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "server_app.hpp"
#include "server_config.hpp"
#include "transport/request_log.hpp"

int main(int argc, char** argv) {
    using namespace xunlu::server;
    CLI::App cli{"xunlu-server: grid pathfinding service (gRPC + HTTP); see docs/server.md"};
    std::string config_file, grpc_addr, http_addr, scenes, log_level, web_dir;
    std::size_t threads = 0;
    bool no_http = false, reuse_port = false;
    cli.add_option("--config", config_file, "TOML configuration file (flags override it)")
        ->check(CLI::ExistingFile);
    cli.add_option("--grpc", grpc_addr, "gRPC listen address HOST:PORT (port 0 = any free port)");
    cli.add_option("--http", http_addr, "HTTP listen address HOST:PORT (port 0 = any free port)");
    cli.add_flag("--no-http", no_http, "do not open the HTTP port");
    cli.add_flag("--reuse-port", reuse_port,
                 "let other processes listen on the same ports (SO_REUSEPORT); by default a "
                 "port in use stops the start-up");
    cli.add_option("--scenes", scenes,
                   "scene directory: every map file in it is loaded at start-up (id = file name "
                   "without extension; DIR/<id>.waypoints/ holds its waypoint CSVs)");
    cli.add_option("--web", web_dir,
                   "serve the web visualizer's built page (web/dist) from this directory at "
                   "http://HTTP-ADDRESS/");
    cli.add_option("--threads", threads, "worker threads (0 = one per hardware thread)")
        ->check(CLI::Range(0, 1024));
    cli.add_option("--log-level", log_level, "trace, debug, info, warn, error, off");
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return cli.exit(e);
    }

    auto logger = spdlog::stderr_logger_mt("xunlu-server");
    spdlog::set_default_logger(logger);
    // One JSON object per line (transport/request_log.hpp), times in UTC.
    spdlog::set_pattern(json_log_pattern, spdlog::pattern_time_type::utc);

    server_config config;
    if (!config_file.empty()) {
        auto read = read_config_file(config_file);
        if (!read) {
            std::fprintf(stderr, "xunlu-server: %s\n", read.error().message.c_str());
            return 2;
        }
        config = std::move(read).value();
    }
    if (!grpc_addr.empty()) config.grpc_address = grpc_addr;
    if (!http_addr.empty()) config.http_address = http_addr;
    if (no_http) config.http_address.clear();
    if (reuse_port) config.reuse_port = true;
    if (!scenes.empty()) config.scene_dir = scenes;
    if (!web_dir.empty()) config.web_dir = web_dir;
    if (cli.count("--threads") != 0) config.threads = threads;
    if (!log_level.empty()) config.log_level = log_level;
    const auto level = spdlog::level::from_str(config.log_level);
    if (level == spdlog::level::off && config.log_level != "off") {
        std::fprintf(stderr,
                     "xunlu-server: log level '%s' is not one of trace, debug, info, "
                     "warn, error, off\n",
                     config.log_level.c_str());
        return 2;
    }
    spdlog::set_level(level);

    // Every thread started from here on inherits the blocked signals; main waits for them.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    // gRPC server reflection: grpcurl and grpc_cli list and call the service without the .proto.
    grpc::reflection::InitProtoReflectionServerBuilderPlugin();
    auto app = server_app::start(config);
    if (!app) {
        std::fprintf(stderr, "xunlu-server: %s\n", app.error().message.c_str());
        return 1;
    }
    std::printf("{\"grpc\":\"%s\",\"http\":\"%s\"}\n", app.value()->grpc_address().c_str(),
                app.value()->http_address().c_str());
    std::fflush(stdout);
    log_event(spdlog::level::info, "serving",
              {{"grpc", app.value()->grpc_address()}, {"http", app.value()->http_address()}});

    int received = 0;
    sigwait(&signals, &received);
    log_event(spdlog::level::info, "draining", {{"signal", received}});
    app.value()->drain_and_stop();
    log_event(spdlog::level::info, "stopped", nlohmann::json::object());
    return 0;
}
