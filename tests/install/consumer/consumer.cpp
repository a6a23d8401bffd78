// Uses the installed xunlu: a map from cell codes, a path by algorithm name, printed in cells.
#include <cstdio>
#include <vector>

#include <xunlu/xunlu.hpp>

int main() {
    using namespace xunlu;
    using enum facade::cell_code;
    // 4 x 3 cells; walls at (1,0) and (2,1): the way from (0,0) to (3,0) bends through row 1/2.
    const std::vector<facade::cell_code> codes = {
        free, high_obstacle, free,          free, //
        free, free,          high_obstacle, free, //
        free, free,          free,          free,
    };
    auto m = facade::map::from_cells({.width = 4, .height = 3, .codes = codes});
    if (!m) {
        std::fprintf(stderr, "consumer: %s\n", m.err().message.c_str());
        return 1;
    }
    facade::path_finder finder;
    const auto r =
        finder.find(m.value(), {.algorithm = "jps", .search = {.start = {0, 0}, .goal = {3, 0}}});
    std::printf("consumer: %s, %zu cells, length %.3f cells:", search::status_name(r.status).data(),
                r.path.size(), r.length);
    for (const cell c : r.path) {
        std::printf(" (%d,%d)", c.x, c.y);
    }
    std::printf("\n");
    // A bad query gets a reason, not a crash.
    const auto bad = finder.find(m.value(), {.algorithm = "no-such-algorithm"});
    std::printf("consumer: unknown algorithm -> %s\n", search::status_name(bad.status).data());
    const bool ends_right =
        !r.path.empty() && r.path.front() == cell{0, 0} && r.path.back() == cell{3, 0};
    return r.found() && ends_right && bad.status == search::search_status::invalid_input ? 0 : 1;
}
