// The Boost Graph Library peer: CSR graph construction, heuristic, goal visitor and both ways
// of calling boost::astar_search.
#include "bgl_grid_astar.hpp"

#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/properties.hpp>
#include <boost/property_map/property_map.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <utility>

#include "xunlu/grid/movement_rules.hpp"
#include "xunlu/grid/path_check.hpp"

namespace xunlu::bench {

namespace {

struct edge_props {
    double weight = 0;
};

using vertex_id = std::uint32_t;
using graph_t = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, edge_props,
                                                   boost::no_property, vertex_id, vertex_id>;

constexpr vertex_id no_vertex = std::numeric_limits<vertex_id>::max();

/// Octile distance to the goal, the same formula as xunlu's octile heuristic.
class octile_heuristic : public boost::astar_heuristic<graph_t, double> {
  public:
    octile_heuristic(const std::int32_t* xs, const std::int32_t* ys, cell goal)
        : xs_(xs), ys_(ys), goal_(goal) {}
    double operator()(vertex_id v) const {
        const std::int32_t dx = std::abs(xs_[v] - goal_.x);
        const std::int32_t dy = std::abs(ys_[v] - goal_.y);
        const auto lo = static_cast<double>(std::min(dx, dy));
        const auto hi = static_cast<double>(std::max(dx, dy));
        return hi + (grid::movement_rules{}.diagonal_cost() - 1.0) * lo;
    }

  private:
    const std::int32_t* xs_;
    const std::int32_t* ys_;
    cell goal_;
};

struct found_goal {};

/// Counts examined vertices, throws on the goal, optionally records discovered vertices.
class goal_visitor : public boost::default_astar_visitor {
  public:
    goal_visitor(vertex_id goal, std::uint64_t* examined, std::vector<vertex_id>* touched)
        : goal_(goal), examined_(examined), touched_(touched) {}
    void examine_vertex(vertex_id u, const graph_t&) {
        ++*examined_;
        if (u == goal_) {
            throw found_goal{};
        }
    }
    void discover_vertex(vertex_id u, const graph_t&) {
        if (touched_ != nullptr) {
            touched_->push_back(u);
        }
    }

  private:
    vertex_id goal_;
    std::uint64_t* examined_;
    std::vector<vertex_id>* touched_;
};

} // namespace

/// Per-query property maps of one calling mode, allocated once per graph.
struct property_maps {
    std::vector<vertex_id> predecessor;
    std::vector<double> cost;
    std::vector<double> distance;
    std::vector<boost::default_color_type> color;

    void assign(std::size_t n) {
        predecessor.resize(n);
        for (vertex_id v = 0; v < n; ++v) {
            predecessor[v] = v;
        }
        cost.assign(n, std::numeric_limits<double>::max());
        distance.assign(n, std::numeric_limits<double>::max());
        color.assign(n, boost::white_color);
    }
    void reset(vertex_id v) {
        predecessor[v] = v;
        cost[v] = std::numeric_limits<double>::max();
        distance[v] = std::numeric_limits<double>::max();
        color[v] = boost::white_color;
    }
    [[nodiscard]] std::size_t bytes() const noexcept {
        return predecessor.size() *
               (sizeof(vertex_id) + 2 * sizeof(double) + sizeof(boost::default_color_type));
    }
};

struct bgl_grid_astar::impl {
    std::int32_t width = 0;
    std::vector<vertex_id> vertex_of; // per map cell (row-major), no_vertex when blocked
    std::vector<std::int32_t> xs, ys; // per vertex
    graph_t graph;
    property_maps full;    // used by full_init: astar_search initialises them itself
    property_maps no_init; // kept initialised between queries; only touched vertices reset
    std::vector<vertex_id> touched;
};

bgl_grid_astar::bgl_grid_astar(const grid::grid_map& map) : impl_(std::make_unique<impl>()) {
    impl& m = *impl_;
    m.width = map.width();
    const grid::movement_rules rules{}; // 8-connected, no corner cutting, exact costs
    const auto mask = grid::obstacle_mask::high_and_low;
    m.vertex_of.assign(static_cast<std::size_t>(map.width()) * map.height(), no_vertex);
    for (std::int32_t y = 0; y < map.height(); ++y) {
        for (std::int32_t x = 0; x < map.width(); ++x) {
            if (map.passable({x, y}, mask)) {
                m.vertex_of[static_cast<std::size_t>(y) * map.width() + x] =
                    static_cast<vertex_id>(m.xs.size());
                m.xs.push_back(x);
                m.ys.push_back(y);
            }
        }
    }
    std::vector<std::pair<vertex_id, vertex_id>> edges;
    std::vector<edge_props> weights;
    for (vertex_id v = 0; v < m.xs.size(); ++v) {
        const cell c{m.xs[v], m.ys[v]};
        for (std::size_t d = 0; d < 8; ++d) {
            const int dx = grid::direction_dx[d];
            const int dy = grid::direction_dy[d];
            if (!grid::can_step(map, c, dx, dy, rules, mask)) {
                continue;
            }
            const auto target = static_cast<std::size_t>(c.y + dy) * map.width() +
                                static_cast<std::size_t>(c.x + dx);
            edges.emplace_back(v, m.vertex_of[target]);
            weights.push_back({d < 4 ? rules.straight_cost() : rules.diagonal_cost()});
        }
    }
    m.graph = graph_t(boost::edges_are_sorted, edges.begin(), edges.end(), weights.begin(),
                      static_cast<vertex_id>(m.xs.size()));
    m.full.assign(m.xs.size());
    m.no_init.assign(m.xs.size());
}

bgl_grid_astar::~bgl_grid_astar() = default;

std::size_t bgl_grid_astar::vertex_count() const noexcept {
    return impl_->xs.size();
}
std::size_t bgl_grid_astar::edge_count() const noexcept {
    return boost::num_edges(impl_->graph);
}

std::size_t bgl_grid_astar::graph_bytes() const noexcept {
    const impl& m = *impl_;
    return (m.xs.size() + 1) * sizeof(vertex_id) +                   // row starts
           edge_count() * (sizeof(vertex_id) + sizeof(edge_props)) + // targets + weights
           m.vertex_of.size() * sizeof(vertex_id) + m.xs.size() * 2 * sizeof(std::int32_t);
}

std::size_t bgl_grid_astar::property_map_bytes() const noexcept {
    // One mode's predecessor, cost, distance and colour maps, plus the index-in-heap map BGL
    // allocates per query.
    return impl_->full.bytes() + impl_->xs.size() * sizeof(std::size_t);
}

bgl_result bgl_grid_astar::find_path(cell start, cell goal, bgl_mode mode) {
    impl& m = *impl_;
    bgl_result out;
    const auto height = static_cast<std::int32_t>(m.vertex_of.size() / std::max(1, m.width));
    const auto inside = [&](cell c) {
        return c.x >= 0 && c.y >= 0 && c.x < m.width && c.y < height;
    };
    if (!inside(start) || !inside(goal)) {
        return out;
    }
    const vertex_id s = m.vertex_of[static_cast<std::size_t>(start.y) * m.width + start.x];
    const vertex_id t = m.vertex_of[static_cast<std::size_t>(goal.y) * m.width + goal.x];
    if (s == no_vertex || t == no_vertex) {
        return out;
    }
    property_maps& pm = mode == bgl_mode::full_init ? m.full : m.no_init;
    const auto index = boost::get(boost::vertex_index, m.graph);
    auto pred = boost::make_iterator_property_map(pm.predecessor.begin(), index);
    auto cost = boost::make_iterator_property_map(pm.cost.begin(), index);
    auto dist = boost::make_iterator_property_map(pm.distance.begin(), index);
    auto color = boost::make_iterator_property_map(pm.color.begin(), index);
    const auto weight = boost::get(&edge_props::weight, m.graph);
    const octile_heuristic h(m.xs.data(), m.ys.data(), goal);
    const double inf = std::numeric_limits<double>::max();
    const double zero = 0.0;
    m.touched.clear();
    goal_visitor vis(t, &out.expanded, mode == bgl_mode::no_init ? &m.touched : nullptr);
    try {
        if (mode == bgl_mode::full_init) {
            boost::astar_search(m.graph, s, h, vis, pred, cost, dist, weight, index, color,
                                std::less<double>(), boost::closed_plus<double>(inf), inf, zero);
        } else {
            boost::put(dist, s, zero);
            boost::put(cost, s, h(s));
            boost::astar_search_no_init(m.graph, s, h, vis, pred, cost, dist, weight, color, index,
                                        std::less<double>(), boost::closed_plus<double>(inf), inf,
                                        zero);
        }
    } catch (const found_goal&) {
        out.found = true;
        out.cost = pm.distance[t];
        for (vertex_id v = t;; v = pm.predecessor[v]) {
            out.path.push_back({m.xs[v], m.ys[v]});
            if (v == s || pm.predecessor[v] == v) {
                break;
            }
        }
        std::reverse(out.path.begin(), out.path.end());
    }
    if (mode == bgl_mode::no_init) {
        for (const vertex_id v : m.touched) {
            pm.reset(v);
        }
        pm.reset(s);
    }
    return out;
}

} // namespace xunlu::bench
