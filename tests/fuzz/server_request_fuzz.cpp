// Fuzzes xunlu-server's request handling as a network client reaches it: the bytes are one of
// the gRPC request messages (the first byte picks which) or an HTTP JSON body, converted by the
// api layer and answered by the service, which holds a small scene. LoadScene requests carry
// arbitrary map bytes, so scene loading from bytes is fuzzed too. Oracle: no crash, no
// sanitizer report, no hang (budgets and deadlines), and every answer that succeeds reports a
// version and points inside the map.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "api/json_conversion.hpp"
#include "api/proto_conversion.hpp"
#include "service/pathfinding_service.hpp"
#include "service_fuzz_map.hpp"

namespace {

using namespace xunlu::server;

service_limits fuzz_limits() {
    service_limits l;
    l.max_expansions = 20000;
    l.max_batch = 8;
    l.max_map_cells = 1 << 16;
    l.max_request_bytes = 1 << 16;
    l.max_scenes = 8;
    l.max_edits = 256;
    return l;
}

struct fixture {
    worker_pool pool{1, 4};
    pathfinding_service service{fuzz_limits(), "", pool};
    fixture() {
        load_scene_input in;
        in.id = "s";
        in.map_bytes = std::string(xunlu::fuzz::service_map);
        in.cell_size = 4;
        if (!service.load_scene(in)) std::abort();
    }
};

fixture& the_fixture() {
    static fixture f;
    return f;
}

query_context context() {
    return {std::chrono::steady_clock::now() + std::chrono::milliseconds(100), nullptr};
}

/// Points the request at the loaded scene unless it names none (the empty id is a case too).
template <class Input> void aim(Input& in) {
    if (!in.scene.empty()) in.scene = "s";
}

void check_route(const route_output& r) {
    for (const auto& p : r.result.points) {
        if (!(p.x >= 0 && p.y >= 0 && p.x <= 40 && p.y <= 32)) std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    auto& f = the_fixture();
    const auto kind = data[0] % 13;
    const auto* bytes = reinterpret_cast<const char*>(data + 1);
    const int n = static_cast<int>(size - 1);
    const std::string_view text(bytes, size - 1);
    switch (kind) {
    case 0: { // LoadScene with arbitrary map bytes and options
        xunlu::v1::LoadSceneRequest m;
        if (!m.ParseFromArray(bytes, n)) return 0;
        m.set_id("f");
        m.set_replace(true);
        auto in = api::to_input(m);
        if (in) (void)f.service.load_scene(in.value());
        break;
    }
    case 1: {
        xunlu::v1::FindRouteRequest m;
        if (!m.ParseFromArray(bytes, n)) return 0;
        auto in = api::to_input(m);
        if (!in) return 0;
        aim(in.value());
        auto out = f.service.find_route(in.value(), context());
        if (out) check_route(out.value());
        break;
    }
    case 2: {
        xunlu::v1::FindPathRequest m;
        if (!m.ParseFromArray(bytes, n)) return 0;
        auto in = api::to_input(m);
        if (!in) return 0;
        aim(in.value());
        (void)f.service.find_path(in.value(), context());
        break;
    }
    case 3: {
        xunlu::v1::RaycastRequest m;
        if (!m.ParseFromArray(bytes, n)) return 0;
        auto in = api::to_input(m);
        if (!in) return 0;
        aim(in.value());
        (void)f.service.raycast(in.value());
        // Nearest from the same fuzzed pixel (its own message has nothing a ray lacks).
        nearest_input near{in.value().scene, in.value().from, std::abs(in.value().to.x),
                           in.value().low_blocks};
        (void)f.service.nearest(near, context());
        break;
    }
    case 4: { // updates go to a fresh copy, so every input starts from the same map
        xunlu::v1::UpdateCellsRequest m;
        if (!m.ParseFromArray(bytes, n)) return 0;
        load_scene_input copy;
        copy.id = "u";
        copy.map_bytes = std::string(xunlu::fuzz::service_map);
        copy.replace = true;
        if (!f.service.load_scene(copy)) std::abort();
        auto in = api::to_input(m);
        if (!in) return 0;
        if (!in.value().scene.empty()) in.value().scene = "u";
        auto done = f.service.update_cells(in.value());
        if (done && done.value() != 1) std::abort(); // one update = one new version
        break;
    }
    case 5: {
        xunlu::v1::FindRoutesRequest m;
        if (!m.ParseFromArray(bytes, n)) return 0;
        if (m.routes_size() > 8) return 0; // the transport refuses bigger batches first
        std::vector<route_input> inputs;
        for (const auto& r : m.routes()) {
            auto in = api::to_input(r);
            if (!in) return 0;
            aim(in.value());
            inputs.push_back(in.value());
        }
        auto out = f.service.find_routes(inputs, context());
        if (out) {
            if (out.value().size() != inputs.size()) std::abort();
            for (const auto& r : out.value()) check_route(r);
        }
        break;
    }
    case 6: { // HTTP bodies
        auto body = api::parse_body(text);
        if (!body) return 0;
        auto in = api::route_from_json(body.value());
        if (!in) return 0;
        aim(in.value());
        auto out = f.service.find_route(in.value(), context());
        if (out) (void)api::to_json(out.value()).dump();
        break;
    }
    case 7: {
        auto body = api::parse_body(text);
        if (!body) return 0;
        auto in = api::ray_from_json(body.value());
        if (!in) return 0;
        aim(in.value());
        auto out = f.service.raycast(in.value());
        if (out) (void)api::to_json(out.value()).dump();
        auto near_in = api::nearest_from_json(nlohmann::json{
            {"scene", in.value().scene}, {"at", {in.value().from.x, in.value().from.y}}});
        if (!near_in) return 0;
        auto near = f.service.nearest(near_in.value(), context());
        if (near) (void)api::to_json(near.value()).dump();
        break;
    }
    // The scene's influence layers and players' fogs: they go to the shared scene, so later
    // queries may weigh them (bounded by the limits on layers, sources and players).
    case 9: {
        xunlu::v1::SetInfluenceRequest m;
        if (!m.ParseFromArray(bytes, n)) return 0;
        auto in = api::to_input(m);
        if (!in) return 0;
        aim(in.value());
        auto done = f.service.set_influence(in.value());
        if (done && done.value() != in.value().sources.size()) std::abort();
        break;
    }
    case 10: {
        xunlu::v1::ExploreRequest m;
        if (!m.ParseFromArray(bytes, n)) return 0;
        auto in = api::to_input(m);
        if (!in) return 0;
        aim(in.value());
        (void)f.service.explore(in.value());
        break;
    }
    case 11: {
        auto body = api::parse_body(text);
        if (!body) return 0;
        auto in = api::influence_from_json(body.value());
        if (!in) return 0;
        aim(in.value());
        (void)f.service.set_influence(in.value());
        break;
    }
    case 12: {
        auto body = api::parse_body(text);
        if (!body) return 0;
        auto in = api::explore_from_json(body.value());
        if (!in) return 0;
        aim(in.value());
        (void)f.service.explore(in.value());
        break;
    }
    default: {
        auto body = api::parse_body(text);
        if (!body) return 0;
        auto in = api::path_from_json(body.value());
        if (!in) return 0;
        aim(in.value());
        auto out = f.service.find_path(in.value(), context());
        if (out) (void)api::to_json(out.value()).dump();
        break;
    }
    }
    return 0;
}
