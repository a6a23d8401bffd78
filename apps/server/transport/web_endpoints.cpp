#include "web_endpoints.hpp"

#include <httplib.h>
#include <zlib.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <future>
#include <map>
#include <mutex>
#include <utility>

#include "api/json_conversion.hpp"
#include "api/web_json.hpp"
#include "http_transport.hpp"
#include "xunlu/encode/json_encoder.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/io/movingai_scen.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::server {

namespace {

using clock_type = std::chrono::steady_clock;

/// `text` gzipped at the fastest level, or nothing when zlib fails.
std::optional<std::string> gzip_fast(const std::string& text) {
    z_stream z{};
    if (deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        return std::nullopt;
    }
    std::string out(deflateBound(&z, static_cast<uLong>(text.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    if (rc != Z_STREAM_END) return std::nullopt;
    return out;
}

/// Answers JSON, gzipped (fastest level) when the client accepts gzip and the body is large.
/// The content type carries a charset, so cpp-httplib does not compress it again: its own
/// choice for browsers is brotli at a level that takes seconds on a multi-megabyte trace.
void answer_text(const httplib::Request& req, httplib::Response& res, int status,
                 std::string body) {
    res.status = status;
    constexpr std::size_t worth_compressing = 4096;
    if (body.size() >= worth_compressing && body.size() < (std::size_t{1} << 31) &&
        req.get_header_value("Accept-Encoding").find("gzip") != std::string::npos) {
        if (auto z = gzip_fast(body)) {
            res.set_header("Content-Encoding", "gzip");
            body = std::move(*z);
        }
    }
    res.set_header("Vary", "Accept-Encoding");
    res.set_content(std::move(body), "application/json; charset=utf-8");
}

void answer(const httplib::Request& req, httplib::Response& res, int status,
            const nlohmann::json& j) {
    answer_text(req, res, status, j.dump());
}

void answer_error(const httplib::Request& req, httplib::Response& res, const service_error& e) {
    answer(req, res, http_status(e.code), error_json(e.code, e.message));
    add_retry_after(res);
}

constexpr const char* scene_pattern = R"(/v1/web/scenes/([A-Za-z0-9_.\-]{1,64})/)";
constexpr const char* scratch_pattern = R"(/v1/web/scratch/([0-9a-f]{1,32}))";

} // namespace

struct web_endpoints::impl {
    server_runtime& rt;
    web_options options;
    scratch_store scratches;

    /// Whether a scene's map has low obstacles, by scene id, for the (entry, version) it was
    /// computed on: a scan of every cell, so not repeated for each scene list. Bounded: cleared
    /// when it holds more ids than the server may hold scenes.
    struct low_layer {
        std::weak_ptr<scene_entry> entry; ///< identity, not ownership (a replaced scene differs)
        std::uint64_t version = 0;
        bool low = false;
    };
    std::mutex low_mutex;
    std::map<std::string, low_layer, std::less<>> low_cache;

    bool low_obstacles(const std::shared_ptr<scene_entry>& e, const pipeline::scene_state& state) {
        {
            const std::lock_guard lock(low_mutex);
            const auto it = low_cache.find(e->id);
            if (it != low_cache.end() && it->second.entry.lock() == e &&
                it->second.version == state.version()) {
                return it->second.low;
            }
        }
        const bool low = api::has_low_obstacles(state.map()); // outside the lock
        const std::lock_guard lock(low_mutex);
        if (low_cache.size() >= rt.service.limits().max_scenes) low_cache.clear();
        low_cache[e->id] = {e, state.version(), low};
        return low;
    }

    impl(server_runtime& r, web_options o)
        : rt(r), options(std::move(o)), scratches(options.scratch) {}

    /// Answers JSON text; sets `expanded` to the nodes its searches expanded (for the metrics
    /// and the slow-request log).
    using job = std::function<outcome<std::string>(const query_context&, std::uint64_t& expanded)>;

    /// Runs `fn` on the worker pool under the default deadline (like the JSON mirror's queries)
    /// and answers its JSON or error.
    void on_pool(const httplib::Request& req, httplib::Response& res, std::string_view rpc,
                 const job& fn) {
        const auto t0 = clock_type::now();
        const in_flight_request counted(rt);
        if (!rt.serving.load()) {
            answer_error(req, res, {status_code::unavailable, "the server is not serving"});
            return;
        }
        const auto deadline = rt.deadline_for(std::nullopt);
        std::promise<outcome<std::string>> promise;
        auto future = promise.get_future();
        std::uint64_t expanded = 0; // written by the worker before set_value, read after get
        const bool queued = rt.pool.try_submit([&] {
            try {
                promise.set_value(fn(query_context{deadline.at, nullptr}, expanded));
            } catch (const std::bad_alloc&) {
                promise.set_value(service_error{status_code::resource_exhausted,
                                                "out of memory answering this request"});
            }
        });
        if (!queued) {
            answer_error(req, res,
                         {status_code::resource_exhausted,
                          "the server's queue is full (limits.max_queue); retry later"});
            return;
        }
        auto out = future.get();
        if (!out) {
            answer_error(req, res, out.error());
        } else {
            answer_text(req, res, 200, std::move(out).value());
        }
        const double s = std::chrono::duration<double>(clock_type::now() - t0).count();
        // The gRPC code names the other requests' metrics carry (INVALID_ARGUMENT, ...).
        std::string code(out ? "ok" : status_code_name(out.error().code));
        for (char& c : code) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        rt.finished(rpc, code, s, expanded, out ? "" : out.error().message,
                    res.get_header_value("X-Request-Id"));
    }

    /// Parses a JSON body, or answers 400 and returns nothing.
    static std::optional<nlohmann::json> body_of(const httplib::Request& req,
                                                 httplib::Response& res) {
        auto body = api::parse_body(req.body);
        if (!body) {
            answer_error(req, res, body.error());
            return std::nullopt;
        }
        return std::move(body).value();
    }

    void install(httplib::Server& s) {
        s.Get("/v1/web/scenes", [this](const httplib::Request& req, httplib::Response& res) {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& info : rt.service.list_scenes()) {
                auto e = rt.service.scene(info.id);
                if (!e) continue; // unloaded meanwhile
                const auto state = e.value()->scene.state();
                list.push_back(api::web_scene_json(info, low_obstacles(e.value(), *state),
                                                   state->map().has_terrain_costs()));
            }
            answer(req, res, 200, list);
        });
        s.Get("/v1/web/algorithms", [](const httplib::Request& req, httplib::Response& res) {
            answer(req, res, 200, encode::catalogue_json());
        });
        s.Get(std::string(scene_pattern) + "cells",
              [this](const httplib::Request& req, httplib::Response& res) {
                  auto e = rt.service.scene(req.matches[1].str());
                  if (!e) return answer_error(req, res, e.error());
                  const auto state = e.value()->scene.state();
                  answer_text(req, res, 200, api::cells_json_text(state->map(), state->version()));
              });
        s.Get(std::string(scene_pattern) + "waypoints",
              [this](const httplib::Request& req, httplib::Response& res) {
                  auto e = rt.service.scene(req.matches[1].str());
                  if (!e) return answer_error(req, res, e.error());
                  const auto state = e.value()->scene.state();
                  auto j = api::waypoints_json(state->waypoints());
                  j["cell_size"] = e.value()->scene.cell_size();
                  answer(req, res, 200, j);
              });
        s.Get(std::string(scene_pattern) + "scenarios",
              [this](const httplib::Request& req, httplib::Response& res) {
                  // The Moving AI scenario file beside the scene's map (DIR/<file>.scen), if any.
                  auto e = rt.service.scene(req.matches[1].str());
                  if (!e) return answer_error(req, res, e.error());
                  const auto state = e.value()->scene.state();
                  const std::string& source = e.value()->source;
                  namespace fs = std::filesystem;
                  std::error_code ec;
                  const fs::path scen = fs::path(rt.service.scene_dir()) / (source + ".scen");
                  if (source == "bytes" || rt.service.scene_dir().empty() ||
                      !fs::is_regular_file(scen, ec)) {
                      return answer(req, res, 200, api::scenarios_json("", {}, state->map(), 0));
                  }
                  auto text = io::read_file(scen.string(), rt.service.limits().max_request_bytes);
                  if (!text) {
                      return answer_error(
                          req, res, {status_code::internal, "scenarios: " + text.err().message});
                  }
                  auto parsed = io::parse_scenarios(text.value(), scen.filename().string());
                  if (!parsed) {
                      return answer_error(
                          req, res,
                          {status_code::failed_precondition, "scenarios: " + parsed.err().message});
                  }
                  answer(req, res, 200,
                         api::scenarios_json(scen.filename().string(), parsed.value(), state->map(),
                                             options.max_scenarios));
              });
        s.Post("/v1/web/trace", [this](const httplib::Request& req, httplib::Response& res) {
            auto body = body_of(req, res);
            if (!body) return;
            auto in = api::trace_from_json(*body);
            if (!in) return answer_error(req, res, in.error());
            on_pool(req, res, "WebTrace",
                    [this, &in](const query_context& ctx,
                                std::uint64_t& expanded) -> outcome<std::string> {
                        const auto& [where, query] = in.value();
                        std::shared_ptr<const grid::grid_map> map;
                        std::shared_ptr<scene_entry> entry; // keeps the scene's state alive
                        std::shared_ptr<const pipeline::scene_state> state;
                        if (!where.scratch.empty()) {
                            auto snap = scratches.get(where.scratch);
                            if (!snap) return snap.error();
                            map = snap.value().map;
                        } else {
                            auto e = rt.service.scene(where.scene);
                            if (!e) return e.error();
                            entry = e.value();
                            state = entry->scene.state();
                        }
                        const grid::grid_map& searched = map ? *map : state->map();
                        auto out =
                            traced_search(searched, query, rt.service.limits().max_expansions,
                                          options.trace, ctx);
                        if (!out) return out.error();
                        // The answered search's expansions (the recording run repeats them).
                        expanded = out.value().result.stats.expanded;
                        return api::traced_json_text(out.value());
                    });
        });
        s.Post("/v1/web/scratch", [this](const httplib::Request& req, httplib::Response& res) {
            auto body = body_of(req, res);
            if (!body) return;
            auto scene = api::scratch_request_from_json(*body);
            if (!scene) return answer_error(req, res, scene.error());
            auto e = rt.service.scene(scene.value());
            if (!e) return answer_error(req, res, e.error());
            auto made = scratches.create(scene.value(), e.value()->scene.state()->map());
            if (!made) return answer_error(req, res, made.error());
            answer(req, res, 200, api::scratch_json(made.value()));
        });
        s.Get(std::string(scratch_pattern) + "/cells",
              [this](const httplib::Request& req, httplib::Response& res) {
                  auto snap = scratches.get(req.matches[1].str());
                  if (!snap) return answer_error(req, res, snap.error());
                  answer_text(req, res, 200,
                              api::cells_json_text(*snap.value().map, snap.value().version));
              });
        s.Post(std::string(scratch_pattern) + "/edits",
               [this](const httplib::Request& req, httplib::Response& res) {
                   auto body = body_of(req, res);
                   if (!body) return;
                   auto edits = api::edits_from_json(*body);
                   if (!edits) return answer_error(req, res, edits.error());
                   auto snap = scratches.edit(req.matches[1].str(), edits.value());
                   if (!snap) return answer_error(req, res, snap.error());
                   answer(req, res, 200, api::scratch_json(snap.value()));
               });
        s.Delete(scratch_pattern, [this](const httplib::Request& req, httplib::Response& res) {
            if (!scratches.remove(req.matches[1].str())) {
                return answer_error(req, res, {status_code::not_found, "scratch: no such copy"});
            }
            answer(req, res, 200, {{"removed", req.matches[1].str()}});
        });
        s.Post("/v1/web/upload", [this](const httplib::Request& req, httplib::Response& res) {
            // The map file's bytes as the body; ?name=FILE.map|map.in|FILE.png picks the parser
            // as the CLI's file name does. The map becomes a scratch copy, not a shared scene.
            const std::string name = req.has_param("name") ? req.get_param_value("name") : "";
            if (name.empty() || name.size() > 200) {
                return answer_error(req, res,
                                    bad_field("name", "give the file name (?name=x.map)"));
            }
            if (req.body.empty())
                return answer_error(req, res, bad_field("body", "the file is empty"));
            on_pool(
                req, res, "WebUpload",
                [this, &req, &name](const query_context&, std::uint64_t&) -> outcome<std::string> {
                    const auto max_cells = options.scratch.max_cells;
                    if (const auto declared = png_declared_cells(req.body);
                        declared && *declared > static_cast<std::uint64_t>(max_cells)) {
                        return service_error{
                            status_code::resource_exhausted,
                            name + ": the PNG declares " + std::to_string(*declared) +
                                " cells, above the scratch limit of " + std::to_string(max_cells)};
                    }
                    auto parsed = io::parse_map(req.body, name);
                    if (!parsed) return bad_field("file", parsed.err().message);
                    auto made = scratches.create("upload:" + name, parsed.value().map);
                    if (!made) return made.error();
                    return api::scratch_json(made.value()).dump();
                });
        });
    }
};

web_endpoints::web_endpoints(server_runtime& runtime, web_options options)
    : impl_(std::make_unique<impl>(runtime, std::move(options))) {}

web_endpoints::~web_endpoints() = default;

bool web_endpoints::install(httplib::Server& server) {
    impl_->install(server);
    if (!impl_->options.static_dir.empty()) {
        return server.set_mount_point("/", impl_->options.static_dir);
    }
    return true;
}

} // namespace xunlu::server
