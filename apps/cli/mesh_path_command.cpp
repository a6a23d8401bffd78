// `xunlu mesh path FILE --from x,y,z --to x,y,z`: the exact shortest path on a navmesh. Start and
// goal are snapped onto the mesh with Detour's nearest point (navmesh_query), then searched by
// xunlu's exact search (mesh_path_search over a mesh_index of navmesh::polygons()); `--detour`
// also runs Detour's findPath + findStraightPath on the same snapped points, as the baseline.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/navmesh/level_geometry.hpp"
#include "xunlu/navmesh/mesh_path.hpp"
#include "xunlu/navmesh/navmesh_query.hpp"
#include "xunlu/navmesh/navmesh_set_file.hpp"

namespace xunlu::cli {

namespace {

struct path_args {
    std::string file;
    std::string from;
    std::string to;
    std::string extents = "2,4,2";
    std::uint64_t max_expansions = 0;
    bool json = false;
    bool detour = false;
};

bool is_obj(const std::string& path) {
    if (path.size() < 4) return false;
    std::string ext = path.substr(path.size() - 4);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".obj";
}

/// A navmesh set file, or an OBJ level built with the default agent (build_ms set).
navmesh::navmesh load_or_build(const std::string& file, double& build_ms) {
    if (!is_obj(file)) return load_navmesh_or_fail(file);
    auto geometry = navmesh::load_obj(file);
    if (!geometry) throw command_error{geometry.err().message};
    const auto t0 = std::chrono::steady_clock::now();
    auto mesh = navmesh::build_navmesh(*geometry, navmesh::build_config{});
    if (!mesh) throw command_error{file + ": " + mesh.err().message};
    build_ms = micros_since(t0) / 1000;
    return std::move(mesh).value();
}

double horizontal_length(const std::vector<navmesh::vec3>& pts) {
    double len = 0;
    for (std::size_t i = 1; i < pts.size(); ++i)
        len += std::hypot(double(pts[i].x) - pts[i - 1].x, double(pts[i].z) - pts[i - 1].z);
    return len;
}

/// The grid `find` status names for the same meanings.
const char* status_text(navmesh::mesh_path_status s) {
    switch (s) {
    case navmesh::mesh_path_status::found:
        return "found";
    case navmesh::mesh_path_status::unreachable:
        return "no_path";
    case navmesh::mesh_path_status::budget_reached:
        return "budget_exhausted";
    default:
        return "invalid_input";
    }
}

exit_code exit_for(navmesh::mesh_path_status s) {
    switch (s) {
    case navmesh::mesh_path_status::found:
        return exit_ok;
    case navmesh::mesh_path_status::unreachable:
    case navmesh::mesh_path_status::budget_reached:
        return exit_failed;
    default:
        return exit_bad_input;
    }
}

nlohmann::json points_json(const std::vector<navmesh::vec3>& pts) {
    auto a = nlohmann::json::array();
    for (const auto& p : pts) a.push_back(vec3_json(p));
    return a;
}

void print_points(const char* label, const std::vector<navmesh::vec3>& pts) {
    std::printf("%s", label);
    for (const auto& p : pts) std::printf(" (%g,%g,%g)", p.x, p.y, p.z);
    std::printf("\n");
}

void run_path(const path_args& a) {
    const auto from = parse_vec3(a.from, "--from");
    const auto to = parse_vec3(a.to, "--to");
    const auto ext = parse_vec3(a.extents, "--extents");
    double build_ms = -1;
    const auto mesh = load_or_build(a.file, build_ms);
    auto q = navmesh::navmesh_query::make(mesh);
    if (!q) throw command_error{q.err().message};
    const auto t_index = std::chrono::steady_clock::now();
    auto index = navmesh::mesh_index::build(mesh.polygons());
    if (!index) throw command_error{a.file + ": " + index.err().message};
    const double index_ms = micros_since(t_index) / 1000;

    // The query: both ends snapped onto the mesh, then the exact search.
    const auto t0 = std::chrono::steady_clock::now();
    navmesh::mesh_path_result r;
    const auto start = q->nearest(from, ext);
    const auto goal = start ? q->nearest(to, ext) : start;
    if (!start || !goal) {
        r.status = navmesh::mesh_path_status::invalid_input;
        r.message = std::string(start ? "--to" : "--from") + ": " +
                    (start ? goal.err().message : start.err().message);
    } else {
        navmesh::mesh_path_search search;
        r = search.find_path(*index, {.start = {start->point, start->polygon},
                                      .goal = {goal->point, goal->polygon},
                                      .max_expansions = a.max_expansions});
    }
    const double us = micros_since(t0);

    nlohmann::json j;
    j["status"] = status_text(r.status);
    if (r.status != navmesh::mesh_path_status::found) j["reason"] = r.message;
    j["length"] = r.length;
    j["length_3d"] = r.length_3d;
    j["points"] = points_json(r.points);
    j["expanded"] = r.expanded;
    j["generated"] = r.generated;
    j["time_us"] = us;
    j["index_ms"] = index_ms;
    if (build_ms >= 0) j["build_ms"] = build_ms;
    if (start && goal) {
        j["from"] = vec3_json(start->point);
        j["to"] = vec3_json(goal->point);
        j["start_polygon"] = start->polygon;
        j["goal_polygon"] = goal->polygon;
    }
    std::string detour_text;
    if (a.detour && start && goal) {
        const auto t1 = std::chrono::steady_clock::now();
        auto d = q->detour_baseline_path(start->point, goal->point, ext);
        const double dus = micros_since(t1);
        char text[256];
        if (d) {
            const double len = horizontal_length(d->points);
            j["detour_length"] = len;
            j["detour_length_3d"] = d->length;
            j["detour_partial"] = d->partial;
            j["detour_points"] = points_json(d->points);
            j["detour_time_us"] = dus;
            std::snprintf(text, sizeof text,
                          "detour     length %.6f (horizontal), 3D %.6f, %s, %zu points, %.1f us\n",
                          len, static_cast<double>(d->length),
                          d->partial ? "partial (did not reach the goal)" : "reached the goal",
                          d->points.size(), dus);
            detour_text = text;
        } else {
            j["detour_error"] = d.err().message;
            detour_text = "detour     failed: " + d.err().message + "\n";
        }
    }
    if (a.json) {
        write_stdout(j.dump() + "\n");
    } else {
        std::printf("status     %s%s%s\n", status_text(r.status), j.contains("reason") ? ": " : "",
                    j.contains("reason") ? r.message.c_str() : "");
        std::printf("length     %.6f (horizontal), 3D %.6f\n", r.length, r.length_3d);
        print_points("points    ", r.points);
        std::printf("expanded   %llu\ntime       %.1f us (index built in %.1f ms",
                    static_cast<unsigned long long>(r.expanded), us, index_ms);
        if (build_ms >= 0) std::printf(", navmesh in %.1f ms", build_ms);
        std::printf(")\n%s", detour_text.c_str());
        std::fflush(stdout);
    }
    // Exit 2 names the fault on stderr too (a negative answer is already in the output).
    if (r.status != navmesh::mesh_path_status::found) finish_with(exit_for(r.status), r.message);
}

} // namespace

void register_mesh_path(CLI::App& mesh) {
    auto a = std::make_shared<path_args>();
    auto* cmd = mesh.add_subcommand(
        "path", "the exact shortest path (horizontal length) between two points snapped onto "
                "the navmesh; --detour also runs Detour's path as the baseline");
    cmd->add_option("file", a->file,
                    "navmesh set file, or an OBJ level (built with the default agent)")
        ->required();
    cmd->add_option("--from", a->from, "start X,Y,Z (snapped to the mesh within --extents)")
        ->required();
    cmd->add_option("--to", a->to, "goal X,Y,Z (snapped likewise)")->required();
    cmd->add_option("--extents", a->extents, "snapping half-extents X,Y,Z")->capture_default_str();
    cmd->add_option("--max-expansions", a->max_expansions, "stop after N expansions (0: no limit)")
        ->capture_default_str();
    cmd->add_flag("--json", a->json, "print one JSON object");
    cmd->add_flag("--detour", a->detour,
                  "also Detour's findPath + findStraightPath on the same snapped points");
    cmd->callback([a] { run_path(*a); });
}

} // namespace xunlu::cli
