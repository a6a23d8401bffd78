#include "grpc_transport.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <utility>

#include "api/proto_conversion.hpp"
#include "request_log.hpp"
#include "xunlu/v1/pathfinding.grpc.pb.h"

#ifndef XUNLU_VERSION_STRING
#define XUNLU_VERSION_STRING "unknown"
#endif

namespace xunlu::server {

namespace {

using clock_type = std::chrono::steady_clock;

grpc::Status status_of(const service_error& e) {
    return {grpc_code(e.code), e.message};
}

/// One unary call: its cancellation flag, its deadline, and the bookkeeping when it ends.
class call_reactor final : public grpc::ServerUnaryReactor {
  public:
    call_reactor(std::string_view rpc, server_runtime& rt, grpc::CallbackServerContext* ctx)
        : rpc_(rpc), rt_(rt), ctx_(ctx), started_(clock_type::now()) {
        ++rt_.in_flight;
        // gRPC's deadline is a system_clock time; "none" is a time far in the future.
        const auto remaining = ctx->deadline() - std::chrono::system_clock::now();
        std::optional<clock_type::duration> client;
        if (remaining < std::chrono::hours(24 * 365)) {
            client = std::chrono::duration_cast<clock_type::duration>(remaining);
        }
        deadline_ = rt_.deadline_for(client);
        const auto& md = ctx->client_metadata();
        const auto it = md.find("x-request-id");
        id_ = request_id(it != md.end() ? std::string_view(it->second.data(), it->second.size())
                                        : std::string_view());
        ctx->AddInitialMetadata("x-request-id", id_);
    }

    /// The call's request id (the client's x-request-id metadata, or a new one).
    [[nodiscard]] const std::string& id() const noexcept { return id_; }

    void OnCancel() override {
        // gRPC cancels a call when its deadline passes: remember which of the two it was.
        if (std::chrono::system_clock::now() >= ctx_->deadline()) {
            deadline_hit_.store(true, std::memory_order_relaxed);
        }
        cancelled_.store(true, std::memory_order_relaxed);
    }
    void OnDone() override {
        --rt_.in_flight;
        delete this;
    }

    /// The limits of the query this call runs.
    [[nodiscard]] query_context context() const noexcept { return {deadline_.at, &cancelled_}; }

    /// Runs `work` (which fills the response) on the worker pool, or at once when `inline_call`.
    void run(std::function<grpc::Status(call_reactor&)> work, bool inline_call = false) {
        if (!rt_.serving.load()) {
            finish({grpc::StatusCode::UNAVAILABLE,
                    "the server is not serving (starting or draining)"});
            return;
        }
        if (inline_call) {
            finish(work(*this));
            return;
        }
        const bool queued = rt_.pool.try_submit([this, work = std::move(work)] {
            if (clock_type::now() >= deadline_.at ||
                deadline_hit_.load(std::memory_order_relaxed)) {
                finish({grpc::StatusCode::DEADLINE_EXCEEDED, "the deadline passed in the queue"});
                return;
            }
            if (cancelled_.load(std::memory_order_relaxed)) {
                finish({grpc::StatusCode::CANCELLED, "the client cancelled the call"});
                return;
            }
            finish(work(*this));
        });
        if (!queued) {
            finish({grpc::StatusCode::RESOURCE_EXHAUSTED,
                    "the server's queue is full (limits.max_queue); retry later"});
        }
    }

    /// After a search: CANCELLED when the client left, DEADLINE_EXCEEDED when its own deadline
    /// passed (it no longer waits for the answer), else `ok`.
    [[nodiscard]] grpc::Status after_search(grpc::Status ok) const {
        // gRPC also cancels a call whose deadline passed: the deadline is the better reason.
        if ((deadline_.client_set && clock_type::now() >= deadline_.at) ||
            deadline_hit_.load(std::memory_order_relaxed)) {
            return {grpc::StatusCode::DEADLINE_EXCEEDED, "the deadline passed during the search"};
        }
        if (cancelled_.load(std::memory_order_relaxed)) {
            return {grpc::StatusCode::CANCELLED, "the client cancelled the call"};
        }
        return ok;
    }

    std::uint64_t expansions = 0;
    std::string stage; ///< for route queries: the stage that answered

  private:
    void finish(const grpc::Status& s) {
        const double seconds = std::chrono::duration<double>(clock_type::now() - started_).count();
        rt_.finished(rpc_, grpc_code_name(s.error_code()), seconds, expansions, s.error_message(),
                     id_);
        if (!stage.empty() && s.ok()) rt_.metrics.record_stage(stage, seconds);
        Finish(s);
    }

    std::string_view rpc_;
    server_runtime& rt_;
    grpc::CallbackServerContext* ctx_;
    clock_type::time_point started_;
    server_runtime::deadline_choice deadline_;
    std::atomic<bool> cancelled_{false};
    std::atomic<bool> deadline_hit_{false};
    std::string id_;
};

class pathfinding_impl final : public v1::Pathfinding::CallbackService {
  public:
    explicit pathfinding_impl(server_runtime& rt) : rt_(rt) {}

    grpc::ServerUnaryReactor* LoadScene(grpc::CallbackServerContext* ctx,
                                        const v1::LoadSceneRequest* req,
                                        v1::LoadSceneResponse* resp) override {
        auto* r = new call_reactor("LoadScene", rt_, ctx);
        r->run([this, req, resp](call_reactor&) {
            auto in = api::to_input(*req);
            if (!in) return status_of(in.error());
            auto out = rt_.service.load_scene(in.value());
            if (!out) return status_of(out.error());
            api::to_proto(out.value().info, *resp->mutable_scene());
            for (const auto& w : out.value().warnings) resp->add_warnings(w);
            if (rt_.set_health) rt_.set_health("scene/" + out.value().info.id, true);
            return grpc::Status::OK;
        });
        return r;
    }

    grpc::ServerUnaryReactor* UnloadScene(grpc::CallbackServerContext* ctx,
                                          const v1::UnloadSceneRequest* req,
                                          v1::UnloadSceneResponse*) override {
        auto* r = new call_reactor("UnloadScene", rt_, ctx);
        r->run(
            [this, req](call_reactor&) {
                auto out = rt_.service.unload_scene(req->id());
                if (out && rt_.set_health) rt_.set_health("scene/" + req->id(), false);
                return out ? grpc::Status::OK : status_of(out.error());
            },
            true);
        return r;
    }

    grpc::ServerUnaryReactor* ListScenes(grpc::CallbackServerContext* ctx,
                                         const v1::ListScenesRequest*,
                                         v1::ListScenesResponse* resp) override {
        auto* r = new call_reactor("ListScenes", rt_, ctx);
        r->run(
            [this, resp](call_reactor&) {
                for (const auto& s : rt_.service.list_scenes())
                    api::to_proto(s, *resp->add_scenes());
                return grpc::Status::OK;
            },
            true);
        return r;
    }

    grpc::ServerUnaryReactor* FindRoute(grpc::CallbackServerContext* ctx,
                                        const v1::FindRouteRequest* req,
                                        v1::FindRouteResponse* resp) override {
        auto* r = new call_reactor("FindRoute", rt_, ctx);
        r->run([this, req, resp](call_reactor& call) {
            auto in = api::to_input(*req);
            if (!in) return status_of(in.error());
            auto out = rt_.service.find_route(in.value(), call.context());
            if (!out) return status_of(out.error());
            call.expansions = out.value().result.stats.expanded;
            call.stage = std::string(pipeline::stage_name(out.value().result.stage));
            api::to_proto(out.value(), *resp);
            return call.after_search(grpc::Status::OK);
        });
        return r;
    }

    grpc::ServerUnaryReactor* FindRoutes(grpc::CallbackServerContext* ctx,
                                         const v1::FindRoutesRequest* req,
                                         v1::FindRoutesResponse* resp) override {
        auto* r = new call_reactor("FindRoutes", rt_, ctx);
        r->run([this, req, resp](call_reactor& call) {
            if (static_cast<std::size_t>(req->routes_size()) > rt_.service.limits().max_batch) {
                return grpc::Status{grpc::StatusCode::INVALID_ARGUMENT,
                                    "routes: " + std::to_string(req->routes_size()) +
                                        " routes is above limits.max_batch (" +
                                        std::to_string(rt_.service.limits().max_batch) + ")"};
            }
            std::vector<route_input> inputs;
            inputs.reserve(static_cast<std::size_t>(req->routes_size()));
            for (int i = 0; i < req->routes_size(); ++i) {
                auto in = api::to_input(req->routes(i));
                if (!in) {
                    service_error e = in.error();
                    e.message = "routes[" + std::to_string(i) + "]." + e.message;
                    return status_of(e);
                }
                inputs.push_back(std::move(in).value());
            }
            auto out = rt_.service.find_routes(inputs, call.context());
            if (!out) return status_of(out.error());
            for (const auto& one : out.value()) {
                call.expansions += one.result.stats.expanded;
                api::to_proto(one, *resp->add_routes());
            }
            return call.after_search(grpc::Status::OK);
        });
        return r;
    }

    grpc::ServerUnaryReactor* FindPath(grpc::CallbackServerContext* ctx,
                                       const v1::FindPathRequest* req,
                                       v1::FindPathResponse* resp) override {
        auto* r = new call_reactor("FindPath", rt_, ctx);
        r->run([this, req, resp](call_reactor& call) {
            auto in = api::to_input(*req);
            if (!in) return status_of(in.error());
            auto out = rt_.service.find_path(in.value(), call.context());
            if (!out) return status_of(out.error());
            call.expansions = out.value().result.stats.expanded;
            api::to_proto(out.value(), *resp);
            return call.after_search(grpc::Status::OK);
        });
        return r;
    }

    grpc::ServerUnaryReactor* Raycast(grpc::CallbackServerContext* ctx,
                                      const v1::RaycastRequest* req,
                                      v1::RaycastResponse* resp) override {
        auto* r = new call_reactor("Raycast", rt_, ctx);
        r->run([this, req, resp](call_reactor&) {
            auto in = api::to_input(*req);
            if (!in) return status_of(in.error());
            auto out = rt_.service.raycast(in.value());
            if (!out) return status_of(out.error());
            api::to_proto(out.value(), *resp);
            return grpc::Status::OK;
        });
        return r;
    }

    grpc::ServerUnaryReactor* Nearest(grpc::CallbackServerContext* ctx,
                                      const v1::NearestRequest* req,
                                      v1::NearestResponse* resp) override {
        auto* r = new call_reactor("Nearest", rt_, ctx);
        r->run([this, req, resp](call_reactor& call) {
            auto in = api::to_input(*req);
            if (!in) return status_of(in.error());
            auto out = rt_.service.nearest(in.value(), call.context());
            if (!out) return call.after_search(status_of(out.error()));
            api::to_proto(out.value(), *resp);
            return call.after_search(grpc::Status::OK);
        });
        return r;
    }

    grpc::ServerUnaryReactor* UpdateCells(grpc::CallbackServerContext* ctx,
                                          const v1::UpdateCellsRequest* req,
                                          v1::UpdateCellsResponse* resp) override {
        auto* r = new call_reactor("UpdateCells", rt_, ctx);
        r->run([this, req, resp](call_reactor&) {
            if (static_cast<std::size_t>(req->edits_size()) > rt_.service.limits().max_edits) {
                return grpc::Status{grpc::StatusCode::INVALID_ARGUMENT,
                                    "edits: " + std::to_string(req->edits_size()) +
                                        " edits is above limits.max_edits"};
            }
            auto in = api::to_input(*req);
            if (!in) return status_of(in.error());
            auto out = rt_.service.update_cells(in.value());
            if (!out) return status_of(out.error());
            resp->set_version(out.value());
            return grpc::Status::OK;
        });
        return r;
    }

    grpc::ServerUnaryReactor* SetInfluence(grpc::CallbackServerContext* ctx,
                                           const v1::SetInfluenceRequest* req,
                                           v1::SetInfluenceResponse* resp) override {
        auto* r = new call_reactor("SetInfluence", rt_, ctx);
        r->run([this, req, resp](call_reactor&) {
            auto in = api::to_input(*req);
            if (!in) return status_of(in.error());
            auto out = rt_.service.set_influence(in.value());
            if (!out) return status_of(out.error());
            resp->set_sources(static_cast<std::uint32_t>(out.value()));
            return grpc::Status::OK;
        });
        return r;
    }

    grpc::ServerUnaryReactor* Explore(grpc::CallbackServerContext* ctx,
                                      const v1::ExploreRequest* req,
                                      v1::ExploreResponse* resp) override {
        auto* r = new call_reactor("Explore", rt_, ctx);
        r->run([this, req, resp](call_reactor&) {
            auto in = api::to_input(*req);
            if (!in) return status_of(in.error());
            auto out = rt_.service.explore(in.value());
            if (!out) return status_of(out.error());
            resp->set_explored(out.value());
            return grpc::Status::OK;
        });
        return r;
    }

    grpc::ServerUnaryReactor* Health(grpc::CallbackServerContext* ctx, const v1::HealthRequest*,
                                     v1::HealthResponse* resp) override {
        auto* r = new call_reactor("Health", rt_, ctx);
        // Answered even while draining, so a balancer sees serving=false.
        resp->set_serving(rt_.serving.load());
        resp->set_scenes(static_cast<std::uint32_t>(rt_.service.scene_count()));
        resp->set_in_flight(rt_.in_flight.load());
        const std::string id = r->id(); // r may be gone once finished
        r->Finish(grpc::Status::OK);
        rt_.finished("Health", "OK", 0, 0, "", id);
        return r;
    }

    grpc::ServerUnaryReactor* Version(grpc::CallbackServerContext* ctx, const v1::VersionRequest*,
                                      v1::VersionResponse* resp) override {
        auto* r = new call_reactor("Version", rt_, ctx);
        resp->set_version(XUNLU_VERSION_STRING);
        resp->set_protobuf(std::to_string(GOOGLE_PROTOBUF_VERSION));
        resp->set_grpc(grpc::Version());
        const std::string id = r->id(); // r may be gone once finished
        r->Finish(grpc::Status::OK);
        rt_.finished("Version", "OK", 0, 0, "", id);
        return r;
    }

  private:
    server_runtime& rt_;
};

} // namespace

grpc::StatusCode grpc_code(status_code c) noexcept {
    switch (c) {
    case status_code::ok:
        return grpc::StatusCode::OK;
    case status_code::invalid_argument:
        return grpc::StatusCode::INVALID_ARGUMENT;
    case status_code::not_found:
        return grpc::StatusCode::NOT_FOUND;
    case status_code::already_exists:
        return grpc::StatusCode::ALREADY_EXISTS;
    case status_code::failed_precondition:
        return grpc::StatusCode::FAILED_PRECONDITION;
    case status_code::resource_exhausted:
        return grpc::StatusCode::RESOURCE_EXHAUSTED;
    case status_code::deadline_exceeded:
        return grpc::StatusCode::DEADLINE_EXCEEDED;
    case status_code::cancelled:
        return grpc::StatusCode::CANCELLED;
    case status_code::unavailable:
        return grpc::StatusCode::UNAVAILABLE;
    case status_code::internal:
        return grpc::StatusCode::INTERNAL;
    }
    return grpc::StatusCode::INTERNAL;
}

std::string_view grpc_code_name(grpc::StatusCode c) noexcept {
    switch (c) {
    case grpc::StatusCode::OK:
        return "OK";
    case grpc::StatusCode::CANCELLED:
        return "CANCELLED";
    case grpc::StatusCode::UNKNOWN:
        return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT:
        return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED:
        return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND:
        return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS:
        return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED:
        return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
        return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION:
        return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED:
        return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE:
        return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED:
        return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL:
        return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE:
        return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS:
        return "DATA_LOSS";
    case grpc::StatusCode::UNAUTHENTICATED:
        return "UNAUTHENTICATED";
    default:
        return "UNKNOWN";
    }
}

std::unique_ptr<grpc::Service> make_grpc_service(server_runtime& runtime) {
    return std::make_unique<pathfinding_impl>(runtime);
}

} // namespace xunlu::server
