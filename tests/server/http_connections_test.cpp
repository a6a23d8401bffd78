// The HTTP port under connections that hold it (issue 48): idle keep-alive and slow-header
// clients cannot starve /healthz, the header deadline does not restart per byte, a request after
// the first on a keep-alive connection is not delayed by Nagle + delayed ACK, the connection cap
// answers 503 with Retry-After, and a second server on a used port exits naming the port.
// Every wait is bounded; timing bounds are generous (BENCHMARKS.md has the measured figures).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "server_process.hpp"

namespace xunlu::server::testing {
namespace {

using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;

/// A client socket on 127.0.0.1:port, closed with the object.
class raw_connection {
  public:
    explicit raw_connection(int port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<std::uint16_t>(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof(a)) == 0;
    }
    ~raw_connection() {
        if (fd_ >= 0) ::close(fd_);
    }
    raw_connection(const raw_connection&) = delete;
    raw_connection& operator=(const raw_connection&) = delete;

    [[nodiscard]] bool connected() const noexcept { return connected_; }
    bool send(std::string_view s) const {
        return ::send(fd_, s.data(), s.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(s.size());
    }

    /// Reads one response (headers + Content-Length body) within `timeout`; empty when none
    /// came (timeout, or the server closed the connection first).
    std::string read_response(std::chrono::milliseconds timeout) {
        const auto until = clock_type::now() + timeout;
        for (;;) {
            const auto head_end = buffer_.find("\r\n\r\n");
            if (head_end != std::string::npos) {
                std::size_t length = 0;
                const auto cl = buffer_.find("Content-Length: ");
                if (cl != std::string::npos && cl < head_end) {
                    length = std::stoul(buffer_.substr(cl + 16));
                }
                if (buffer_.size() >= head_end + 4 + length) {
                    std::string r = buffer_.substr(0, head_end + 4 + length);
                    buffer_.erase(0, head_end + 4 + length);
                    return r;
                }
            }
            if (!fill(until)) return {};
        }
    }

    /// Whether the server closed the connection (end of stream or reset) before `until`.
    bool closed_by_server_before(clock_type::time_point until) {
        for (;;) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(until - clock_type::now());
            if (left.count() <= 0) return false;
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
            char c[256];
            const auto n = ::recv(fd_, c, sizeof(c), 0);
            if (n <= 0) return true;
        }
    }

  private:
    bool fill(clock_type::time_point until) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(until - clock_type::now());
        if (left.count() <= 0) return false;
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
        char c[4096];
        const auto n = ::recv(fd_, c, sizeof(c), 0);
        if (n <= 0) return false;
        buffer_.append(c, static_cast<std::size_t>(n));
        return true;
    }

    int fd_;
    bool connected_ = false;
    std::string buffer_;
};

constexpr std::string_view get_healthz = "GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n";

std::unique_ptr<server_process> start_with_config(const temp_dir& dir, const std::string& toml) {
    dir.write("server.toml", toml);
    return std::make_unique<server_process>(
        std::vector<std::string>{"--config", (dir.path() / "server.toml").string()});
}

/// `n` connections that sent the start of a request's headers and then one byte every 100 ms
/// (for at most 6 s), as a slow-header client does.
class slow_header_clients {
  public:
    slow_header_clients(int port, int n) {
        for (int i = 0; i < n; ++i) {
            clients.push_back(std::make_unique<raw_connection>(port));
            clients.back()->send("GET /healthz HTTP/1.1\r\nHost: test\r\nX-Slow: ");
        }
        thread_ = std::thread([this] {
            for (int t = 0; t < 60 && !stop_.load(); ++t) {
                for (auto& c : clients) c->send("a");
                std::this_thread::sleep_for(100ms);
            }
        });
    }
    ~slow_header_clients() {
        stop_ = true;
        thread_.join();
    }
    slow_header_clients(const slow_header_clients&) = delete;
    slow_header_clients& operator=(const slow_header_clients&) = delete;

    std::vector<std::unique_ptr<raw_connection>> clients;

  private:
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

TEST(server_http_connections, health_answers_while_idle_and_slow_header_clients_hold_the_port) {
    server_process s({});
    ASSERT_TRUE(s.started()) << s.first_line();
    const int port = s.http_port();

    std::vector<std::unique_ptr<raw_connection>> idle;
    for (int i = 0; i < 64; ++i) {
        idle.push_back(std::make_unique<raw_connection>(port));
        ASSERT_TRUE(idle.back()->connected());
        ASSERT_TRUE(idle.back()->send(get_healthz));
    }
    // Each idle connection got its answer (before the fix they queue behind one another for the
    // keep-alive timeout, so this wait is long) and now holds its connection open.
    int answered = 0;
    for (auto& c : idle) answered += c->read_response(60s).find(" 200 ") != std::string::npos;
    EXPECT_EQ(answered, 64);

    slow_header_clients slow(port, 16);
    std::this_thread::sleep_for(200ms);
    for (const char* path : {"/healthz", "/readyz", "/metrics"}) {
        raw_connection probe(port);
        ASSERT_TRUE(probe.connected());
        const auto t0 = clock_type::now();
        ASSERT_TRUE(probe.send(std::string("GET ") + path + " HTTP/1.1\r\nHost: test\r\n\r\n"));
        const auto r = probe.read_response(10s);
        const auto took = clock_type::now() - t0;
        EXPECT_NE(r.find(" 200 "), std::string::npos) << path << ": " << r;
        // The target is 50 ms (BENCHMARKS.md measures it); before the fix: 5 s or never.
        EXPECT_LT(took, 1s) << path;
    }
}

TEST(server_http_connections, the_header_deadline_does_not_restart_when_a_byte_arrives) {
    temp_dir dir;
    auto s = start_with_config(dir, "[server]\nhttp_header_timeout_ms = 1500\n");
    ASSERT_TRUE(s->started()) << s->first_line();
    // The header deadline (1.5 s) runs from the first byte and is not extended by the bytes
    // that keep arriving every 100 ms: every slow client is closed well before they stop (6 s).
    slow_header_clients slow(s->http_port(), 16);
    const auto until = clock_type::now() + 4s;
    int closed = 0;
    for (auto& c : slow.clients) closed += c->closed_by_server_before(until);
    EXPECT_EQ(closed, 16);
}

TEST(server_http_connections, second_request_on_a_keep_alive_connection_is_not_delayed) {
    temp_dir dir;
    auto s = start_with_config(dir, "");
    ASSERT_TRUE(s->started()) << s->first_line();
    raw_connection c(s->http_port());
    ASSERT_TRUE(c.connected());
    ASSERT_TRUE(c.send(get_healthz));
    ASSERT_NE(c.read_response(10s).find(" 200 "), std::string::npos);
    // Nagle + delayed ACK hold every answer after the first for ~40 ms (the delayed-ACK timer),
    // so even the fastest of several stays above it; one write per response (and TCP_NODELAY)
    // answers in well under a millisecond on loopback.
    auto fastest = clock_type::duration::max();
    for (int i = 0; i < 5; ++i) {
        const auto t0 = clock_type::now();
        ASSERT_TRUE(c.send(get_healthz));
        ASSERT_NE(c.read_response(10s).find(" 200 "), std::string::npos);
        fastest = std::min(fastest, clock_type::now() - t0);
    }
    EXPECT_LT(fastest, 25ms);
}

TEST(server_http_connections, beyond_the_cap_a_connection_gets_503_and_idle_ones_are_evicted) {
    temp_dir dir;
    auto s = start_with_config(dir, "[server]\nhttp_max_connections = 4\n");
    ASSERT_TRUE(s->started()) << s->first_line();
    const int port = s->http_port();

    // Four idle keep-alive connections fill the cap; a new one evicts the oldest and is served.
    std::vector<std::unique_ptr<raw_connection>> idle;
    for (int i = 0; i < 4; ++i) {
        idle.push_back(std::make_unique<raw_connection>(port));
        ASSERT_TRUE(idle.back()->send(get_healthz));
        ASSERT_NE(idle.back()->read_response(10s).find(" 200 "), std::string::npos);
    }
    std::this_thread::sleep_for(200ms); // the four are back in their keep-alive wait
    {
        raw_connection c(port);
        ASSERT_TRUE(c.send(get_healthz));
        const auto r = c.read_response(5s);
        EXPECT_NE(r.find(" 200 "), std::string::npos) << r;
    }
    EXPECT_TRUE(idle.front()->closed_by_server_before(clock_type::now() + 5s));
    // c's and idle[0]'s server threads end and free their slots before the busy ones arrive
    // (200 ms was not always enough with the whole suite running on 2 cores).
    std::this_thread::sleep_for(1s);

    // Four connections in the middle of their headers are not idle: they evict the other idle
    // ones, and the next connection is refused.
    std::vector<std::unique_ptr<raw_connection>> busy;
    for (int i = 0; i < 4; ++i) {
        busy.push_back(std::make_unique<raw_connection>(port));
        ASSERT_TRUE(busy.back()->send("GET /healthz HTTP/1.1\r\n"));
    }
    for (std::size_t i = 1; i < idle.size(); ++i) {
        EXPECT_TRUE(idle[i]->closed_by_server_before(clock_type::now() + 5s)) << i;
    }
    std::this_thread::sleep_for(1s); // their threads have ended
    raw_connection refused(port);
    const auto r = refused.read_response(5s);
    EXPECT_NE(r.find("HTTP/1.1 503 "), std::string::npos) << r;
    EXPECT_NE(r.find("Retry-After: 1"), std::string::npos) << r;
    EXPECT_NE(r.find("http_max_connections"), std::string::npos) << r;
}

/// Runs xunlu-server with `args` to its end (bounded: SIGKILL after 30 s); its exit status and
/// standard error.
std::pair<int, std::string> run_server(const std::vector<std::string>& args) {
    int err[2];
    if (::pipe(err) != 0) return {-1, "pipe failed"};
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(err[1], STDERR_FILENO);
        ::close(err[0]);
        ::close(err[1]);
        std::vector<std::string> a{XUNLU_SERVER};
        a.insert(a.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& s : a) argv.push_back(s.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ::close(err[1]);
    std::string text;
    const auto until = clock_type::now() + 30s;
    while (clock_type::now() < until) {
        pollfd p{err[0], POLLIN, 0};
        if (::poll(&p, 1, 100) <= 0) continue;
        char c[512];
        const auto n = ::read(err[0], c, sizeof(c));
        if (n <= 0) break; // the process ended
        text.append(c, static_cast<std::size_t>(n));
    }
    ::close(err[0]);
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) != pid) {
        std::this_thread::sleep_for(1s);
        if (::waitpid(pid, &status, WNOHANG) != pid) {
            ::kill(pid, SIGKILL); // it started on a used port: the test fails below
            ::waitpid(pid, &status, 0);
            return {-1, text};
        }
    }
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

TEST(server_ports, a_second_server_on_a_used_port_exits_naming_the_port) {
    server_process first({});
    ASSERT_TRUE(first.started()) << first.first_line();
    {
        const auto [code, err] = run_server({"--grpc", first.grpc(), "--http", "127.0.0.1:0"});
        EXPECT_NE(code, 0) << err;
        EXPECT_NE(code, -1) << "it kept running on the used gRPC port: " << err;
        EXPECT_NE(err.find(first.grpc()), std::string::npos) << err;
    }
    {
        const auto [code, err] = run_server({"--grpc", "127.0.0.1:0", "--http", first.http()});
        EXPECT_NE(code, 0) << err;
        EXPECT_NE(code, -1) << "it kept running on the used HTTP port: " << err;
        EXPECT_NE(err.find(first.http()), std::string::npos) << err;
        EXPECT_NE(err.find("in use"), std::string::npos) << err;
    }
}

} // namespace
} // namespace xunlu::server::testing
