// The C API's overhead over the direct C++ call (issue 9): the same query through
// facade::path_finder and through xunlu_find_path (request conversion, the call, copying the
// path into a library-owned array and freeing it), on a short and a long query.
//   build/release/bench/capi_boundary_bench --benchmark_repetitions=9
//       --benchmark_report_aggregates_only=true   (one command line)
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/xunlu.h"
#include "xunlu/xunlu.hpp"

namespace {

using namespace xunlu;

struct query_case {
    facade::map map;
    std::unique_ptr<xunlu_map, void (*)(xunlu_map*)> c_map{nullptr, xunlu_map_free};
    cell start;
    cell goal;
};

cell first_free(const grid::grid_map& g, bool from_end) {
    for (std::int32_t i = 0; i < g.width() * g.height(); ++i) {
        const std::int32_t k = from_end ? g.width() * g.height() - 1 - i : i;
        const cell c{k % g.width(), k / g.width()};
        if (g.passable(c)) return c;
    }
    std::abort();
}

/// The same cells as a C map, built through the C API from cell codes.
xunlu_map* as_c_map(const grid::grid_map& g) {
    std::vector<std::uint8_t> codes(static_cast<std::size_t>(g.width()) * g.height());
    for (std::int32_t y = 0; y < g.height(); ++y) {
        for (std::int32_t x = 0; x < g.width(); ++x) {
            codes[static_cast<std::size_t>(y) * g.width() + x] =
                g.is_high_obstacle({x, y}) ? XUNLU_CELL_HIGH_OBSTACLE : XUNLU_CELL_FREE;
        }
    }
    xunlu_map* m = nullptr;
    if (xunlu_map_from_cells(g.width(), g.height(), codes.data(), nullptr, &m) != XUNLU_OK) {
        std::abort();
    }
    return m;
}

/// Short: 12 cells across open ground. Long: corner to corner of a 512 x 512 maze.
query_case make_case(bool long_query) {
    auto built = long_query ? grid::generate_maze(512, 512, 8, 7) : grid::grid_map::create(64, 64);
    if (!built) std::abort();
    query_case q{facade::map::from_grid(std::move(built).value())};
    q.c_map.reset(as_c_map(q.map.grid()));
    q.start = long_query ? first_free(q.map.grid(), false) : cell{10, 10};
    q.goal = long_query ? first_free(q.map.grid(), true) : cell{22, 15};
    return q;
}

const query_case& the_case(bool long_query) {
    static const query_case short_q = make_case(false);
    static const query_case long_q = make_case(true);
    return long_query ? long_q : short_q;
}

void direct_cpp(benchmark::State& state) {
    const query_case& q = the_case(state.range(0) != 0);
    facade::path_finder finder;
    const facade::path_query query{.algorithm = "astar",
                                   .search = {.start = q.start, .goal = q.goal}};
    for (auto _ : state) {
        facade::path_result r = finder.find(q.map, query);
        if (!r.found()) state.SkipWithError("no path");
        benchmark::DoNotOptimize(r.path.data());
    }
}

void through_c_api(benchmark::State& state) {
    const query_case& q = the_case(state.range(0) != 0);
    xunlu_finder* finder = nullptr;
    if (xunlu_finder_create(&finder) != XUNLU_OK) std::abort();
    xunlu_path_request request{};
    request.algorithm = "astar";
    request.start = {q.start.x, q.start.y};
    request.goal = {q.goal.x, q.goal.y};
    for (auto _ : state) {
        xunlu_path_result r;
        if (xunlu_find_path(finder, q.c_map.get(), &request, &r) != XUNLU_OK) {
            state.SkipWithError("no path");
        }
        benchmark::DoNotOptimize(r.path);
        xunlu_path_result_free(&r);
    }
    xunlu_finder_free(finder);
}

} // namespace

BENCHMARK(direct_cpp)->ArgName("long")->Arg(0)->Arg(1);
BENCHMARK(through_c_api)->ArgName("long")->Arg(0)->Arg(1);
BENCHMARK_MAIN();
