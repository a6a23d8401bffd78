// The seed benchmark map: generation and a connectivity check of its two corners.
#include "seed_benchmark.hpp"

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu::bench {

std::string seed_benchmark_spec::describe() const {
    const std::string n = std::to_string(size);
    const std::string last = std::to_string(size - 1);
    return n + "x" + n + ", " + std::to_string(static_cast<int>(rate_percent)) +
           "% obstacles, seed " + std::to_string(seed) + ", (0,0) -> (" + last + "," + last + ")";
}

search::search_request seed_request(const seed_benchmark_spec& spec) {
    return search::search_request{
        .start = spec.start(), .goal = spec.goal(), .heuristic = search::heuristic_kind::octile};
}

result<grid::grid_map> make_seed_map(const seed_benchmark_spec& spec) {
    auto map = grid::generate_random(spec.size, spec.rate_percent, spec.seed);
    if (!map) {
        return map.err();
    }
    search::astar engine;
    const auto r = engine.find_path(*map, seed_request(spec));
    if (!r.found()) {
        return error{"seed benchmark map (" + spec.describe() +
                     ") has no path between its corners: " + r.reason + "; pick another seed"};
    }
    return map;
}

} // namespace xunlu::bench
