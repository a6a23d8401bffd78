// libFuzzer target: the Moving AI .map parser. Any input must give a map or a located error;
// a parsed map must survive a write/read round trip unchanged.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xunlu/io/movingai_map.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = io::parse_movingai_map(text, "fuzz.map");
    if (!parsed) {
        if (!parsed.err().message.starts_with("fuzz.map")) __builtin_trap();
        return 0;
    }
    const grid::grid_map& map = *parsed;
    auto written = io::write_movingai_map(map);
    if (!written) __builtin_trap(); // parsed maps hold only high obstacles
    auto again = io::parse_movingai_map(*written, "again.map");
    if (!again || again->width() != map.width() || again->height() != map.height()) {
        __builtin_trap();
    }
    for (std::int32_t y = 0; y < map.height(); ++y)
        for (std::int32_t x = 0; x < map.width(); ++x)
            if (again->flags({x, y}) != map.flags({x, y})) __builtin_trap();
    return 0;
}
