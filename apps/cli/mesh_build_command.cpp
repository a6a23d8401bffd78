// `xunlu mesh build LEVEL.obj -o scene.navmesh [agent options]`: a tiled Recast build of an OBJ
// level, written as a Detour navmesh set file (all or nothing), with a progress bar on a
// terminal for big builds.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "xunlu/navmesh/navmesh_set_file.hpp"

namespace xunlu::cli {

namespace {

struct build_args {
    std::string level;
    std::string out;
    navmesh::build_config config;
    unsigned threads = 0;
    bool json = false;
};

void run_build(const build_args& a) {
    if (auto ok = navmesh::check_build_config(a.config); !ok) throw command_error{ok.err().message};
    const auto t0 = std::chrono::steady_clock::now();
    auto geometry = navmesh::load_obj(a.level);
    if (!geometry) throw command_error{geometry.err().message};
    const double load_us = micros_since(t0);
    navmesh::build_options options;
    options.threads = a.threads;
    bool shown = false;
    if (!a.json && stderr_is_terminal()) {
        options.progress = [&shown](std::size_t done, std::size_t total) {
            if (total < 64) return;
            shown = true;
            if (done == total || done % 16 == 0) draw_progress("tiles", done, total);
        };
    }
    const auto t1 = std::chrono::steady_clock::now();
    auto mesh = navmesh::build_navmesh(*geometry, a.config, options);
    if (!mesh) throw command_error{a.level + ": " + mesh.err().message};
    const double build_us = micros_since(t1);
    write_output(a.out, navmesh::navmesh_set_bytes(*mesh));
    if (a.json) {
        auto j = navmesh_summary_json(*mesh);
        j["level"] = a.level;
        j["out"] = a.out;
        j["triangles"] = geometry->triangles.size();
        j["load_ms"] = load_us / 1000;
        j["build_ms"] = build_us / 1000;
        write_stdout(j.dump() + "\n");
    } else {
        char text[512];
        std::snprintf(text, sizeof text,
                      "%s: %zu triangles -> %zu tiles, %u polygons, %zu vertices in %.1f ms; "
                      "wrote %s\n",
                      a.level.c_str(), geometry->triangles.size(), mesh->tile_count(),
                      mesh->polygon_count(), mesh->vertex_count(), build_us / 1000, a.out.c_str());
        write_stdout(text);
    }
}

} // namespace

void register_mesh_build(CLI::App& mesh) {
    auto a = std::make_shared<build_args>();
    auto* cmd = mesh.add_subcommand(
        "build", "build a navmesh from an OBJ level with Recast, tile by tile, and write it as a "
                 "Detour navmesh set file");
    cmd->add_option("level", a->level, "level geometry (Wavefront OBJ, y up, metres)")->required();
    cmd->add_option("-o,--out", a->out, "navmesh set file to write")->required();
    auto& c = a->config;
    cmd->add_option("--radius", c.agent_radius, "agent radius")->capture_default_str();
    cmd->add_option("--height", c.agent_height, "agent height")->capture_default_str();
    cmd->add_option("--max-climb", c.agent_max_climb, "highest step")->capture_default_str();
    cmd->add_option("--max-slope", c.agent_max_slope, "steepest slope, degrees")
        ->capture_default_str();
    cmd->add_option("--cell-size", c.cell_size, "voxel side (x, z)")->capture_default_str();
    cmd->add_option("--cell-height", c.cell_height, "voxel height (y)")->capture_default_str();
    cmd->add_option("--tile-size", c.tile_size, "tile side in cells")->capture_default_str();
    cmd->add_option("--region-min", c.region_min_size, "drop regions under this size squared")
        ->capture_default_str();
    cmd->add_option("--region-merge", c.region_merge_size, "merge regions under this size squared")
        ->capture_default_str();
    cmd->add_option("--edge-max-len", c.edge_max_len, "longest wall edge (0: no limit)")
        ->capture_default_str();
    cmd->add_option("--edge-max-error", c.edge_max_error, "wall simplification error, cells")
        ->capture_default_str();
    cmd->add_option("--verts-per-poly", c.verts_per_poly, "corners per polygon (3-6)")
        ->capture_default_str();
    cmd->add_option("--detail-sample-dist", c.detail_sample_dist, "detail sampling, cells")
        ->capture_default_str();
    cmd->add_option("--detail-max-error", c.detail_sample_max_error,
                    "detail height error, cell heights")
        ->capture_default_str();
    cmd->add_option("--threads", a->threads, "build threads (0: every core)")
        ->check(integer_range(0, 256));
    cmd->add_flag("--json", a->json, "print one JSON object");
    cmd->callback([a] { run_build(*a); });
}

} // namespace xunlu::cli
