// Subgoal graphs: which cells are subgoals, links that are walkable diagonal-first, the graph file
// (round trip, truncation, flipped bits, mismatches, a crafted link through a wall), and a saved
// graph serving queries without a rebuild. Optimality against A* is in jps_differential_test.cpp
// and on the Moving AI sample in jps_movingai_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "xunlu/grid/map_generators.hpp"
#include "xunlu/io/map_loader.hpp"
#include "xunlu/jps/subgoal_graph.hpp"
#include "xunlu/jps/subgoal_search.hpp"
#include "xunlu/search/astar.hpp"

namespace xunlu {
namespace {

using jps::subgoal_graph;
constexpr auto sg_mask = grid::obstacle_mask::high_and_low;

grid::grid_map sg_random_map(std::uint64_t seed = 5) {
    auto m = grid::generate_random(48, 36, 25.0, seed);
    return std::move(m.value());
}

grid::grid_map sg_ascii(const std::vector<std::string>& rows) {
    auto m = grid::grid_map::create(static_cast<std::int32_t>(rows[0].size()),
                                    static_cast<std::int32_t>(rows.size()));
    auto map = std::move(m).value();
    for (std::size_t y = 0; y < rows.size(); ++y) {
        for (std::size_t x = 0; x < rows[y].size(); ++x) {
            if (rows[y][x] == '#') {
                map.set_high_obstacle({static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)},
                                      true);
            }
        }
    }
    return map;
}

std::set<std::pair<int, int>> sg_cells(const subgoal_graph& g, const grid::grid_map& map) {
    std::set<std::pair<int, int>> out;
    for (std::uint32_t k = 0; k < g.subgoal_count(); ++k) {
        const cell c = map.cell_of(g.cell_id(k));
        out.insert({c.x, c.y});
    }
    return out;
}

TEST(subgoal_graph, subgoals_are_the_free_cells_at_convex_corners) {
    // A 2x2 block: its four outer diagonal neighbours are subgoals, nothing else (the cells
    // beside it are not: their diagonal neighbours behind the block have a blocked side).
    const auto map = sg_ascii({
        "......",
        "......",
        "..##..",
        "..##..",
        "......",
        "......",
    });
    const auto g = subgoal_graph::build(map, sg_mask);
    const std::set<std::pair<int, int>> want = {{1, 1}, {4, 1}, {1, 4}, {4, 4}};
    EXPECT_EQ(sg_cells(g, map), want);
    // Around a block, opposite corners see each other only around it: each links to the two
    // beside it (straight lines), and the diagonal opposite is reached through them.
    for (std::uint32_t k = 0; k < g.subgoal_count(); ++k) {
        EXPECT_EQ(g.neighbours(k).size(), 2u) << "subgoal " << k;
    }
}

TEST(subgoal_graph, every_link_is_walkable_diagonal_first) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const auto map = sg_random_map(seed);
        const auto g = subgoal_graph::build(map, sg_mask);
        for (std::uint32_t k = 0; k < g.subgoal_count(); ++k) {
            for (const std::uint32_t t : g.neighbours(k)) {
                cell c = map.cell_of(g.cell_id(k));
                const cell to = map.cell_of(t);
                while (c != to) {
                    const int sx = (to.x > c.x) - (to.x < c.x);
                    const int sy = (to.y > c.y) - (to.y < c.y);
                    const cell n{c.x + sx, c.y + sy};
                    ASSERT_TRUE(map.passable(n, sg_mask)) << "seed " << seed;
                    if (sx != 0 && sy != 0) {
                        ASSERT_TRUE(map.passable({n.x, c.y}, sg_mask) &&
                                    map.passable({c.x, n.y}, sg_mask))
                            << "corner cut, seed " << seed;
                    }
                    c = n;
                }
            }
        }
    }
}

TEST(subgoal_graph_file, round_trip_serves_queries_without_a_rebuild) {
    const auto map = sg_random_map();
    const auto built = subgoal_graph::build(map, sg_mask);
    const auto path = (std::filesystem::temp_directory_path() /
                       ("xunlu_subgoal_" +
                        std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + ".sg"))
                          .string();
    ASSERT_FALSE(built.save(path).has_value());
    auto loaded = subgoal_graph::load(path, map, sg_mask);
    std::filesystem::remove(path);
    ASSERT_TRUE(loaded.ok()) << loaded.err().message;
    EXPECT_EQ(loaded->serialise(), built.serialise());

    jps::subgoal_search engine;
    engine.use_graph(map, std::move(loaded.value()));
    search::astar reference;
    const search::search_request request{.start = {0, 0}, .goal = {47, 35}};
    const auto got = engine.find_path(map, request);
    const auto want = reference.find_path(map, request);
    ASSERT_EQ(got.status, want.status);
    EXPECT_NEAR(got.cost, want.cost, 1e-9);
    EXPECT_EQ(engine.builds(), 0u) << "the installed graph must be used, not rebuilt";
}

TEST(subgoal_graph_file, every_truncation_and_flipped_bit_is_an_error) {
    const auto map = sg_random_map();
    const auto bytes = subgoal_graph::build(map, sg_mask).serialise();
    for (std::size_t n = 0; n < bytes.size(); n += (n < 80 ? 1 : 61)) {
        const auto r = subgoal_graph::parse({bytes.data(), n}, "cut.sg", map, sg_mask);
        ASSERT_FALSE(r.ok()) << "truncated at " << n;
        EXPECT_NE(r.err().message.find("cut.sg"), std::string::npos) << r.err().message;
    }
    for (std::size_t i = 0; i < bytes.size(); i += 7) {
        auto bad = bytes;
        bad[i] ^= static_cast<std::uint8_t>(1u << (i % 8));
        const auto r = subgoal_graph::parse(bad, "flip.sg", map, sg_mask);
        EXPECT_FALSE(r.ok()) << "bit flipped at byte " << i;
    }
}

TEST(subgoal_graph_file, mismatches_name_the_problem) {
    const auto map = sg_random_map(5);
    const auto bytes = subgoal_graph::build(map, sg_mask).serialise();
    const auto other = sg_random_map(6);
    auto r = subgoal_graph::parse(bytes, "g.sg", other, sg_mask);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("different map"), std::string::npos) << r.err().message;
    r = subgoal_graph::parse(bytes, "g.sg", map, grid::obstacle_mask::high_only);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("low obstacles"), std::string::npos) << r.err().message;
    auto small = grid::generate_random(20, 20, 25.0, 5);
    r = subgoal_graph::parse(bytes, "g.sg", small.value(), sg_mask);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("48x36"), std::string::npos) << r.err().message;
    EXPECT_FALSE(subgoal_graph::load("/nonexistent/g.sg", map, sg_mask).ok());
}

TEST(subgoal_graph_file, a_crafted_link_through_a_wall_is_refused) {
    // Two subgoals on either side of a wall, a valid checksum: the link is walked and refused.
    const auto map = sg_ascii({
        "........",
        ".#....#.",
        "........",
        "########",
        "........",
        ".#....#.",
        "........",
    });
    const auto g = subgoal_graph::build(map, sg_mask);
    auto bytes = g.serialise();
    ASSERT_GE(g.subgoal_count(), 8u);
    ASSERT_GT(g.edge_count(), 0u);
    // Point the first link of subgoal 0 (above the wall) at the last subgoal (below it).
    const std::size_t n = g.subgoal_count();
    const std::size_t first_link = 48 + 4 * n + 4 * (n + 1);
    const auto last = static_cast<std::uint32_t>(n - 1);
    for (int i = 0; i < 4; ++i) bytes[first_link + i] = static_cast<std::uint8_t>(last >> (8 * i));
    std::uint64_t h = 14695981039346656037ull;
    for (std::size_t i = 0; i + 8 < bytes.size(); ++i) h = (h ^ bytes[i]) * 1099511628211ull;
    for (int i = 0; i < 8; ++i)
        bytes[bytes.size() - 8 + i] = static_cast<std::uint8_t>(h >> (8 * i));
    const auto r = subgoal_graph::parse(bytes, "crafted.sg", map, sg_mask);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.err().message.find("blocked"), std::string::npos) << r.err().message;
}

} // namespace
} // namespace xunlu
