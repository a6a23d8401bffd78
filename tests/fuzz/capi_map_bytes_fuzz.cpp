// libFuzzer target: the C API's xunlu_map_from_bytes (what an engine plugin feeds untrusted map
// bytes through). A parsed map must report a sane size, answer cell queries and a corner-to-
// corner search through the C API with a status the header defines; a refused one must say why.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "xunlu/xunlu.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    xunlu_map* map = nullptr;
    const int status = xunlu_map_from_bytes(data, size, &map);
    if (status != XUNLU_OK) {
        if (map != nullptr || std::strlen(xunlu_last_error()) == 0) __builtin_trap();
        if (status != XUNLU_PARSE_ERROR && status != XUNLU_RESOURCE_EXHAUSTED) __builtin_trap();
        return 0;
    }
    std::int32_t width = 0, height = 0;
    if (xunlu_map_size(map, &width, &height) != XUNLU_OK || width < 1 || height < 1) {
        __builtin_trap();
    }
    std::uint8_t code = 0xff;
    if (xunlu_map_cell(map, xunlu_cell{width - 1, height - 1}, &code) != XUNLU_OK || code > 3) {
        __builtin_trap();
    }
    if (std::int64_t{width} * height <= 1 << 16) {
        xunlu_finder* finder = nullptr;
        if (xunlu_finder_create(&finder) != XUNLU_OK) __builtin_trap();
        xunlu_path_request request{};
        request.goal = {width - 1, height - 1};
        xunlu_path_result result;
        const int found = xunlu_find_path(finder, map, &request, &result);
        if (found != result.status || found > XUNLU_RESOURCE_EXHAUSTED) __builtin_trap();
        if (found == XUNLU_OK && (result.path_size == 0 || result.path[0].x != 0)) __builtin_trap();
        xunlu_path_result_free(&result);
        xunlu_finder_free(finder);
    }
    xunlu_map_free(map);
    return 0;
}
