// A real xunlu-server process for the tests: started on loopback with port 0, its addresses read
// from the JSON line it prints, stopped with SIGTERM (SIGKILL after a bounded wait) when the test
// ends. Every wait here is bounded.
#pragma once
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace xunlu::server::testing {

/// A fresh temporary directory, removed when the object goes away.
class temp_dir {
  public:
    temp_dir() {
        std::random_device rd;
        path_ = std::filesystem::temp_directory_path() /
                ("xunlu-server-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
        std::filesystem::create_directories(path_);
    }
    ~temp_dir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    temp_dir(const temp_dir&) = delete;
    temp_dir& operator=(const temp_dir&) = delete;
    [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }
    void write(const std::string& name, const std::string& content) const {
        std::filesystem::create_directories((path_ / name).parent_path());
        std::ofstream(path_ / name, std::ios::binary) << content;
    }

  private:
    std::filesystem::path path_;
};

class server_process {
  public:
    /// Starts XUNLU_SERVER with `args` (after --grpc/--http on 127.0.0.1:0); its standard error
    /// goes to `stderr_file` when one is named.
    explicit server_process(const std::vector<std::string>& args,
                            const std::string& stderr_file = "") {
        int out[2];
        if (::pipe(out) != 0) throw std::runtime_error("pipe failed");
        std::vector<std::string> argv_s{XUNLU_SERVER, "--grpc", "127.0.0.1:0", "--http",
                                        "127.0.0.1:0"};
        argv_s.insert(argv_s.end(), args.begin(), args.end());
        pid_ = ::fork();
        if (pid_ < 0) throw std::runtime_error("fork failed");
        if (pid_ == 0) {
            ::dup2(out[1], STDOUT_FILENO);
            if (!stderr_file.empty()) {
                const int err = ::open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
                if (err >= 0) ::dup2(err, STDERR_FILENO);
            }
            ::close(out[0]);
            ::close(out[1]);
            std::vector<char*> argv;
            for (auto& a : argv_s) argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        ::close(out[1]);
        out_ = out[0];
        line_ = read_line(std::chrono::seconds(60));
        if (line_.empty()) return; // started() is false: the test reports it
        const auto j = nlohmann::json::parse(line_, nullptr, false);
        if (j.is_object() && j.contains("grpc") && j.contains("http")) {
            grpc_ = j["grpc"].get<std::string>();
            http_ = j["http"].get<std::string>();
        }
    }
    ~server_process() {
        if (pid_ > 0) stop(std::chrono::seconds(20));
        if (out_ >= 0) ::close(out_);
    }
    server_process(const server_process&) = delete;
    server_process& operator=(const server_process&) = delete;

    [[nodiscard]] bool started() const noexcept { return !grpc_.empty(); }
    [[nodiscard]] const std::string& first_line() const noexcept { return line_; }
    [[nodiscard]] const std::string& grpc() const noexcept { return grpc_; }
    [[nodiscard]] const std::string& http() const noexcept { return http_; }
    [[nodiscard]] int http_port() const { return std::stoi(http_.substr(http_.rfind(':') + 1)); }
    [[nodiscard]] pid_t pid() const noexcept { return pid_; }

    /// SIGTERM, then waits up to `grace` (SIGKILL after it). Returns the exit status as
    /// waitpid gives it, or -1 when it had to be killed.
    int stop(std::chrono::milliseconds grace) {
        if (pid_ <= 0) return exit_status_;
        ::kill(pid_, SIGTERM);
        const auto until = std::chrono::steady_clock::now() + grace;
        int status = 0;
        while (std::chrono::steady_clock::now() < until) {
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                exit_status_ = status;
                return status;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        exit_status_ = -1;
        return -1;
    }

  private:
    std::string read_line(std::chrono::milliseconds timeout) {
        std::string line;
        const auto until = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < until) {
            pollfd p{out_, POLLIN, 0};
            if (::poll(&p, 1, 100) <= 0) continue;
            char c = 0;
            const auto n = ::read(out_, &c, 1);
            if (n <= 0) break; // the process ended
            if (c == '\n') return line;
            line += c;
        }
        return line;
    }

    pid_t pid_ = -1;
    int out_ = -1;
    int exit_status_ = 0;
    std::string line_, grpc_, http_;
};

} // namespace xunlu::server::testing
