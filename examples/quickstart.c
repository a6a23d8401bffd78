/* The five-line program from C: a map from cell codes, a path, printed. See docs/api.md. */
#include <stdio.h>

#include "xunlu/xunlu.h"

int main(void) {
    /* 4 x 3 cells, row-major; 1 = wall. */
    const uint8_t codes[12] = {0, 1, 0, 0, /**/ 0, 1, 0, 0, /**/ 0, 0, 0, 0};
    xunlu_map* map = NULL;
    xunlu_finder* finder = NULL;
    xunlu_path_request request = {0};
    xunlu_path_result result;
    size_t i;
    if (xunlu_map_from_cells(4, 3, codes, NULL, &map) != XUNLU_OK ||
        xunlu_finder_create(&finder) != XUNLU_OK) {
        fprintf(stderr, "xunlu: %s\n", xunlu_last_error());
        return 1;
    }
    request.algorithm = "astar";
    request.goal.x = 3; /* start (0, 0), goal (3, 0) */
    if (xunlu_find_path(finder, map, &request, &result) != XUNLU_OK) {
        fprintf(stderr, "xunlu: %s\n", xunlu_last_error());
    } else {
        printf("status %s, length %.3f cells:", xunlu_status_name(result.status), result.length);
        for (i = 0; i < result.path_size; ++i) printf(" (%d,%d)", result.path[i].x, result.path[i].y);
        printf("\n");
    }
    xunlu_path_result_free(&result);
    xunlu_finder_free(finder);
    xunlu_map_free(map);
    return result.status == XUNLU_OK ? 0 : 1;
}
