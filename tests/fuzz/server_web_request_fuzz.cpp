// Fuzzes the web visualizer's request handling as a browser reaches it: the first byte picks a
// traced search body (on the shared scene or a scratch copy), an edit list for a scratch copy,
// or an uploaded map file; the api layer converts it and the service answers under small trace
// limits. Oracle: no crash, no sanitizer report, no hang; a trace never holds more events than
// the limit and says truncated when it was cut; a path's cells lie inside the map; edits land
// inside the map; a map's run-length cells cover it exactly.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "api/json_conversion.hpp"
#include "api/web_json.hpp"
#include "service/pathfinding_service.hpp"
#include "service/scratch_store.hpp"
#include "service/traced_search.hpp"
#include "service_fuzz_map.hpp"
#include "xunlu/io/map_loader.hpp"

namespace {

using namespace xunlu;
using namespace xunlu::server;

constexpr trace_limits limits{
    .max_trace_expansions = 64, .max_trace_events = 200, .timing_runs = 1}; // one timed run

struct web_fixture {
    grid::grid_map map = io::parse_map(fuzz::service_map, "web.map").value().map;
    scratch_store store{{.max_copies = 4, .max_cells = 1 << 16, .max_edits = 256}};
};

web_fixture& the_fixture() {
    static web_fixture f;
    return f;
}

void check_cells(const grid::grid_map& m) {
    const auto j = nlohmann::json::parse(api::cells_json_text(m, 0));
    std::uint64_t covered = 0;
    const auto& runs = j["runs"];
    for (std::size_t i = 1; i < runs.size(); i += 2) covered += runs[i].get<std::uint64_t>();
    if (covered != static_cast<std::uint64_t>(m.width()) * static_cast<std::uint64_t>(m.height())) {
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    auto& f = the_fixture();
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    switch (data[0] % 3) {
    case 0: { // a traced search on a fresh scratch copy of the map
        auto body = api::parse_body(text);
        if (!body) return 0;
        auto in = api::trace_from_json(body.value());
        if (!in) return 0;
        const auto copy = f.store.create("web", f.map);
        if (!copy) std::abort();
        const query_context ctx{std::chrono::steady_clock::now() + std::chrono::milliseconds(100),
                                nullptr};
        auto out = traced_search(*copy.value().map, in.value().second, 2000, limits, ctx);
        if (!out) return 0;
        const auto& t = out.value();
        if (t.events.size() > limits.max_trace_events) std::abort();
        if (t.trace_expansions > limits.max_trace_expansions && !t.truncated) std::abort();
        for (const cell c : t.result.path) {
            if (!copy.value().map->in_bounds(c)) std::abort();
        }
        const auto j = nlohmann::json::parse(api::traced_json_text(t));
        if (j["trace"]["events"].size() != 3 * t.events.size()) std::abort();
        if (j["trace_truncated"] != t.truncated) std::abort();
        break;
    }
    case 1: { // an edit list on a scratch copy (the store's bound evicts the older ones)
        auto body = api::parse_body(text);
        if (!body) return 0;
        auto edits = api::edits_from_json(body.value());
        if (!edits) return 0;
        const auto copy = f.store.create("web", f.map);
        if (!copy) std::abort();
        auto done = f.store.edit(copy.value().id, edits.value());
        if (!done) return 0;
        if (done.value().version != 1) std::abort();
        for (const auto& e : edits.value()) {
            if (!done.value().map->in_bounds(e.at)) std::abort();
        }
        if (f.map.is_high_obstacle({0, 0})) std::abort(); // the source map never changes
        check_cells(*done.value().map);
        break;
    }
    default: { // an uploaded map file
        if (const auto cells = png_declared_cells(text); cells && *cells > (1u << 16)) return 0;
        auto parsed = io::parse_map(text, "upload.map");
        if (!parsed) return 0;
        auto made = f.store.create("upload", parsed.value().map);
        if (!made) return 0;
        check_cells(*made.value().map);
        break;
    }
    }
    return 0;
}
