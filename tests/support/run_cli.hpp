// Test helper: run the real `xunlu` binary (XUNLU_CLI) and capture its exit code and output.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace xunlu::testing {

struct cli_output {
    int code = -1;   ///< exit status, -1 when the process did not exit normally
    std::string out; ///< stdout and stderr together
};

/// Runs `xunlu ARGS` through the shell with stderr merged into stdout.
inline cli_output run_cli(const std::string& args) {
    const std::string cmd = std::string(XUNLU_CLI) + " " + args + " 2>&1";
    FILE* p = ::popen(cmd.c_str(), "r");
    cli_output r;
    if (p == nullptr) return r;
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int status = ::pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

} // namespace xunlu::testing
