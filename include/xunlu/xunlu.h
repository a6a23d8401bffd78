/* xunlu's C API (C99): maps, path queries by algorithm name, line of sight, cell edits, batches
 * across threads and the game-server route query, for C programs and for any FFI (Unity's C#
 * P/Invoke, Godot GDExtension, Unreal plugins, Python ctypes). See docs/api.md.
 *
 * Conventions
 * - Every function that can fail returns an int status: XUNLU_OK (0) or one of the codes below.
 *   xunlu_last_error() then gives a message naming what failed and where (file, line, cell).
 *   The message belongs to the calling thread and stays valid until its next xunlu_ call.
 * - Handles (xunlu_map, xunlu_finder, xunlu_scene) are opaque; each has a free function that
 *   accepts NULL. No C++ exception or type crosses this boundary.
 * - Output arrays (paths, routes) are allocated by the library inside the result struct and
 *   freed with the result's free function; or the caller passes its own buffer to
 *   xunlu_find_path_into().
 * - Units: cells for maps and paths (x right, y down, (0, 0) the top-left cell); pixels for the
 *   route query (the scene's cell_size pixels per cell side).
 * - Thread safety: a xunlu_map is immutable and may be read by any number of threads at once.
 *   A xunlu_finder is used by one thread at a time. A xunlu_scene may be queried from many
 *   threads while one thread updates its cells.
 */
#ifndef XUNLU_XUNLU_H
#define XUNLU_XUNLU_H

#include <stddef.h>
#include <stdint.h>

#include "xunlu/xunlu_export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. Search outcomes and call errors share one space. */
#define XUNLU_OK 0                 /* success; for a search: a path was found */
#define XUNLU_NO_PATH 1            /* the goal cannot be reached */
#define XUNLU_BUDGET_EXHAUSTED 2   /* expansion budget or deadline ran out; path is partial */
#define XUNLU_INVALID_ARGUMENT 3   /* a bad argument: NULL, size, coordinate, name, NaN... */
#define XUNLU_RESOURCE_EXHAUSTED 4 /* the memory cap was reached or memory ran out */
#define XUNLU_IO_ERROR 5           /* a file could not be read */
#define XUNLU_PARSE_ERROR 6        /* map content is malformed (message: where) */
#define XUNLU_BUFFER_TOO_SMALL 7   /* a caller buffer is too small (the size needed is set) */
#define XUNLU_INTERNAL_ERROR 8     /* a bug in xunlu: please report the message */

/* Cell codes of xunlu_map_from_cells (one byte per cell). */
#define XUNLU_CELL_FREE 0          /* walkable, cost 1 */
#define XUNLU_CELL_HIGH_OBSTACLE 1 /* walls: block movement and line of sight */
#define XUNLU_CELL_LOW_OBSTACLE 2  /* units, crates: block movement unless ignored */
#define XUNLU_CELL_TERRAIN_COST 3  /* walkable with the cost given in the costs array */

/* Kinds of xunlu_cell_edit. */
#define XUNLU_EDIT_HIGH_OBSTACLE 0 /* set (blocked = 1) or clear (0) a high obstacle */
#define XUNLU_EDIT_LOW_OBSTACLE 1  /* set or clear a low obstacle (a unit) */
#define XUNLU_EDIT_TERRAIN_COST 2  /* set the terrain cost multiplier (finite, >= 1) */

typedef struct xunlu_map xunlu_map;       /* one immutable version of a grid map */
typedef struct xunlu_finder xunlu_finder; /* per-thread search object with reusable memory */
typedef struct xunlu_scene xunlu_scene;   /* a game-server scene: map + pixels + stages */

typedef struct xunlu_cell {
    int32_t x;
    int32_t y;
} xunlu_cell;

typedef struct xunlu_point {
    double x;
    double y;
} xunlu_point;

typedef struct xunlu_cell_edit {
    xunlu_cell at;
    int32_t kind;    /* XUNLU_EDIT_* */
    int32_t blocked; /* obstacle kinds: 1 = set, 0 = clear */
    float cost;      /* XUNLU_EDIT_TERRAIN_COST: the multiplier */
} xunlu_cell_edit;

/* A path query. Zero-initialise it ({0} or memset) and set what you need: zero means the
 * default for every field. */
typedef struct xunlu_path_request {
    const char* algorithm; /* a registered name ("astar", "dijkstra", "jps", "jps-block", "jps+"
                              ...; see `xunlu algorithms`); NULL or "" = "astar" */
    xunlu_cell start;
    xunlu_cell goal;
    int32_t four_way;              /* 1 = 4 directions; 0 = 8 directions, no corner cutting */
    int32_t ignore_low_obstacles;  /* 1 = low obstacles (units) do not block this query */
    int32_t stop_within;           /* succeed within this many cells (Chebyshev) of the goal */
    uint64_t max_expansions;       /* node budget; 0 = unlimited */
    double deadline_ms;            /* wall-clock budget in milliseconds; 0 = none */
    uint64_t max_memory_bytes;     /* cap on the search's scratch memory; 0 = none */
    int32_t unit_size;             /* an N x N unit (1..32; 0 = 1): start, goal and path name
                                      the footprint's top-left cell, every footprint cell free */
} xunlu_path_request;

/* A path answer. `path` (start to goal, `path_size` cells) and `waypoints` are owned by the
 * library: release them with xunlu_path_result_free(). */
typedef struct xunlu_path_result {
    int32_t status;       /* XUNLU_OK, XUNLU_NO_PATH, XUNLU_BUDGET_EXHAUSTED, ... */
    int32_t partial;      /* 1 when the path stops short of the goal (budget) */
    double length;        /* cells: 1 per straight step, sqrt(2) per diagonal step */
    double cost;          /* the rules' cost units, terrain included */
    uint64_t expanded;    /* nodes expanded */
    uint64_t generated;   /* neighbours generated */
    size_t memory_bytes;  /* search scratch memory held */
    xunlu_cell* path;     /* library-owned; NULL when path_size is 0 */
    size_t path_size;
    /* Any-angle algorithms ("theta", "lazy-theta", "visgraph", "polyanya"): the polyline's
     * vertices in cell units (a cell's centre is x + 0.5, y + 0.5; bends on cell corners), start
     * centre to goal centre, `length` its Euclidean length; `path` then lists the cells it
     * crosses. Library-owned; NULL and 0 for grid algorithms and from xunlu_find_path_into. */
    xunlu_point* waypoints;
    size_t waypoint_count;
} xunlu_path_result;

/* A route query on a scene. Zero means the default for every field. */
typedef struct xunlu_route_request {
    xunlu_point start;            /* pixels, inside the map */
    xunlu_point goal;             /* pixels, inside the map */
    int32_t stop_short;           /* succeed within this many cells of the goal cell */
    int32_t four_way;             /* 1 = 4 directions */
    int32_t ignore_low_obstacles; /* 1 = units do not block */
    uint64_t max_expansions;      /* budget of the full search; 0 = unlimited */
    double deadline_ms;           /* 0 = none */
    const char* algorithm;        /* grid search of the search stages; NULL = "astar" */
    int32_t unit_size;            /* an N x N unit (1..32; 0 = 1): pixels name the footprint's
                                     top-left cell; islands and waypoints are not used */
} xunlu_route_request;

/* A route answer: turning points in pixels, start first; free with xunlu_route_result_free().
 * `status` is XUNLU_OK for a straight line or a found route, XUNLU_BUDGET_EXHAUSTED for a
 * partial one, XUNLU_NO_PATH or XUNLU_INVALID_ARGUMENT otherwise. */
typedef struct xunlu_route_result {
    int32_t status;
    int32_t partial;
    const char* stage;     /* static string: "straight_line", "bounded_search", ... */
    double length;         /* pixels, along the turning points */
    double grid_length;    /* cells, of the grid path the answering stage found */
    uint64_t map_version;  /* the scene version the query ran on */
    uint64_t expanded;
    double time_us;
    xunlu_point* points;   /* library-owned */
    size_t point_count;
} xunlu_route_result;

/* One registered algorithm (xunlu_algorithm_info_at): every string is static, valid while the
 * library is loaded. Support fields: "native", "astar_fallback", "ignored", "unsupported". */
typedef struct xunlu_algorithm_info {
    const char* name;          /* what xunlu_path_request.algorithm takes, e.g. "jps" */
    const char* description;   /* one line */
    int32_t optimal;           /* 1 = shortest paths (any-angle: the shortest polyline) */
    int32_t complete;          /* 1 = finds a path whenever one exists (within its budget) */
    int32_t preprocessing;     /* 1 = builds per-map data on the first query of a map version */
    int32_t stepping;          /* 1 = xunlu_search_start/step/finish pause inside it */
    int32_t any_angle;         /* 1 = answers a polyline (xunlu_path_result.waypoints) */
    int32_t budget;            /* 1 = honours max_expansions and deadline_ms */
    const char* terrain_costs;
    const char* stop_within;
    const char* turn_penalty;
    const char* hex;
    const char* weight;
    const char* rules;         /* comma-separated movement rules: "4,8,8-cut1,8-always" */
} xunlu_algorithm_info;

/* The library version, "MAJOR.MINOR.PATCH". Static storage. */
XUNLU_API const char* xunlu_version(void);
/* The message of the calling thread's last failed call ("" if none). Valid until the thread's
 * next xunlu_ call. */
XUNLU_API const char* xunlu_last_error(void);
/* The name of a status code ("ok", "no_path", ...); "unknown" for other values. */
XUNLU_API const char* xunlu_status_name(int status);

/* Maps. Loaders accept Moving AI .map, map.in text and PNG; sizes up to 32768 cells a side and
 * 2^30 cells. */
XUNLU_API int xunlu_map_load_file(const char* path, xunlu_map** out);
XUNLU_API int xunlu_map_from_bytes(const void* bytes, size_t size, xunlu_map** out);
/* codes: width * height bytes, row-major (cell (x, y) at codes[y * width + x]), XUNLU_CELL_*.
 * costs: NULL or width * height multipliers, read where the code is XUNLU_CELL_TERRAIN_COST. */
XUNLU_API int xunlu_map_from_cells(int32_t width, int32_t height, const uint8_t* codes,
                                   const float* costs, xunlu_map** out);
XUNLU_API void xunlu_map_free(xunlu_map* map);
XUNLU_API int xunlu_map_size(const xunlu_map* map, int32_t* width, int32_t* height);
XUNLU_API int xunlu_map_version(const xunlu_map* map, uint64_t* version);
/* The XUNLU_CELL_* code of one cell (a high obstacle wins over a low one). */
XUNLU_API int xunlu_map_cell(const xunlu_map* map, xunlu_cell at, uint8_t* code);
/* Line of sight between the centres of two cells; *clear = 1 when no blocking cell is crossed. */
XUNLU_API int xunlu_map_line_of_sight(const xunlu_map* map, xunlu_cell a, xunlu_cell b,
                                      int low_obstacles_block, int* clear);
/* The next version with the edits applied (all or nothing); `map` is unchanged. */
XUNLU_API int xunlu_map_with_edits(const xunlu_map* map, const xunlu_cell_edit* edits,
                                   size_t count, xunlu_map** out);

/* Path queries. A finder keeps its scratch memory between queries: one per thread. */
XUNLU_API int xunlu_finder_create(xunlu_finder** out);
XUNLU_API void xunlu_finder_free(xunlu_finder* finder);
/* Runs one query. Returns the search status (also in out->status); out is always filled and
 * must be freed with xunlu_path_result_free(), also on failure. */
XUNLU_API int xunlu_find_path(xunlu_finder* finder, const xunlu_map* map,
                              const xunlu_path_request* request, xunlu_path_result* out);
/* The same, writing the path into the caller's buffer of `capacity` cells. *path_size is set to
 * the number of cells of the path; when it exceeds capacity nothing is written and the call
 * returns XUNLU_BUFFER_TOO_SMALL (out->status still holds the search status). out->path stays
 * NULL: no free is needed. */
XUNLU_API int xunlu_find_path_into(xunlu_finder* finder, const xunlu_map* map,
                                   const xunlu_path_request* request, xunlu_path_result* out,
                                   xunlu_cell* buffer, size_t capacity, size_t* path_size);
XUNLU_API void xunlu_path_result_free(xunlu_path_result* result);
/* `count` queries on `threads` threads (the caller's thread among them); results[i] answers
 * requests[i] and each must be freed with xunlu_path_result_free(). A bad query gets its own
 * XUNLU_INVALID_ARGUMENT result. Returns XUNLU_OK when the batch ran. */
XUNLU_API int xunlu_find_paths(const xunlu_map* map, const xunlu_path_request* requests,
                               size_t count, unsigned threads, xunlu_path_result* results);

/* Sliced search: one path query spread over several calls (game ticks), on a finder. Start it,
 * call xunlu_search_step with an expansion budget until *done is 1, then xunlu_search_finish
 * gives what xunlu_find_path would have (free it with xunlu_path_result_free). Only algorithms
 * whose xunlu_algorithm_info.stepping is 1 can be started; others, an unknown name or a bad
 * request make xunlu_search_start fail with XUNLU_INVALID_ARGUMENT and a message. The finder
 * keeps its own reference to the map version: the map may be freed while the search runs.
 * Starting again, or xunlu_find_path on the finder, cancels a running search. */
XUNLU_API int xunlu_search_start(xunlu_finder* finder, const xunlu_map* map,
                                 const xunlu_path_request* request);
/* Expands at most `budget` more nodes (0 = no limit); *done = 1 once the search is over. */
XUNLU_API int xunlu_search_step(xunlu_finder* finder, uint64_t budget, int* done);
/* The result (running what is left first when *done was still 0); ends the search. Returns the
 * search status, like xunlu_find_path. */
XUNLU_API int xunlu_search_finish(xunlu_finder* finder, xunlu_path_result* out);
/* Drops the running search without finishing it (NULL and an idle finder are accepted). */
XUNLU_API void xunlu_search_cancel(xunlu_finder* finder);

/* The registered algorithms, in a stable order: their count, and one by index (0 .. count-1). */
XUNLU_API size_t xunlu_algorithm_count(void);
XUNLU_API int xunlu_algorithm_info_at(size_t index, xunlu_algorithm_info* out);

/* Scenes and the route query (pixels). The scene copies the map version it is given. */
XUNLU_API int xunlu_scene_create(const xunlu_map* map, double cell_size, xunlu_scene** out);
XUNLU_API void xunlu_scene_free(xunlu_scene* scene);
/* Loads DIR/roadPoint.csv and DIR/pathlink.csv as the scene's waypoint graph. */
XUNLU_API int xunlu_scene_load_waypoints(xunlu_scene* scene, const char* dir);
/* Applies edits atomically (queries see the old or the new map); *version gets the new one. */
XUNLU_API int xunlu_scene_update_cells(xunlu_scene* scene, const xunlu_cell_edit* edits,
                                       size_t count, uint64_t* version);
/* Answers one route query. Safe from many threads at once on one scene. out must be freed with
 * xunlu_route_result_free(), also on failure. */
XUNLU_API int xunlu_route(const xunlu_scene* scene, const xunlu_route_request* request,
                          xunlu_route_result* out);
XUNLU_API void xunlu_route_result_free(xunlu_route_result* result);

#ifdef __cplusplus
}
#endif

#endif /* XUNLU_XUNLU_H */
