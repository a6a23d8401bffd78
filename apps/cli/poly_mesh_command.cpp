// `xunlu poly mesh MAP`: a grid map's walkable area as a convex navigation mesh
// (anyangle::convex_mesh): counts and build time beside the rectangle mesh that `polyanya`
// searches today, and optionally the mesh as an SVG picture; with a start and a goal, which
// polygons a `polyanya-convex` query between them may cross (the blocks between them).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "xunlu/anyangle/convex_mesh.hpp"
#include "xunlu/anyangle/rect_mesh.hpp"

namespace xunlu::cli {

namespace {

struct mesh_args {
    std::string map;
    std::string svg;
    std::string layers;
    std::string from;
    std::string to;
    bool ignore_low = false;
    bool json = false;
};

/// Per polygon, whether a query from polygon `a` to polygon `b` may cross it: a polygon of a
/// block on the block-cut tree's path between them. Empty when the two are not joined.
std::vector<bool> open_between(const anyangle::convex_mesh& mesh, std::uint32_t a,
                               std::uint32_t b) {
    const anyangle::polygon_blocks& blocks = mesh.blocks();
    std::vector<bool> block_open(blocks.block_count(), false);
    if (!blocks.for_blocks_between(a, b, [&](std::uint32_t k) { block_open[k] = true; })) {
        return {};
    }
    std::vector<bool> open(mesh.polygon_count(), false);
    open[a] = open[b] = true;
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        for (const anyangle::packed_side& e : mesh.sides(p)) {
            if (e.block != anyangle::polygon_blocks::no_block && block_open[e.block])
                open[p] = true;
        }
    }
    return open;
}

/// Largest map drawn with --svg (cells): beyond it the file would run to hundreds of MB.
constexpr std::int64_t max_svg_cells = std::int64_t{4096} * 4096;

/// The mesh drawn over the map: blocked cells dark, live polygons light blue, dead ends grey,
/// every side outlined; with `open` (a query's polygons), those light blue and the others grey,
/// and `ends` (its start and goal polygons) orange. One SVG unit per cell.
std::string mesh_svg(const grid::grid_map& map, const anyangle::convex_mesh& mesh,
                     const std::vector<bool>& open, const std::vector<std::uint32_t>& ends) {
    std::ostringstream out;
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << map.width() << ' '
        << map.height() << "\" width=\"" << map.width() * 2 << "\" height=\"" << map.height() * 2
        << "\" shape-rendering=\"crispEdges\">\n<rect width=\"100%\" height=\"100%\" "
           "fill=\"#333\"/>\n";
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        out << "<polygon points=\"";
        for (const std::uint32_t v : mesh.corners(p)) {
            const anyangle::mesh_point c = mesh.vertex(v);
            out << c.x << ',' << c.y << ' ';
        }
        const bool light = ends.empty() ? mesh.dead_parent(p) == anyangle::convex_mesh::live
                                        : !open.empty() && open[p];
        const bool end = std::find(ends.begin(), ends.end(), p) != ends.end();
        out << "\" fill=\""
            << (end     ? "#f4a259"
                : light ? "#cfe3f7"
                        : "#d9d9d9")
            << "\" stroke=\"#3a6ea5\" stroke-width=\"0.08\"/>\n";
    }
    out << "</svg>\n";
    return out.str();
}

void run_mesh(const mesh_args& a) {
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    const grid::obstacle_mask mask =
        a.ignore_low ? grid::obstacle_mask::high_only : grid::obstacle_mask::high_and_low;
    if (!a.svg.empty() && static_cast<std::int64_t>(map.width()) * map.height() > max_svg_cells) {
        throw command_error{a.map + ": --svg draws maps of up to 4096 x 4096 cells"};
    }
    const anyangle::convex_mesh mesh = anyangle::convex_mesh::build(map, mask);
    if (!mesh.problem().empty()) throw command_error{a.map + ": " + mesh.problem()};
    if (a.from.empty() != a.to.empty()) throw command_error{"--from and --to go together"};
    std::vector<std::uint32_t> ends;
    std::vector<bool> open;
    if (!a.from.empty()) {
        for (const auto& [text, what] : {std::pair{a.from, "--from"}, std::pair{a.to, "--to"}}) {
            const cell c = parse_cell(text, what);
            const std::uint32_t p = mesh.polygon_at(c);
            if (p == anyangle::convex_mesh::no_polygon) {
                throw command_error{std::string(what) + " " + text + ": cell " +
                                    std::to_string(c.x) + "," + std::to_string(c.y) +
                                    " is blocked or off the map"};
            }
            ends.push_back(p);
        }
        open = open_between(mesh, ends[0], ends[1]);
    }
    const anyangle::rect_mesh rects = anyangle::rect_mesh::build(map, mask);
    std::size_t live = 0;
    std::size_t corners = 0;
    for (std::uint32_t p = 0; p < mesh.polygon_count(); ++p) {
        live += mesh.dead_parent(p) == anyangle::convex_mesh::live ? 1 : 0;
        corners += mesh.corners(p).size();
    }
    std::size_t live_rects = 0;
    for (std::uint32_t r = 0; r < rects.rect_count(); ++r) {
        live_rects += rects.dead_parent(r) == anyangle::rect_mesh::live ? 1 : 0;
    }
    if (!a.svg.empty()) {
        write_output(a.svg, mesh_svg(map, mesh, open, ends));
    }
    if (a.json) {
        nlohmann::json j{{"map", a.map},
                         {"width", map.width()},
                         {"height", map.height()},
                         {"polygons", mesh.polygon_count()},
                         {"live_polygons", live},
                         {"corners", corners},
                         {"vertices", mesh.vertex_count()},
                         {"border_points", mesh.border_point_count()},
                         {"triangles", mesh.triangle_count()},
                         {"build_ms", mesh.build_ms()},
                         {"memory_bytes", mesh.memory_bytes()},
                         {"rectangles", rects.rect_count()},
                         {"live_rectangles", live_rects},
                         {"rect_build_ms", rects.build_ms()},
                         {"blocks", mesh.blocks().block_count()},
                         {"cut_polygons", mesh.blocks().cut_count()}};
        if (!a.svg.empty()) j["svg"] = a.svg;
        if (!ends.empty()) {
            j["joined"] = !open.empty();
            j["open_polygons"] = std::count(open.begin(), open.end(), true);
        }
        std::printf("%s\n", j.dump().c_str());
        return;
    }
    std::printf("%s: %zu convex polygons (%zu not dead ends, %zu corners, %zu blocks, %zu cut "
                "polygons) from %zu free triangles over %zu border points, built in %.1f ms; the "
                "rectangle mesh has %zu rectangles (%zu not dead ends)\n",
                a.map.c_str(), mesh.polygon_count(), live, corners, mesh.blocks().block_count(),
                mesh.blocks().cut_count(), mesh.triangle_count(), mesh.border_point_count(),
                mesh.build_ms(), rects.rect_count(), live_rects);
    if (!ends.empty()) {
        if (open.empty()) {
            std::printf("--from and --to are not joined: no path between them\n");
        } else {
            std::printf("a polyanya-convex query between them may cross %zu of the polygons\n",
                        static_cast<std::size_t>(std::count(open.begin(), open.end(), true)));
        }
    }
}

} // namespace

void register_poly_mesh(CLI::App& poly) {
    auto args = std::make_shared<mesh_args>();
    auto* mesh = poly.add_subcommand(
        "mesh", "a grid map's walkable area as a mesh of convex polygons (counts, build time, "
                "--svg picture) beside the rectangle mesh");
    mesh->add_option("map", args->map, "map file (any format the CLI reads)")->required();
    mesh->add_option("--svg", args->svg,
                     "draw the mesh to this SVG file (live polygons blue, dead ends grey)");
    mesh->add_option("--from", args->from,
                     "start cell X,Y: with --to, which polygons a polyanya-convex query between "
                     "them may cross (the blocks between them; --svg draws them blue, the rest "
                     "grey, the two ends orange)");
    mesh->add_option("--to", args->to, "goal cell X,Y (with --from)");
    mesh->add_flag("--ignore-low", args->ignore_low,
                   "low obstacles do not block (default: they do)");
    add_layers_option(*mesh, args->layers);
    mesh->add_flag("--json", args->json, "print one JSON object");
    mesh->callback([args] { run_mesh(*args); });
}

} // namespace xunlu::cli
