// `xunlu poly`: polygon scenes (docs/formats.md#polygon-scene): check a scene and build its
// visibility graph, find the shortest path between two points, cast a ray.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "pixel_arg.hpp"
#include "xunlu/anyangle/polygon_graph.hpp"
#include "xunlu/encode/exit_status.hpp"
#include "xunlu/io/parse_error.hpp"

namespace xunlu::cli {

namespace {

struct poly_args {
    std::string scene;
    std::string from;
    std::string to;
    bool json = false;
};

anyangle::polygon_graph load_graph(const poly_args& a) {
    auto text = io::read_file(a.scene);
    if (!text.ok()) throw command_error{text.err().message};
    auto scene = anyangle::polygon_scene::parse(io::strip_utf8_bom(text.value()), a.scene);
    if (!scene.ok()) throw command_error{scene.err().message};
    const bool progress = stderr_is_terminal() && !a.json;
    anyangle::polygon_graph_progress report;
    if (progress) {
        report = [](std::size_t done, std::size_t total) {
            draw_progress("visibility graph", done, total);
        };
    }
    auto graph = anyangle::polygon_graph::build(std::move(scene.value()), report);
    if (progress) std::fprintf(stderr, "\n");
    return graph;
}

void run_check(const poly_args& a) {
    const anyangle::polygon_graph g = load_graph(a);
    if (a.json) {
        nlohmann::json j;
        j["scene"] = a.scene;
        j["polygons"] = g.scene().polygon_count();
        j["vertices"] = g.scene().vertex_count();
        j["bend_vertices"] = g.bend_count();
        j["graph_edges"] = g.edge_count();
        j["build_ms"] = g.build_ms();
        if (!g.problem().empty()) j["problem"] = g.problem();
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf("polygons       %zu (1 boundary, %zu obstacles)\nvertices       %zu\n"
                    "bend vertices  %zu\ngraph edges    %zu\nbuild          %.1f ms\n",
                    g.scene().polygon_count(), g.scene().polygon_count() - 1,
                    g.scene().vertex_count(), g.bend_count(), g.edge_count(), g.build_ms());
        if (!g.problem().empty()) std::printf("problem        %s\n", g.problem().c_str());
    }
    if (!g.problem().empty()) throw command_error{"", exit_bad_input};
}

void run_find(const poly_args& a) {
    const point from = parse_pixel(a.from, "--from");
    const point to = parse_pixel(a.to, "--to");
    const anyangle::polygon_graph g = load_graph(a);
    const auto began = std::chrono::steady_clock::now();
    const search::search_result r = g.find_path(from, to);
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
    const anyangle::polygon_graph g = load_graph(a);
    if (!g.scene().walkable(from)) {
        throw command_error{"--from (" + a.from + ") is not in the walkable region",
                            exit_bad_input};
    }
    const auto hit = g.raycast(from, to);
    if (a.json) {
        nlohmann::json j;
        j["clear"] = !hit.has_value();
        if (hit) j["hit"] = {hit->x, hit->y};
        std::printf("%s\n", j.dump().c_str());
    } else if (!hit) {
        std::printf("clear\n");
    } else {
        std::printf("blocked at (%g,%g)\n", hit->x, hit->y);
    }
    if (hit) throw command_error{"", exit_failed};
}

} // namespace

void register_poly(CLI::App& app) {
    auto* poly = app.add_subcommand(
        "poly", "polygon scenes: check, shortest paths, ray casts (docs/formats.md#polygon-scene)");
    poly->require_subcommand(1);
    const auto common = [](CLI::App* cmd, const std::shared_ptr<poly_args>& a, bool points) {
        cmd->add_option("scene", a->scene, "polygon scene file ('-' = standard input)")->required();
        if (points) {
            cmd->add_option("--from", a->from, "start point X,Y (scene units)")->required();
            cmd->add_option("--to", a->to, "end point X,Y")->required();
        }
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
}

} // namespace xunlu::cli
