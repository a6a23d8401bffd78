// libFuzzer target: the Moving AI .map.scen parser. Any input must give scenarios or a located
// error; every parsed scenario must be in range and match its own optimal length.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xunlu/core/limits.hpp"
#include "xunlu/io/movingai_scen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = io::parse_scenarios(text, "fuzz.scen");
    if (!parsed) {
        if (!parsed.err().message.starts_with("fuzz.scen:")) __builtin_trap();
        return 0;
    }
    for (const io::scenario& s : *parsed) {
        if (s.start.x < 0 || s.start.y < 0 || s.goal.x < 0 || s.goal.y < 0) __builtin_trap();
        if (s.start.x >= s.map_width || s.goal.x >= s.map_width) __builtin_trap();
        if (s.start.y >= s.map_height || s.goal.y >= s.map_height) __builtin_trap();
        if (s.map_width > limits::max_map_side || s.map_height > limits::max_map_side) {
            __builtin_trap();
        }
        if (!std::isfinite(s.optimal_length) || s.optimal_length < 0) __builtin_trap();
        if (s.decimals < 0 || !s.matches(s.optimal_length)) __builtin_trap();
        (void)io::map_basename(s.map_name);
    }
    return 0;
}
