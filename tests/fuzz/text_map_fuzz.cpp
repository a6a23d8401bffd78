// libFuzzer target: the map.in parser. Any input must give a map or a located error; a parsed
// map must survive a write/read round trip, and map.out must draw for it.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "xunlu/io/text_map.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = io::parse_text_map(text, "fuzz.in");
    if (!parsed) {
        if (!parsed.err().message.starts_with("fuzz.in")) __builtin_trap();
        return 0;
    }
    const grid::grid_map& map = *parsed;
    auto again = io::parse_text_map(io::write_text_map(map), "again.in");
    if (!again || again->width() != map.width() || again->height() != map.height()) {
        __builtin_trap();
    }
    for (std::int32_t y = 0; y < map.height(); ++y)
        for (std::int32_t x = 0; x < map.width(); ++x)
            if (again->flags({x, y}) != map.flags({x, y})) __builtin_trap();
    const std::vector<cell> diagonal{{0, 0}, {1, 1}, {map.width(), map.height()}};
    (void)io::write_map_out(map, diagonal, {"fuzz", 1, 1, 1, 1});
    return 0;
}
