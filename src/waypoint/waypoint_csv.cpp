// roadPoint.csv / pathlink.csv parsing and validation against the grid map.
#include "xunlu/waypoint/waypoint_csv.hpp"

#include <cmath>
#include <filesystem>
#include <limits>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>

#include "xunlu/graph/csv_rows.hpp"
#include "xunlu/graph/graph_csv.hpp"
#include "xunlu/grid/line_of_sight.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::waypoint {

namespace {

using graph::csv::parse_int;
using graph::csv::quote;
using graph::csv::trim;

} // namespace

std::string diagnostic::text() const {
    return file + ":" + std::to_string(line) + ": " +
           (level == severity::warning ? "warning: " : "") + message;
}

result<road_points> parse_road_points(std::string_view text, std::string_view file) {
    road_points out;
    auto comment = [&](std::string_view t, std::size_t line) -> result<bool> {
        t.remove_prefix(1);
        t = trim(t);
        if (!t.starts_with("map ") && !t.starts_with("map\t")) return true;
        t.remove_prefix(4);
        t = trim(t);
        const auto space = t.find_first_of(" \t");
        std::int64_t w = 0, h = 0;
        if (space == std::string_view::npos || !parse_int(trim(t.substr(0, space)), w) ||
            !parse_int(trim(t.substr(space + 1)), h) || w < 1 || h < 1) {
            return io::parse_error(file, line, 0,
                                   "'# map' line must be '# map WIDTH HEIGHT' with positive "
                                   "integers, got " +
                                       quote(t));
        }
        out.declared_width = w;
        out.declared_height = h;
        out.declared_line = line;
        return true;
    };
    auto row = [&](std::span<const std::string_view> f, std::size_t line) -> result<bool> {
        if (f.size() != 3) {
            return io::parse_error(file, line, 0,
                                   "expected 3 fields 'id,x,y', got " + std::to_string(f.size()));
        }
        road_point_row r{0, 0, 0, line};
        const char* names[] = {"id", "x", "y"};
        std::int64_t* dst[] = {&r.id, &r.x, &r.y};
        for (std::size_t i = 0; i < 3; ++i) {
            if (!parse_int(f[i], *dst[i])) {
                return io::parse_error(file, line, 0,
                                       std::string(names[i]) + " must be an integer, got " +
                                           quote(f[i]));
            }
        }
        if (out.rows.size() >= max_waypoints) {
            return io::parse_error(file, line, 0,
                                   "more than " + std::to_string(max_waypoints) + " waypoints");
        }
        out.rows.push_back(r);
        return true;
    };
    if (auto r = graph::csv::for_each_row(text, file, comment, row); !r) return r.err();
    return out;
}

result<std::vector<path_link_row>> parse_path_links(std::string_view text, std::string_view file) {
    return graph::parse_link_rows(text, file, max_links);
}

result<loaded_graph> build_graph(const grid::grid_map& map, const road_points& points,
                                 std::string_view points_file, std::span<const path_link_row> links,
                                 std::string_view links_file, const load_options& options) {
    std::vector<diagnostic> warnings;
    // Returns an error when strict, else records a warning.
    auto warn = [&](std::string_view file, std::size_t line,
                    std::string message) -> std::optional<error> {
        if (options.strict) return io::parse_error(file, line, 0, message);
        warnings.push_back({severity::warning, std::string(file), line, std::move(message)});
        return std::nullopt;
    };
    const std::string size_text =
        std::to_string(map.width()) + " x " + std::to_string(map.height());
    if (points.declared_width >= 0 &&
        (points.declared_width != map.width() || points.declared_height != map.height())) {
        return io::parse_error(
            points_file, points.declared_line, 0,
            "waypoint graph was made for a " + std::to_string(points.declared_width) + " x " +
                std::to_string(points.declared_height) + " map, but the map is " + size_text);
    }
    if (points.rows.empty()) return io::parse_error(points_file, 0, 0, "no waypoints");

    std::vector<waypoint> wps;
    wps.reserve(points.rows.size());
    std::vector<bool> usable;
    std::unordered_map<std::int64_t, std::size_t> line_of_id;
    for (const road_point_row& r : points.rows) {
        if (const auto [it, fresh] = line_of_id.emplace(r.id, r.line); !fresh) {
            return io::parse_error(points_file, r.line, 0,
                                   "duplicate waypoint id " + std::to_string(r.id) +
                                       " (first on line " + std::to_string(it->second) + ")");
        }
        if (r.x < 0 || r.y < 0 || r.x >= map.width() || r.y >= map.height()) {
            return io::parse_error(points_file, r.line, 0,
                                   "waypoint " + std::to_string(r.id) + " at cell (" +
                                       std::to_string(r.x) + "," + std::to_string(r.y) +
                                       ") is outside the " + size_text +
                                       " map (a graph for another map size?)");
        }
        const cell at{static_cast<std::int32_t>(r.x), static_cast<std::int32_t>(r.y)};
        const bool free = !map.is_high_obstacle(at);
        if (!free) {
            if (auto e = warn(points_file, r.line,
                              "waypoint " + std::to_string(r.id) + " at cell (" +
                                  std::to_string(r.x) + "," + std::to_string(r.y) +
                                  ") is inside a high obstacle; it is not used")) {
                return *e;
            }
        }
        usable.push_back(free);
        wps.push_back({r.id, at});
    }
    std::unordered_map<std::int64_t, std::uint32_t> index;
    for (std::uint32_t i = 0; i < wps.size(); ++i) index.emplace(wps[i].id, i);

    std::vector<link> kept;
    kept.reserve(links.size());
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    for (const path_link_row& r : links) {
        const auto fa = index.find(r.from);
        const auto fb = index.find(r.to);
        if (fa == index.end() || fb == index.end()) {
            const std::int64_t bad = fa == index.end() ? r.from : r.to;
            return io::parse_error(links_file, r.line, 0,
                                   "link refers to unknown waypoint id " + std::to_string(bad) +
                                       " (not in " + std::string(points_file) + ")");
        }
        const std::uint32_t a = fa->second, b = fb->second;
        const std::string name = "link " + std::to_string(r.from) + " -> " + std::to_string(r.to);
        if (a == b) {
            if (auto e = warn(links_file, r.line, name + " joins a waypoint to itself; ignored"))
                return *e;
            continue;
        }
        if (!seen.emplace(std::min(a, b), std::max(a, b)).second) {
            if (auto e = warn(links_file, r.line, name + " repeats an earlier link; ignored"))
                return *e;
            continue;
        }
        if (!usable[a] || !usable[b]) continue; // already warned about the waypoint
        const point pa = wps[a].centre(), pb = wps[b].centre();
        const auto ray = grid::cast_ray(map, pa, pb, grid::obstacle_mask::high_only);
        if (!ray.clear) {
            if (auto e = warn(links_file, r.line,
                              name + " crosses the high obstacle at cell (" +
                                  std::to_string(ray.blocked_cell.x) + "," +
                                  std::to_string(ray.blocked_cell.y) + "); ignored")) {
                return *e;
            }
            continue;
        }
        const double cost = r.has_cost ? r.cost : std::hypot(pa.x - pb.x, pa.y - pb.y);
        kept.push_back({a, b, cost});
    }
    // Unusable waypoints stay in the table (ids keep their meaning) but get no links; the
    // pipeline also skips them when joining endpoints.
    loaded_graph out{waypoint_graph(std::move(wps), kept), std::move(warnings)};
    return out;
}

result<loaded_graph> parse_waypoint_graph(const grid::grid_map& map, std::string_view points_text,
                                          std::string_view points_file, std::string_view links_text,
                                          std::string_view links_file,
                                          const load_options& options) {
    auto points = parse_road_points(points_text, points_file);
    if (!points) return points.err();
    auto links = parse_path_links(links_text, links_file);
    if (!links) return links.err();
    return build_graph(map, *points, points_file, *links, links_file, options);
}

result<loaded_graph> load_waypoint_graph(const grid::grid_map& map, const std::string& dir,
                                         const load_options& options) {
    const std::filesystem::path base(dir);
    std::error_code ec;
    if (!std::filesystem::is_directory(base, ec)) {
        return error{dir + ": not a folder (expected one holding " + std::string(road_point_file) +
                     " and " + std::string(path_link_file) + ")"};
    }
    const std::string points_path = (base / road_point_file).string();
    const std::string links_path = (base / path_link_file).string();
    auto points_text = io::read_file(points_path, std::size_t{256} << 20);
    if (!points_text) return points_text.err();
    auto links_text = io::read_file(links_path, std::size_t{512} << 20);
    if (!links_text) return links_text.err();
    return parse_waypoint_graph(map, *points_text, points_path, *links_text, links_path, options);
}

} // namespace xunlu::waypoint
