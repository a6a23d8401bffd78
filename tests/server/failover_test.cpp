// Two xunlu-server instances behind Debian's nginx on loopback (the retry policy of
// deploy/nginx/xunlu.conf), a bounded load of FindRoute calls through nginx, and one instance
// killed with SIGKILL a third of the way in. Every call must either succeed with a correct
// route or fail with a clean gRPC status (none hangs: every call has a deadline), and after the
// client's own policy (retry once on UNAVAILABLE) no call may have failed. Skipped without nginx.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <thread>

#include "pathfinding_client.hpp"
#include "server_process.hpp"

namespace xunlu::server::testing {
namespace {

using namespace std::chrono_literals;

const char* nginx_binary() {
    for (const char* p : {"/usr/sbin/nginx", "/usr/bin/nginx"}) {
        if (::access(p, X_OK) == 0) return p;
    }
    return nullptr;
}

/// A free loopback port (bound and released: nginx binds it right after).
int free_port() {
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

bool accepts(int port) {
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

std::string nginx_conf(const std::string& a, const std::string& b, int port,
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

TEST(server_failover, killing_an_instance_mid_load_loses_no_request) {
    const char* nginx = nginx_binary();
    if (nginx == nullptr) GTEST_SKIP() << "nginx is not installed (apt-get install nginx-light)";
    temp_dir dir;
    std::string map = "type octile\nheight 64\nwidth 64\nmap\n";
    for (int y = 0; y < 64; ++y) {
        std::string row(64, '.');
        if (y > 4 && y < 60) row[32] = '@'; // a wall with gaps at both ends
        map += row + "\n";
    }
    dir.write("scenes/arena.map", map);
    const std::vector<std::string> args{"--scenes", (dir.path() / "scenes").string(), "--threads",
                                        "1", "--no-http"};
    auto first = std::make_unique<server_process>(args);
    server_process second(args);
    ASSERT_TRUE(first->started() && second.started());
    const int port = free_port();
    ASSERT_GT(port, 0);
    dir.write("nginx.conf", nginx_conf(first->grpc(), second.grpc(), port, dir.path()));
    nginx_process balancer(nginx, dir.path());
    bool up = false;
    for (int i = 0; i < 250 && !up; ++i) {
        up = accepts(port);
        if (!up) std::this_thread::sleep_for(20ms);
    }
    ASSERT_TRUE(up) << "nginx did not listen on " << port;

    constexpr int threads = 4, calls_per_thread = 300;
    std::atomic<int> done{0}, ok{0}, wrong{0}, first_failures{0}, retried_ok{0}, failed{0};
    std::vector<std::thread> load;
    for (int t = 0; t < threads; ++t) {
        load.emplace_back([&, t] {
            pathfinding_client c("127.0.0.1:" + std::to_string(port), 5s);
            for (int i = 0; i < calls_per_thread; ++i) {
                const double y = 1.5 + ((t * calls_per_thread + i) % 60);
                auto r = c.route("arena", {2.5, y}, {61.5, 63.5 - y});
                if (!r.ok()) {
                    ++first_failures;
                    if (r.status.error_code() == grpc::StatusCode::UNAVAILABLE) {
                        r = c.route("arena", {2.5, y}, {61.5, 63.5 - y}); // the client's policy
                        if (r.ok()) ++retried_ok;
                    }
                }
                if (r.ok()) {
                    const auto& a = r.value();
                    const bool right =
                        a.status() == v1::ROUTE_STATUS_FOUND && a.points_size() >= 3 &&
                        a.points(0).x() == 2.5 && a.points(0).y() == y &&
                        std::abs(a.points(a.points_size() - 1).y() - (63.5 - y)) < 1e-9;
                    right ? ++ok : ++wrong;
                } else {
                    ++failed;
                }
                ++done;
            }
        });
    }
    while (done.load() < threads * calls_per_thread / 3) std::this_thread::sleep_for(1ms);
    ::kill(first->pid(), SIGKILL);
    for (auto& t : load) t.join();
    first.reset(); // reaps the killed process
    std::printf("failover: %d calls, %d right, %d wrong, %d failed at first (%d of them answered "
                "on the client's one retry), %d failed in the end\n",
                done.load(), ok.load(), wrong.load(), first_failures.load(), retried_ok.load(),
                failed.load());
    EXPECT_EQ(done.load(), threads * calls_per_thread);
    EXPECT_EQ(wrong.load(), 0);
    EXPECT_EQ(failed.load(), 0) << "client-visible failures after the retry policy";
    EXPECT_EQ(ok.load(), threads * calls_per_thread);
}

} // namespace
} // namespace xunlu::server::testing
