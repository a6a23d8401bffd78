// roadPoint.csv / pathlink.csv: accepted variants, every error with its file and line, warnings
// and strict mode, loading from a folder.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "support/ascii_map.hpp"
#include "xunlu/waypoint/waypoint_csv.hpp"

namespace xunlu {
namespace {

grid::grid_map test_map() {
    return testing::parse_ascii(R"(
        ..........
        ....#.....
        ....#.....
        ..........
    )")
        .map;
}

result<waypoint::loaded_graph> parse(std::string_view points, std::string_view links,
                                     waypoint::load_options o = {}) {
    static const grid::grid_map map = test_map();
    return waypoint::parse_waypoint_graph(map, points, "roadPoint.csv", links, "pathlink.csv", o);
}

std::string error_of(std::string_view points, std::string_view links,
                     waypoint::load_options o = {}) {
    auto r = parse(points, links, o);
    return r ? std::string("(loaded)") : r.err().message;
}

TEST(waypoint_csv, accepts_headers_comments_crlf_bom_and_default_costs) {
    auto r = parse("\xEF\xBB\xBFid,x,y\r\n# map 10 4\r\n\r\n1, 0, 0\r\n2,3,0\r\n 3 ,3,3\r\n",
                   "# designer links\nfrom,to,cost\n1,2\n2,3,7.5\n");
    ASSERT_TRUE(r) << r.err().message;
    const auto& g = r->graph;
    EXPECT_EQ(g.size(), 3u);
    EXPECT_EQ(g.link_count(), 2u);
    EXPECT_TRUE(r->warnings.empty());
    const auto i1 = static_cast<std::uint32_t>(g.index_of(1));
    const auto i2 = static_cast<std::uint32_t>(g.index_of(2));
    ASSERT_EQ(g.neighbours(i1).size(), 1u);
    EXPECT_EQ(g.neighbours(i1)[0], i2);
    EXPECT_DOUBLE_EQ(g.costs(i1)[0], 3.0); // straight distance between the cell centres
    const auto i3 = static_cast<std::uint32_t>(g.index_of(3));
    EXPECT_DOUBLE_EQ(g.costs(i3)[0], 7.5);
    EXPECT_EQ(g.index_of(99), -1);
}

TEST(waypoint_csv, errors_name_file_and_line) {
    const std::string ok_points = "id,x,y\n1,0,0\n2,3,0\n3,3,3\n";
    struct error_case {
        std::string points, links, expected;
    };
    const std::vector<error_case> cases = {
        {"id,x,y\n1,0,0\n2,3\n", "", "roadPoint.csv:3: expected 3 fields 'id,x,y', got 2"},
        {"1,0,0\n2,a,0\n", "", "roadPoint.csv:2: x must be an integer, got 'a'"},
        {"1,0,0\n1,3,0\n", "", "roadPoint.csv:2: duplicate waypoint id 1 (first on line 1)"},
        {"1,0,0\n2,10,0\n", "",
         "roadPoint.csv:2: waypoint 2 at cell (10,0) is outside the 10 x 4 map"},
        {"1,0,0\n2,0,-1\n", "", "roadPoint.csv:2: waypoint 2 at cell (0,-1) is outside"},
        {"# map 600 1100\n1,0,0\n", "",
         "roadPoint.csv:1: waypoint graph was made for a 600 x 1100 map, but the map is 10 x 4"},
        {"# map ten 4\n1,0,0\n", "", "roadPoint.csv:1: '# map' line must be"},
        {"id,x,y\n", "", "roadPoint.csv: no waypoints"},
        {"1,0,0\n\x01\x02,0\n", "", "roadPoint.csv:2:"},
        {ok_points, "1,2\n1,7\n", "pathlink.csv:2: link refers to unknown waypoint id 7"},
        {ok_points, "1,2\n2,3,-1\n", "pathlink.csv:2: cost must be >= 0, got '-1'"},
        {ok_points, "1,2,nan\n", "pathlink.csv:1: cost must be finite, got 'nan'"},
        {ok_points, "1,2,inf\n", "pathlink.csv:1: cost must be finite, got 'inf'"},
        {ok_points, "1,2,3km\n", "pathlink.csv:1: cost must be a number, got '3km'"},
        {ok_points, "1\n", "pathlink.csv:1: expected 2 or 3 fields 'from,to[,cost]', got 1"},
        {ok_points, "1,2,3,4\n", "pathlink.csv:1: expected 2 or 3 fields"},
        {ok_points, "from,to\n1,x\n", "pathlink.csv:2: to must be an integer id, got 'x'"},
        {ok_points, "1,99999999999999999999\n", "pathlink.csv:1: to must be an integer id"},
    };
    for (const auto& c : cases) {
        const std::string got = error_of(c.points, c.links);
        EXPECT_EQ(got.rfind(c.expected, 0), 0u)
            << "expected '" << c.expected << "'\n got '" << got << "'";
    }
}

TEST(waypoint_csv, warnings_drop_bad_points_and_links_strict_makes_them_errors) {
    const std::string points = "1,0,1\n2,4,1\n3,8,1\n4,3,3\n";
    const std::string links = "1,3\n1,4\n4,1\n4,4\n1,2\n";
    auto r = parse(points, links);
    ASSERT_TRUE(r) << r.err().message;
    ASSERT_EQ(r->warnings.size(), 4u);
    EXPECT_EQ(r->warnings[0].text(),
              "roadPoint.csv:2: warning: waypoint 2 at cell (4,1) is inside a high obstacle; "
              "it is not used");
    EXPECT_EQ(r->warnings[1].text(),
              "pathlink.csv:1: warning: link 1 -> 3 crosses the high obstacle at cell (4,1); "
              "ignored");
    EXPECT_EQ(r->warnings[2].line, 3u); // 4,1 repeats 1,4
    EXPECT_EQ(r->warnings[3].line, 4u); // self link
    EXPECT_EQ(r->graph.link_count(), 1u);

    waypoint::load_options strict{.strict = true};
    EXPECT_EQ(error_of(points, links, strict)
                  .rfind("roadPoint.csv:2: waypoint 2 at cell (4,1) is inside", 0),
              0u);
    EXPECT_EQ(
        error_of("1,0,1\n3,8,1\n", "1,3\n", strict).rfind("pathlink.csv:1: link 1 -> 3 crosses", 0),
        0u);
}

TEST(waypoint_csv, loads_from_a_folder_and_reports_missing_files) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("xunlu_wp_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const grid::grid_map map = test_map();
    auto missing = waypoint::load_waypoint_graph(map, dir.string());
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.err().message.find("roadPoint.csv"), std::string::npos);
    std::ofstream(dir / "roadPoint.csv") << "1,0,0\n2,9,3\n";
    std::ofstream(dir / "pathlink.csv") << "1,2\n";
    auto ok = waypoint::load_waypoint_graph(map, dir.string());
    EXPECT_TRUE(ok) << ok.err().message;
    auto not_dir = waypoint::load_waypoint_graph(map, (dir / "roadPoint.csv").string());
    ASSERT_FALSE(not_dir);
    EXPECT_NE(not_dir.err().message.find("not a folder"), std::string::npos);
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace xunlu
