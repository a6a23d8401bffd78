// The C API's path queries: finders, one query (library-owned or caller-owned path), batches.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "handles.hpp"
#include "xunlu/facade/batch.hpp"

namespace xunlu::capi {

int convert_deadline(const char* function, double ms,
                     std::optional<std::chrono::steady_clock::time_point>& out) {
    out.reset();
    if (!std::isfinite(ms) || ms < 0) {
        return fail(XUNLU_INVALID_ARGUMENT, std::string(function) + ": deadline_ms is " +
                                                std::to_string(ms) +
                                                " (0 for none, or a finite number > 0)");
    }
    if (ms > 0) {
        out = std::chrono::steady_clock::now() +
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  std::chrono::duration<double, std::milli>(ms));
    }
    return XUNLU_OK;
}

namespace {

int convert_request(const char* function, const xunlu_path_request& in, facade::path_query& out) {
    out.algorithm = (in.algorithm == nullptr || in.algorithm[0] == '\0') ? "astar" : in.algorithm;
    search::search_request& r = out.search;
    r.start = {in.start.x, in.start.y};
    r.goal = {in.goal.x, in.goal.y};
    if (in.four_way != 0) r.rules.moves = grid::connectivity::four;
    r.low_obstacles_block = in.ignore_low_obstacles == 0;
    if (in.stop_within < 0) {
        return fail(XUNLU_INVALID_ARGUMENT, std::string(function) + ": stop_within is " +
                                                std::to_string(in.stop_within) +
                                                " (0 or more cells)");
    }
    r.stop_within = in.stop_within;
    r.max_expansions = in.max_expansions;
    r.max_memory_bytes = static_cast<std::size_t>(in.max_memory_bytes);
    if (in.unit_size < 0) {
        return fail(XUNLU_INVALID_ARGUMENT, std::string(function) + ": unit_size is " +
                                                std::to_string(in.unit_size) + " (0 or 1..32)");
    }
    out.layers.unit_size = in.unit_size == 0 ? 1 : in.unit_size;
    return convert_deadline(function, in.deadline_ms, r.deadline);
}

int status_code(search::search_status s) {
    switch (s) {
    case search::search_status::found:
        return XUNLU_OK;
    case search::search_status::no_path:
        return XUNLU_NO_PATH;
    case search::search_status::budget_exhausted:
        return XUNLU_BUDGET_EXHAUSTED;
    case search::search_status::invalid_input:
        return XUNLU_INVALID_ARGUMENT;
    case search::search_status::resource_exhausted:
        return XUNLU_RESOURCE_EXHAUSTED;
    }
    return XUNLU_INTERNAL_ERROR;
}

/// Fills everything but the path.
void fill_summary(const facade::path_result& r, xunlu_path_result& out) {
    out.status = status_code(r.status);
    out.partial = r.partial ? 1 : 0;
    out.length = r.length;
    out.cost = r.cost;
    out.expanded = r.stats.expanded;
    out.generated = r.stats.generated;
    out.memory_bytes = r.stats.memory_bytes;
}

/// Copies the path and the any-angle waypoints into malloc'd arrays owned by `out` (freed by
/// xunlu_path_result_free, also when only the first was made).
int give_path(const facade::path_result& r, xunlu_path_result& out) {
    if (!r.path.empty()) {
        auto* cells = static_cast<xunlu_cell*>(std::malloc(r.path.size() * sizeof(xunlu_cell)));
        if (cells == nullptr) {
            return fail(XUNLU_RESOURCE_EXHAUSTED, "xunlu_find_path: out of memory for the path");
        }
        for (std::size_t i = 0; i < r.path.size(); ++i) cells[i] = {r.path[i].x, r.path[i].y};
        out.path = cells;
        out.path_size = r.path.size();
    }
    if (!r.waypoints.empty()) {
        auto* points =
            static_cast<xunlu_point*>(std::malloc(r.waypoints.size() * sizeof(xunlu_point)));
        if (points == nullptr) {
            return fail(XUNLU_RESOURCE_EXHAUSTED,
                        "xunlu_find_path: out of memory for the waypoints");
        }
        for (std::size_t i = 0; i < r.waypoints.size(); ++i) {
            points[i] = {r.waypoints[i].x, r.waypoints[i].y};
        }
        out.waypoints = points;
        out.waypoint_count = r.waypoints.size();
    }
    return XUNLU_OK;
}

/// The call's return value for a search that ran: its status, with the reason recorded.
int report(const facade::path_result& r, int status) {
    if (status == XUNLU_OK) return succeed();
    return fail(status, r.reason);
}

int find_into(xunlu_finder* finder, const xunlu_map* map, const xunlu_path_request* request,
              xunlu_path_result* out, facade::path_result& answer) {
    const char* fn = "xunlu_find_path";
    if (finder == nullptr) return null_argument(fn, "finder");
    if (map == nullptr) return null_argument(fn, "map");
    if (request == nullptr) return null_argument(fn, "request");
    facade::path_query query;
    if (const int s = convert_request(fn, *request, query); s != XUNLU_OK) {
        out->status = s;
        return s;
    }
    answer = finder->finder.find(map->map, query);
    fill_summary(answer, *out);
    return XUNLU_OK;
}

} // namespace
} // namespace xunlu::capi

using namespace xunlu;
using namespace xunlu::capi;

extern "C" {

int xunlu_finder_create(xunlu_finder** out) {
    return guarded("xunlu_finder_create", [&] {
        if (out == nullptr) return null_argument("xunlu_finder_create", "out");
        *out = new xunlu_finder{};
        return succeed();
    });
}

void xunlu_finder_free(xunlu_finder* finder) {
    delete finder;
}

int xunlu_find_path(xunlu_finder* finder, const xunlu_map* map, const xunlu_path_request* request,
                    xunlu_path_result* out) {
    if (out == nullptr) return null_argument("xunlu_find_path", "out");
    std::memset(out, 0, sizeof(*out));
    out->status = XUNLU_INVALID_ARGUMENT;
    return guarded("xunlu_find_path", [&] {
        facade::path_result answer;
        if (const int s = find_into(finder, map, request, out, answer); s != XUNLU_OK) return s;
        if (const int s = give_path(answer, *out); s != XUNLU_OK) return s;
        return report(answer, out->status);
    });
}

int xunlu_find_path_into(xunlu_finder* finder, const xunlu_map* map,
                         const xunlu_path_request* request, xunlu_path_result* out,
                         xunlu_cell* buffer, size_t capacity, size_t* path_size) {
    const char* fn = "xunlu_find_path_into";
    if (out == nullptr) return null_argument(fn, "out");
    std::memset(out, 0, sizeof(*out));
    out->status = XUNLU_INVALID_ARGUMENT;
    if (path_size == nullptr) return null_argument(fn, "path_size");
    *path_size = 0;
    if (buffer == nullptr && capacity > 0) return null_argument(fn, "buffer");
    return guarded(fn, [&] {
        facade::path_result answer;
        if (const int s = find_into(finder, map, request, out, answer); s != XUNLU_OK) return s;
        *path_size = answer.path.size();
        out->path_size = answer.path.size();
        if (answer.path.size() > capacity) {
            return fail(XUNLU_BUFFER_TOO_SMALL,
                        std::string(fn) + ": the path has " + std::to_string(answer.path.size()) +
                            " cells, the buffer holds " + std::to_string(capacity));
        }
        for (std::size_t i = 0; i < answer.path.size(); ++i) {
            buffer[i] = {answer.path[i].x, answer.path[i].y};
        }
        return report(answer, out->status);
    });
}

void xunlu_path_result_free(xunlu_path_result* result) {
    if (result == nullptr) return;
    std::free(result->path);
    result->path = nullptr;
    result->path_size = 0;
    std::free(result->waypoints);
    result->waypoints = nullptr;
    result->waypoint_count = 0;
}

int xunlu_find_paths(const xunlu_map* map, const xunlu_path_request* requests, size_t count,
                     unsigned threads, xunlu_path_result* results) {
    const char* fn = "xunlu_find_paths";
    if (results == nullptr && count > 0) return null_argument(fn, "results");
    // Arrays whose byte size does not fit the address space cannot be the caller's: refused
    // before `results` is touched.
    constexpr std::size_t max_count =
        static_cast<std::size_t>(PTRDIFF_MAX) /
        std::max(sizeof(xunlu_path_request), sizeof(xunlu_path_result));
    if (count > max_count) {
        return fail(XUNLU_INVALID_ARGUMENT, std::string(fn) + ": count " + std::to_string(count) +
                                                " is larger than any array can be");
    }
    for (std::size_t i = 0; i < count; ++i) {
        std::memset(&results[i], 0, sizeof(results[i]));
        results[i].status = XUNLU_INVALID_ARGUMENT;
    }
    return guarded(fn, [&] {
        if (map == nullptr) return null_argument(fn, "map");
        if (requests == nullptr && count > 0) return null_argument(fn, "requests");
        if (threads == 0) return fail(XUNLU_INVALID_ARGUMENT, std::string(fn) + ": threads is 0");
        std::vector<facade::path_query> queries;
        std::vector<std::size_t> origin; // index in `requests` of each query
        queries.reserve(count);
        origin.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            facade::path_query q;
            if (convert_request(fn, requests[i], q) == XUNLU_OK) {
                queries.push_back(std::move(q));
                origin.push_back(i);
            }
        }
        auto answers = facade::find_paths(map->map, queries, threads);
        if (!answers) return fail(XUNLU_INVALID_ARGUMENT, answers.err().message);
        for (std::size_t k = 0; k < answers.value().size(); ++k) {
            const facade::path_result& r = answers.value()[k];
            xunlu_path_result& out = results[origin[k]];
            fill_summary(r, out);
            if (const int s = give_path(r, out); s != XUNLU_OK) return s;
        }
        return succeed();
    });
}

int xunlu_search_start(xunlu_finder* finder, const xunlu_map* map,
                       const xunlu_path_request* request) {
    const char* fn = "xunlu_search_start";
    return guarded(fn, [&] {
        if (finder == nullptr) return null_argument(fn, "finder");
        if (map == nullptr) return null_argument(fn, "map");
        if (request == nullptr) return null_argument(fn, "request");
        finder->finder.cancel();
        facade::path_query query;
        if (const int s = convert_request(fn, *request, query); s != XUNLU_OK) return s;
        if (finder->finder.start(map->map, query)) return succeed();
        // Refused: the reason is the result's; finish would give it again.
        const facade::path_result refused = finder->finder.finish();
        return fail(status_code(refused.status), std::string(fn) + ": " + refused.reason);
    });
}

int xunlu_search_step(xunlu_finder* finder, uint64_t budget, int* done) {
    const char* fn = "xunlu_search_step";
    return guarded(fn, [&] {
        if (finder == nullptr) return null_argument(fn, "finder");
        if (done == nullptr) return null_argument(fn, "done");
        *done = 1;
        if (!finder->finder.searching()) {
            return fail(XUNLU_INVALID_ARGUMENT,
                        std::string(fn) + ": no search is running (xunlu_search_start first)");
        }
        *done = finder->finder.step(budget) ? 1 : 0;
        return succeed();
    });
}

int xunlu_search_finish(xunlu_finder* finder, xunlu_path_result* out) {
    const char* fn = "xunlu_search_finish";
    if (out == nullptr) return null_argument(fn, "out");
    std::memset(out, 0, sizeof(*out));
    out->status = XUNLU_INVALID_ARGUMENT;
    return guarded(fn, [&] {
        if (finder == nullptr) return null_argument(fn, "finder");
        if (!finder->finder.searching()) {
            return fail(XUNLU_INVALID_ARGUMENT,
                        std::string(fn) + ": no search is running (xunlu_search_start first)");
        }
        const facade::path_result answer = finder->finder.finish();
        fill_summary(answer, *out);
        if (const int s = give_path(answer, *out); s != XUNLU_OK) return s;
        return report(answer, out->status);
    });
}

void xunlu_search_cancel(xunlu_finder* finder) {
    if (finder != nullptr) finder->finder.cancel();
}

} // extern "C"
