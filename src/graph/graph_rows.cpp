// Parsed rows to a spatial graph, with the checks every loader shares.
#include "xunlu/graph/graph_rows.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "xunlu/io/parse_error.hpp"

namespace xunlu::graph {

result<spatial_graph> build_from_rows(std::span<const node_row> rows, std::string_view nodes_file,
                                      std::span<const link_row> links, std::string_view links_file,
                                      edge_kind kind) {
    if (rows.empty()) return io::parse_error(nodes_file, 0, 0, "no nodes");
    if (rows.size() > max_nodes) {
        return io::parse_error(nodes_file, rows[max_nodes].line, 0,
                               "more than " + std::to_string(max_nodes) + " nodes");
    }
    if (links.size() > max_edges) {
        return io::parse_error(links_file, links[max_edges].line, 0,
                               "more than " + std::to_string(max_edges) + " links");
    }
    std::vector<node> nodes;
    nodes.reserve(rows.size());
    // (id, line, index) sorted by id then line: duplicates are neighbours, the first line first.
    std::vector<std::tuple<std::int64_t, std::size_t, std::uint32_t>> ids;
    ids.reserve(rows.size());
    for (const node_row& r : rows) {
        if (!(std::abs(r.x) <= max_coordinate) || !(std::abs(r.y) <= max_coordinate)) {
            char text[96];
            std::snprintf(text, sizeof text, "(%.6g, %.6g)", r.x, r.y);
            return io::parse_error(nodes_file, r.line, 0,
                                   "node " + std::to_string(r.id) + ": position " + text +
                                       " must be finite numbers within +-1e150");
        }
        ids.emplace_back(r.id, r.line, static_cast<std::uint32_t>(nodes.size()));
        nodes.push_back({r.id, {r.x, r.y}});
    }
    std::sort(ids.begin(), ids.end());
    std::size_t worst_line = 0; // the earliest line that repeats an id
    std::size_t first_line = 0;
    for (std::size_t k = 1; k < ids.size(); ++k) {
        if (std::get<0>(ids[k]) != std::get<0>(ids[k - 1])) continue;
        std::size_t first = k - 1;
        while (first > 0 && std::get<0>(ids[first - 1]) == std::get<0>(ids[k])) --first;
        if (worst_line == 0 || std::get<1>(ids[k]) < worst_line) {
            worst_line = std::get<1>(ids[k]);
            first_line = std::get<1>(ids[first]);
        }
    }
    if (worst_line != 0) {
        std::int64_t id = 0;
        for (const node_row& r : rows) {
            if (r.line == worst_line) id = r.id;
        }
        return io::parse_error(nodes_file, worst_line, 0,
                               "duplicate node id " + std::to_string(id) + " (first on line " +
                                   std::to_string(first_line) + ")");
    }
    auto index_of = [&](std::int64_t id) -> std::int64_t {
        const auto it =
            std::lower_bound(ids.begin(), ids.end(), id,
                             [](const auto& e, std::int64_t v) { return std::get<0>(e) < v; });
        if (it == ids.end() || std::get<0>(*it) != id) return -1;
        return std::get<2>(*it);
    };
    std::vector<edge> edges;
    edges.reserve(links.size());
    for (const link_row& l : links) {
        const std::int64_t a = index_of(l.from);
        const std::int64_t b = index_of(l.to);
        if (a < 0 || b < 0) {
            return io::parse_error(links_file, l.line, 0,
                                   "link " + std::to_string(l.from) + " -> " +
                                       std::to_string(l.to) + " names node id " +
                                       std::to_string(a < 0 ? l.from : l.to) +
                                       ", which is not in " + std::string(nodes_file));
        }
        double cost = 0;
        if (l.has_cost) {
            if (!std::isfinite(l.cost)) {
                return io::parse_error(links_file, l.line, 0, "cost must be finite");
            }
            if (l.cost < 0) {
                return io::parse_error(links_file, l.line, 0,
                                       "cost must be >= 0, got " + std::to_string(l.cost));
            }
            cost = l.cost;
        } else {
            cost = distance(nodes[static_cast<std::size_t>(a)].at,
                            nodes[static_cast<std::size_t>(b)].at);
        }
        edges.push_back({static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), cost});
    }
    return spatial_graph(std::move(nodes), edges, kind);
}

} // namespace xunlu::graph
