// The C API's scenes and route queries (pixels): create, waypoints, atomic cell updates, routes.
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "handles.hpp"
#include "xunlu/facade/route.hpp"
#include "xunlu/pipeline/route_finder.hpp"

namespace xunlu::capi {
namespace {

/// One route_finder per thread and algorithm, kept between queries (route_finder is
/// per-thread by contract; its scratch memory is what makes repeated queries cheap).
result<pipeline::route_finder*> thread_route_finder(const std::string& algorithm) {
    thread_local std::map<std::string, pipeline::route_finder, std::less<>> finders;
    if (auto it = finders.find(algorithm); it != finders.end()) return &it->second;
    auto made = facade::make_route_finder(algorithm);
    if (!made) return made.err();
    return &finders.emplace(algorithm, std::move(made).value()).first->second;
}

int status_code(pipeline::route_status s) {
    switch (s) {
    case pipeline::route_status::straight_line:
    case pipeline::route_status::found:
        return XUNLU_OK;
    case pipeline::route_status::partial:
        return XUNLU_BUDGET_EXHAUSTED;
    case pipeline::route_status::no_path:
        return XUNLU_NO_PATH;
    case pipeline::route_status::invalid:
        return XUNLU_INVALID_ARGUMENT;
    }
    return XUNLU_INTERNAL_ERROR;
}

int convert_route_request(const char* fn, const xunlu_route_request& in,
                          pipeline::route_request& out) {
    for (const double v : {in.start.x, in.start.y, in.goal.x, in.goal.y}) {
        if (!std::isfinite(v)) {
            return fail(XUNLU_INVALID_ARGUMENT,
                        std::string(fn) + ": start and goal must be finite pixel coordinates");
        }
    }
    if (in.stop_short < 0) {
        return fail(XUNLU_INVALID_ARGUMENT, std::string(fn) + ": stop_short is " +
                                                std::to_string(in.stop_short) +
                                                " (0 or more cells)");
    }
    out.start = {in.start.x, in.start.y};
    out.goal = {in.goal.x, in.goal.y};
    out.stop_short = in.stop_short;
    if (in.four_way != 0) out.rules.moves = grid::connectivity::four;
    out.low_obstacles_block = in.ignore_low_obstacles == 0;
    out.max_expansions = in.max_expansions;
    if (in.unit_size < 0) {
        return fail(XUNLU_INVALID_ARGUMENT, std::string(fn) + ": unit_size is " +
                                                std::to_string(in.unit_size) + " (0 or 1..32)");
    }
    out.layers.unit_size = in.unit_size == 0 ? 1 : in.unit_size;
    return convert_deadline(fn, in.deadline_ms, out.deadline);
}

} // namespace
} // namespace xunlu::capi

using namespace xunlu;
using namespace xunlu::capi;

extern "C" {

int xunlu_scene_create(const xunlu_map* map, double cell_size, xunlu_scene** out) {
    const char* fn = "xunlu_scene_create";
    return guarded(fn, [&] {
        if (out == nullptr) return null_argument(fn, "out");
        *out = nullptr;
        if (map == nullptr) return null_argument(fn, "map");
        if (!std::isfinite(cell_size) || cell_size <= 0) {
            return fail(XUNLU_INVALID_ARGUMENT, std::string(fn) + ": cell_size is " +
                                                    std::to_string(cell_size) +
                                                    " (a finite number of pixels > 0)");
        }
        pipeline::scene_options options;
        options.cell_size = cell_size;
        auto made = facade::make_scene(map->map, options);
        if (!made) return fail(XUNLU_INVALID_ARGUMENT, made.err().message);
        *out = new xunlu_scene{std::move(made).value()};
        return succeed();
    });
}

void xunlu_scene_free(xunlu_scene* scene) {
    delete scene;
}

int xunlu_scene_load_waypoints(xunlu_scene* scene, const char* dir) {
    const char* fn = "xunlu_scene_load_waypoints";
    return guarded(fn, [&] {
        if (scene == nullptr) return null_argument(fn, "scene");
        if (dir == nullptr) return null_argument(fn, "dir");
        auto loaded = scene->scene.load_waypoints(dir);
        if (!loaded) return fail(XUNLU_PARSE_ERROR, loaded.err().message);
        return succeed();
    });
}

int xunlu_scene_update_cells(xunlu_scene* scene, const xunlu_cell_edit* edits, size_t count,
                             uint64_t* version) {
    const char* fn = "xunlu_scene_update_cells";
    return guarded(fn, [&] {
        if (scene == nullptr) return null_argument(fn, "scene");
        if (edits == nullptr && count > 0) return null_argument(fn, "edits");
        std::vector<grid::cell_edit> converted;
        if (const int s = convert_edits(fn, edits, count, converted); s != XUNLU_OK) return s;
        auto updated = scene->scene.update_cells(converted);
        if (!updated) return fail(XUNLU_INVALID_ARGUMENT, updated.err().message);
        if (version != nullptr) *version = updated.value();
        return succeed();
    });
}

int xunlu_route(const xunlu_scene* scene, const xunlu_route_request* request,
                xunlu_route_result* out) {
    const char* fn = "xunlu_route";
    if (out == nullptr) return null_argument(fn, "out");
    std::memset(out, 0, sizeof(*out));
    out->status = XUNLU_INVALID_ARGUMENT;
    out->stage = "none";
    return guarded(fn, [&] {
        if (scene == nullptr) return null_argument(fn, "scene");
        if (request == nullptr) return null_argument(fn, "request");
        pipeline::route_request query;
        if (const int s = convert_route_request(fn, *request, query); s != XUNLU_OK) return s;
        const std::string algorithm =
            (request->algorithm == nullptr || request->algorithm[0] == '\0') ? "astar"
                                                                             : request->algorithm;
        auto finder = thread_route_finder(algorithm);
        if (!finder) return fail(XUNLU_INVALID_ARGUMENT, finder.err().message);
        const pipeline::route_result r = finder.value()->find(scene->scene, query);
        out->status = status_code(r.status);
        out->partial = r.status == pipeline::route_status::partial ? 1 : 0;
        out->stage = pipeline::stage_name(r.stage).data(); // names are string literals
        out->length = r.length;
        out->grid_length = r.grid_length;
        out->map_version = r.map_version;
        out->expanded = r.stats.expanded;
        out->time_us = r.stats.time_us;
        if (!r.points.empty()) {
            auto* points =
                static_cast<xunlu_point*>(std::malloc(r.points.size() * sizeof(xunlu_point)));
            if (points == nullptr)
                return fail(XUNLU_RESOURCE_EXHAUSTED, "xunlu_route: out of memory");
            for (std::size_t i = 0; i < r.points.size(); ++i) {
                points[i] = {r.points[i].x, r.points[i].y};
            }
            out->points = points;
            out->point_count = r.points.size();
        }
        if (out->status == XUNLU_OK) return succeed();
        return fail(out->status, r.reason);
    });
}

void xunlu_route_result_free(xunlu_route_result* result) {
    if (result == nullptr) return;
    std::free(result->points);
    result->points = nullptr;
    result->point_count = 0;
}

} // extern "C"
