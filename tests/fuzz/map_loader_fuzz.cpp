// libFuzzer target: io::parse_map, the format detector and every map parser behind it
// (Moving AI, map.in, PNG). A small parsed map is also searched once, corner to corner.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xunlu/grid/path_check.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/search/astar.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    const std::string_view content(reinterpret_cast<const char*>(data), size);
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
