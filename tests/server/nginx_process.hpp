// nginx in front of xunlu-server instances for the failover test and the load benchmark: a
// loopback-only configuration with the retry policy of deploy/nginx/xunlu.conf, a free port, and
// the process itself (foreground, files in a temporary directory, stopped when destroyed).
#pragma once
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

namespace xunlu::server::testing {

using namespace std::chrono_literals;

/// Debian's nginx, or null when it is not installed.
inline const char* nginx_binary() {
    for (const char* p : {"/usr/sbin/nginx", "/usr/bin/nginx"}) {
        if (::access(p, X_OK) == 0) return p;
    }
    return nullptr;
}

/// A free loopback port (bound and released: nginx binds it right after).
inline int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        ::close(fd);
        return -1;
    }
    ::close(fd);
    return ntohs(a.sin_port);
}

/// True once something accepts connections on the loopback port.
inline bool accepts(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

/// nginx in the foreground with its files in `dir`; stopped (then killed) when destroyed.
class nginx_process {
  public:
    nginx_process(const char* binary, const std::filesystem::path& dir) {
        pid_ = ::fork();
        if (pid_ == 0) {
            const std::string prefix = dir.string() + "/";
            const std::string conf = (dir / "nginx.conf").string();
            const std::string log = (dir / "error.log").string();
            ::execl(binary, binary, "-p", prefix.c_str(), "-c", conf.c_str(), "-e", log.c_str(),
                    static_cast<char*>(nullptr));
            ::_exit(127);
        }
    }
    ~nginx_process() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGQUIT);
        for (int i = 0; i < 200; ++i) {
            if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
            std::this_thread::sleep_for(20ms);
        }
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
    }
    nginx_process(const nginx_process&) = delete;
    nginx_process& operator=(const nginx_process&) = delete;

  private:
    pid_t pid_ = -1;
};

inline std::string nginx_conf(const std::string& a, const std::string& b, int port,
                              const std::filesystem::path& dir) {
    const std::string d = dir.string();
    return "daemon off;\nworker_processes 1;\npid " + d + "/nginx.pid;\n" +
           "events { worker_connections 256; }\n"
           "http {\n"
           "  access_log off;\n"
           "  client_body_temp_path " +
           d + "/body;\n  proxy_temp_path " + d +
           "/proxy;\n"
           "  fastcgi_temp_path " +
           d + "/fastcgi;\n  uwsgi_temp_path " + d +
           "/uwsgi;\n"
           "  scgi_temp_path " +
           d +
           "/scgi;\n"
           "  upstream xunlu_grpc {\n"
           "    server " +
           a +
           " max_fails=1 fail_timeout=10s;\n"
           "    server " +
           b +
           " max_fails=1 fail_timeout=10s;\n"
           "  }\n"
           "  server {\n"
           "    listen 127.0.0.1:" +
           std::to_string(port) +
           " http2;\n"
           "    grpc_connect_timeout 1s;\n"
           "    location ~ ^/xunlu\\.v1\\.Pathfinding/(FindRoute|FindRoutes|FindPath|Raycast|"
           "ListScenes|Health|Version)$ {\n"
           "      grpc_pass grpc://xunlu_grpc;\n"
           "      grpc_next_upstream error timeout non_idempotent;\n"
           "      grpc_next_upstream_tries 2;\n"
           "    }\n"
           "    location /xunlu.v1.Pathfinding/ { grpc_pass grpc://xunlu_grpc; grpc_next_upstream "
           "off; }\n"
           "  }\n"
           "}\n";
}

/// Waits (bounded) until the port accepts connections.
inline bool wait_for_port(int port, std::chrono::milliseconds limit = 5s) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
        if (accepts(port)) return true;
        std::this_thread::sleep_for(20ms);
    }
    return false;
}

} // namespace xunlu::server::testing
