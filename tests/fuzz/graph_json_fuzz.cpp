// libFuzzer target: the JSON graph parser. Any input must give a consistent graph or an error
// naming the file; a graph written back to JSON must read back the same (write/read oracle).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "xunlu/graph/graph_json.hpp"

namespace {

using namespace xunlu;

std::vector<std::pair<std::uint32_t, double>> sorted_out(const graph::spatial_graph& g,
                                                         std::uint32_t i) {
    std::vector<std::pair<std::uint32_t, double>> out;
    for (std::size_t k = 0; k < g.neighbours(i).size(); ++k) {
        out.emplace_back(g.neighbours(i)[k], g.costs(i)[k]);
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto r = graph::parse_json_graph(text, "fuzz/graph.json");
    if (!r) {
        if (!r.err().message.starts_with("fuzz/graph.json")) __builtin_trap();
        return 0;
    }
    const auto& g = *r;
    if (g.size() == 0) __builtin_trap();
    for (std::uint32_t i = 0; i < g.size(); ++i) {
        if (g.index_of(g.at(i).id) != static_cast<std::int64_t>(i)) __builtin_trap();
        if (!std::isfinite(g.at(i).at.x) || !std::isfinite(g.at(i).at.y)) __builtin_trap();
        for (std::size_t k = 0; k < g.neighbours(i).size(); ++k) {
            const std::uint32_t to = g.neighbours(i)[k];
            if (to >= g.size()) __builtin_trap();
            if (!std::isfinite(g.costs(i)[k]) || g.costs(i)[k] < 0) __builtin_trap();
            // An edge never joins two components, nor goes up the topological order.
            if (g.component(i) != g.component(to)) __builtin_trap();
            if (g.strong_component(to) > g.strong_component(i)) __builtin_trap();
        }
    }
    if (!(g.heuristic_scale() >= 0 && g.heuristic_scale() <= 1)) __builtin_trap();
    auto back = graph::parse_json_graph(graph::write_json_graph(g), "fuzz/written.json");
    if (!back || back->size() != g.size() || back->edge_count() != g.edge_count() ||
        back->directed() != g.directed()) {
        __builtin_trap();
    }
    for (std::uint32_t i = 0; i < g.size(); ++i) {
        if (back->at(i).id != g.at(i).id || !(back->at(i).at == g.at(i).at)) __builtin_trap();
        if (sorted_out(*back, i) != sorted_out(g, i)) __builtin_trap();
    }
    return 0;
}
