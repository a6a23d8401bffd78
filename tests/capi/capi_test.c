/* The C API from C99 (built with -std=c99 -Wall -Wextra -Werror -pedantic): every function,
 * the ownership rules, and bad input (NULL, sizes, out-of-map cells, NaN, unknown names).
 * Usage: xunlu_capi_c_test MOVINGAI_MAP (the bundled docs/maps/u_trap.map). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xunlu/xunlu.h"

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                              \
    do {                                                                                         \
        ++checks;                                                                                \
        if (!(cond)) {                                                                           \
            ++failures;                                                                          \
            fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n", __FILE__, __LINE__,   \
                    #cond, xunlu_last_error());                                                  \
        }                                                                                        \
    } while (0)

#define CHECK_STATUS(call, expected)                                                             \
    do {                                                                                         \
        int status_ = (call);                                                                    \
        ++checks;                                                                                \
        if (status_ != (expected)) {                                                             \
            ++failures;                                                                          \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s (last error: %s)\n", __FILE__,  \
                    __LINE__, #call, xunlu_status_name(status_), xunlu_status_name(expected),   \
                    xunlu_last_error());                                                         \
        }                                                                                        \
    } while (0)

static int error_mentions(const char* text) { return strstr(xunlu_last_error(), text) != NULL; }

/* A 5 x 3 map with a wall in column 2 open only at the bottom row:
 *   . . # . .
 *   . . # . .
 *   . . . . .      */
static xunlu_map* small_map(void) {
    uint8_t codes[15] = {0};
    xunlu_map* map = NULL;
    codes[0 * 5 + 2] = XUNLU_CELL_HIGH_OBSTACLE;
    codes[1 * 5 + 2] = XUNLU_CELL_HIGH_OBSTACLE;
    CHECK_STATUS(xunlu_map_from_cells(5, 3, codes, NULL, &map), XUNLU_OK);
    return map;
}

static void test_version_and_names(void) {
    const char* v = xunlu_version();
    CHECK(v != NULL && strlen(v) >= 5 && strchr(v, '.') != NULL);
    CHECK(strcmp(xunlu_status_name(XUNLU_OK), "ok") == 0);
    CHECK(strcmp(xunlu_status_name(XUNLU_NO_PATH), "no_path") == 0);
    CHECK(strcmp(xunlu_status_name(XUNLU_BUFFER_TOO_SMALL), "buffer_too_small") == 0);
    CHECK(strcmp(xunlu_status_name(12345), "unknown") == 0);
}

static void test_map_from_cells(void) {
    xunlu_map* map = small_map();
    int32_t w = 0, h = 0;
    uint64_t version = 99;
    uint8_t code = 9;
    xunlu_cell wall = {2, 0}, floor_cell = {2, 2}, outside = {5, 0};
    CHECK_STATUS(xunlu_map_size(map, &w, &h), XUNLU_OK);
    CHECK(w == 5 && h == 3);
    CHECK_STATUS(xunlu_map_version(map, &version), XUNLU_OK);
    CHECK(version == 0);
    CHECK_STATUS(xunlu_map_cell(map, wall, &code), XUNLU_OK);
    CHECK(code == XUNLU_CELL_HIGH_OBSTACLE);
    CHECK_STATUS(xunlu_map_cell(map, floor_cell, &code), XUNLU_OK);
    CHECK(code == XUNLU_CELL_FREE);
    CHECK_STATUS(xunlu_map_cell(map, outside, &code), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("(5, 0)") || error_mentions("5,0") || error_mentions("outside"));
    xunlu_map_free(map);
}

static void test_map_bad_input(void) {
    uint8_t codes[6] = {0, 0, 0, 0, 0, 0};
    float costs[6] = {1, 1, 1, 1, 1, 1};
    xunlu_map* map = (xunlu_map*)&codes; /* must be overwritten with NULL on failure */
    CHECK_STATUS(xunlu_map_from_cells(0, 3, codes, NULL, &map), XUNLU_INVALID_ARGUMENT);
    CHECK(map == NULL);
    CHECK(error_mentions("0x3"));
    CHECK_STATUS(xunlu_map_from_cells(40000, 2, codes, NULL, &map), XUNLU_INVALID_ARGUMENT);
    /* Bytes above the 1 GiB + 1 MiB map limit are refused by their size, never read. */
    CHECK_STATUS(xunlu_map_from_bytes(codes, (size_t)1 << 31, &map), XUNLU_INVALID_ARGUMENT);
    CHECK(map == NULL);
    CHECK(error_mentions("limit"));
    CHECK_STATUS(xunlu_map_from_cells(3, 2, NULL, NULL, &map), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("codes"));
    CHECK_STATUS(xunlu_map_from_cells(3, 2, codes, NULL, NULL), XUNLU_INVALID_ARGUMENT);
    codes[4] = 9;
    CHECK_STATUS(xunlu_map_from_cells(3, 2, codes, NULL, &map), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("unknown code 9"));
    codes[4] = XUNLU_CELL_TERRAIN_COST;
    CHECK_STATUS(xunlu_map_from_cells(3, 2, codes, NULL, &map), XUNLU_INVALID_ARGUMENT);
    costs[4] = (float)NAN;
    CHECK_STATUS(xunlu_map_from_cells(3, 2, codes, costs, &map), XUNLU_INVALID_ARGUMENT);
    costs[4] = 2.5f;
    CHECK_STATUS(xunlu_map_from_cells(3, 2, codes, costs, &map), XUNLU_OK);
    {
        xunlu_cell c = {1, 1};
        uint8_t code = 0;
        CHECK_STATUS(xunlu_map_cell(map, c, &code), XUNLU_OK);
        CHECK(code == XUNLU_CELL_TERRAIN_COST);
    }
    xunlu_map_free(map);

    CHECK_STATUS(xunlu_map_load_file("/nonexistent/dir/x.map", &map), XUNLU_IO_ERROR);
    CHECK(map == NULL && error_mentions("/nonexistent/dir/x.map"));
    CHECK_STATUS(xunlu_map_load_file(NULL, &map), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_map_from_bytes("", 0, &map), XUNLU_PARSE_ERROR);
    CHECK_STATUS(xunlu_map_from_bytes(NULL, 10, &map), XUNLU_INVALID_ARGUMENT);
    {
        const char bad[] = "type octile\nheight 2\nwidth 3\nmap\n...\n.x\n";
        CHECK_STATUS(xunlu_map_from_bytes(bad, sizeof bad - 1, &map), XUNLU_PARSE_ERROR);
        CHECK(map == NULL && strlen(xunlu_last_error()) > 0);
    }
    {
        const char good[] = "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n";
        int32_t w = 0, h = 0;
        CHECK_STATUS(xunlu_map_from_bytes(good, sizeof good - 1, &map), XUNLU_OK);
        CHECK_STATUS(xunlu_map_size(map, &w, &h), XUNLU_OK);
        CHECK(w == 3 && h == 2);
        xunlu_map_free(map);
    }
    CHECK_STATUS(xunlu_map_size(NULL, NULL, NULL), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("map is NULL"));
    xunlu_map_free(NULL);
}

static void test_find_path(void) {
    xunlu_map* map = small_map();
    xunlu_finder* finder = NULL;
    xunlu_path_request request;
    xunlu_path_result result;
    memset(&request, 0, sizeof request);
    request.start.x = 0;
    request.start.y = 0;
    request.goal.x = 4;
    request.goal.y = 0;
    CHECK_STATUS(xunlu_finder_create(&finder), XUNLU_OK);
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_OK);
    CHECK(result.status == XUNLU_OK && result.partial == 0);
    CHECK(result.path_size >= 2 && result.path != NULL);
    if (result.path_size >= 2) {
        CHECK(result.path[0].x == 0 && result.path[0].y == 0);
        CHECK(result.path[result.path_size - 1].x == 4 && result.path[result.path_size - 1].y == 0);
    }
    /* Around the wall without cutting its corners: 2 diagonal and 4 straight steps, 7 cells. */
    CHECK(fabs(result.length - (4.0 + 2.0 * sqrt(2.0))) < 1e-9 && result.path_size == 7);
    CHECK(result.expanded > 0);
    xunlu_path_result_free(&result);
    CHECK(result.path == NULL && result.path_size == 0);

    /* Four-way: 8 straight steps. */
    request.four_way = 1;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_OK);
    CHECK(fabs(result.length - 8.0) < 1e-9 && result.path_size == 9);
    xunlu_path_result_free(&result);
    request.four_way = 0;

    /* Every optimal algorithm agrees. */
    {
        const char* names[] = {"astar", "dijkstra", "jps", "jps-block", "jps+"};
        size_t i;
        for (i = 0; i < sizeof names / sizeof names[0]; ++i) {
            request.algorithm = names[i];
            CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_OK);
            CHECK(fabs(result.length - (4.0 + 2.0 * sqrt(2.0))) < 1e-9);
            xunlu_path_result_free(&result);
        }
        request.algorithm = NULL;
    }

    /* Any-angle: the polyline bends at the wall's corners (2, 2) and (3, 2); grid algorithms
     * give no waypoints. */
    {
        const char* names[] = {"visgraph", "polyanya", "theta", "lazy-theta"};
        size_t i;
        CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_OK);
        CHECK(result.waypoints == NULL && result.waypoint_count == 0);
        xunlu_path_result_free(&result);
        for (i = 0; i < sizeof names / sizeof names[0]; ++i) {
            request.algorithm = names[i];
            CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_OK);
            CHECK(fabs(result.length - (1.0 + 3.0 * sqrt(2.0))) < 1e-9);
            CHECK(result.waypoint_count == 4 && result.waypoints != NULL);
            if (result.waypoint_count == 4) {
                CHECK(result.waypoints[0].x == 0.5 && result.waypoints[0].y == 0.5);
                CHECK(result.waypoints[1].x == 2.0 && result.waypoints[1].y == 2.0);
                CHECK(result.waypoints[2].x == 3.0 && result.waypoints[2].y == 2.0);
                CHECK(result.waypoints[3].x == 4.5 && result.waypoints[3].y == 0.5);
            }
            CHECK(result.path_size >= 5 && result.path[0].x == 0 && result.path[0].y == 0);
            xunlu_path_result_free(&result);
            CHECK(result.waypoints == NULL && result.waypoint_count == 0);
        }
        request.algorithm = NULL;
    }

    /* Caller-owned buffer: too small, then big enough. */
    {
        xunlu_cell buffer[16];
        size_t size = 0;
        CHECK_STATUS(xunlu_find_path_into(finder, map, &request, &result, buffer, 2, &size),
                     XUNLU_BUFFER_TOO_SMALL);
        CHECK(size == 7 && result.status == XUNLU_OK && result.path == NULL);
        CHECK_STATUS(xunlu_find_path_into(finder, map, &request, &result, buffer, 16, &size),
                     XUNLU_OK);
        CHECK(size == 7 && buffer[6].x == 4 && buffer[6].y == 0 && result.path == NULL);
        CHECK_STATUS(xunlu_find_path_into(finder, map, &request, &result, NULL, 16, &size),
                     XUNLU_INVALID_ARGUMENT);
    }

    /* Budget: one expansion cannot reach the goal; the path is partial. */
    request.max_expansions = 1;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_BUDGET_EXHAUSTED);
    CHECK(result.status == XUNLU_BUDGET_EXHAUSTED && result.partial == 1);
    xunlu_path_result_free(&result);
    request.max_expansions = 0;

    /* Bad requests. */
    request.algorithm = "no-such-algorithm";
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("no-such-algorithm"));
    xunlu_path_result_free(&result);
    request.algorithm = NULL;
    request.goal.x = 7;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(result.status == XUNLU_INVALID_ARGUMENT && result.path == NULL);
    CHECK(error_mentions("7"));
    request.goal.x = 4;
    request.deadline_ms = NAN;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("deadline_ms"));
    request.deadline_ms = -1;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_INVALID_ARGUMENT);
    request.deadline_ms = 1000;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_OK);
    xunlu_path_result_free(&result);
    request.deadline_ms = 0;
    request.stop_within = -2;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("stop_within"));
    request.stop_within = 0;
    CHECK_STATUS(xunlu_find_path(NULL, map, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("finder is NULL"));
    CHECK_STATUS(xunlu_find_path(finder, NULL, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_find_path(finder, map, NULL, &result), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_find_path(finder, map, &request, NULL), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_finder_create(NULL), XUNLU_INVALID_ARGUMENT);
    xunlu_path_result_free(NULL);
    xunlu_finder_free(NULL);

    xunlu_finder_free(finder);
    xunlu_map_free(map);
}

static void test_edits_and_line_of_sight(void) {
    xunlu_map* map = small_map();
    xunlu_map* closed = NULL;
    xunlu_finder* finder = NULL;
    xunlu_path_request request;
    xunlu_path_result result;
    xunlu_cell_edit edit;
    xunlu_cell a = {0, 2}, b = {4, 2}, c = {0, 0}, d = {4, 0}, out_of_map = {-1, 0};
    int clear = -1;
    uint64_t version = 0;

    CHECK_STATUS(xunlu_map_line_of_sight(map, a, b, 1, &clear), XUNLU_OK);
    CHECK(clear == 1);
    CHECK_STATUS(xunlu_map_line_of_sight(map, c, d, 1, &clear), XUNLU_OK);
    CHECK(clear == 0);
    CHECK_STATUS(xunlu_map_line_of_sight(map, out_of_map, d, 1, &clear), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_map_line_of_sight(map, a, d, 1, NULL), XUNLU_INVALID_ARGUMENT);

    /* Close the gap at (2, 2): the next version has no path; the first is unchanged. */
    memset(&edit, 0, sizeof edit);
    edit.at.x = 2;
    edit.at.y = 2;
    edit.kind = XUNLU_EDIT_HIGH_OBSTACLE;
    edit.blocked = 1;
    CHECK_STATUS(xunlu_map_with_edits(map, &edit, 1, &closed), XUNLU_OK);
    CHECK_STATUS(xunlu_map_version(closed, &version), XUNLU_OK);
    CHECK(version == 1);
    CHECK_STATUS(xunlu_finder_create(&finder), XUNLU_OK);
    memset(&request, 0, sizeof request);
    request.goal.x = 4;
    CHECK_STATUS(xunlu_find_path(finder, closed, &request, &result), XUNLU_NO_PATH);
    CHECK(result.path == NULL);
    xunlu_path_result_free(&result);
    xunlu_map_free(closed);
    closed = NULL;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_OK);
    xunlu_path_result_free(&result);

    /* A low obstacle blocks unless the query ignores low obstacles. */
    {
        xunlu_map* unit = NULL;
        edit.kind = XUNLU_EDIT_LOW_OBSTACLE;
        CHECK_STATUS(xunlu_map_with_edits(map, &edit, 1, &unit), XUNLU_OK);
        CHECK_STATUS(xunlu_find_path(finder, unit, &request, &result), XUNLU_NO_PATH);
        request.ignore_low_obstacles = 1;
        CHECK_STATUS(xunlu_find_path(finder, unit, &request, &result), XUNLU_OK);
        xunlu_path_result_free(&result);
        request.ignore_low_obstacles = 0;
        xunlu_map_free(unit);
    }

    /* Bad edits change nothing. */
    edit.at.x = 9;
    edit.kind = XUNLU_EDIT_HIGH_OBSTACLE;
    CHECK_STATUS(xunlu_map_with_edits(map, &edit, 1, &closed), XUNLU_INVALID_ARGUMENT);
    CHECK(closed == NULL);
    edit.at.x = 1;
    edit.kind = 17;
    CHECK_STATUS(xunlu_map_with_edits(map, &edit, 1, &closed), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("unknown kind 17"));
    edit.kind = XUNLU_EDIT_TERRAIN_COST;
    edit.cost = (float)INFINITY;
    CHECK_STATUS(xunlu_map_with_edits(map, &edit, 1, &closed), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_map_with_edits(map, NULL, 1, &closed), XUNLU_INVALID_ARGUMENT);

    xunlu_finder_free(finder);
    xunlu_map_free(map);
}

static void test_batch(const xunlu_map* map) {
    enum { count = 16 };
    xunlu_path_request requests[count];
    xunlu_path_result results[count];
    xunlu_finder* finder = NULL;
    int32_t w = 0, h = 0;
    size_t i;
    CHECK_STATUS(xunlu_map_size(map, &w, &h), XUNLU_OK);
    CHECK_STATUS(xunlu_finder_create(&finder), XUNLU_OK);
    memset(requests, 0, sizeof requests);
    for (i = 0; i < count; ++i) {
        requests[i].start.x = (int32_t)i;
        requests[i].start.y = 0;
        requests[i].goal.x = w - 1 - (int32_t)i;
        requests[i].goal.y = h - 1;
        requests[i].algorithm = (i % 2) ? "jps" : "astar";
    }
    requests[5].goal.x = w + 3; /* a bad query gets its own result */
    CHECK_STATUS(xunlu_find_paths(map, requests, count, 2, results), XUNLU_OK);
    for (i = 0; i < count; ++i) {
        xunlu_path_result single;
        int status = xunlu_find_path(finder, map, &requests[i], &single);
        CHECK(status == results[i].status);
        CHECK(fabs(single.length - results[i].length) < 1e-9);
        CHECK(single.path_size == results[i].path_size);
        xunlu_path_result_free(&single);
        xunlu_path_result_free(&results[i]);
    }
    CHECK(results[5].status == XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_find_paths(map, requests, count, 0, results), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_find_paths(NULL, requests, count, 2, results), XUNLU_INVALID_ARGUMENT);
    /* A count whose byte size overflows is refused before `results` is touched. */
    CHECK_STATUS(xunlu_find_paths(map, requests, SIZE_MAX, 2, results), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("count"));
    xunlu_finder_free(finder);
}

/* Unit sizes: a 2 x 2 unit on a 6 x 4 map with a wall in column 2 over rows 0-1:
 *   . . # . . .
 *   . . # . . .
 *   . . . . . .
 *   . . . . . .      path cells name the footprint's top-left cell. */
static void test_unit_size(void) {
    uint8_t codes[24] = {0};
    xunlu_map* map = NULL;
    xunlu_finder* finder = NULL;
    xunlu_path_request request;
    xunlu_path_result result;
    size_t i;
    codes[0 * 6 + 2] = XUNLU_CELL_HIGH_OBSTACLE;
    codes[1 * 6 + 2] = XUNLU_CELL_HIGH_OBSTACLE;
    CHECK_STATUS(xunlu_map_from_cells(6, 4, codes, NULL, &map), XUNLU_OK);
    CHECK_STATUS(xunlu_finder_create(&finder), XUNLU_OK);
    memset(&request, 0, sizeof request);
    request.goal.x = 4;
    request.unit_size = 2;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_OK);
    CHECK(result.status == XUNLU_OK && result.path_size >= 2);
    for (i = 0; i < result.path_size; ++i) { /* every footprint clear of the wall */
        const xunlu_cell c = result.path[i];
        CHECK(c.x >= 0 && c.x <= 4 && c.y >= 0 && c.y <= 2);
        CHECK(!((c.x == 1 || c.x == 2) && c.y <= 1));
    }
    /* Down to rows 2-3 and back: longer than the 1 x 1 unit's 4 + 2 sqrt 2. */
    CHECK(result.length > 4.0 + 2.0 * sqrt(2.0) + 0.5);
    xunlu_path_result_free(&result);
    request.start.x = 1; /* the footprint would cover the wall */
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("2 x 2 unit"));
    xunlu_path_result_free(&result);
    request.start.x = 0;
    request.unit_size = -2;
    CHECK_STATUS(xunlu_find_path(finder, map, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("unit_size"));
    xunlu_path_result_free(&result);
    xunlu_finder_free(finder);
    xunlu_map_free(map);
}

static void test_scene_and_route(const xunlu_map* map) {
    xunlu_scene* scene = NULL;
    xunlu_route_request request;
    xunlu_route_result result;
    xunlu_cell_edit edit;
    uint64_t version = 0;

    CHECK_STATUS(xunlu_scene_create(map, 0.0, &scene), XUNLU_INVALID_ARGUMENT);
    CHECK(scene == NULL && error_mentions("cell_size"));
    CHECK_STATUS(xunlu_scene_create(map, NAN, &scene), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_scene_create(map, 16.0, &scene), XUNLU_OK);

    /* u_trap: open ground left of the trap, a straight line. */
    memset(&request, 0, sizeof request);
    request.start.x = 2 * 16 + 8;
    request.start.y = 2 * 16 + 8;
    request.goal.x = 10 * 16 + 8;
    request.goal.y = 4 * 16 + 8;
    CHECK_STATUS(xunlu_route(scene, &request, &result), XUNLU_OK);
    CHECK(strcmp(result.stage, "straight_line") == 0 && result.point_count == 2);
    xunlu_route_result_free(&result);
    /* The same for a 2 x 2 unit (pixels name its top-left cell); a negative size is refused. */
    request.unit_size = 2;
    CHECK_STATUS(xunlu_route(scene, &request, &result), XUNLU_OK);
    CHECK(result.point_count >= 2);
    xunlu_route_result_free(&result);
    request.unit_size = -1;
    CHECK_STATUS(xunlu_route(scene, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("unit_size"));
    xunlu_route_result_free(&result);
    request.unit_size = 0;

    /* Into the U from the left: the route bends around the trap's wall. */
    request.start.x = 5 * 16 + 8;
    request.start.y = 15 * 16 + 8;
    request.goal.x = 36 * 16 + 8;
    request.goal.y = 15 * 16 + 8;
    CHECK_STATUS(xunlu_route(scene, &request, &result), XUNLU_OK);
    CHECK(result.point_count >= 3 && result.length > 31 * 16 && result.map_version == 0);
    if (result.point_count >= 1) {
        CHECK(fabs(result.points[0].x - request.start.x) < 1e-9);
    }
    xunlu_route_result_free(&result);
    CHECK(result.points == NULL);

    /* Wall the goal cell (36, 15) in with its 8 neighbours in one atomic update: version 1,
     * and the goal is now unreachable. */
    memset(&edit, 0, sizeof edit);
    {
        xunlu_cell_edit edits[8];
        int n = 0, dx, dy;
        for (dy = -1; dy <= 1; ++dy) {
            for (dx = -1; dx <= 1; ++dx) {
                if (dx == 0 && dy == 0) continue;
                edits[n] = edit;
                edits[n].at.x = 36 + dx;
                edits[n].at.y = 15 + dy;
                edits[n].kind = XUNLU_EDIT_HIGH_OBSTACLE;
                edits[n].blocked = 1;
                ++n;
            }
        }
        CHECK_STATUS(xunlu_scene_update_cells(scene, edits, 8, &version), XUNLU_OK);
        CHECK(version == 1);
    }
    CHECK_STATUS(xunlu_route(scene, &request, &result), XUNLU_NO_PATH);
    CHECK(result.map_version == 1);
    xunlu_route_result_free(&result);

    /* Bad route requests. */
    request.start.x = NAN;
    CHECK_STATUS(xunlu_route(scene, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("finite"));
    request.start.x = 1e9;
    CHECK_STATUS(xunlu_route(scene, &request, &result), XUNLU_INVALID_ARGUMENT);
    xunlu_route_result_free(&result);
    request.start.x = 40;
    request.algorithm = "nope";
    CHECK_STATUS(xunlu_route(scene, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("nope"));
    request.algorithm = NULL;
    CHECK_STATUS(xunlu_route(NULL, &request, &result), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_route(scene, NULL, &result), XUNLU_INVALID_ARGUMENT);
    CHECK_STATUS(xunlu_scene_load_waypoints(scene, "/nonexistent-waypoints"), XUNLU_PARSE_ERROR);
    edit.at.x = -4;
    CHECK_STATUS(xunlu_scene_update_cells(scene, &edit, 1, &version), XUNLU_INVALID_ARGUMENT);
    xunlu_scene_free(scene);
    xunlu_scene_free(NULL);
}

/* Sliced search on the Moving AI map: stepped one expansion at a time, every stepping algorithm
 * gives the path xunlu_find_path gives; the map may be freed while the search runs; refusals,
 * cancel and misuse. */
static void test_sliced_search(const char* map_path) {
    xunlu_finder* finder = NULL;
    xunlu_path_request request;
    xunlu_algorithm_info info;
    size_t i, count = xunlu_algorithm_count();
    int stepping = 0, refused_one = 0;
    CHECK(count > 10);
    CHECK_STATUS(xunlu_finder_create(&finder), XUNLU_OK);
    memset(&request, 0, sizeof(request));
    request.start.x = 5;
    request.start.y = 15;
    request.goal.x = 36;
    request.goal.y = 15;
    for (i = 0; i < count; ++i) {
        xunlu_map* map = NULL;
        xunlu_path_result whole, sliced;
        int done = 0, steps = 0;
        size_t k;
        CHECK_STATUS(xunlu_algorithm_info_at(i, &info), XUNLU_OK);
        CHECK(info.name != NULL && info.name[0] != '\0' && info.rules != NULL);
        request.algorithm = info.name;
        CHECK_STATUS(xunlu_map_load_file(map_path, &map), XUNLU_OK);
        if (!info.stepping) {
            if (!refused_one) {
                CHECK_STATUS(xunlu_search_start(finder, map, &request), XUNLU_INVALID_ARGUMENT);
                CHECK(error_mentions("cannot be stepped"));
                refused_one = 1;
            }
            xunlu_map_free(map);
            continue;
        }
        ++stepping;
        CHECK_STATUS(xunlu_find_path(finder, map, &request, &whole), XUNLU_OK);
        CHECK_STATUS(xunlu_search_start(finder, map, &request), XUNLU_OK);
        xunlu_map_free(map); /* the finder keeps the version it searches */
        while (!done && steps < 1000000) {
            CHECK_STATUS(xunlu_search_step(finder, 1, &done), XUNLU_OK);
            ++steps;
        }
        CHECK(done == 1 && steps > 1);
        CHECK_STATUS(xunlu_search_finish(finder, &sliced), XUNLU_OK);
        CHECK(sliced.path_size == whole.path_size && sliced.expanded == whole.expanded);
        CHECK(fabs(sliced.length - whole.length) < 1e-12);
        for (k = 0; k < sliced.path_size && k < whole.path_size; ++k) {
            CHECK(sliced.path[k].x == whole.path[k].x && sliced.path[k].y == whole.path[k].y);
        }
        xunlu_path_result_free(&whole);
        xunlu_path_result_free(&sliced);
    }
    CHECK(stepping >= 3 && refused_one);
    CHECK_STATUS(xunlu_algorithm_info_at(count, &info), XUNLU_INVALID_ARGUMENT);
    CHECK(error_mentions("index"));
    CHECK_STATUS(xunlu_algorithm_info_at(0, NULL), XUNLU_INVALID_ARGUMENT);
    {
        xunlu_map* map = small_map();
        xunlu_path_result out;
        int done = 0;
        request.algorithm = "astar";
        request.start.x = 0;
        request.start.y = 0;
        request.goal.x = 4;
        request.goal.y = 0;
        CHECK_STATUS(xunlu_search_start(finder, map, &request), XUNLU_OK);
        CHECK_STATUS(xunlu_search_step(finder, 1, &done), XUNLU_OK);
        CHECK(done == 0);
        xunlu_search_cancel(finder);
        CHECK_STATUS(xunlu_search_step(finder, 1, &done), XUNLU_INVALID_ARGUMENT);
        CHECK(error_mentions("no search is running"));
        CHECK_STATUS(xunlu_search_finish(finder, &out), XUNLU_INVALID_ARGUMENT);
        xunlu_path_result_free(&out);
        /* finish without stepping runs the whole search */
        CHECK_STATUS(xunlu_search_start(finder, map, &request), XUNLU_OK);
        CHECK_STATUS(xunlu_search_finish(finder, &out), XUNLU_OK);
        CHECK(out.path_size == 7);
        xunlu_path_result_free(&out);
        request.goal.x = 40; /* outside the 5 x 3 map */
        CHECK_STATUS(xunlu_search_start(finder, map, &request), XUNLU_INVALID_ARGUMENT);
        CHECK(strlen(xunlu_last_error()) > 0);
        request.algorithm = "no-such";
        CHECK_STATUS(xunlu_search_start(finder, map, &request), XUNLU_INVALID_ARGUMENT);
        CHECK(error_mentions("no-such"));
        CHECK_STATUS(xunlu_search_start(NULL, map, &request), XUNLU_INVALID_ARGUMENT);
        CHECK_STATUS(xunlu_search_step(finder, 1, NULL), XUNLU_INVALID_ARGUMENT);
        xunlu_search_cancel(NULL);
        xunlu_map_free(map);
    }
    xunlu_finder_free(finder);
}

int main(int argc, char** argv) {
    xunlu_map* map = NULL;
    if (argc != 2) {
        fprintf(stderr, "usage: %s MOVINGAI_MAP\n", argv[0]);
        return 2;
    }
    test_version_and_names();
    test_map_from_cells();
    test_map_bad_input();
    test_find_path();
    test_unit_size();
    test_edits_and_line_of_sight();
    test_sliced_search(argv[1]);
    CHECK_STATUS(xunlu_map_load_file(argv[1], &map), XUNLU_OK);
    if (map != NULL) {
        test_batch(map);
        test_scene_and_route(map);
        xunlu_map_free(map);
    }
    printf("%d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
