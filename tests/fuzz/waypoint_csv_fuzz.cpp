// libFuzzer target: the waypoint CSV loader (roadPoint.csv + pathlink.csv, split at the first
// "\n%%\n"). Any input must load a consistent graph or fail with an error naming its file.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/waypoint/waypoint_csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    static const grid::grid_map map = [] {
        auto m = grid::grid_map::create(40, 30).value();
        for (std::int32_t y = 5; y < 25; ++y) m.set_high_obstacle({20, y}, true);
        for (std::int32_t x = 0; x < 10; ++x) m.set_high_obstacle({x, 12}, true);
        return m;
    }();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto split = text.find("\n%%\n");
    const std::string_view points = split == text.npos ? text : text.substr(0, split);
    const std::string_view links = split == text.npos ? text : text.substr(split + 4);
    for (const bool strict : {false, true}) {
        auto r = waypoint::parse_waypoint_graph(map, points, "fuzz/roadPoint.csv", links,
                                                "fuzz/pathlink.csv", {.strict = strict});
        if (!r) {
            const auto& m = r.err().message;
            if (!m.starts_with("fuzz/roadPoint.csv") && !m.starts_with("fuzz/pathlink.csv")) {
                __builtin_trap();
            }
            continue;
        }
        const auto& g = r->graph;
        if (g.size() == 0) __builtin_trap();
        if (strict && !r->warnings.empty()) __builtin_trap();
        for (std::uint32_t i = 0; i < g.size(); ++i) {
            if (!map.in_bounds(g.at(i).at)) __builtin_trap();
            if (g.index_of(g.at(i).id) != static_cast<std::int64_t>(i)) __builtin_trap();
            const auto nb = g.neighbours(i);
            const auto cs = g.costs(i);
            if (nb.size() != cs.size()) __builtin_trap();
            for (std::size_t k = 0; k < nb.size(); ++k) {
                if (nb[k] >= g.size() || nb[k] == i) __builtin_trap();
                if (!std::isfinite(cs[k]) || cs[k] < 0) __builtin_trap();
            }
        }
        if (!(g.heuristic_scale() >= 0 && g.heuristic_scale() <= 1)) __builtin_trap();
    }
    return 0;
}
