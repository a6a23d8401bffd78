// docs/api.md's quickstart: a map drawn in a string, a path with A* and with JPS, a changed
// cell, a batch of queries on two threads and a route in pixels. Exits 1 when anything is not as
// expected.
#include <cstdio>
#include <string>
#include <vector>

#include "xunlu/xunlu.hpp"

int main() {
    using namespace xunlu;
    // A Moving AI map in memory: '.' is free, '@' a wall (a high obstacle).
    const char* text = "type octile\n"
                       "height 5\n"
                       "width 10\n"
                       "map\n"
                       "..........\n"
                       ".@@@@@@@@.\n"
                       "..........\n"
                       ".@@@@@@@@.\n"
                       "..........\n";
    result<facade::map> loaded = facade::map::from_bytes(text, "quickstart.map");
    if (!loaded) {
        std::fprintf(stderr, "load: %s\n", loaded.err().message.c_str());
        return 1;
    }
    const facade::map& m = loaded.value();

    // One query per algorithm, by name; coordinates are cells.
    for (const char* algorithm : {"astar", "jps"}) {
        const facade::path_result r = facade::find_path(
            m, {.algorithm = algorithm, .search = {.start = {0, 0}, .goal = {9, 4}}});
        std::printf("%s: %s, %zu cells, length %.3f\n", algorithm,
                    std::string(search::status_name(r.status)).c_str(), r.path.size(), r.length);
        if (!r.found()) return 1;
    }

    // Close the right-hand gap of the top wall: the next version of the map.
    const grid::cell_edit wall[] = {grid::cell_edit::high({9, 1}, true)};
    result<facade::map> next = m.with_edits(wall);
    if (!next) return 1;
    const facade::path_result around =
        facade::find_path(next.value(), {.search = {.start = {9, 0}, .goal = {9, 2}}});
    std::printf("version %llu: %s, length %.3f\n",
                static_cast<unsigned long long>(next.value().version()),
                std::string(search::status_name(around.status)).c_str(), around.length);
    if (!around.found() || around.length < 9) return 1;

    // Line of sight between cell centres: the wall row blocks it.
    result<bool> seen = m.line_of_sight({2, 0}, {2, 2});
    if (!seen || seen.value()) return 1;

    // A batch on two threads; the answers come back in the order of the queries.
    std::vector<facade::path_query> queries;
    for (int x = 0; x < 10; ++x) {
        queries.push_back({.algorithm = "jps", .search = {.start = {0, 0}, .goal = {x, 4}}});
    }
    result<std::vector<facade::path_result>> batch = facade::find_paths(m, queries, 2);
    if (!batch) return 1;
    for (const facade::path_result& r : batch.value()) {
        if (!r.found()) return 1;
    }
    std::printf("batch: %zu paths\n", batch.value().size());

    // The game-server route query: positions in pixels, 16 pixels per cell side.
    result<pipeline::scene> scene = facade::make_scene(m, {.cell_size = 16});
    result<pipeline::route_finder> router = facade::make_route_finder("jps");
    if (!scene || !router) return 1;
    const facade::route_answer route =
        router.value().find(scene.value(), {.start = {8, 8}, .goal = {152, 72}});
    std::printf("route: %s, %zu turning points, %.1f pixels\n",
                std::string(pipeline::status_name(route.status)).c_str(), route.points.size(),
                route.length);
    return route.ok() ? 0 : 1;
}
