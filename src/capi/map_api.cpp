// The C API's maps: loading (file, bytes, cell codes), size, cells, line of sight and edits.
#include <cmath>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "handles.hpp"
#include "xunlu/core/limits.hpp"
#include "xunlu/io/parse_error.hpp"
#include "xunlu/search/request_check.hpp"

namespace xunlu::capi {
namespace {

int give_map(result<facade::map> loaded, int error_status, xunlu_map** out) {
    if (!loaded) return fail(error_status, loaded.err().message);
    *out = new xunlu_map{std::move(loaded).value()};
    return succeed();
}

bool readable(const char* path) {
    std::FILE* f = std::fopen(path, "rb");
    if (f == nullptr) return false;
    std::fclose(f);
    return true;
}

int check_cell(const char* function, const xunlu_map* map, xunlu_cell c) {
    if (!map->map.in_bounds({c.x, c.y})) {
        return fail(XUNLU_INVALID_ARGUMENT, std::string(function) + ": cell " +
                                                search::cell_text({c.x, c.y}) + " is outside the " +
                                                std::to_string(map->map.width()) + "x" +
                                                std::to_string(map->map.height()) + " map");
    }
    return XUNLU_OK;
}

} // namespace

/// Converts C edits to the library's, refusing unknown kinds and non-finite costs.
int convert_edits(const char* function, const xunlu_cell_edit* edits, std::size_t count,
                  std::vector<grid::cell_edit>& out) {
    out.clear();
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const xunlu_cell_edit& e = edits[i];
        const cell at{e.at.x, e.at.y};
        switch (e.kind) {
        case XUNLU_EDIT_HIGH_OBSTACLE:
            out.push_back(grid::cell_edit::high(at, e.blocked != 0));
            break;
        case XUNLU_EDIT_LOW_OBSTACLE:
            out.push_back(grid::cell_edit::low(at, e.blocked != 0));
            break;
        case XUNLU_EDIT_TERRAIN_COST:
            if (!std::isfinite(e.cost) || e.cost < 1.0f) {
                return fail(XUNLU_INVALID_ARGUMENT,
                            std::string(function) + ": edit " + std::to_string(i) + " at cell " +
                                search::cell_text(at) + " has cost " + std::to_string(e.cost) +
                                " (a finite number >= 1 is needed)");
            }
            out.push_back(grid::cell_edit::terrain(at, e.cost));
            break;
        default:
            return fail(XUNLU_INVALID_ARGUMENT, std::string(function) + ": edit " +
                                                    std::to_string(i) + " has unknown kind " +
                                                    std::to_string(e.kind));
        }
    }
    return XUNLU_OK;
}

} // namespace xunlu::capi

using namespace xunlu;
using namespace xunlu::capi;

extern "C" {

int xunlu_map_load_file(const char* path, xunlu_map** out) {
    return guarded("xunlu_map_load_file", [&] {
        if (out == nullptr) return null_argument("xunlu_map_load_file", "out");
        *out = nullptr;
        if (path == nullptr) return null_argument("xunlu_map_load_file", "path");
        if (!readable(path)) {
            return fail(XUNLU_IO_ERROR, std::string(path) + ": cannot open the file for reading");
        }
        return give_map(facade::map::load_file(path), XUNLU_PARSE_ERROR, out);
    });
}

int xunlu_map_from_bytes(const void* bytes, size_t size, xunlu_map** out) {
    return guarded("xunlu_map_from_bytes", [&] {
        if (out == nullptr) return null_argument("xunlu_map_from_bytes", "out");
        *out = nullptr;
        if (bytes == nullptr && size > 0) return null_argument("xunlu_map_from_bytes", "bytes");
        if (size > io::max_file_bytes) { // the limit of every map file
            return fail(XUNLU_INVALID_ARGUMENT, "xunlu_map_from_bytes: " + std::to_string(size) +
                                                    " bytes are more than the limit of " +
                                                    std::to_string(io::max_file_bytes) +
                                                    " (1 GiB + 1 MiB)");
        }
        const std::string_view content(static_cast<const char*>(bytes), bytes ? size : 0);
        return give_map(facade::map::from_bytes(content, "<memory>"), XUNLU_PARSE_ERROR, out);
    });
}

int xunlu_map_from_cells(int32_t width, int32_t height, const uint8_t* codes, const float* costs,
                         xunlu_map** out) {
    return guarded("xunlu_map_from_cells", [&] {
        if (out == nullptr) return null_argument("xunlu_map_from_cells", "out");
        *out = nullptr;
        if (codes == nullptr) return null_argument("xunlu_map_from_cells", "codes");
        if (width < 1 || height < 1 || width > limits::max_map_side ||
            height > limits::max_map_side) {
            return fail(XUNLU_INVALID_ARGUMENT,
                        "xunlu_map_from_cells: a " + std::to_string(width) + "x" +
                            std::to_string(height) + " map is not allowed (sides 1 to " +
                            std::to_string(limits::max_map_side) + " cells)");
        }
        const auto count = static_cast<std::size_t>(std::int64_t{width} * height);
        if (static_cast<std::int64_t>(count) > limits::max_map_cells) {
            return fail(XUNLU_INVALID_ARGUMENT, "xunlu_map_from_cells: " + std::to_string(count) +
                                                    " cells exceed the limit of " +
                                                    std::to_string(limits::max_map_cells));
        }
        facade::cell_array cells{
            .width = width,
            .height = height,
            .codes = {reinterpret_cast<const facade::cell_code*>(codes), count},
            .costs = costs ? std::span<const float>(costs, count) : std::span<const float>{}};
        return give_map(facade::map::from_cells(cells), XUNLU_INVALID_ARGUMENT, out);
    });
}

void xunlu_map_free(xunlu_map* map) {
    delete map;
}

int xunlu_map_size(const xunlu_map* map, int32_t* width, int32_t* height) {
    if (map == nullptr) return null_argument("xunlu_map_size", "map");
    if (width == nullptr) return null_argument("xunlu_map_size", "width");
    if (height == nullptr) return null_argument("xunlu_map_size", "height");
    *width = map->map.width();
    *height = map->map.height();
    return succeed();
}

int xunlu_map_version(const xunlu_map* map, uint64_t* version) {
    if (map == nullptr) return null_argument("xunlu_map_version", "map");
    if (version == nullptr) return null_argument("xunlu_map_version", "version");
    *version = map->map.version();
    return succeed();
}

int xunlu_map_cell(const xunlu_map* map, xunlu_cell at, uint8_t* code) {
    if (map == nullptr) return null_argument("xunlu_map_cell", "map");
    if (code == nullptr) return null_argument("xunlu_map_cell", "code");
    if (const int s = check_cell("xunlu_map_cell", map, at); s != XUNLU_OK) return s;
    const auto read = map->map.cell_at({at.x, at.y}); // the façade's codes are the C codes
    if (!read) return fail(XUNLU_INVALID_ARGUMENT, "xunlu_map_cell: " + read.err().message);
    *code = static_cast<uint8_t>(read.value());
    return succeed();
}

int xunlu_map_line_of_sight(const xunlu_map* map, xunlu_cell a, xunlu_cell b,
                            int low_obstacles_block, int* clear) {
    return guarded("xunlu_map_line_of_sight", [&] {
        if (map == nullptr) return null_argument("xunlu_map_line_of_sight", "map");
        if (clear == nullptr) return null_argument("xunlu_map_line_of_sight", "clear");
        auto seen = map->map.line_of_sight({a.x, a.y}, {b.x, b.y}, low_obstacles_block != 0);
        if (!seen) return fail(XUNLU_INVALID_ARGUMENT, seen.err().message);
        *clear = seen.value() ? 1 : 0;
        return succeed();
    });
}

int xunlu_map_with_edits(const xunlu_map* map, const xunlu_cell_edit* edits, size_t count,
                         xunlu_map** out) {
    return guarded("xunlu_map_with_edits", [&] {
        if (out == nullptr) return null_argument("xunlu_map_with_edits", "out");
        *out = nullptr;
        if (map == nullptr) return null_argument("xunlu_map_with_edits", "map");
        if (edits == nullptr && count > 0) return null_argument("xunlu_map_with_edits", "edits");
        std::vector<grid::cell_edit> converted;
        if (const int s = convert_edits("xunlu_map_with_edits", edits, count, converted);
            s != XUNLU_OK) {
            return s;
        }
        return give_map(map->map.with_edits(converted), XUNLU_INVALID_ARGUMENT, out);
    });
}

} // extern "C"
