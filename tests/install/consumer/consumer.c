/* Uses the installed C API through libxunlu_c.so. */
#include <stdio.h>

#include <xunlu/xunlu.h>

int main(void) {
    const uint8_t codes[12] = {0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0};
    xunlu_map* map = NULL;
    xunlu_finder* finder = NULL;
    xunlu_path_request request = {0};
    xunlu_path_result result;
    int status;
    if (xunlu_map_from_cells(4, 3, codes, NULL, &map) != XUNLU_OK) return 1;
    if (xunlu_finder_create(&finder) != XUNLU_OK) return 1;
    request.goal.x = 3;
    status = xunlu_find_path(finder, map, &request, &result);
    printf("consumer_c: xunlu %s %s cells %zu\n", xunlu_version(), xunlu_status_name(status),
           result.path_size);
    xunlu_path_result_free(&result);
    xunlu_finder_free(finder);
    xunlu_map_free(map);
    return status == XUNLU_OK ? 0 : 1;
}
