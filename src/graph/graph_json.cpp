// The JSON graph form: schema-driven reading on the line-tracking reader, and writing.
#include "xunlu/graph/graph_json.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

#include "json_reader.hpp"
#include "xunlu/graph/graph_rows.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::graph {

namespace {

using detail::json_number;
using detail::json_reader;

/// Reads an object whose members are all in `keys` (each at most once), calling
/// `value(index_in_keys)` to read each value. Missing required keys are the caller's check.
template <std::size_t N, class Value>
bool read_fields(json_reader& in, const char* what, const char* const (&keys)[N], bool (&seen)[N],
                 Value&& value) {
    for (bool& s : seen) s = false;
    return in.read_object([&](std::string_view key, std::size_t line) {
        for (std::size_t k = 0; k < N; ++k) {
            if (key != keys[k]) continue;
            if (seen[k]) return in.fail("repeated key '" + std::string(key) + "' in " + what, line);
            seen[k] = true;
            return value(k);
        }
        std::string expected;
        for (std::size_t k = 0; k < N; ++k) expected += (k ? ", " : "") + std::string(keys[k]);
        return in.fail("unknown key '" + std::string(key).substr(0, 40) + "' in " + what +
                           " (expected " + expected + ")",
                       line);
    });
}

bool read_id(json_reader& in, const char* name, std::int64_t& out) {
    const std::size_t line = in.line();
    json_number n;
    if (!in.read_number(n)) return false;
    if (!n.integer) {
        return in.fail(std::string(name) + " must be an integer id (64-bit, no fraction)", line);
    }
    out = *n.integer;
    return true;
}

bool read_finite(json_reader& in, const char* name, double& out) {
    const std::size_t line = in.line();
    json_number n;
    if (!in.read_number(n)) return false;
    out = n.value;
    if (!std::isfinite(out)) return in.fail(std::string(name) + " must be finite", line);
    return true;
}

} // namespace

result<spatial_graph> parse_json_graph(std::string_view text, std::string_view file) {
    json_reader in(text, file);
    std::vector<node_row> nodes;
    std::vector<link_row> links;
    bool directed = false;
    static constexpr const char* top_keys[] = {"directed", "nodes", "edges"};
    bool top_seen[3];
    const std::size_t top_line = in.line();
    const bool ok = read_fields(in, "the graph", top_keys, top_seen, [&](std::size_t k) {
        if (k == 0) return in.read_bool(directed);
        if (k == 1) {
            return in.read_array([&](std::size_t line) {
                if (nodes.size() >= max_nodes) {
                    return in.fail("more than " + std::to_string(max_nodes) + " nodes", line);
                }
                static constexpr const char* keys[] = {"id", "x", "y"};
                bool seen[3];
                node_row r;
                r.line = line;
                if (!read_fields(in, "a node", keys, seen, [&](std::size_t f) {
                        if (f == 0) return read_id(in, "id", r.id);
                        return read_finite(in, keys[f], f == 1 ? r.x : r.y);
                    })) {
                    return false;
                }
                for (std::size_t f = 0; f < 3; ++f) {
                    if (!seen[f]) {
                        return in.fail("node without '" + std::string(keys[f]) + "'", line);
                    }
                }
                nodes.push_back(r);
                return true;
            });
        }
        return in.read_array([&](std::size_t line) {
            if (links.size() >= max_edges) {
                return in.fail("more than " + std::to_string(max_edges) + " edges", line);
            }
            static constexpr const char* keys[] = {"from", "to", "cost"};
            bool seen[3];
            link_row r;
            r.line = line;
            if (!read_fields(in, "an edge", keys, seen, [&](std::size_t f) {
                    if (f == 0) return read_id(in, "from", r.from);
                    if (f == 1) return read_id(in, "to", r.to);
                    return read_finite(in, "cost", r.cost);
                })) {
                return false;
            }
            for (std::size_t f = 0; f < 2; ++f) {
                if (!seen[f]) return in.fail("edge without '" + std::string(keys[f]) + "'", line);
            }
            r.has_cost = seen[2];
            links.push_back(r);
            return true;
        });
    });
    if (!ok) return in.failure();
    if (!in.at_end()) {
        in.fail("unexpected text after the graph object");
        return in.failure();
    }
    if (!top_seen[1]) return io::parse_error(file, top_line, 0, "the graph has no 'nodes' array");
    return build_from_rows(nodes, file, links, file,
                           directed ? edge_kind::directed : edge_kind::undirected);
}

result<spatial_graph> load_json_graph(const std::string& path) {
    // A JSON graph is an object: anything else is refused from its first bytes, not read whole.
    auto text = io::read_file(path, max_json_bytes, [&](std::string_view head) {
        const std::string_view body = io::strip_utf8_bom(head);
        const auto first = body.find_first_not_of(" \t\r\n");
        if (first == std::string_view::npos || body[first] == '{') return std::optional<error>{};
        return std::optional<error>(error{path + ": not a JSON graph (it starts with '{')"});
    });
    if (!text) return text.err();
    return parse_json_graph(*text, path);
}

std::string write_json_graph(const spatial_graph& g) {
    std::string out;
    out.reserve(g.size() * 48 + g.edge_count() * 48 + 64);
    char buf[128];
    out += g.directed() ? "{\"directed\": true,\n" : "{\"directed\": false,\n";
    out += "\"nodes\": [";
    for (std::uint32_t i = 0; i < g.size(); ++i) {
        const node& n = g.at(i);
        std::snprintf(buf, sizeof buf, "%s\n{\"id\": %lld, \"x\": %.17g, \"y\": %.17g}",
                      i ? "," : "", static_cast<long long>(n.id), n.at.x, n.at.y);
        out += buf;
    }
    out += "],\n\"edges\": [";
    bool first = true;
    for (std::uint32_t i = 0; i < g.size(); ++i) {
        const auto nbrs = g.neighbours(i);
        const auto costs = g.costs(i);
        bool skip_self = false; // an undirected self link is stored twice: write it once
        for (std::size_t k = 0; k < nbrs.size(); ++k) {
            if (!g.directed()) {
                if (nbrs[k] < i) continue;
                if (nbrs[k] == i) {
                    skip_self = !skip_self;
                    if (!skip_self) continue;
                }
            }
            std::snprintf(buf, sizeof buf, "%s\n{\"from\": %lld, \"to\": %lld, \"cost\": %.17g}",
                          first ? "" : ",", static_cast<long long>(g.at(i).id),
                          static_cast<long long>(g.at(nbrs[k]).id), costs[k]);
            out += buf;
            first = false;
        }
    }
    out += "]}\n";
    return out;
}

} // namespace xunlu::graph
