// libFuzzer target: the subgoal hierarchy file loader, against a fixed small map and its subgoal
// graph. Any input must load (then answer a query with a walkable path without crashing) or be
// refused with the file's name.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/grid/path_check.hpp"
#include "xunlu/jps/subgoal_ch_search.hpp"
#include "xunlu/jps/subgoal_hierarchy.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xunlu;
    constexpr auto mask = grid::obstacle_mask::high_and_low;
    static const grid::grid_map map = grid::generate_rooms(24, 16, 4, 1).value();
    static const auto graph =
        std::make_shared<const jps::subgoal_graph>(jps::subgoal_graph::build(map, mask));
    auto loaded = jps::subgoal_hierarchy::parse({data, size}, "fuzz.sgh", graph, map, {});
    if (!loaded) {
        if (!loaded.err().message.starts_with("fuzz.sgh")) __builtin_trap();
        return 0;
    }
    // A fresh copy of the map: the installed hierarchy lives in that copy's cache only.
    const grid::grid_map copy = map;
    jps::subgoal_ch_search search;
    search.use_hierarchy(copy, std::move(loaded).value());
    const search::search_request request{.start = {1, 1}, .goal = {22, 14}};
    const auto r = search.find_path(copy, request);
    if (r.found() && grid::check_path(copy, r.path, request.rules, mask).has_value()) {
        __builtin_trap();
    }
    return 0;
}
