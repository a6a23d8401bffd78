// libFuzzer target: io::parse_map, the format detector and every map parser behind it
// (Moving AI, map.in, PNG), and the hex map parser. A small parsed map is also searched once,
// corner to corner (as a square grid, or as hexes in its layout).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xunlu/grid/hex_path.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/io/hex_map_file.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/search/astar.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    const std::string_view content(reinterpret_cast<const char*>(data), size);
    if (auto hex = io::parse_hex_map(content, "fuzz"); hex) {
        const grid::grid_map& map = hex->cells;
        if (std::int64_t{map.width()} * map.height() > 1 << 16) return 0;
        const search::search_request request{
            .start = {0, 0}, .goal = {map.width() - 1, map.height() - 1}, .hex = hex->layout};
        const auto r = search::find_path_astar(map, request);
        if (r.found() && grid::check_hex_path(map, hex->layout, r.path)) __builtin_trap();
        return 0;
    } else if (!hex.err().message.starts_with("fuzz")) {
        __builtin_trap();
    }
    auto loaded = io::parse_map(content, "fuzz");
    if (!loaded) {
        if (!loaded.err().message.starts_with("fuzz")) __builtin_trap();
        return 0;
    }
    const grid::grid_map& map = loaded->map;
    if (map.width() < 1 || map.height() < 1) __builtin_trap();
    if (std::int64_t{map.width()} * map.height() > 1 << 16) return 0;
    const cell start{0, 0};
    const cell goal{map.width() - 1, map.height() - 1};
    if (!map.passable(start) || !map.passable(goal)) return 0;
    search::astar engine;
    const search::search_request request{.start = start, .goal = goal};
    const auto r = engine.find_path(map, request);
    if (r.found() && grid::check_path(map, r.path, request.rules, request.mask())) {
        __builtin_trap();
    }
    return 0;
}
