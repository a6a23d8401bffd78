// `xunlu mesh`: navmesh scenes (docs/navmesh.md). `mesh info FILE` prints a navmesh set file's
// tiles, polygons, vertices, bounds and parameters; build, nearest, ray and path are added here
// from their own files.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/navmesh/navmesh_set_file.hpp"

namespace xunlu::cli {

navmesh::navmesh load_navmesh_or_fail(const std::string& path) {
    auto m = navmesh::load_navmesh_set(path);
    if (!m) throw command_error{m.err().message};
    return std::move(m).value();
}

nlohmann::json vec3_json(const navmesh::vec3& v) {
    return nlohmann::json::array({v.x, v.y, v.z});
}

navmesh::vec3 parse_vec3(const std::string& text, const std::string& flag) {
    float c[3] = {0, 0, 0};
    std::size_t at = 0;
    for (int k = 0; k < 3; ++k) {
        const std::size_t comma = k < 2 ? text.find(',', at) : text.size();
        if (comma == std::string::npos) break;
        const std::string part = text.substr(at, comma - at);
        std::size_t used = 0;
        try {
            c[k] = std::stof(part, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (part.empty() || used != part.size() || !std::isfinite(c[k]))
            throw command_error{flag + " must be X,Y,Z (three finite numbers), got '" + text + "'"};
        at = comma + 1;
        if (k == 2) return {c[0], c[1], c[2]};
    }
    throw command_error{flag + " must be X,Y,Z (three finite numbers), got '" + text + "'"};
}

nlohmann::json navmesh_summary_json(const navmesh::navmesh& m) {
    const auto& p = m.params();
    const auto b = m.bounds();
    return {{"tiles", m.tile_count()},
            {"polygons", m.polygon_count()},
            {"vertices", m.vertex_count()},
            {"off_mesh_links", m.off_mesh_links().size()},
            {"bounds", {{"min", vec3_json(b[0])}, {"max", vec3_json(b[1])}}},
            {"params",
             {{"origin", vec3_json(p.origin)},
              {"tile_width", p.tile_width},
              {"tile_depth", p.tile_depth},
              {"max_tiles", p.max_tiles},
              {"max_polygons_per_tile", p.max_polygons_per_tile},
              {"agent_height", p.agent_height},
              {"agent_radius", p.agent_radius},
              {"agent_max_climb", p.agent_max_climb}}}};
}

namespace {

struct info_args {
    std::string file;
    bool json = false;
};

void run_info(const info_args& a) {
    const auto m = load_navmesh_or_fail(a.file);
    if (a.json) {
        auto j = navmesh_summary_json(m);
        j["file"] = a.file;
        write_stdout(j.dump() + "\n");
        return;
    }
    const auto b = m.bounds();
    const auto& p = m.params();
    char text[1024];
    std::snprintf(text, sizeof text,
                  "%s: %zu tiles, %u polygons, %zu vertices, %zu off-mesh links\n"
                  "bounds (%g, %g, %g) to (%g, %g, %g)\n"
                  "tiles of %g x %g from (%g, %g, %g), at most %d tiles of %d polygons\n"
                  "agent height %g, radius %g, max climb %g\n",
                  a.file.c_str(), m.tile_count(), m.polygon_count(), m.vertex_count(),
                  m.off_mesh_links().size(), b[0].x, b[0].y, b[0].z, b[1].x, b[1].y, b[1].z,
                  p.tile_width, p.tile_depth, p.origin.x, p.origin.y, p.origin.z, p.max_tiles,
                  p.max_polygons_per_tile, p.agent_height, p.agent_radius, p.agent_max_climb);
    write_stdout(text);
}

} // namespace

void register_mesh(CLI::App& app) {
    auto* mesh = app.add_subcommand(
        "mesh", "navmesh scenes: build from level geometry (OBJ), info, nearest point, ray "
                "along the surface, exact path (docs/navmesh.md)");
    mesh->require_subcommand(1);
    auto a = std::make_shared<info_args>();
    auto* info = mesh->add_subcommand("info", "a navmesh set file's tiles, polygons and bounds");
    info->add_option("file", a->file, "navmesh set file (xunlu mesh build, RecastDemo)")
        ->required();
    info->add_flag("--json", a->json, "print one JSON object");
    info->callback([a] { run_info(*a); });
    register_mesh_build(*mesh);
    register_mesh_query(*mesh);
    register_mesh_path(*mesh);
}

} // namespace xunlu::cli
