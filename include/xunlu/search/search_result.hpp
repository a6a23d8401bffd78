// What one grid search returns: status with reason, path, cost, statistics, optional trace.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::search {

enum class search_status : std::uint8_t {
    found,              ///< a path to the goal (or within stop_within of it)
    no_path,            ///< the whole reachable region was searched: the goal is unreachable
    budget_exhausted,   ///< max_expansions or the deadline ran out; path is partial
    invalid_input,      ///< bad request (see reason); nothing was searched
    resource_exhausted, ///< the memory cap (search_request::max_memory_bytes) was reached or
                        ///< memory ran out; no path (see reason)
};

[[nodiscard]] XUNLU_API std::string_view status_name(search_status s) noexcept;

struct search_stats {
    std::uint64_t expanded = 0;          ///< nodes taken from OPEN and expanded
    std::uint64_t generated = 0;         ///< neighbour cells looked at and found passable
    std::uint64_t heap_pushes = 0;       ///< insertions into the heap; A* lets nodes whose f
                                         ///< equals their parent's bypass it (fast stack)
    std::uint64_t decrease_keys = 0;     ///< improvements of a node already in OPEN
    std::uint64_t reopened = 0;          ///< closed nodes opened again by a cheaper path (only
                                         ///< with an inconsistent heuristic)
    std::uint64_t peak_open = 0;         ///< largest OPEN size seen
    std::size_t memory_bytes = 0;        ///< bytes of search memory held (node store + OPEN)
    std::size_t preprocessing_bytes = 0; ///< per-map caches the query used (JPS bit rows,
                                         ///< JPS+ table); not part of memory_bytes
    /// Microseconds this query spent building (or repairing) per-map data the map did not
    /// have yet (JPS bit rows, JPS+ table): once per map version, 0 on the queries after.
    /// Inside the query's wall time; callers report it apart from the search time.
    double preprocess_us = 0;
};

/// What happened to a node, in order (for replaying a search, e.g. in a visualizer).
enum class node_event : std::uint8_t {
    opened, ///< entered OPEN (first time reached)
    closed, ///< taken from OPEN and expanded
};

struct search_event {
    cell at;
    node_event kind;
};

/// Cells the search touched, for pictures (only filled when the request asked for a trace).
/// Recorded by an observer during the one run.
struct search_trace {
    std::vector<cell> expanded;       ///< closed cells, in expansion order
    std::vector<cell> open;           ///< cells left in OPEN at the end, in order of opening
    std::vector<search_event> events; ///< every open and close, in order
};

struct search_result {
    search_status status = search_status::invalid_input;
    std::string reason;     ///< why, for every status other than found
    std::vector<cell> path; ///< start to goal (or to the best cell when partial)
    /// Any-angle finders (registry capability `any_angle`): the path's vertices in cell units,
    /// from the start cell's centre through the corners it bends at to the goal cell's centre;
    /// `path` then lists the cells the polyline crosses (edge to edge) and `length` and `cost`
    /// are its Euclidean length. Empty for grid paths.
    std::vector<point> waypoints;
    double cost = 0;      ///< path cost in the rules' cost units (terrain included)
    double length = 0;    ///< geometric length: 1 per straight, sqrt(2) per diagonal step
    bool partial = false; ///< the path stops short of the goal
    search_stats stats;
    search_trace trace;

    [[nodiscard]] bool found() const noexcept { return status == search_status::found; }
};

} // namespace xunlu::search
