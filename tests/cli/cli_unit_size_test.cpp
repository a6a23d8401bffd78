// `find --size N`: the path lists the top-left cell of the N x N footprint, every footprint on
// the way is free (for a diagonal step those of both orthogonal intermediate positions too),
// JPS gives the same length, and endpoints where the unit does not fit get a clear error.
#include "cli_fixture.hpp"
#include "xunlu/io/map_loader.hpp"

namespace xunlu {
namespace {

// A 2-cell gap in a wall (x = 6, rows 3-4) and a 1-cell gap (row 8): a 2x2 unit takes the first.
constexpr const char* gapped_wall = "type octile\nheight 10\nwidth 12\nmap\n"
                                    "......@.....\n"
                                    "......@.....\n"
                                    "......@.....\n"
                                    "............\n"
                                    "............\n"
                                    "......@.....\n"
                                    "......@.....\n"
                                    "......@.....\n"
                                    "............\n"
                                    "......@.....\n";

bool footprint_free(const grid::grid_map& map, int x, int y, int n) {
    for (int dy = 0; dy < n; ++dy) {
        for (int dx = 0; dx < n; ++dx) {
            if (!map.passable({x + dx, y + dy})) return false;
        }
    }
    return true;
}

TEST_F(cli, find_size_lists_top_left_cells_of_free_footprints) {
    const std::string map = write("gapped.map", gapped_wall);
    const auto loaded = io::load_map(map);
    ASSERT_TRUE(loaded.ok());
    for (const int n : {1, 2}) {
        for (const char* algo : {"astar", "jps"}) {
            const auto r = run("find " + map + " --from 0,7 --to 9,7 --size " + std::to_string(n) +
                               " --algo " + algo + " --json");
            ASSERT_EQ(r.code, 0) << n << algo << r.err;
            const json answer = last_json_line(r.out);
            const auto& path = answer["path"];
            ASSERT_GE(path.size(), 2u);
            EXPECT_EQ(path.front(), json::parse("[0,7]"));
            EXPECT_EQ(path.back(), json::parse("[9,7]"));
            for (std::size_t i = 0; i < path.size(); ++i) {
                const int x = path[i][0], y = path[i][1];
                ASSERT_TRUE(footprint_free(loaded->map, x, y, n)) << n << " step " << i;
                if (i == 0) continue;
                const int px = path[i - 1][0], py = path[i - 1][1];
                if (px != x && py != y) {
                    ASSERT_TRUE(footprint_free(loaded->map, x, py, n)) << n << " step " << i;
                    ASSERT_TRUE(footprint_free(loaded->map, px, y, n)) << n << " step " << i;
                }
            }
            // 1x1 units slip through the low gap (row 8); 2x2 ones need the gap at rows 3-4.
            const double length = answer["length"].get<double>();
            EXPECT_TRUE(n == 1 ? length < 10.0 : length > 10.0) << n << algo << " " << length;
        }
    }
    // 3x3 does not fit through either gap: the goal side is unreachable.
    EXPECT_EQ(run("find " + map + " --from 0,0 --to 9,0 --size 3").code, 1);
}

TEST_F(cli, find_size_refuses_endpoints_where_the_unit_does_not_fit) {
    const std::string map = write("gapped.map", gapped_wall);
    const auto wall = run("find " + map + " --from 5,0 --to 9,7 --size 2");
    EXPECT_EQ(wall.code, 2);
    EXPECT_NE(wall.err.find("--size 2: start (5,0): a 2x2 unit"), std::string::npos) << wall.err;
    const auto edge = run("find " + map + " --from 0,0 --to 11,9 --size 2");
    EXPECT_EQ(edge.code, 2);
    EXPECT_NE(edge.err.find("goal (11,9)"), std::string::npos) << edge.err;
    const auto big = run("find " + map + " --from 0,0 --to 1,1 --size 33");
    EXPECT_EQ(big.code, 2);
    EXPECT_NE(big.err.find("outside 1..32"), std::string::npos) << big.err;
    EXPECT_EQ(run("find " + map + " --from 0,0 --to 1,1 --size 0").code, 2);
}

} // namespace
} // namespace xunlu
