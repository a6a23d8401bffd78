// The three methods side by side: ratios against A*, and a randomized termination test over
// many generated maps (every run ends with a definite status; the hybrid never misses a path).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "method_checks.hpp"
#include "support/ascii_map.hpp"
#include "xunlu/grid/map_generators.hpp"
#include "xunlu/hybrid/method_comparison.hpp"

namespace xunlu {
namespace {

using hybrid::method_kind;
using search::search_status;
using testing::expect_valid_path;
using testing::parse_ascii;
using testing::request_for;

TEST(method_comparison, open_field_all_three_walk_the_straight_line) {
    auto m = parse_ascii(R"(
        S.................
        ..................
        ..................
        .................G
    )");
    const auto request = request_for(m.start, m.goal);
    const auto c = hybrid::compare_methods(m.map, request);
    for (const auto& r : c.results) expect_valid_path(m.map, request, r);
    EXPECT_DOUBLE_EQ(*c.length_ratio(method_kind::single_object), 1.0);
    EXPECT_DOUBLE_EQ(*c.length_ratio(method_kind::hybrid), 1.0);
    EXPECT_DOUBLE_EQ(*c.length_ratio(method_kind::astar), 1.0);
    EXPECT_EQ(c.of(method_kind::hybrid).recorded, 0u);
    EXPECT_LT(*c.memory_ratio(method_kind::hybrid), 1.0);
}

TEST(method_comparison, trace_cells_come_with_the_picture_request) {
    auto m = parse_ascii(R"(
        ............
        .....#......
        S....#.....G
        .....#......
        ............
    )");
    auto request = request_for(m.start, m.goal);
    request.record_trace = true;
    const auto c = hybrid::compare_methods(m.map, request);
    EXPECT_EQ(c.astar().recorded_cells.size(), c.astar().recorded);
    EXPECT_EQ(c.of(method_kind::hybrid).recorded_cells.size(), c.of(method_kind::hybrid).recorded);
    EXPECT_EQ(c.of(method_kind::single_object).recorded_cells.size(),
              c.of(method_kind::single_object).recorded);
    EXPECT_GE(c.of(method_kind::single_object).recorded, 2u); // a hit and a leave point
}

TEST(method_comparison, every_run_terminates_on_generated_maps) {
    std::mt19937_64 rng(20240611);
    std::vector<grid::grid_map> maps;
    for (const double rate : {5.0, 15.0, 25.0, 35.0, 45.0}) {
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            maps.push_back(grid::generate_random(40, rate, seed * 7 + 1).value());
        }
    }
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        maps.push_back(grid::generate_rooms(41, 41, 7, seed).value());
        maps.push_back(
            grid::generate_maze(41, 41, static_cast<std::int32_t>(seed % 3 + 1), seed).value());
    }
    int queries = 0, with_path = 0, single_object_failures = 0;
    for (const auto& map : maps) {
        std::vector<cell> free;
        for (std::int32_t y = 0; y < map.height(); ++y)
            for (std::int32_t x = 0; x < map.width(); ++x)
                if (map.passable({x, y})) free.push_back({x, y});
        ASSERT_GE(free.size(), 2u);
        std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
        for (int q = 0; q < 12; ++q) {
            const auto request = request_for(free[pick(rng)], free[pick(rng)]);
            const auto c = hybrid::compare_methods(map, request, {.hybrid = {.k = 1 + q % 4}});
            ++queries;
            for (const auto& r : c.results) {
                EXPECT_TRUE(r.status == search_status::found || r.status == search_status::no_path)
                    << hybrid::method_name(r.method) << ": " << r.reason;
                if (r.found()) expect_valid_path(map, request, r);
            }
            const auto& h = c.of(method_kind::hybrid);
            const auto& s = c.of(method_kind::single_object);
            EXPECT_EQ(h.found(), c.path_exists());
            if (c.path_exists()) {
                ++with_path;
                EXPECT_GE(*c.length_ratio(method_kind::hybrid), 1.0 - 1e-9);
                if (s.found()) {
                    EXPECT_GE(*c.length_ratio(method_kind::single_object), 1.0 - 1e-9);
                }
                single_object_failures += c.failed(method_kind::single_object) ? 1 : 0;
            } else {
                EXPECT_FALSE(s.found()); // never a path where none exists
            }
        }
    }
    EXPECT_EQ(queries, 28 * 12);
    EXPECT_GT(with_path, 100);
    // Bug2 is complete on 4-connected-equivalent grids: it must not miss paths either.
    EXPECT_EQ(single_object_failures, 0);
}

} // namespace
} // namespace xunlu
