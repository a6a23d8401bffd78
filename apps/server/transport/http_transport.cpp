#include "http_transport.hpp"

#include <httplib.h>

#include <cctype>
#include <chrono>
#include <future>
#include <thread>

#include "api/json_conversion.hpp"
#include "request_log.hpp"

namespace xunlu::server {

namespace {

using clock_type = std::chrono::steady_clock;

void answer_json(httplib::Response& res, int status, const nlohmann::json& j) {
    res.status = status;
    res.set_content(j.dump(), "application/json");
}

void answer_error(httplib::Response& res, const service_error& e) {
    answer_json(res, http_status(e.code), error_json(e.code, e.message));
    add_retry_after(res);
}

/// The method each fixed path answers, for 405 (the web visualizer's paths with ids are
/// matched by pattern and answer 404 for any other method).
std::string_view allowed_method(std::string_view path) {
    for (const std::string_view p : {"/healthz", "/readyz", "/metrics", "/v1/scenes",
                                     "/v1/web/scenes", "/v1/web/algorithms"}) {
        if (path == p) return "GET";
    }
    for (const std::string_view p :
         {"/v1/route", "/v1/ray", "/v1/path", "/v1/nearest", "/v1/influence", "/v1/explore",
          "/v1/web/trace", "/v1/web/scratch", "/v1/web/upload"}) {
        if (path == p) return "POST";
    }
    return {};
}

std::string_view code_name_of(int http) {
    switch (http) {
    case 200:
        return "OK";
    case 400:
        return "INVALID_ARGUMENT";
    case 404:
        return "NOT_FOUND";
    case 409:
        return "ALREADY_EXISTS";
    case 412:
        return "FAILED_PRECONDITION";
    case 429:
        return "RESOURCE_EXHAUSTED";
    case 499:
        return "CANCELLED";
    case 503:
        return "UNAVAILABLE";
    case 504:
        return "DEADLINE_EXCEEDED";
    default:
        return "INTERNAL";
    }
}

} // namespace

nlohmann::json error_json(status_code c, std::string_view message) {
    std::string code(status_code_name(c));
    for (char& ch : code) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return {{"code", code}, {"message", message}, {"error", message}};
}

void add_retry_after(httplib::Response& res) {
    if (res.status == 429 || res.status == 503) res.set_header("Retry-After", "1");
}

int http_status(status_code c) noexcept {
    switch (c) {
    case status_code::ok:
        return 200;
    case status_code::invalid_argument:
        return 400;
    case status_code::not_found:
        return 404;
    case status_code::already_exists:
        return 409;
    case status_code::failed_precondition:
        return 412;
    case status_code::resource_exhausted:
        return 429;
    case status_code::deadline_exceeded:
        return 504;
    case status_code::cancelled:
        return 499;
    case status_code::unavailable:
        return 503;
    case status_code::internal:
        return 500;
    }
    return 500;
}

struct http_transport::impl {
    server_runtime& rt;
    bounded_http_server server;
    web_endpoints web;
    std::thread thread;

    impl(server_runtime& r, const http_connection_limits& limits, web_options web_opts)
        : rt(r), server(limits), web(r, std::move(web_opts)) {
        server.set_payload_max_length(rt.service.limits().max_request_bytes);

        server.Get("/healthz", [](const httplib::Request&, httplib::Response& res) {
            // Alive: the process answers. (Readiness is /readyz.)
            res.set_content("ok\n", "text/plain");
        });
        server.Get("/readyz", [this](const httplib::Request&, httplib::Response& res) {
            const bool ready = rt.serving.load();
            res.status = ready ? 200 : 503;
            res.set_content(ready ? "ready\n" : "not ready\n", "text/plain");
        });
        server.Get("/metrics", [this](const httplib::Request&, httplib::Response& res) {
            auto gauges = rt.gauges();
            append_connection_gauges(gauges);
            res.set_content(rt.metrics.render(gauges), "text/plain; version=0.0.4");
        });
        server.Get("/v1/scenes", [this](const httplib::Request&, httplib::Response& res) {
            const auto t0 = clock_type::now();
            nlohmann::json list = nlohmann::json::array();
            for (const auto& s : rt.service.list_scenes()) list.push_back(api::to_json(s));
            answer_json(res, 200, list);
            done("ListScenes", res, t0, 0);
        });
        server.Post("/v1/route", [this](const httplib::Request& req, httplib::Response& res) {
            query(req, res, "FindRoute",
                  [this](const nlohmann::json& j, const query_context& ctx,
                         std::uint64_t& expanded) -> outcome<nlohmann::json> {
                      auto in = api::route_from_json(j);
                      if (!in) return in.error();
                      auto out = rt.service.find_route(in.value(), ctx);
                      if (!out) return out.error();
                      expanded = out.value().result.stats.expanded;
                      return api::to_json(out.value());
                  });
        });
        server.Post("/v1/ray", [this](const httplib::Request& req, httplib::Response& res) {
            query(req, res, "Raycast",
                  [this](const nlohmann::json& j, const query_context&,
                         std::uint64_t&) -> outcome<nlohmann::json> {
                      auto in = api::ray_from_json(j);
                      if (!in) return in.error();
                      auto out = rt.service.raycast(in.value());
                      if (!out) return out.error();
                      return api::to_json(out.value());
                  });
        });
        server.Post("/v1/nearest", [this](const httplib::Request& req, httplib::Response& res) {
            query(req, res, "Nearest",
                  [this](const nlohmann::json& j, const query_context& ctx,
                         std::uint64_t&) -> outcome<nlohmann::json> {
                      auto in = api::nearest_from_json(j);
                      if (!in) return in.error();
                      auto out = rt.service.nearest(in.value(), ctx);
                      if (!out) return out.error();
                      return api::to_json(out.value());
                  });
        });
        server.Post("/v1/path", [this](const httplib::Request& req, httplib::Response& res) {
            query(req, res, "FindPath",
                  [this](const nlohmann::json& j, const query_context& ctx,
                         std::uint64_t& expanded) -> outcome<nlohmann::json> {
                      auto in = api::path_from_json(j);
                      if (!in) return in.error();
                      auto out = rt.service.find_path(in.value(), ctx);
                      if (!out) return out.error();
                      expanded = out.value().result.stats.expanded;
                      return api::to_json(out.value());
                  });
        });
        server.Post("/v1/influence", [this](const httplib::Request& req, httplib::Response& res) {
            query(req, res, "SetInfluence",
                  [this](const nlohmann::json& j, const query_context&,
                         std::uint64_t&) -> outcome<nlohmann::json> {
                      auto in = api::influence_from_json(j);
                      if (!in) return in.error();
                      auto out = rt.service.set_influence(in.value());
                      if (!out) return out.error();
                      return nlohmann::json{{"sources", out.value()}};
                  });
        });
        server.Post("/v1/explore", [this](const httplib::Request& req, httplib::Response& res) {
            query(req, res, "Explore",
                  [this](const nlohmann::json& j, const query_context&,
                         std::uint64_t&) -> outcome<nlohmann::json> {
                      auto in = api::explore_from_json(j);
                      if (!in) return in.error();
                      auto out = rt.service.explore(in.value());
                      if (!out) return out.error();
                      return nlohmann::json{{"explored", out.value()}};
                  });
        });
        web.install(server);
        server.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
            res.set_header("X-Request-Id", request_id(req.get_header_value("X-Request-Id")));
            return httplib::Server::HandlerResponse::Unhandled;
        });
        server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
            if (!res.body.empty()) return;
            if (res.status == 404) {
                if (const auto allowed = allowed_method(req.path);
                    !allowed.empty() && req.method != allowed &&
                    !(req.method == "HEAD" && allowed == "GET")) {
                    res.set_header("Allow", std::string(allowed));
                    answer_json(res, 405,
                                {{"code", "METHOD_NOT_ALLOWED"},
                                 {"message", std::string(req.path) + " answers " +
                                                 std::string(allowed) + " only"},
                                 {"error", std::string(req.path) + " answers " +
                                               std::string(allowed) + " only"}});
                    return;
                }
                answer_json(res, 404, error_json(status_code::not_found, "no such endpoint"));
            } else if (res.status == 413) {
                answer_json(res, 413,
                            error_json(status_code::resource_exhausted,
                                       "request body too large (limits.max_request_bytes)"));
            } else {
                answer_json(res, res.status,
                            error_json(status_code::invalid_argument, "bad request"));
            }
        });
        server.set_exception_handler(
            [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
                answer_json(res, 500, error_json(status_code::internal, "internal error"));
            });
        server.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
            rt.metrics.record_http(known_path(req.path), res.status);
        });
    }

    void append_connection_gauges(std::vector<gauge_sample>& g) const {
        const auto& st = server.stats();
        g.push_back({"xunlu_http_connections", "Open HTTP connections.", "",
                     static_cast<double>(st.open.load())});
        const char* help = "HTTP connections by what happened to them: accepted; refused (503 "
                           "at server.http_max_connections); evicted (idle keep-alive closed to "
                           "admit a new one); timed_out (idle, header, body or write deadline).";
        for (const auto& [event, n] :
             {std::pair{"accepted", &st.accepted}, std::pair{"refused", &st.refused},
              std::pair{"evicted", &st.evicted}, std::pair{"timed_out", &st.timed_out}}) {
            g.push_back({"xunlu_http_connection_events_total", help,
                         std::string("event=\"") + event + "\"", static_cast<double>(n->load()),
                         "counter"});
        }
    }

    /// Unknown paths share one label, so a scan of random URLs cannot grow the metrics.
    static std::string_view known_path(const std::string& path) {
        for (const std::string_view p :
             {"/healthz", "/readyz", "/metrics", "/v1/scenes", "/v1/route", "/v1/ray", "/v1/path",
              "/v1/nearest", "/v1/influence", "/v1/explore"}) {
            if (path == p) return p;
        }
        if (path.starts_with("/v1/web/")) return "/v1/web";
        return "other";
    }

    void done(std::string_view rpc, const httplib::Response& res, clock_type::time_point t0,
              std::uint64_t expanded) {
        const double s = std::chrono::duration<double>(clock_type::now() - t0).count();
        std::string message;
        if (res.status != 200) message = res.body;
        rt.finished(rpc, code_name_of(res.status), s, expanded, message,
                    res.get_header_value("X-Request-Id"));
    }

    using query_fn = std::function<outcome<nlohmann::json>(const nlohmann::json&,
                                                           const query_context&, std::uint64_t&)>;

    /// Parses the body, runs `fn` on the worker pool under the default deadline, answers.
    void query(const httplib::Request& req, httplib::Response& res, std::string_view rpc,
               const query_fn& fn) {
        const auto t0 = clock_type::now();
        const in_flight_request counted(rt);
        if (!rt.serving.load()) {
            answer_error(res, {status_code::unavailable, "the server is not serving"});
            return done(rpc, res, t0, 0);
        }
        auto body = api::parse_body(req.body);
        if (!body) {
            answer_error(res, body.error());
            return done(rpc, res, t0, 0);
        }
        const auto deadline = rt.deadline_for(std::nullopt);
        std::promise<std::pair<outcome<nlohmann::json>, std::uint64_t>> promise;
        auto future = promise.get_future();
        const bool queued = rt.pool.try_submit([&] {
            std::uint64_t expanded = 0;
            auto out = fn(body.value(), query_context{deadline.at, nullptr}, expanded);
            promise.set_value({std::move(out), expanded});
        });
        if (!queued) {
            answer_error(res, {status_code::resource_exhausted,
                               "the server's queue is full (limits.max_queue); retry later"});
            return done(rpc, res, t0, 0);
        }
        auto [out, expanded] = future.get();
        if (!out) {
            answer_error(res, out.error());
        } else {
            answer_json(res, 200, out.value());
        }
        done(rpc, res, t0, expanded);
    }
};

http_transport::http_transport(server_runtime& runtime, const http_connection_limits& limits,
                               web_options web)
    : impl_(std::make_unique<impl>(runtime, limits, std::move(web))) {}

http_transport::~http_transport() {
    stop();
}

int http_transport::bind(const std::string& host, int port, std::string& error) {
    return impl_->server.bind_exclusive(host, port, error);
}

void http_transport::start() {
    impl_->thread = std::thread([this] { impl_->server.listen_after_bind(); });
}

void http_transport::stop() {
    if (!impl_) return;
    impl_->server.stop_all();
    if (impl_->thread.joinable()) impl_->thread.join();
}

} // namespace xunlu::server
