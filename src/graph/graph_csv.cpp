// roadPoint.csv / pathlink.csv to a spatial graph with free coordinates.
#include "xunlu/graph/graph_csv.hpp"

#include <cmath>
#include <filesystem>
#include <limits>

#include "xunlu/graph/csv_rows.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::graph {

namespace {

/// Largest CSV file read: 1 GiB (a few times the largest graph allowed).
constexpr std::size_t max_csv_bytes = std::size_t{1} << 30;

} // namespace

result<std::vector<node_row>> parse_node_rows(std::string_view text, std::string_view file,
                                              std::size_t max_rows) {
    std::vector<node_row> out;
    auto comment = [](std::string_view, std::size_t) -> result<bool> { return true; };
    auto row = [&](std::span<const std::string_view> f, std::size_t line) -> result<bool> {
        if (f.size() != 3) {
            return io::parse_error(file, line, 0,
                                   "expected 3 fields 'id,x,y', got " + std::to_string(f.size()));
        }
        node_row r;
        r.line = line;
        if (!csv::parse_int(f[0], r.id)) {
            return io::parse_error(file, line, 0, "id must be an integer, got " + csv::quote(f[0]));
        }
        const char* names[] = {"x", "y"};
        double* dst[] = {&r.x, &r.y};
        for (std::size_t i = 0; i < 2; ++i) {
            if (!csv::parse_number(f[i + 1], *dst[i])) {
                return io::parse_error(file, line, 0,
                                       std::string(names[i]) + " must be a number, got " +
                                           csv::quote(f[i + 1]));
            }
            if (!std::isfinite(*dst[i])) {
                return io::parse_error(file, line, 0,
                                       std::string(names[i]) + " must be finite, got " +
                                           csv::quote(f[i + 1]));
            }
        }
        if (out.size() >= max_rows) {
            return io::parse_error(file, line, 0,
                                   "more than " + std::to_string(max_rows) + " nodes");
        }
        out.push_back(r);
        return true;
    };
    if (auto r = csv::for_each_row(text, file, comment, row); !r) return r.err();
    return out;
}

result<std::vector<link_row>> parse_link_rows(std::string_view text, std::string_view file,
                                              std::size_t max_rows) {
    std::vector<link_row> out;
    auto comment = [](std::string_view, std::size_t) -> result<bool> { return true; };
    auto row = [&](std::span<const std::string_view> f, std::size_t line) -> result<bool> {
        if (f.size() != 2 && f.size() != 3) {
            return io::parse_error(file, line, 0,
                                   "expected 2 or 3 fields 'from,to[,cost]', got " +
                                       std::to_string(f.size()));
        }
        link_row r{0, 0, std::numeric_limits<double>::quiet_NaN(), false, line};
        if (!csv::parse_int(f[0], r.from)) {
            return io::parse_error(file, line, 0,
                                   "from must be an integer id, got " + csv::quote(f[0]));
        }
        if (!csv::parse_int(f[1], r.to)) {
            return io::parse_error(file, line, 0,
                                   "to must be an integer id, got " + csv::quote(f[1]));
        }
        if (f.size() == 3 && !f[2].empty()) {
            if (!csv::parse_number(f[2], r.cost)) {
                return io::parse_error(file, line, 0,
                                       "cost must be a number, got " + csv::quote(f[2]));
            }
            if (!std::isfinite(r.cost)) {
                return io::parse_error(file, line, 0,
                                       "cost must be finite, got " + csv::quote(f[2]));
            }
            if (r.cost < 0) {
                return io::parse_error(file, line, 0, "cost must be >= 0, got " + csv::quote(f[2]));
            }
            r.has_cost = true;
        }
        if (out.size() >= max_rows) {
            return io::parse_error(file, line, 0,
                                   "more than " + std::to_string(max_rows) + " links");
        }
        out.push_back(r);
        return true;
    };
    if (auto r = csv::for_each_row(text, file, comment, row); !r) return r.err();
    return out;
}

result<spatial_graph> parse_csv_graph(std::string_view nodes_text, std::string_view nodes_file,
                                      std::string_view links_text, std::string_view links_file,
                                      edge_kind kind) {
    auto nodes = parse_node_rows(nodes_text, nodes_file);
    if (!nodes) return nodes.err();
    auto links = parse_link_rows(links_text, links_file);
    if (!links) return links.err();
    return build_from_rows(*nodes, nodes_file, *links, links_file, kind);
}

result<spatial_graph> load_csv_graph(const std::string& dir, edge_kind kind) {
    const std::filesystem::path base(dir);
    std::error_code ec;
    if (!std::filesystem::is_directory(base, ec)) {
        return error{dir + ": not a folder (expected one holding " + std::string(road_point_file) +
                     " and " + std::string(path_link_file) + ")"};
    }
    const std::string nodes_path = (base / road_point_file).string();
    const std::string links_path = (base / path_link_file).string();
    auto nodes_text = io::read_file(nodes_path, max_csv_bytes);
    if (!nodes_text) return nodes_text.err();
    auto links_text = io::read_file(links_path, max_csv_bytes);
    if (!links_text) return links_text.err();
    return parse_csv_graph(*nodes_text, nodes_path, *links_text, links_path, kind);
}

} // namespace xunlu::graph
