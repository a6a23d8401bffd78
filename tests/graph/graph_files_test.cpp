// Loading graphs from the CSV pair (free coordinates, no map) and from JSON: the graphs they
// give, FILE:LINE errors for every kind of bad file, and JSON written then read back.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "xunlu/graph/graph_csv.hpp"
#include "xunlu/graph/graph_json.hpp"

namespace xunlu {
namespace {

using graph::edge_kind;

std::string csv_error(std::string_view points, std::string_view links) {
    auto r = graph::parse_csv_graph(points, "p.csv", links, "l.csv", edge_kind::undirected);
    return r ? std::string("(loaded)") : r.err().message;
}

std::string json_error(std::string_view text) {
    auto r = graph::parse_json_graph(text, "g.json");
    return r ? std::string("(loaded)") : r.err().message;
}

TEST(graph_csv, free_coordinates_decimals_and_default_costs) {
    auto r = graph::parse_csv_graph("id,x,y\n# a comment\n7,-1.5,2\n8,1.5,6\n9,100,200\n", "p.csv",
                                    "from,to,cost\n7,8\n8,9,0.5\n", "l.csv", edge_kind::directed);
    ASSERT_TRUE(r) << r.err().message;
    const auto& g = *r;
    EXPECT_TRUE(g.directed());
    ASSERT_EQ(g.size(), 3u);
    EXPECT_EQ(g.edge_count(), 2u);
    const auto a = static_cast<std::uint32_t>(g.index_of(7));
    const auto b = static_cast<std::uint32_t>(g.index_of(8));
    EXPECT_EQ(g.at(a).at, (point{-1.5, 2}));
    ASSERT_EQ(g.neighbours(a).size(), 1u);
    EXPECT_DOUBLE_EQ(g.costs(a)[0], 5.0); // straight distance (3, 4)
    EXPECT_TRUE(g.neighbours(b).size() == 1u && g.costs(b)[0] == 0.5);
    EXPECT_EQ(g.index_of(10), -1);
    // 0.5 over a distance of about 246: the heuristic is scaled.
    EXPECT_LT(g.heuristic_scale(), 0.01);
}

TEST(graph_csv, errors_name_file_and_line) {
    const std::string points = "id,x,y\n1,0,0\n2,3,4\n";
    EXPECT_EQ(csv_error("id,x,y\n1,0,0\n2,3,4\n1,5,5\n", ""),
              "p.csv:4: duplicate node id 1 (first on line 2)");
    EXPECT_EQ(csv_error(points, "1,2\n2,9\n"),
              "l.csv:2: link 2 -> 9 names node id 9, which is not in p.csv");
    EXPECT_EQ(csv_error(points, "1,2,-1\n"), "l.csv:1: cost must be >= 0, got '-1'");
    EXPECT_EQ(csv_error(points, "1,2,inf\n"), "l.csv:1: cost must be finite, got 'inf'");
    EXPECT_EQ(csv_error(points, "\n\n1,2,nan\n"), "l.csv:3: cost must be finite, got 'nan'");
    EXPECT_EQ(csv_error("1,0,0\n2,nan,4\n", ""), "p.csv:2: x must be finite, got 'nan'");
    EXPECT_EQ(csv_error("1,0,0\n2,3\n", ""), "p.csv:2: expected 3 fields 'id,x,y', got 2");
    EXPECT_EQ(csv_error("1,0,0\n2.5,3,4\n", ""), "p.csv:2: id must be an integer, got '2.5'");
    EXPECT_EQ(csv_error("# only a comment\n", ""), "p.csv: no nodes");
}

TEST(graph_csv, loads_a_folder) {
    const auto dir = std::filesystem::temp_directory_path() / "xunlu_graph_csv_test";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "roadPoint.csv") << "id,x,y\n1,0,0\n2,10,0\n";
    std::ofstream(dir / "pathlink.csv") << "from,to\n1,2\n";
    auto r = graph::load_csv_graph(dir.string(), edge_kind::undirected);
    ASSERT_TRUE(r) << r.err().message;
    EXPECT_EQ(r->size(), 2u);
    EXPECT_EQ(r->neighbours(1).size(), 1u); // undirected: both ways
    std::filesystem::remove(dir / "pathlink.csv");
    r = graph::load_csv_graph(dir.string(), edge_kind::undirected);
    ASSERT_FALSE(r);
    EXPECT_NE(r.err().message.find("pathlink.csv"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(graph_json, reads_the_documented_form) {
    auto r = graph::parse_json_graph(R"({
  "directed": true,
  "nodes": [
    {"id": 1, "x": 0, "y": 0},
    {"id": 2, "x": 3, "y": 4},
    {"id": -3, "x": 6.5e0, "y": 8}
  ],
  "edges": [
    {"from": 1, "to": 2},
    {"from": 2, "to": -3, "cost": 12.25}
  ]
})",
                                     "g.json");
    ASSERT_TRUE(r) << r.err().message;
    EXPECT_TRUE(r->directed());
    EXPECT_EQ(r->size(), 3u);
    EXPECT_EQ(r->edge_count(), 2u);
    const auto b = static_cast<std::uint32_t>(r->index_of(2));
    EXPECT_DOUBLE_EQ(r->costs(static_cast<std::uint32_t>(r->index_of(1)))[0], 5.0);
    EXPECT_DOUBLE_EQ(r->costs(b)[0], 12.25);
    EXPECT_EQ(r->at(static_cast<std::uint32_t>(r->index_of(-3))).at, (point{6.5, 8}));
    // edges and directed are optional
    r = graph::parse_json_graph(R"({"nodes": [{"id": 5, "x": 1, "y": 1}]})", "g.json");
    ASSERT_TRUE(r) << r.err().message;
    EXPECT_FALSE(r->directed());
    EXPECT_EQ(r->edge_count(), 0u);
}

TEST(graph_json, errors_name_file_and_line) {
    EXPECT_EQ(json_error("{\"nodes\": [\n{\"id\": 1, \"x\": 0, \"y\": 0},\n"
                         "{\"id\": 1, \"x\": 1, \"y\": 0}]}"),
              "g.json:3: duplicate node id 1 (first on line 2)");
    EXPECT_EQ(json_error("{\"nodes\": [{\"id\": 1, \"x\": 0, \"y\": 0}],\n\"edges\": [\n"
                         "{\"from\": 1, \"to\": 2}]}"),
              "g.json:3: link 1 -> 2 names node id 2, which is not in g.json");
    EXPECT_EQ(json_error("{\"nodes\": [{\"id\": 1, \"x\": 0, \"y\": 0}],\n\"edges\": [\n"
                         "{\"from\": 1, \"to\": 1, \"cost\": -2}]}"),
              "g.json:3: cost must be >= 0, got -2.000000");
    EXPECT_EQ(json_error("{\"nodes\": [{\"id\": 1, \"x\": 0, \"y\": 0}],\n\"edges\": [\n"
                         "{\"from\": 1, \"to\": 1, \"cost\": 1e999}]}"),
              "g.json:3:30: number 1e999 is out of range");
    EXPECT_EQ(json_error("{\"nodes\": [\n{\"id\": 1.5, \"x\": 0, \"y\": 0}]}"),
              "g.json:2: id must be an integer id (64-bit, no fraction)");
    EXPECT_EQ(json_error("{\"nodes\": [\n{\"id\": 1, \"x\": 0}]}"), "g.json:2: node without 'y'");
    // Beyond +-1e150 a straight distance could overflow to infinity (found by the fuzzer).
    EXPECT_EQ(json_error("{\"nodes\": [{\"id\": 1, \"x\": 0, \"y\": 0},\n"
                         "{\"id\": 2, \"x\": 3, \"y\": -8e219}],\n\"edges\": [{\"from\": 1, "
                         "\"to\": 2}]}"),
              "g.json:2: node 2: position (3, -8e+219) must be finite numbers within +-1e150");
    EXPECT_EQ(json_error("{\"nodes\": [],\n \"edgs\": []}"),
              "g.json:2: unknown key 'edgs' in the graph (expected directed, nodes, edges)");
    EXPECT_EQ(json_error("{\"nodes\": [],\n \"nodes\": []}"),
              "g.json:2: repeated key 'nodes' in the graph");
    EXPECT_EQ(json_error("{\"nodes\": [\n{\"id\": 1, \"x\": 0, \"y\": 0}\n{"),
              "g.json:3:1: expected ',' or ']', found '{'");
    EXPECT_EQ(json_error("{\"directed\": true}"), "g.json:1: the graph has no 'nodes' array");
    EXPECT_EQ(json_error("{\"nodes\": []}"), "g.json: no nodes");
    EXPECT_EQ(json_error("{\"nodes\": [{\"id\": 1, \"x\": 0, \"y\": 0}]} x"),
              "g.json:1:40: unexpected text after the graph object");
    EXPECT_EQ(json_error(""), "g.json:1:1: expected an object, found the end of the text");
    EXPECT_EQ(json_error("{\"nodes\": [{\"id\": 1, \"x\": NaN, \"y\": 0}]}"),
              "g.json:1:27: expected a number, found 'N'");
}

TEST(graph_json, written_graphs_read_back_equal) {
    std::mt19937_64 rng(7);
    for (const edge_kind kind : {edge_kind::undirected, edge_kind::directed}) {
        std::vector<graph::node> nodes;
        std::uniform_real_distribution<double> pos(-1e6, 1e6);
        for (std::int64_t i = 0; i < 300; ++i)
            nodes.push_back({i * 1000003 - 7, {pos(rng), pos(rng)}});
        std::vector<graph::edge> edges;
        for (int k = 0; k < 700; ++k) {
            edges.push_back({static_cast<std::uint32_t>(rng() % 300),
                             static_cast<std::uint32_t>(rng() % 300),
                             static_cast<double>(rng() % 100000) / 7.0});
        }
        edges.push_back({5, 5, 1.0}); // a self link
        const graph::spatial_graph g(nodes, edges, kind);
        const std::string text = graph::write_json_graph(g);
        auto back = graph::parse_json_graph(text, "w.json");
        ASSERT_TRUE(back) << back.err().message;
        ASSERT_EQ(back->size(), g.size());
        EXPECT_EQ(back->edge_count(), g.edge_count());
        EXPECT_EQ(back->directed(), g.directed());
        for (std::uint32_t i = 0; i < g.size(); ++i) {
            ASSERT_EQ(back->at(i).id, g.at(i).id);
            ASSERT_EQ(back->at(i).at, g.at(i).at);
            std::vector<std::pair<std::uint32_t, double>> a, b;
            for (std::size_t k = 0; k < g.neighbours(i).size(); ++k)
                a.emplace_back(g.neighbours(i)[k], g.costs(i)[k]);
            for (std::size_t k = 0; k < back->neighbours(i).size(); ++k)
                b.emplace_back(back->neighbours(i)[k], back->costs(i)[k]);
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            ASSERT_EQ(a, b) << "node " << i;
        }
    }
}

TEST(spatial_graph, make_checks_what_the_loaders_check) {
    using graph::spatial_graph;
    const std::vector<graph::node> nodes{{1, {0, 0}}, {2, {1, 0}}};
    const std::vector<graph::edge> bad_index{{0, 2, 1}};
    auto r = spatial_graph::make(nodes, bad_index, edge_kind::undirected);
    ASSERT_FALSE(r);
    EXPECT_NE(r.err().message.find("edge 0"), std::string::npos);
    const std::vector<graph::edge> bad_cost{{0, 1, -1}};
    EXPECT_FALSE(spatial_graph::make(nodes, bad_cost, edge_kind::undirected));
    const std::vector<graph::node> twins{{1, {0, 0}}, {1, {1, 0}}};
    r = spatial_graph::make(twins, {}, edge_kind::undirected);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.err().message, "graph: node 1 (id 1) repeats the id of node 0");
    const std::vector<graph::node> nan_node{{1, {0, std::nan("")}}};
    EXPECT_FALSE(spatial_graph::make(nan_node, {}, edge_kind::undirected));
    EXPECT_TRUE(spatial_graph::make(nodes, {}, edge_kind::directed));
}

} // namespace
} // namespace xunlu
