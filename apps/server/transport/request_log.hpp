// The server's log lines and request ids. Every line on standard error is one JSON object
// ({"time","level","event",...}; main.cpp sets the pattern) whose client-supplied strings are
// JSON-escaped, so a newline or a quote in a scene id or message cannot forge a line. A request
// id comes from the client (HTTP header or gRPC metadata `x-request-id`, 1..128 characters of
// A-Z a-z 0-9 . _ : -) or is made here; it is sent back and logged with the request.
#pragma once
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace xunlu::server {

/// spdlog's pattern for JSON lines: the message is the object's remaining members.
inline constexpr const char* json_log_pattern =
    R"({"time":"%Y-%m-%dT%H:%M:%S.%fZ","level":"%l",%v})";

/// Logs `fields` plus "event" as the members of one JSON line.
void log_event(spdlog::level::level_enum level, std::string_view event, nlohmann::json fields);

/// `client` when it is a usable request id, else a new one (16 hex digits).
[[nodiscard]] std::string request_id(std::string_view client);

} // namespace xunlu::server
