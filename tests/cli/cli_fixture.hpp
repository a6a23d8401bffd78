// The fixture of the CLI suites: a temporary folder per test, the real `xunlu` binary
// (XUNLU_CLI) run with stdout and stderr captured apart, and a small walled map.
#pragma once

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "xunlu/io/parse_error.hpp"

namespace xunlu {

namespace fs = std::filesystem;
using nlohmann::json;

struct run_result {
    int code = -1;
    std::string out;
    std::string err;
};

class cli : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("xunlu_cli_test_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::string write(const std::string& name, std::string_view bytes) const {
        std::ofstream(path(name), std::ios::binary)
            .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        return path(name);
    }
    static std::string slurp(const std::string& p) {
        auto r = io::read_file(p);
        return r.ok() ? *r : std::string{};
    }

    /// Runs `xunlu ARGS` and captures stdout, stderr and the exit status.
    run_result run(const std::string& args) const {
        return run_shell(std::string(XUNLU_CLI) + " " + args);
    }
    /// Runs a shell command line (sh) and captures stdout, stderr and the exit status.
    run_result run_shell(const std::string& command) const {
        const std::string err_file = path("stderr.txt");
        const std::string cmd = command + " 2>" + err_file;
        run_result r;
        FILE* pipe = ::popen(cmd.c_str(), "r");
        if (pipe == nullptr) return r;
        char buf[4096];
        std::size_t n = 0;
        while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
        const int status = ::pclose(pipe);
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.err = slurp(err_file);
        return r;
    }

    static json last_json_line(const std::string& out) {
        std::istringstream in(out);
        std::string line;
        std::string last;
        while (std::getline(in, line))
            if (!line.empty()) last = line;
        return json::parse(last);
    }

    fs::path dir_;
};

// A 6x4 Moving AI map with a wall; (0,0) to (5,0) must go around it.
constexpr const char* walled_map = "type octile\n"
                                   "height 4\n"
                                   "width 6\n"
                                   "map\n"
                                   "..@...\n"
                                   "..@...\n"
                                   "..@...\n"
                                   "......\n";

// A 9x6 Moving AI map of one walled hall with three gaps (rooms to go around and through).
constexpr const char* hall_map = "type octile\nheight 6\nwidth 9\nmap\n"
                                 ".........\n"
                                 ".@@@.@@@.\n"
                                 ".@.....@.\n"
                                 ".@.....@.\n"
                                 ".@@.@@@@.\n"
                                 ".........\n";

} // namespace xunlu
