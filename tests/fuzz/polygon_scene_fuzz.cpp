// libFuzzer target: the polygon scene parser and what a parsed scene feeds. Any input must give
// a scene or a located error; a scene must survive a round trip through its text, build its
// visibility graph within the limits, and answer a path query and a ray cast without crashing.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xunlu/anyangle/polygon_graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = anyangle::polygon_scene::parse(text, "fuzz.poly");
    if (!parsed) {
        if (!parsed.err().message.starts_with("fuzz.poly")) __builtin_trap();
        return 0;
    }
    auto again = anyangle::polygon_scene::parse(parsed->to_text(), "again");
    if (!again || again->to_text() != parsed->to_text()) __builtin_trap();
    const anyangle::polygon_graph g = anyangle::polygon_graph::build(std::move(parsed.value()));
    const auto& boundary = g.scene().boundary().vertices;
    const point a = boundary[0];
    const point b = boundary[boundary.size() / 2];
    const auto r = g.find_path(a, b);
    if (r.found() && (r.waypoints.size() < 2 || r.length < 0)) __builtin_trap();
    (void)g.raycast(a, b);
    return 0;
}
