#include "server_runtime.hpp"

#include <spdlog/spdlog.h>

#include "request_log.hpp"

#include <algorithm>
#include <cmath>

namespace xunlu::server {

server_runtime::deadline_choice server_runtime::deadline_for(
    std::optional<std::chrono::steady_clock::duration> client_remaining) const {
    using namespace std::chrono;
    const auto now = steady_clock::now();
    const auto max = milliseconds(service.limits().max_deadline_ms);
    if (client_remaining) {
        return {now + std::min<steady_clock::duration>(*client_remaining, max), true};
    }
    return {now + milliseconds(service.limits().default_deadline_ms), false};
}

void server_runtime::finished(std::string_view rpc, std::string_view code, double seconds,
                              std::uint64_t expansions, std::string_view message,
                              std::string_view request_id) const {
    metrics.record_request(rpc, code, seconds, expansions);
    const double ms = std::round(seconds * 1e6) / 1e3;
    if (code == "OK") {
        if (ms >= slow_request_ms) {
            log_event(
                spdlog::level::warn, "slow_request",
                {{"rpc", rpc}, {"ms", ms}, {"expanded", expansions}, {"request_id", request_id}});
        }
    } else {
        log_event(spdlog::level::info, "failed_request",
                  {{"rpc", rpc},
                   {"code", code},
                   {"ms", ms},
                   {"message", message.substr(0, 1024)},
                   {"request_id", request_id}});
    }
}

std::vector<gauge_sample> server_runtime::gauges() const {
    std::vector<gauge_sample> g;
    g.push_back({"xunlu_in_flight_requests", "Requests being answered (gRPC and HTTP).", "",
                 static_cast<double>(in_flight.load())});
    g.push_back({"xunlu_queued_tasks", "Tasks waiting for a worker thread.", "",
                 static_cast<double>(pool.queued())});
    g.push_back({"xunlu_worker_threads", "Worker threads running searches.", "",
                 static_cast<double>(pool.threads())});
    g.push_back({"xunlu_preprocessing_builds",
                 "Preprocessing builds (hierarchies, landmarks, tables) running on their own "
                 "threads, first queries of an algorithm on a map version.",
                 "", static_cast<double>(service.preprocessing_builds())});
    const auto scenes = service.list_scenes();
    g.push_back({"xunlu_scenes", "Scenes loaded.", "", static_cast<double>(scenes.size())});
    for (const auto& s : scenes) {
        const std::string label = "scene=\"" + label_value(s.id) + "\"";
        g.push_back({"xunlu_scene_memory_bytes",
                     "Map, waypoint graph and component labels of a scene's current version.",
                     label, static_cast<double>(s.memory_bytes)});
        g.push_back({"xunlu_scene_version", "Current map version of a scene.", label,
                     static_cast<double>(s.version)});
    }
    g.push_back(
        {"xunlu_serving", "1 while the server accepts requests.", "", serving.load() ? 1.0 : 0.0});
    return g;
}

} // namespace xunlu::server
