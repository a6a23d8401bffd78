// `xunlu poly`: polygon scenes (docs/formats.md#polygon-scene): check a scene and build its
// visibility graph, find the shortest path between two points, cast a ray (each optionally for
// an agent radius, on the inflated scene), convert a grid map into a scene.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <span>

#include "cli_common.hpp"
#include "pixel_arg.hpp"
#include "xunlu/anyangle/grid_polygons.hpp"
#include "xunlu/anyangle/polygon_graph.hpp"
#include "xunlu/anyangle/polygon_inflate.hpp"
#include "xunlu/encode/exit_status.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::cli {

namespace {

struct poly_args {
    std::string scene;
    std::string from;
    std::string to;
    std::optional<double> radius;
    std::optional<double> arc_tolerance;
    bool json = false;
};

double elapsed_ms(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since)
        .count();
}

/// A scene inflated by --radius: the component kept (the one holding `at` when given, else
/// the largest), the others, and how many there were.
struct inflated_pick {
    anyangle::polygon_scene scene;
    std::vector<anyangle::polygon_scene> others;
    std::size_t components = 0;
};

/// --arc-tolerance only changes how --radius inflates: refused alone rather than ignored.
void check_arc_tolerance(const std::optional<double>& radius,
                         const std::optional<double>& arc_tolerance) {
    if (arc_tolerance && !radius) {
        throw command_error{"--arc-tolerance needs --radius (it sets how finely inflation rounds "
                            "corners)"};
    }
}

/// Every walkable component of `scene` inflated by `radius` (largest first; empty when the
/// agent fits nowhere); the library's error (bad radius or tolerance) as a command_error.
std::vector<anyangle::polygon_scene> inflate_all_or_fail(const anyangle::polygon_scene& scene,
                                                         double radius,
                                                         const std::optional<double>& tolerance) {
    auto inflated =
        anyangle::inflate(scene, {.radius = radius, .arc_tolerance = tolerance.value_or(0)});
    if (!inflated.ok()) {
        throw command_error{(tolerance ? "--radius, --arc-tolerance: " : "--radius: ") +
                            inflated.err().message};
    }
    return std::move(inflated->scenes);
}

inflated_pick inflate_or_fail(const anyangle::polygon_scene& scene, double radius,
                              const std::optional<double>& tolerance,
                              const std::optional<point>& at, const std::string& at_name) {
    std::vector<anyangle::polygon_scene> scenes = inflate_all_or_fail(scene, radius, tolerance);
    if (scenes.empty()) {
        throw command_error{"no walkable region is left after inflating by radius " +
                            std::to_string(radius)};
    }
    std::size_t pick = 0;
    if (at) {
        pick = anyangle::scene_holding(scenes, *at);
        if (pick == scenes.size()) {
            throw command_error{at_name +
                                " is not in the walkable region after inflating by radius " +
                                std::to_string(radius)};
        }
    }
    inflated_pick out{std::move(scenes[pick]), {}, scenes.size()};
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        if (i != pick) out.others.push_back(std::move(scenes[i]));
    }
    return out;
}

struct loaded_graph {
    anyangle::polygon_graph graph;
    std::size_t components = 1; ///< walkable components after --radius
    /// The other inflated components (to tell no_path from a point outside every one).
    std::vector<anyangle::polygon_scene> others;
};

/// Reads, validates (and with --radius inflates, keeping the component holding `at`) the
/// scene and builds its graph.
loaded_graph load_graph(const poly_args& a, const std::optional<point>& at = {}) {
    check_arc_tolerance(a.radius, a.arc_tolerance);
    // At most 128 bytes per vertex of the scene limit (1,000,000 vertices): a larger file is
    // refused by its size, not read up to the 1 GiB file limit first.
    const std::string text = read_text_input(a.scene, anyangle::polygon_scene::max_vertices * 128,
                                             "", "a polygon scene");
    auto scene = anyangle::polygon_scene::parse(io::strip_utf8_bom(text), a.scene);
    if (!scene.ok()) throw command_error{scene.err().message};
    loaded_graph out{};
    if (a.radius) {
        inflated_pick p = inflate_or_fail(scene.value(), *a.radius, a.arc_tolerance, at,
                                          "--from (" + a.from + ")");
        scene = std::move(p.scene);
        out.others = std::move(p.others);
        out.components = p.components;
    }
    const bool progress = stderr_is_terminal() && !a.json;
    anyangle::polygon_graph_progress report;
    if (progress) {
        report = [](std::size_t done, std::size_t total) {
            draw_progress("visibility graph", done, total);
        };
    }
    out.graph = anyangle::polygon_graph::build(std::move(scene.value()), report);
    if (progress) std::fprintf(stderr, "\n");
    return out;
}

/// Adds `radius` and `components` to a JSON answer when --radius was given.
void add_radius(nlohmann::json& j, const poly_args& a, const loaded_graph& l) {
    if (!a.radius) return;
    j["radius"] = *a.radius;
    j["components"] = l.components;
}

void run_check(const poly_args& a) {
    const loaded_graph l = load_graph(a);
    const anyangle::polygon_graph& g = l.graph;
    if (a.json) {
        nlohmann::json j;
        j["scene"] = a.scene;
        j["polygons"] = g.scene().polygon_count();
        j["vertices"] = g.scene().vertex_count();
        j["bend_vertices"] = g.bend_count();
        j["graph_edges"] = g.edge_count();
        j["build_ms"] = g.build_ms();
        if (!g.problem().empty()) j["problem"] = g.problem();
        add_radius(j, a, l);
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("polygons       %zu (1 boundary, %zu obstacles)\nvertices       %zu\n"
                    "bend vertices  %zu\ngraph edges    %zu\nbuild          %.1f ms\n",
                    g.scene().polygon_count(), g.scene().polygon_count() - 1,
                    g.scene().vertex_count(), g.bend_count(), g.edge_count(), g.build_ms());
        if (!g.problem().empty()) std::printf("problem        %s\n", g.problem().c_str());
        if (a.radius) {
            std::printf("radius         %g (the largest of %zu walkable components)\n", *a.radius,
                        l.components);
        }
    }
    if (!g.problem().empty()) throw command_error{"", exit_bad_input};
}

void run_find(const poly_args& a) {
    const point from = parse_pixel(a.from, "--from");
    const point to = parse_pixel(a.to, "--to");
    const loaded_graph l = load_graph(a, from);
    const anyangle::polygon_graph& g = l.graph;
    const auto began = std::chrono::steady_clock::now();
    search::search_result r;
    if (!g.scene().walkable(to) && anyangle::scene_holding(l.others, to) < l.others.size()) {
        r.status = search::search_status::no_path;
        r.reason = "goal (" + a.to + ") is in another walkable component than the start after " +
                   "inflating by radius " + std::to_string(*a.radius);
    } else {
        r = g.find_path(from, to);
    }
    const double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - began).count();
    if (a.json) {
        nlohmann::json j;
        j["status"] = search::status_name(r.status);
        if (!r.reason.empty()) j["reason"] = r.reason;
        j["length"] = r.length;
        auto& pts = j["points"] = nlohmann::json::array();
        for (const point p : r.waypoints) pts.push_back({p.x, p.y});
        j["expanded"] = r.stats.expanded;
        j["time_us"] = us;
        j["build_ms"] = g.build_ms();
        add_radius(j, a, l);
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("status     %s%s%s\n", std::string(search::status_name(r.status)).c_str(),
                    r.reason.empty() ? "" : ": ", r.reason.c_str());
        std::printf("length     %.6f\npoints    ", r.length);
        for (const point p : r.waypoints) std::printf(" (%g,%g)", p.x, p.y);
        std::printf("\nexpanded   %llu\ntime       %.1f us (graph built in %.1f ms)\n",
                    static_cast<unsigned long long>(r.stats.expanded), us, g.build_ms());
    }
    if (r.status != search::search_status::found) {
        throw command_error{"", encode::exit_code_for(r.status)};
    }
}

void run_ray(const poly_args& a) {
    const point from = parse_pixel(a.from, "--from");
    const point to = parse_pixel(a.to, "--to");
    const loaded_graph l = load_graph(a, from);
    const anyangle::polygon_graph& g = l.graph;
    if (!g.scene().walkable(from)) {
        throw command_error{"--from (" + a.from + ") is not in the walkable region",
                            exit_bad_input};
    }
    const auto hit = g.raycast(from, to);
    if (a.json) {
        nlohmann::json j;
        j["clear"] = !hit.has_value();
        if (hit) j["hit"] = {hit->x, hit->y};
        add_radius(j, a, l);
        std::printf("%s\n", j.dump().c_str());
    } else if (!hit) {
        std::printf("clear\n");
    } else {
        std::printf("blocked at (%g,%g)\n", hit->x, hit->y);
    }
    if (hit) throw command_error{"", exit_failed};
}

/// At most this many scene files from one `convert --all` unless --max-files says otherwise.
constexpr std::size_t default_max_files = 100'000;

struct convert_args {
    std::string map;
    std::string out;
    std::string at;
    std::string layers;
    std::optional<double> radius;
    std::optional<double> arc_tolerance;
    bool all = false;
    std::optional<std::size_t> max_files; ///< --max-files (with --all), else default_max_files
    bool ignore_low = false;
    bool json = false;
};

void write_text(const std::string& path, const std::string& text) {
    write_output(path, text);
}

/// File `index` of `convert --all -o out`: the index goes before the extension (out.scene ->
/// out.3.scene; out -> out.3), in the folder of `out`.
std::string numbered_path(const std::string& out, std::size_t index) {
    const std::filesystem::path p(out);
    std::filesystem::path name = p.stem();
    name += "." + std::to_string(index);
    name += p.extension();
    return (p.parent_path() / name).string();
}

/// `convert --all`: every walkable region of `traced` (each inflated by --radius, its components
/// one file each) to numbered files. Every scene is made and the count checked before the first
/// file is written.
void convert_all(const convert_args& a, const grid::grid_map& map,
                 const anyangle::grid_polygons& traced, double trace_ms) {
    const std::span<const anyangle::grid_region> regions = traced.regions();
    const std::size_t max_files = a.max_files.value_or(default_max_files);
    if (!a.radius && regions.size() > max_files) {
        throw command_error{"--all would write " + std::to_string(regions.size()) +
                            " files (one per walkable region), over the limit of " +
                            std::to_string(max_files) + " (--max-files); nothing written"};
    }
    struct region_file {
        std::size_t region = 0;
        const anyangle::polygon_scene* scene = nullptr;
    };
    std::vector<region_file> files;
    std::deque<anyangle::polygon_scene> inflated; // stable addresses for `files`
    std::vector<std::size_t> vanished;            // regions with no room left for the agent
    double inflate_ms = 0;
    if (a.radius) {
        const auto inflating = std::chrono::steady_clock::now();
        for (std::size_t r = 0; r < regions.size(); ++r) {
            std::vector<anyangle::polygon_scene> parts;
            try {
                parts = inflate_all_or_fail(regions[r].scene, *a.radius, a.arc_tolerance);
            } catch (command_error& e) {
                e.message = "region " + std::to_string(r) + ": " + e.message;
                throw;
            }
            if (parts.empty()) vanished.push_back(r);
            for (anyangle::polygon_scene& s : parts) {
                inflated.push_back(std::move(s));
                files.push_back({r, &inflated.back()});
            }
            if (files.size() > max_files) {
                throw command_error{"--all would write over " + std::to_string(max_files) +
                                    " files (the walkable components of " + std::to_string(r + 1) +
                                    " of " + std::to_string(regions.size()) +
                                    " regions inflated so far), the limit (--max-files); "
                                    "nothing written"};
            }
        }
        inflate_ms = elapsed_ms(inflating);
        if (files.empty()) {
            throw command_error{"no walkable region is left after inflating by radius " +
                                std::to_string(*a.radius) + " (all " +
                                std::to_string(regions.size()) +
                                " regions vanished); nothing written"};
        }
    } else {
        for (std::size_t r = 0; r < regions.size(); ++r) files.push_back({r, &regions[r].scene});
    }
    std::vector<std::string> paths;
    paths.reserve(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        paths.push_back(numbered_path(a.out, i));
        write_text(paths.back(), files[i].scene->to_text());
    }
    if (a.json) {
        nlohmann::json j;
        j["map"] = a.map;
        j["width"] = map.width();
        j["height"] = map.height();
        j["regions"] = regions.size();
        j["trace_ms"] = trace_ms;
        j["out"] = a.out;
        auto& list = j["files"] = nlohmann::json::array();
        for (std::size_t i = 0; i < files.size(); ++i) {
            list.push_back({{"file", paths[i]},
                            {"region", files[i].region},
                            {"polygons", files[i].scene->polygon_count()},
                            {"vertices", files[i].scene->vertex_count()},
                            {"cells", regions[files[i].region].cells}});
        }
        if (a.radius) {
            j["radius"] = *a.radius;
            j["inflate_ms"] = inflate_ms;
            j["vanished"] = vanished;
        }
        std::printf("%s\n", j.dump().c_str());
        return;
    }
    std::printf("regions    %zu walkable -> %zu files\n", regions.size(), files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        const anyangle::grid_region& from = regions[files[i].region];
        std::printf("file       %s: region %zu (%lld cells), %zu polygons, %zu vertices\n",
                    paths[i].c_str(), files[i].region, static_cast<long long>(from.cells),
                    files[i].scene->polygon_count(), files[i].scene->vertex_count());
    }
    for (const std::size_t r : vanished) {
        std::printf("vanished   region %zu (%lld cells): no room for the agent, no file\n", r,
                    static_cast<long long>(regions[r].cells));
    }
    std::printf("trace      %.1f ms\n", trace_ms);
    if (a.radius) std::printf("radius     %g (inflated in %.1f ms)\n", *a.radius, inflate_ms);
}

void run_convert(const convert_args& a) {
    if (a.json && a.out == "-") {
        throw command_error{"-o - and --json would both write to standard output"};
    }
    check_arc_tolerance(a.radius, a.arc_tolerance);
    if (a.max_files && !a.all) {
        throw command_error{"--max-files limits the files of --all: give --all or leave it out"};
    }
    if (a.all && !a.at.empty()) {
        throw command_error{"--all writes every walkable region and --at picks one: give one of "
                            "them"};
    }
    if (a.all && (a.out.empty() || a.out == "-")) {
        throw command_error{"--all needs -o FILE (not -): region files are named after it, the "
                            "index before the extension (out.scene -> out.0.scene, out.1.scene, "
                            "...)"};
    }
    const grid::grid_map map = load_map_or_fail(a.map, a.layers);
    std::optional<point> at;
    if (!a.at.empty()) at = parse_pixel(a.at, "--at");
    const auto began = std::chrono::steady_clock::now();
    auto traced = anyangle::grid_polygons::trace(
        map, {.mask = a.ignore_low ? grid::obstacle_mask::high_only
                                   : grid::obstacle_mask::high_and_low});
    if (!traced.ok()) throw command_error{a.map + ": " + traced.err().message};
    const double trace_ms = elapsed_ms(began);
    if (traced->regions().empty()) {
        throw command_error{a.map + ": no free cell, so no walkable region to convert"};
    }
    if (a.all) {
        convert_all(a, map, traced.value(), trace_ms);
        return;
    }
    std::size_t region = traced->largest();
    if (at) {
        region = anyangle::grid_polygons::none;
        const double fx = std::floor(at->x);
        const double fy = std::floor(at->y);
        if (fx >= 0 && fy >= 0 && fx < map.width() && fy < map.height()) {
            region =
                traced->region_of({static_cast<std::int32_t>(fx), static_cast<std::int32_t>(fy)});
        }
        if (region == anyangle::grid_polygons::none) {
            throw command_error{"--at (" + a.at + ") is not in a free cell of the map"};
        }
    }
    const anyangle::grid_region& chosen = traced->regions()[region];
    anyangle::polygon_scene scene = chosen.scene;
    std::size_t components = 1;
    double inflate_ms = 0;
    if (a.radius) {
        const auto inflating = std::chrono::steady_clock::now();
        inflated_pick p =
            inflate_or_fail(scene, *a.radius, a.arc_tolerance, at, "--at (" + a.at + ")");
        scene = std::move(p.scene);
        components = p.components;
        inflate_ms = elapsed_ms(inflating);
    }
    if (!a.out.empty() || !a.json) write_text(a.out.empty() ? "-" : a.out, scene.to_text());
    if (a.json) {
        nlohmann::json j;
        j["map"] = a.map;
        j["width"] = map.width();
        j["height"] = map.height();
        j["regions"] = traced->regions().size();
        j["region"] = region;
        j["cells"] = chosen.cells;
        j["pinches"] = chosen.pinches;
        j["polygons"] = scene.polygon_count();
        j["vertices"] = scene.vertex_count();
        j["trace_ms"] = trace_ms;
        if (a.radius) {
            j["radius"] = *a.radius;
            j["components"] = components;
            j["inflate_ms"] = inflate_ms;
        }
        if (!a.out.empty()) j["out"] = a.out;
        std::printf("%s\n", j.dump().c_str());
    } else if (!a.out.empty() && a.out != "-") {
        std::printf("regions    %zu walkable (kept region %zu: %lld cells, %zu pinches)\n"
                    "scene      %zu polygons, %zu vertices -> %s\ntrace      %.1f ms\n",
                    traced->regions().size(), region, static_cast<long long>(chosen.cells),
                    chosen.pinches, scene.polygon_count(), scene.vertex_count(), a.out.c_str(),
                    trace_ms);
        if (a.radius) {
            std::printf("radius     %g (%zu walkable components; inflated in %.1f ms)\n", *a.radius,
                        components, inflate_ms);
        }
    }
}

} // namespace

void register_poly(CLI::App& app) {
    auto* poly = app.add_subcommand(
        "poly", "polygon scenes: check, shortest paths, ray casts, grid conversion "
                "(docs/formats.md#polygon-scene); convex meshes of grid maps");
    poly->require_subcommand(1);
    const auto common = [](CLI::App* cmd, const std::shared_ptr<poly_args>& a, bool points) {
        cmd->add_option("scene", a->scene, "polygon scene file ('-' = standard input)")->required();
        if (points) {
            cmd->add_option("--from", a->from, "start point X,Y (scene units)")->required();
            cmd->add_option("--to", a->to, "end point X,Y")->required();
        }
        cmd->add_option("--radius", a->radius,
                        "agent radius (scene units): inflate the scene first and keep the "
                        "walkable component holding --from (check: the largest)");
        cmd->add_option(
            "--arc-tolerance", a->arc_tolerance,
            "with --radius: how far a rounded corner's chords may stray from the true arc "
            "(scene units; default radius / 100, at least radius / 10000)");
        cmd->add_flag("--json", a->json, "print one JSON object");
    };
    auto check_args = std::make_shared<poly_args>();
    auto* check = poly->add_subcommand(
        "check", "validate a scene and build its visibility graph (counts, build time)");
    common(check, check_args, false);
    check->callback([check_args] { run_check(*check_args); });
    auto find_args = std::make_shared<poly_args>();
    auto* find = poly->add_subcommand("find", "the shortest path between two walkable points");
    common(find, find_args, true);
    find->callback([find_args] { run_find(*find_args); });
    auto ray_args = std::make_shared<poly_args>();
    auto* ray = poly->add_subcommand(
        "ray", "cast a ray from a walkable point: clear, or the first point it leaves the region");
    common(ray, ray_args, true);
    ray->callback([ray_args] { run_ray(*ray_args); });
    auto convert_args_ = std::make_shared<convert_args>();
    auto* convert = poly->add_subcommand(
        "convert", "trace a grid map's walkable region (--all: every region) into a polygon "
                   "scene (cell units)");
    convert->add_option("map", convert_args_->map, "map file (any format the CLI reads)")
        ->required();
    convert->add_option("-o,--out", convert_args_->out,
                        "scene file to write ('-' = standard output, the default without "
                        "--json); with --all the region index goes before its extension");
    convert->add_option("--at", convert_args_->at,
                        "X,Y: keep the walkable region of the cell holding this point (default: "
                        "the largest region)");
    convert->add_flag("--all", convert_args_->all,
                      "write every walkable region, one scene file each (needs -o FILE: "
                      "FILE.0.ext, FILE.1.ext, ...; not with --at)");
    // A map of isolated free cells has a region per cell: 2 million on the largest map traced.
    convert
        ->add_option("--max-files", convert_args_->max_files,
                     "with --all: refuse (before writing any) to write more scene files than this "
                     "(default 100000)")
        ->check(integer_range(std::size_t{1}, std::size_t{100'000'000}));
    convert->add_option("--radius", convert_args_->radius,
                        "agent radius in cells: inflate the scene (keeping the component holding "
                        "--at, else the largest; with --all every component of every region)");
    convert->add_option(
        "--arc-tolerance", convert_args_->arc_tolerance,
        "with --radius: how far a rounded corner's chords may stray from the true arc "
        "(cells; default radius / 100, at least radius / 10000)");
    convert->add_flag("--ignore-low", convert_args_->ignore_low,
                      "low obstacles do not block (default: they do)");
    add_layers_option(*convert, convert_args_->layers);
    convert->add_flag("--json", convert_args_->json, "print counts as one JSON object");
    convert->callback([convert_args_] { run_convert(*convert_args_); });
    register_poly_mesh(*poly);
}

} // namespace xunlu::cli
