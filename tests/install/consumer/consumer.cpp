// Uses the installed xunlu as a game would: a map from cell codes, a path by algorithm name
// printed in cells, then each other entry point of the façade once (a map from bytes, an edit,
// line of sight, a batch on two threads, a route in pixels), so that linking this program against
// libxunlu.so proves each of them is exported. Exit status 0 when every answer is as expected.
#include <cstdio>
#include <string_view>
#include <vector>

#include <xunlu/xunlu.hpp>

namespace {

using namespace xunlu;

// 4 x 3 cells; walls at (1,0) and (2,1): the way from (0,0) to (3,0) bends through rows 1 and 2.
result<facade::map> small_map() {
    using enum facade::cell_code;
    static const std::vector<facade::cell_code> codes = {
        free, high_obstacle, free,          free, //
        free, free,          high_obstacle, free, //
        free, free,          free,          free,
    };
    return facade::map::from_cells({.width = 4, .height = 3, .codes = codes});
}

bool path_by_name(const facade::map& m) {
    facade::path_finder finder;
    const auto r =
        finder.find(m, {.algorithm = "jps", .search = {.start = {0, 0}, .goal = {3, 0}}});
    std::printf("path: %s, %zu cells, length %.3f cells:", search::status_name(r.status).data(),
                r.path.size(), r.length);
    for (const cell c : r.path) {
        std::printf(" (%d,%d)", c.x, c.y);
    }
    std::printf("\n");
    // A bad query gets a reason, not a crash.
    const auto bad = finder.find(m, {.algorithm = "no-such-algorithm"});
    std::printf("unknown algorithm: %s\n", search::status_name(bad.status).data());
    return r.found() && r.path.front() == cell{0, 0} && r.path.back() == cell{3, 0} &&
           bad.status == search::search_status::invalid_input;
}

bool edits_and_sight(const facade::map& m) {
    const grid::cell_edit opening[] = {grid::cell_edit::high({1, 0}, false)};
    const auto opened = m.with_edits(opening);
    if (!opened) return false;
    const auto before = m.line_of_sight({0, 0}, {3, 0});
    const auto after = opened.value().line_of_sight({0, 0}, {3, 0});
    if (!before || !after) return false;
    std::printf("line of sight (0,0)-(3,0): %s, after opening (1,0) in version %llu: %s\n",
                before.value() ? "yes" : "no",
                static_cast<unsigned long long>(opened.value().version()),
                after.value() ? "yes" : "no");
    return !before.value() && after.value();
}

bool map_text_and_batch() {
    constexpr std::string_view text = "type octile\nheight 2\nwidth 3\nmap\n..@\n...\n";
    const auto m = facade::map::from_bytes(text, "consumer.map");
    if (!m) {
        std::fprintf(stderr, "consumer: %s\n", m.err().message.c_str());
        return false;
    }
    const std::vector<facade::path_query> queries = {
        {.algorithm = "astar", .search = {.start = {0, 0}, .goal = {2, 1}}},
        {.algorithm = "dijkstra", .search = {.start = {0, 1}, .goal = {1, 0}}},
    };
    const auto batch = facade::find_paths(m.value(), queries, 2);
    if (!batch) return false;
    std::printf("batch on a %dx%d map:", m.value().width(), m.value().height());
    for (const auto& r : batch.value()) {
        std::printf(" %s/%zu", search::status_name(r.status).data(), r.path.size());
    }
    std::printf("\n");
    return batch.value().size() == 2 && batch.value()[0].found() && batch.value()[1].found();
}

bool route_in_pixels(const facade::map& m) {
    auto scene = facade::make_scene(m, {.cell_size = 16});
    auto router = facade::make_route_finder("jps");
    if (!scene || !router) return false;
    const facade::route_answer route =
        router.value().find(scene.value(), {.start = {8, 8}, .goal = {56, 8}});
    std::printf("route: %s, %zu turning points, %.1f pixels\n",
                pipeline::status_name(route.status).data(), route.points.size(), route.length);
    return route.ok() && route.points.size() >= 2;
}

} // namespace

int main() {
    const auto m = small_map();
    if (!m) {
        std::fprintf(stderr, "consumer: %s\n", m.err().message.c_str());
        return 1;
    }
    const bool ok = path_by_name(m.value()) && edits_and_sight(m.value()) && map_text_and_batch() &&
                    route_in_pixels(m.value());
    return ok ? 0 : 1;
}
