// libFuzzer target: the visibility graph file loader, against a fixed small map. Any input must
// load (then answer a query without crashing) or be refused with the file's name.
#include <cstddef>
#include <cstdint>
#include <span>

#include "xunlu/anyangle/corner_graph.hpp"
#include "xunlu/anyangle/visibility_search.hpp"
#include "xunlu/grid/map_generators.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    static const grid::grid_map map = grid::generate_rooms(24, 16, 4, 1).value();
    constexpr auto mask = grid::obstacle_mask::high_and_low;
    auto loaded = anyangle::corner_graph::from_bytes({data, size}, map, mask, "fuzz.xvg");
    if (!loaded) {
        if (!loaded.err().message.starts_with("fuzz.xvg")) __builtin_trap();
        return 0;
    }
    anyangle::visibility_search search;
    const auto r = search.find_path(*loaded, map, {.start = {1, 1}, .goal = {22, 14}});
    if (r.found() && r.waypoints.size() < 2) __builtin_trap();
    return 0;
}
