// Graph search benchmark (issue 17): a generated road-like graph of side x side nodes (1,000,000
// by default, fixed seed), xunlu's graph A* and Dijkstra beside Boost Graph Library's
// dijkstra_shortest_paths and astar_search on the same graph and queries, every cost checked
// equal; plus load time (JSON and CSV) and memory per node. Prints medians; BENCHMARKS.md.
#include <CLI/CLI.hpp>
#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/property_map/property_map.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "sample_stats.hpp"
#include "xunlu/graph/graph_csv.hpp"
#include "xunlu/graph/graph_json.hpp"
#include "xunlu/graph/graph_search.hpp"

namespace {

using namespace xunlu;
using clock_type = std::chrono::steady_clock;

double micros(clock_type::time_point t0) {
    return std::chrono::duration<double, std::micro>(clock_type::now() - t0).count();
}

/// A road-like graph: a side x side lattice of crossings 100 m apart, each moved by up to 35 m,
/// joined to the next crossing east and south with probability 0.9 each, plus a diagonal
/// shortcut with probability 0.05. Cost = length x road factor (1.0 motorway 10 %, 1.3 main
/// road 30 %, 1.8 street 60 %): every cost >= its length, so plain Euclidean A* applies.
graph::spatial_graph road_graph(std::uint32_t side, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> jitter(-35, 35), unit(0, 1);
    std::vector<graph::node> nodes;
    nodes.reserve(static_cast<std::size_t>(side) * side);
    for (std::uint32_t y = 0; y < side; ++y) {
        for (std::uint32_t x = 0; x < side; ++x) {
            nodes.push_back({static_cast<std::int64_t>(y) * side + x,
                             {x * 100.0 + jitter(rng), y * 100.0 + jitter(rng)}});
        }
    }
    std::vector<graph::edge> edges;
    auto add = [&](std::uint32_t a, std::uint32_t b) {
        const double r = unit(rng);
        const double factor = r < 0.1 ? 1.0 : r < 0.4 ? 1.3 : 1.8;
        edges.push_back({a, b, graph::distance(nodes[a].at, nodes[b].at) * factor});
    };
    for (std::uint32_t y = 0; y < side; ++y) {
        for (std::uint32_t x = 0; x < side; ++x) {
            const std::uint32_t v = y * side + x;
            if (x + 1 < side && unit(rng) < 0.9) add(v, v + 1);
            if (y + 1 < side && unit(rng) < 0.9) add(v, v + side);
            if (x + 1 < side && y + 1 < side && unit(rng) < 0.05) add(v, v + side + 1);
        }
    }
    return graph::spatial_graph(std::move(nodes), edges, graph::edge_kind::undirected);
}

struct weight_prop {
    double w = 0;
};
using vertex_id = std::uint32_t;
using bgl_graph =
    boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, weight_prop,
                                       boost::no_property, vertex_id, vertex_id>;

/// The same adjacency (same order) as a BGL CSR graph.
bgl_graph to_bgl(const graph::spatial_graph& g) {
    std::vector<std::pair<vertex_id, vertex_id>> edges;
    std::vector<weight_prop> weights;
    for (vertex_id v = 0; v < g.size(); ++v) {
        for (std::size_t k = 0; k < g.neighbours(v).size(); ++k) {
            edges.emplace_back(v, g.neighbours(v)[k]);
            weights.push_back({g.costs(v)[k]});
        }
    }
    return bgl_graph(boost::edges_are_sorted, edges.begin(), edges.end(), weights.begin(),
                     static_cast<vertex_id>(g.size()));
}

struct found_goal {};

class goal_visitor : public boost::default_astar_visitor {
  public:
    goal_visitor(vertex_id goal, std::uint64_t* examined, std::vector<vertex_id>* touched)
        : goal_(goal), examined_(examined), touched_(touched) {}
    void examine_vertex(vertex_id u, const bgl_graph&) {
        ++*examined_;
        if (u == goal_) throw found_goal{};
    }
    void discover_vertex(vertex_id u, const bgl_graph&) {
        if (touched_ != nullptr) touched_->push_back(u);
    }

  private:
    vertex_id goal_;
    std::uint64_t* examined_;
    std::vector<vertex_id>* touched_;
};

/// Dijkstra's visitor interface is the A* one minus the heuristic; the same class serves both.
class dijkstra_goal_visitor : public boost::default_dijkstra_visitor {
  public:
    explicit dijkstra_goal_visitor(goal_visitor v) : v_(v) {}
    void examine_vertex(vertex_id u, const bgl_graph& g) { v_.examine_vertex(u, g); }
    void discover_vertex(vertex_id u, const bgl_graph& g) { v_.discover_vertex(u, g); }

  private:
    goal_visitor v_;
};

class euclid : public boost::astar_heuristic<bgl_graph, double> {
  public:
    euclid(const graph::node* nodes, point goal) : nodes_(nodes), goal_(goal) {}
    double operator()(vertex_id v) const { return graph::distance(nodes_[v].at, goal_); }

  private:
    const graph::node* nodes_;
    point goal_;
};

/// BGL searches with their property maps. `full`: the documented entry points
/// (dijkstra_shortest_paths, astar_search), which initialise every vertex per query. `no_init`:
/// the *_no_init variants with maps kept initialised and only the touched vertices reset.
struct bgl_peer {
    static constexpr double inf = std::numeric_limits<double>::max();
    /// One set of property maps. The no_init set is kept initialised between queries.
    struct maps {
        std::vector<vertex_id> pred;
        std::vector<double> dist, cost;
        std::vector<boost::default_color_type> color;
        explicit maps(std::size_t n)
            : pred(n), dist(n, inf), cost(n, inf), color(n, boost::white_color) {
            for (vertex_id v = 0; v < n; ++v) pred[v] = v;
        }
    };
    const bgl_graph& g;
    const graph::spatial_graph& sg;
    maps full, kept;
    std::vector<vertex_id> touched;

    bgl_peer(const bgl_graph& graph, const graph::spatial_graph& s)
        : g(graph), sg(s), full(s.size()), kept(s.size()) {}

    struct answer {
        bool found = false;
        double cost = 0;
        std::uint64_t examined = 0;
    };

    answer run(vertex_id s, vertex_id t, bool astar, bool no_init) {
        answer out;
        maps& m = no_init ? kept : full;
        auto& pred = m.pred;
        auto& dist = m.dist;
        auto& cost = m.cost;
        auto& color = m.color;
        const auto index = boost::get(boost::vertex_index, g);
        auto pm = boost::make_iterator_property_map(pred.begin(), index);
        auto dm = boost::make_iterator_property_map(dist.begin(), index);
        auto cm = boost::make_iterator_property_map(cost.begin(), index);
        auto colm = boost::make_iterator_property_map(color.begin(), index);
        const auto wm = boost::get(&weight_prop::w, g);
        touched.clear();
        goal_visitor vis(t, &out.examined, no_init ? &touched : nullptr);
        try {
            if (astar && !no_init) {
                boost::astar_search(g, s, euclid(sg.nodes().data(), sg.at(t).at), vis, pm, cm, dm,
                                    wm, index, colm, std::less<double>(),
                                    boost::closed_plus<double>(inf), inf, 0.0);
            } else if (astar) {
                dist[s] = 0;
                cost[s] = graph::distance(sg.at(s).at, sg.at(t).at);
                boost::astar_search_no_init(g, s, euclid(sg.nodes().data(), sg.at(t).at), vis, pm,
                                            cm, dm, wm, colm, index, std::less<double>(),
                                            boost::closed_plus<double>(inf), inf, 0.0);
            } else if (!no_init) {
                boost::dijkstra_shortest_paths(
                    g, s,
                    boost::predecessor_map(pm).distance_map(dm).weight_map(wm).visitor(
                        dijkstra_goal_visitor(vis)));
            } else {
                dist[s] = 0;
                boost::dijkstra_shortest_paths_no_init(g, s, pm, dm, wm, index, std::less<double>(),
                                                       boost::closed_plus<double>(inf), 0.0,
                                                       dijkstra_goal_visitor(vis), colm);
            }
        } catch (const found_goal&) {
            out.found = true;
            out.cost = dist[t];
        }
        if (no_init) {
            touched.push_back(s);
            for (const vertex_id v : touched) {
                pred[v] = v;
                dist[v] = inf;
                cost[v] = inf;
                color[v] = boost::white_color;
            }
        }
        return out;
    }
};

std::size_t peak_rss_kib() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0) return std::stoul(line.substr(6));
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"graph_bench: xunlu graph A*/Dijkstra vs BGL on a road-like graph"};
    std::uint32_t side = 1000;
    std::size_t queries = 200;
    std::uint64_t seed = 17;
    std::string work = "graph-bench-data";
    app.add_option("--side", side, "lattice side (nodes = side^2)")->capture_default_str();
    app.add_option("--queries", queries, "reachable query pairs")->capture_default_str();
    app.add_option("--seed", seed, "graph and query seed")->capture_default_str();
    app.add_option("--work", work, "folder for the written graph files")->capture_default_str();
    CLI11_PARSE(app, argc, argv);

    auto t0 = clock_type::now();
    const graph::spatial_graph g = road_graph(side, seed);
    const double gen_ms = micros(t0) / 1000;
    std::printf("graph: %zu nodes, %zu edges (undirected), %u components, heuristic %s, "
                "generated in %.0f ms\n",
                g.size(), g.edge_count(), g.component_count(),
                std::string(graph::heuristic_name(graph::heuristic_for(g))).c_str(), gen_ms);
    std::printf("memory: %.1f bytes per node (%zu bytes: nodes, adjacency, id index, labels)\n",
                static_cast<double>(g.memory_bytes()) / static_cast<double>(g.size()),
                g.memory_bytes());

    // Load time: the graph written as JSON and as the CSV pair, read back (median of 3).
    std::filesystem::create_directories(work + "/csv");
    const std::string json_path = work + "/road.json";
    {
        std::ofstream(json_path) << graph::write_json_graph(g);
        std::ofstream points(work + "/csv/roadPoint.csv");
        std::ofstream links(work + "/csv/pathlink.csv");
        points << "id,x,y\n";
        links << "from,to,cost\n";
        char buf[128];
        for (std::uint32_t v = 0; v < g.size(); ++v) {
            std::snprintf(buf, sizeof buf, "%lld,%.17g,%.17g\n", static_cast<long long>(g.at(v).id),
                          g.at(v).at.x, g.at(v).at.y);
            points << buf;
            for (std::size_t k = 0; k < g.neighbours(v).size(); ++k) {
                if (g.neighbours(v)[k] <= v) continue;
                std::snprintf(buf, sizeof buf, "%lld,%lld,%.17g\n",
                              static_cast<long long>(g.at(v).id),
                              static_cast<long long>(g.at(g.neighbours(v)[k]).id), g.costs(v)[k]);
                links << buf;
            }
        }
    }
    std::vector<double> json_ms, csv_ms;
    for (int rep = 0; rep < 3; ++rep) {
        t0 = clock_type::now();
        auto j = graph::load_json_graph(json_path);
        json_ms.push_back(micros(t0) / 1000);
        t0 = clock_type::now();
        auto c = graph::load_csv_graph(work + "/csv", graph::edge_kind::undirected);
        csv_ms.push_back(micros(t0) / 1000);
        if (!j || !c || j->size() != g.size() || c->size() != g.size() ||
            j->edge_count() != g.edge_count() || c->edge_count() != g.edge_count()) {
            std::fprintf(stderr, "graph_bench: the written graph did not read back equal\n");
            return 1;
        }
    }
    std::printf("load: JSON %.0f ms (%.2f us per node), CSV pair %.0f ms (median of 3)\n",
                bench::summarize(json_ms).median,
                bench::summarize(json_ms).median * 1000 / static_cast<double>(g.size()),
                bench::summarize(csv_ms).median);

    // Queries: pairs in the same component (the big one, in practice), fixed seed.
    std::mt19937_64 rng(seed + 1);
    std::vector<std::pair<vertex_id, vertex_id>> pairs;
    std::vector<std::pair<vertex_id, vertex_id>> unreachable;
    while (pairs.size() < queries || unreachable.size() < 20) {
        const auto a = static_cast<vertex_id>(rng() % g.size());
        const auto b = static_cast<vertex_id>(rng() % g.size());
        if (g.component(a) == g.component(b)) {
            if (pairs.size() < queries) pairs.emplace_back(a, b);
        } else if (unreachable.size() < 20) {
            // from the small side to the big one: BGL searches the small component, we nothing
            unreachable.emplace_back(a, b);
        }
    }

    const bgl_graph bg = to_bgl(g);
    bgl_peer peer(bg, g);
    graph::graph_search ours;
    enum method {
        ours_astar,
        ours_dijkstra,
        bgl_astar,
        bgl_astar_no_init,
        bgl_dijkstra,
        bgl_dijkstra_no_init,
        method_count
    };
    const char* names[] = {"xunlu A*",
                           "xunlu Dijkstra",
                           "BGL astar_search",
                           "BGL astar_search_no_init",
                           "BGL dijkstra_shortest_paths",
                           "BGL dijkstra_shortest_paths_no_init"};
    std::vector<double> us[method_count], expanded[method_count];
    std::vector<double> ratio_astar, ratio_dijkstra, ratio_astar_no_init, ratio_dijkstra_no_init;
    std::size_t mismatches = 0;
    for (const auto& [s, t] : pairs) {
        double cost[method_count];
        double time[method_count];
        for (int m = 0; m < method_count; ++m) {
            const auto q0 = clock_type::now();
            if (m == ours_astar || m == ours_dijkstra) {
                const auto r =
                    ours.find_path(g, {.from = s, .to = t, .dijkstra = m == ours_dijkstra});
                time[m] = micros(q0);
                cost[m] = r.found() ? r.cost : -1;
                expanded[m].push_back(static_cast<double>(r.expanded));
            } else {
                const bool astar = m == bgl_astar || m == bgl_astar_no_init;
                const bool no_init = m == bgl_astar_no_init || m == bgl_dijkstra_no_init;
                const auto r = peer.run(s, t, astar, no_init);
                time[m] = micros(q0);
                cost[m] = r.found ? r.cost : -1;
                expanded[m].push_back(static_cast<double>(r.examined));
            }
            us[m].push_back(time[m]);
        }
        for (int m = 1; m < method_count; ++m) {
            if (std::abs(cost[m] - cost[0]) > 1e-9 * std::max(1.0, cost[0])) ++mismatches;
        }
        ratio_astar.push_back(time[bgl_astar] / time[ours_astar]);
        ratio_astar_no_init.push_back(time[bgl_astar_no_init] / time[ours_astar]);
        ratio_dijkstra.push_back(time[bgl_dijkstra] / time[ours_dijkstra]);
        ratio_dijkstra_no_init.push_back(time[bgl_dijkstra_no_init] / time[ours_dijkstra]);
    }
    std::printf("\n%zu reachable queries, seed %llu; every cost equal in all six: %s\n",
                pairs.size(), static_cast<unsigned long long>(seed),
                mismatches == 0 ? "yes" : "NO");
    std::printf("%-38s %12s %12s %14s\n", "method", "median ms", "p99 ms", "median expanded");
    for (int m = 0; m < method_count; ++m) {
        const auto st = bench::summarize(us[m]);
        std::printf("%-38s %12.3f %12.3f %14.0f\n", names[m], st.median / 1000, st.p99 / 1000,
                    bench::summarize(expanded[m]).median);
    }
    std::printf("median per-query speed-up of xunlu: A* %.2fx vs astar_search, %.2fx vs "
                "astar_search_no_init; Dijkstra %.2fx vs dijkstra_shortest_paths, %.2fx vs "
                "dijkstra_shortest_paths_no_init\n",
                bench::summarize(ratio_astar).median, bench::summarize(ratio_astar_no_init).median,
                bench::summarize(ratio_dijkstra).median,
                bench::summarize(ratio_dijkstra_no_init).median);

    std::vector<double> un_ours, un_bgl, un_bgl_expanded;
    for (const auto& [s, t] : unreachable) {
        auto q0 = clock_type::now();
        const auto r = ours.find_path(g, {.from = s, .to = t});
        un_ours.push_back(micros(q0));
        q0 = clock_type::now();
        const auto b = peer.run(s, t, true, true);
        un_bgl.push_back(micros(q0));
        un_bgl_expanded.push_back(static_cast<double>(b.examined));
        if (r.found() || r.expanded != 0 || b.found) ++mismatches;
    }
    std::printf("unreachable pairs (%zu): xunlu %.3f us median, 0 expanded; BGL "
                "astar_search_no_init %.3f ms median, %.0f examined\n",
                unreachable.size(), bench::summarize(un_ours).median,
                bench::summarize(un_bgl).median / 1000, bench::summarize(un_bgl_expanded).median);
    std::printf("peak RSS %.0f MiB\n", static_cast<double>(peak_rss_kib()) / 1024);
    return mismatches == 0 ? 0 : 1;
}
