// `xunlu mesh nearest FILE --point x,y,z` and `xunlu mesh ray FILE --from x,y,z --to x,y,z`:
// Detour's nearest point and surface ray cast on a navmesh set file.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/navmesh/navmesh_query.hpp"

namespace xunlu::cli {

namespace {

struct query_args {
    std::string file;
    std::string point;
    std::string from;
    std::string to;
    std::string extents = "2,4,2";
    bool json = false;
};

navmesh::navmesh_query make_query(const query_args& a) {
    auto q = navmesh::navmesh_query::make(load_navmesh_or_fail(a.file));
    if (!q) throw command_error{q.err().message};
    return std::move(q).value();
}

std::string point_text(const navmesh::vec3& v) {
    char text[128];
    std::snprintf(text, sizeof text, "%g,%g,%g", v.x, v.y, v.z);
    return text;
}

void run_nearest(const query_args& a) {
    const auto p = parse_vec3(a.point, "--point");
    const auto ext = parse_vec3(a.extents, "--extents");
    auto q = make_query(a);
    auto r = q.nearest(p, ext);
    if (!r) {
        if (a.json)
            write_stdout(nlohmann::json{{"found", false}, {"error", r.err().message}}.dump() +
                         "\n");
        else
            write_stdout("no mesh: " + r.err().message + "\n");
        throw command_error{"", exit_failed};
    }
    if (a.json) {
        write_stdout(nlohmann::json{{"found", true},
                                    {"point", vec3_json(r->point)},
                                    {"height", r->point.y},
                                    {"polygon", r->polygon},
                                    {"over_polygon", r->over_polygon}}
                         .dump() +
                     "\n");
    } else {
        write_stdout(point_text(r->point) + " on polygon " + std::to_string(r->polygon) +
                     (r->over_polygon ? "" : " (nearest edge)") + "\n");
    }
}

void run_ray(const query_args& a) {
    const auto from = parse_vec3(a.from, "--from");
    const auto to = parse_vec3(a.to, "--to");
    const auto ext = parse_vec3(a.extents, "--extents");
    auto q = make_query(a);
    auto r = q.raycast(from, to, ext);
    if (!r) throw command_error{r.err().message};
    if (a.json) {
        nlohmann::json j{{"clear", r->reached},
                         {"t", r->t},
                         {"point", vec3_json(r->point)},
                         {"polygons", r->polygons.size()},
                         {"start_polygon", r->start_polygon},
                         {"end_polygon", r->end_polygon}};
        if (!r->reached) j["wall_normal"] = vec3_json(r->wall_normal);
        write_stdout(j.dump() + "\n");
    } else if (r->reached) {
        write_stdout("clear to " + point_text(r->point) + "\n");
    } else {
        write_stdout("hit a wall at " + point_text(r->point) + " (normal " +
                     point_text(r->wall_normal) + ")\n");
    }
    if (!r->reached) throw command_error{"", exit_failed};
}

} // namespace

void register_mesh_query(CLI::App& mesh) {
    auto n = std::make_shared<query_args>();
    auto* nearest = mesh.add_subcommand(
        "nearest", "the point on the navmesh nearest a 3D point (and its polygon, its floor)");
    nearest->add_option("file", n->file, "navmesh set file")->required();
    nearest->add_option("--point", n->point, "X,Y,Z (y up)")->required();
    nearest->add_option("--extents", n->extents, "search half-extents X,Y,Z")
        ->capture_default_str();
    nearest->add_flag("--json", n->json, "print one JSON object");
    nearest->callback([n] { run_nearest(*n); });
    auto r = std::make_shared<query_args>();
    auto* ray = mesh.add_subcommand(
        "ray", "cast along the surface from a point towards another: clear, or the wall hit "
               "(Detour's raycast)");
    ray->add_option("file", r->file, "navmesh set file")->required();
    ray->add_option("--from", r->from, "start X,Y,Z (snapped to the mesh within --extents)")
        ->required();
    ray->add_option("--to", r->to, "end X,Y,Z")->required();
    ray->add_option("--extents", r->extents, "search half-extents X,Y,Z")->capture_default_str();
    ray->add_flag("--json", r->json, "print one JSON object");
    ray->callback([r] { run_ray(*r); });
}

} // namespace xunlu::cli
