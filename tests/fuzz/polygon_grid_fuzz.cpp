// libFuzzer target: grid maps traced into polygon scenes, and inflation. The bytes draw a small
// map (width, height, agent radius, then one bit per cell); every traced scene must round-trip
// through its text, polygon_graph on it must agree with visgraph between cell centres (length
// to 1e-9, reachability), and inflating it must give valid scenes keeping the radius from
// every original edge.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

#include "../support/polygon_clearance.hpp"
#include "xunlu/anyangle/grid_polygons.hpp"
#include "xunlu/anyangle/polygon_graph.hpp"
#include "xunlu/anyangle/polygon_inflate.hpp"
#include "xunlu/anyangle/visibility_search.hpp"

namespace {

using namespace xunlu;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 3) return 0;
    const std::int32_t w = 1 + data[0] % 20;
    const std::int32_t h = 1 + data[1] % 20;
    const double radius = (data[2] % 64) / 64.0;
    auto made = grid::grid_map::create(w, h);
    if (!made) __builtin_trap();
    grid::grid_map& m = made.value();
    std::vector<cell> free;
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            const std::size_t bit = static_cast<std::size_t>(y * w + x);
            const bool blocked = 3 + bit / 8 < size && ((data[3 + bit / 8] >> (bit % 8)) & 1) != 0;
            m.set_high_obstacle({x, y}, blocked);
            if (!blocked) free.push_back({x, y});
        }
    }
    auto traced = anyangle::grid_polygons::trace(m);
    if (!traced) __builtin_trap(); // a small map always traces
    std::int64_t cells = 0;
    for (const auto& r : traced->regions()) {
        cells += r.cells;
        auto again = anyangle::polygon_scene::parse(r.scene.to_text(), "again");
        if (!again) __builtin_trap();
    }
    if (cells != static_cast<std::int64_t>(free.size())) __builtin_trap();
    if (free.empty()) return 0;
    // A few pairs of free cells: polygon_graph on the traced scene against visgraph.
    anyangle::visibility_search visgraph;
    std::map<std::size_t, anyangle::polygon_graph> graphs;
    for (std::size_t q = 0; q < 4; ++q) {
        const cell s = free[(q * 7919 + size) % free.size()];
        const cell t = free[(q * 104729 + size * 31) % free.size()];
        const std::size_t region = traced->region_of(s);
        auto it = graphs.find(region);
        if (it == graphs.end()) {
            it = graphs
                     .emplace(region,
                              anyangle::polygon_graph::build(traced->regions()[region].scene))
                     .first;
        }
        const auto v = visgraph.find_path(m, {.start = s, .goal = t});
        const auto p = it->second.find_path({s.x + 0.5, s.y + 0.5}, {t.x + 0.5, t.y + 0.5});
        if (v.found() != p.found()) __builtin_trap();
        if (v.found() && std::fabs(v.length - p.length) > 1e-9 * std::max(1.0, v.length)) {
            __builtin_trap();
        }
    }
    // Inflation of the largest region: valid scenes, every vertex at least the radius away.
    const auto& original = traced->regions()[traced->largest()].scene;
    auto inflated = anyangle::inflate(original, {.radius = radius});
    if (!inflated) __builtin_trap();
    for (const auto& s : inflated->scenes) {
        if (!anyangle::polygon_scene::parse(s.to_text(), "inflated")) __builtin_trap();
        for (std::size_t k = 0; k < s.polygon_count(); ++k) {
            for (const point v : s.polygon_at(k).vertices) {
                if (testing::clearance(original, v) < radius - 1e-9) __builtin_trap();
            }
        }
    }
    return 0;
}
