// The seed benchmark of issue 2: a 1000 x 1000 map with 30 % random obstacles, searched from
// (0,0) to (999,999), shared by xunlu_bench and movingai_compare.
#pragma once

#include <cstdint>
#include <string>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/result.hpp"
#include "xunlu/grid/grid_map.hpp"
#include "xunlu/search/search_request.hpp"

namespace xunlu::bench {

struct seed_benchmark_spec {
    std::int32_t size = 1000; ///< cells per side
    double rate_percent = 30; ///< obstacle percentage
    std::uint64_t seed = 2;   ///< generator seed (the same as `./run`'s default)

    [[nodiscard]] cell start() const noexcept { return {0, 0}; }
    [[nodiscard]] cell goal() const noexcept { return {size - 1, size - 1}; }
    [[nodiscard]] std::string describe() const;
};

/// Generates the seed map and checks that start and goal are connected under the Moving AI
/// rules (8-connected, no corner cutting); an error names the seed otherwise.
[[nodiscard]] result<grid::grid_map> make_seed_map(const seed_benchmark_spec& spec);

/// The octile A* request of the seed benchmark (Dijkstra: set heuristic to zero).
[[nodiscard]] search::search_request seed_request(const seed_benchmark_spec& spec);

} // namespace xunlu::bench
