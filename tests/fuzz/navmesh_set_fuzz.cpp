// libFuzzer target: the Detour navmesh set loader. Any input must load (then convert, pass the
// polygon_mesh check's bounds and answer Detour queries without crashing) or be refused with
// the file's name.
#include <cstddef>
#include <cstdint>
#include <span>

#include "xunlu/navmesh/navmesh_query.hpp"
#include "xunlu/navmesh/navmesh_set_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu::navmesh;
    auto loaded = parse_navmesh_set(std::span(reinterpret_cast<const std::byte*>(data), size),
                                    "fuzz.navmesh");
    if (!loaded) {
        if (!loaded.err().message.starts_with("fuzz.navmesh")) __builtin_trap();
        return 0;
    }
    const polygon_mesh& m = loaded->polygons();
    for (const auto c : m.corners)
        if (c >= m.vertices.size()) __builtin_trap();
    auto q = navmesh_query::make(*loaded, 64);
    if (!q) return 0;
    const auto b = loaded->bounds();
    const vec3 mid{(b[0].x + b[1].x) / 2, (b[0].y + b[1].y) / 2, (b[0].z + b[1].z) / 2};
    (void)q->nearest(mid, {50, 50, 50});
    (void)q->raycast(b[0], b[1], {50, 50, 50});
    (void)q->detour_baseline_path(b[0], b[1], {50, 50, 50}, 64);
    return 0;
}
