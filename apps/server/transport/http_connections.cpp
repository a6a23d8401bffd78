#include "http_connections.hpp"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <list>
#include <mutex>
#include <thread>

namespace xunlu::server {

namespace {

using clock_type = std::chrono::steady_clock;

/// Set on the accept thread while it runs a connection it refuses (the task queue cannot hand
/// the socket over any other way: httplib's task is an opaque closure).
thread_local bool refusing_connection = false;

int ms_until(clock_type::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now()).count();
    return static_cast<int>(std::clamp<std::int64_t>(left + 1, 0, 1000000));
}

void address_of(int sock, bool peer, std::string& ip, int& port) {
    sockaddr_storage addr{};
    socklen_t len = sizeof(addr);
    const int rc = peer ? ::getpeername(sock, reinterpret_cast<sockaddr*>(&addr), &len)
                        : ::getsockname(sock, reinterpret_cast<sockaddr*>(&addr), &len);
    if (rc != 0) return;
    char host[NI_MAXHOST];
    char serv[NI_MAXSERV];
    if (::getnameinfo(reinterpret_cast<sockaddr*>(&addr), len, host, sizeof(host), serv,
                      sizeof(serv), NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
        ip = host;
        port = std::atoi(serv);
    }
}

/// One connection's byte stream under absolute deadlines: the header deadline runs from the
/// request's first byte, the body deadline from the end of the headers, the write deadline from
/// the response's first byte; a byte arriving never extends any of them. Reads are buffered
/// (httplib reads the request line and headers one byte at a time); writes are collected and sent
/// at once when the response is complete (or every 64 KiB), so a response is one segment burst,
/// never a header write held back by Nagle's algorithm until the client's delayed ACK.
class deadline_stream final : public httplib::Stream {
  public:
    /// `stop_fd` readable: the server stops, so a request whose headers are still arriving is
    /// dropped.
    deadline_stream(int sock, int stop_fd, const http_connection_limits& limits)
        : sock_(sock), stop_fd_(stop_fd), limits_(limits) {}

    void begin_request() {
        in_body_ = false;
        header_bytes_ = 0;
        match_ = 0;
        read_deadline_ = clock_type::now() + std::chrono::milliseconds(limits_.header_timeout_ms);
        write_started_ = false;
    }
    [[nodiscard]] bool timed_out() const noexcept { return timed_out_; }
    [[nodiscard]] bool buffered_input() const noexcept { return rpos_ < rlen_; }

    bool is_readable() const override {
        if (rpos_ < rlen_) return true;
        pollfd p{sock_, POLLIN, 0};
        return ::poll(&p, 1, 0) > 0;
    }
    bool is_writable() const override { return !failed_; }

    ssize_t read(char* ptr, size_t size) override {
        if (failed_) return -1;
        if (rpos_ == rlen_) {
            const ssize_t n = fill();
            if (n <= 0) return n;
        }
        const std::size_t n = std::min(size, rlen_ - rpos_);
        std::memcpy(ptr, rbuf_ + rpos_, n);
        rpos_ += n;
        if (!in_body_) consume_header(ptr, n);
        if (failed_) return -1;
        return static_cast<ssize_t>(n);
    }

    ssize_t write(const char* ptr, size_t size) override {
        if (failed_) return -1;
        if (!write_started_) {
            write_started_ = true;
            write_deadline_ =
                clock_type::now() + std::chrono::milliseconds(limits_.write_timeout_ms);
        }
        out_.append(ptr, size);
        if (out_.size() >= 65536 && !flush()) return -1;
        return static_cast<ssize_t>(size);
    }

    /// Sends what write() collected; false when the peer is gone or the write deadline passed.
    bool flush() {
        std::size_t off = 0;
        while (off < out_.size() && !failed_) {
            const ssize_t n =
                ::send(sock_, out_.data() + off, out_.size() - off, MSG_DONTWAIT | MSG_NOSIGNAL);
            if (n > 0) {
                off += static_cast<std::size_t>(n);
                continue;
            }
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
                const int wait = ms_until(write_deadline_);
                pollfd p{sock_, POLLOUT, 0};
                if (wait == 0 || (::poll(&p, 1, std::min(wait, 1000)) == 0 &&
                                  clock_type::now() >= write_deadline_)) {
                    timed_out_ = true;
                    failed_ = true;
                }
                continue;
            }
            failed_ = true;
        }
        out_.clear();
        return !failed_;
    }

    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        address_of(sock_, true, ip, port);
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        address_of(sock_, false, ip, port);
    }
    socket_t socket() const override { return sock_; }

  private:
    /// Fills the read buffer before the current deadline: bytes read, 0 at the end of the
    /// stream, -1 on error or timeout.
    ssize_t fill() {
        // A response part already written (100 Continue) goes out before we wait for the body.
        if (!out_.empty() && !flush()) return -1;
        for (;;) {
            const int wait = ms_until(read_deadline_);
            if (wait == 0) {
                timed_out_ = true;
                failed_ = true;
                return -1;
            }
            pollfd p[2] = {{sock_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
            const int rc = ::poll(p, in_body_ ? 1 : 2, std::min(wait, 1000));
            if (rc < 0 && errno != EINTR) {
                failed_ = true;
                return -1;
            }
            if (rc <= 0) continue;
            if (!in_body_ && (p[1].revents & POLLIN) != 0) {
                failed_ = true;
                return -1;
            }
            const ssize_t n = ::recv(sock_, rbuf_, sizeof(rbuf_), MSG_DONTWAIT);
            if (n > 0) {
                rpos_ = 0;
                rlen_ = static_cast<std::size_t>(n);
                return n;
            }
            if (n == 0) return 0;
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) continue;
            failed_ = true;
            return -1;
        }
    }

    /// Counts header bytes (bounded by max_header_bytes) and finds the empty line that ends the
    /// headers, where the body deadline starts.
    void consume_header(const char* p, std::size_t n) {
        static constexpr char end[] = "\r\n\r\n";
        for (std::size_t i = 0; i < n && !in_body_; ++i) {
            if (++header_bytes_ > limits_.max_header_bytes) {
                failed_ = true;
                return;
            }
            if (p[i] == end[match_]) {
                if (++match_ == 4) {
                    in_body_ = true;
                    read_deadline_ =
                        clock_type::now() + std::chrono::milliseconds(limits_.body_timeout_ms);
                }
            } else {
                match_ = p[i] == '\r' ? 1 : 0;
            }
        }
    }

    int sock_;
    int stop_fd_;
    const http_connection_limits& limits_;
    char rbuf_[4096];
    std::size_t rpos_ = 0, rlen_ = 0;
    std::string out_;
    clock_type::time_point read_deadline_{}, write_deadline_{};
    bool write_started_ = false;
    bool in_body_ = false;
    std::size_t header_bytes_ = 0;
    int match_ = 0;
    bool timed_out_ = false;
    bool failed_ = false;
};

} // namespace

/// The connection threads, the idle connections (which a new connection may evict) and the stop
/// signal, shared by the server and its task queue (and kept alive by every connection thread).
struct bounded_http_server::state {
    explicit state(const http_connection_limits& l) : limits(l), stop_fd(::eventfd(0, 0)) {}
    ~state() {
        if (stop_fd >= 0) ::close(stop_fd);
    }
    state(const state&) = delete;
    state& operator=(const state&) = delete;

    struct idle_entry {
        int sock = -1;
        bool evicted = false;
    };

    http_connection_limits limits;
    http_connection_stats stats;
    int stop_fd; ///< readable once stopping (never read: level-triggered for every poll)
    std::atomic<bool> stopping{false};

    std::mutex m;
    std::condition_variable work_cv; ///< a task is queued, or shutting down
    std::condition_variable done_cv; ///< a thread ended
    std::deque<std::function<void()>> tasks;
    std::size_t threads = 0, waiting_threads = 0;
    std::size_t load = 0;     ///< connections queued or being served
    std::size_t evicting = 0; ///< of them, evicted and closing
    bool shutting_down = false;
    std::list<idle_entry*> idle; ///< oldest first

    void signal_stop() {
        if (stopping.exchange(true)) return;
        const std::uint64_t one = 1;
        [[maybe_unused]] const auto n = ::write(stop_fd, &one, sizeof(one));
    }

    /// Under `m`: closes the oldest idle connection (its thread sees `evicted`). Whether one was.
    bool evict_oldest_idle() {
        if (idle.empty() || evicting >= 64) return false;
        idle_entry* e = idle.front();
        idle.pop_front();
        e->evicted = true;
        ++evicting;
        ::shutdown(e->sock, SHUT_RDWR); // wakes its poll
        stats.evicted.fetch_add(1);
        return true;
    }

    static void thread_main(const std::shared_ptr<state>& s) {
        std::unique_lock lk(s->m);
        for (;;) {
            while (s->tasks.empty() && !s->shutting_down) {
                ++s->waiting_threads;
                const bool woken = s->work_cv.wait_for(lk, std::chrono::seconds(30), [&] {
                    return !s->tasks.empty() || s->shutting_down;
                });
                --s->waiting_threads;
                if (!woken && s->threads > s->limits.warm_threads) break;
            }
            if (s->tasks.empty()) break; // shutting down, or an idle thread beyond the warm ones
            auto task = std::move(s->tasks.front());
            s->tasks.pop_front();
            lk.unlock();
            task();
            lk.lock();
            --s->load;
        }
        --s->threads;
        s->done_cv.notify_all();
    }
};

namespace {

/// httplib's task queue, replaced: a thread per connection, up to the cap.
class connection_queue final : public httplib::TaskQueue {
  public:
    explicit connection_queue(std::shared_ptr<bounded_http_server::state> s) : s_(std::move(s)) {}

    void enqueue(std::function<void()> fn) override {
        std::unique_lock lk(s_->m);
        const bool admit = s_->load < s_->limits.max_connections || s_->evict_oldest_idle();
        if (!admit || s_->shutting_down) {
            lk.unlock();
            refusing_connection = true;
            fn(); // process_and_close_socket answers 503 and closes, without blocking
            refusing_connection = false;
            return;
        }
        ++s_->load;
        s_->tasks.push_back(std::move(fn));
        if (s_->waiting_threads >= s_->tasks.size()) {
            s_->work_cv.notify_one();
            return;
        }
        ++s_->threads;
        std::thread([s = s_] { bounded_http_server::state::thread_main(s); }).detach();
    }

    void shutdown() override {
        std::unique_lock lk(s_->m);
        s_->shutting_down = true;
        s_->signal_stop();
        s_->work_cv.notify_all();
        // Every connection ends by its deadlines; an idle one at once (stop_fd).
        s_->done_cv.wait(lk, [&] { return s_->threads == 0; });
    }

  private:
    std::shared_ptr<bounded_http_server::state> s_;
};

void refuse(int sock) {
    static constexpr std::string_view body =
        R"({"code":"UNAVAILABLE","message":"too many open HTTP connections )"
        R"((server.http_max_connections); retry later"})";
    const std::string response = "HTTP/1.1 503 Service Unavailable\r\n"
                                 "Content-Type: application/json\r\n"
                                 "Retry-After: 1\r\n"
                                 "Connection: close\r\n"
                                 "Content-Length: " +
                                 std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
    [[maybe_unused]] const auto n =
        ::send(sock, response.data(), response.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    ::shutdown(sock, SHUT_WR);
}

} // namespace

bounded_http_server::bounded_http_server(const http_connection_limits& limits)
    : state_(std::make_shared<state>(limits)) {
    new_task_queue = [s = state_] { return new connection_queue(s); };
    const bool reuse_port = limits.reuse_port;
    set_socket_options([reuse_port](socket_t sock) {
        int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
        if (reuse_port) ::setsockopt(sock, SOL_SOCKET, SO_REUSEPORT, &yes, sizeof(yes));
    });
    set_tcp_nodelay(true);
    set_keep_alive_max_count(limits.keep_alive_max_requests);
}

bounded_http_server::~bounded_http_server() {
    stop_all();
}

const http_connection_stats& bounded_http_server::stats() const noexcept {
    return state_->stats;
}

int bounded_http_server::bind_exclusive(const std::string& host, int port, std::string& error) {
    const int bound = port == 0 ? bind_to_any_port(host) : (bind_to_port(host, port) ? port : -1);
    if (bound < 0) {
        // httplib keeps no errno: bind a probe socket the same way for the reason.
        error = "cannot bind";
        addrinfo hints{};
        hints.ai_socktype = SOCK_STREAM;
        hints.ai_flags = AI_PASSIVE;
        addrinfo* res = nullptr;
        if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &res) != 0) {
            error = "cannot resolve the host";
            return -1;
        }
        const int probe = ::socket(res->ai_family, res->ai_socktype, res->ai_protocol);
        if (probe >= 0) {
            int yes = 1;
            ::setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
            if (::bind(probe, res->ai_addr, res->ai_addrlen) != 0) error = std::strerror(errno);
            ::close(probe);
        }
        ::freeaddrinfo(res);
        return -1;
    }
    // httplib 0.11 listens with a backlog of 5, compiled into the library; Linux lets a
    // listening socket's backlog be set again.
    ::listen(svr_sock_, state_->limits.backlog);
    return bound;
}

void bounded_http_server::stop_all() {
    state_->signal_stop();
    stop();
}

bool bounded_http_server::process_and_close_socket(socket_t sock) {
    if (refusing_connection) {
        state_->stats.refused.fetch_add(1);
        refuse(sock);
        ::close(sock);
        return true;
    }
    auto& s = *state_;
    s.stats.accepted.fetch_add(1);
    s.stats.open.fetch_add(1);
    int yes = 1;
    ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof(yes));

    deadline_stream strm(sock, s.stop_fd, s.limits);
    state::idle_entry entry{sock, false};
    bool evicted = false;
    for (std::size_t served = 0; served < s.limits.keep_alive_max_requests; ++served) {
        // Wait for the request's first byte: the idle deadline (the header deadline for the
        // first request of a connection), the stop signal, or eviction.
        if (!strm.buffered_input()) {
            {
                std::lock_guard lk(s.m);
                s.idle.push_back(&entry);
            }
            const auto idle_ms =
                served == 0 ? s.limits.header_timeout_ms : s.limits.idle_timeout_ms;
            const auto deadline = clock_type::now() + std::chrono::milliseconds(idle_ms);
            bool readable = false;
            bool stop = false;
            for (;;) {
                const int wait = ms_until(deadline);
                if (wait == 0) break;
                pollfd p[2] = {{sock, POLLIN, 0}, {s.stop_fd, POLLIN, 0}};
                const int rc = ::poll(p, 2, std::min(wait, 1000));
                if (rc < 0 && errno != EINTR) break;
                if (rc <= 0) continue;
                stop = (p[1].revents & POLLIN) != 0;
                readable = (p[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
                break;
            }
            {
                std::lock_guard lk(s.m);
                if (entry.evicted) {
                    evicted = true;
                } else {
                    s.idle.remove(&entry);
                }
            }
            if (evicted || stop) break;
            if (!readable) {
                s.stats.timed_out.fetch_add(1);
                break;
            }
        }
        strm.begin_request();
        bool closed = false;
        const bool last = served + 1 == s.limits.keep_alive_max_requests || s.stopping.load();
        bool ok = process_request(strm, last, closed, nullptr);
        ok = strm.flush() && ok;
        if (strm.timed_out()) {
            s.stats.timed_out.fetch_add(1);
            break;
        }
        if (!ok || closed || last) break;
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    s.stats.open.fetch_sub(1);
    if (evicted) {
        std::lock_guard lk(s.m);
        --s.evicting;
    }
    return true;
}

} // namespace xunlu::server
