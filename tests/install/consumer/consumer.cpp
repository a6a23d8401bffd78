// Uses the installed xunlu: a map from cell codes, a path by algorithm name, printed.
#include <cstdio>
#include <vector>

#include <xunlu/xunlu.hpp>

int main() {
    using namespace xunlu;
    // 4 x 3 cells, a wall in column 1 open at the bottom.
    const std::vector<facade::cell_code> codes = {
        facade::cell_code::free, facade::cell_code::high_obstacle, facade::cell_code::free,
        facade::cell_code::free, facade::cell_code::free, facade::cell_code::high_obstacle,
        facade::cell_code::free, facade::cell_code::free, facade::cell_code::free,
        facade::cell_code::free, facade::cell_code::free, facade::cell_code::free};
    auto m = facade::map::from_cells({.width = 4, .height = 3, .codes = codes});
    if (!m) {
        std::fprintf(stderr, "consumer: %s\n", m.err().message.c_str());
        return 1;
    }
    const auto r = facade::find_path(
        m.value(), {.algorithm = "jps", .search = {.start = {0, 0}, .goal = {3, 0}}});
    std::printf("consumer: %s length %.3f cells %zu\n", search::status_name(r.status).data(),
                r.length, r.path.size());
    return r.found() && r.path.size() == 7 ? 0 : 1;
}
