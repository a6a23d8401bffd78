// libFuzzer target: the layer file parser and applier. Any input must either fail with an error
// naming its file and leave the map unchanged, or apply; what applied must be written and read
// back (write_layer_file, parse_layer_file) to the same low obstacles and costs.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xunlu/grid/grid_map.hpp"
#include "xunlu/io/layer_file.hpp"

namespace {

bool same_cells(const xunlu::grid::grid_map& a, const xunlu::grid::grid_map& b) {
    for (std::int32_t y = 0; y < a.height(); ++y) {
        for (std::int32_t x = 0; x < a.width(); ++x) {
            if (a.flags({x, y}) != b.flags({x, y})) return false;
            if (a.terrain_cost({x, y}) != b.terrain_cost({x, y})) return false;
        }
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    static const grid::grid_map base = [] {
        auto m = grid::grid_map::create(40, 30).value();
        for (std::int32_t y = 5; y < 25; ++y) m.set_high_obstacle({20, y}, true);
        return m;
    }();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    grid::grid_map map = base;
    auto parsed = io::parse_layer_file(text, "fuzz/u.layers");
    if (!parsed) {
        if (!parsed.err().message.starts_with("fuzz/u.layers")) __builtin_trap();
        return 0;
    }
    for (const auto& r : parsed->records) {
        if (r.x0 > r.x1 || r.y0 > r.y1 || r.x0 < 0 || r.y0 < 0 || r.line == 0) __builtin_trap();
        if (r.kind == io::layer_kind::terrain_cost && !(r.cost >= 1.0f)) __builtin_trap();
    }
    auto applied = io::apply_layer_file(*parsed, map, "fuzz/u.layers");
    if (!applied) {
        if (!applied.err().message.starts_with("fuzz/u.layers")) __builtin_trap();
        if (!same_cells(map, base)) __builtin_trap(); // a failed file changes nothing
        return 0;
    }
    grid::grid_map back = base;
    auto again = io::parse_layer_file(io::write_layer_file(map), "fuzz/w.layers");
    if (!again || !io::apply_layer_file(*again, back, "fuzz/w.layers")) __builtin_trap();
    if (!same_cells(map, back)) __builtin_trap();
    return 0;
}
