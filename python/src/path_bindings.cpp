// Path queries from Python: PathResult, PathFinder (one per thread, reused), find_path and the
// threaded batch find_paths. The GIL is released while searching.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <mutex>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "conversions.hpp"
#include "xunlu/facade/algorithms.hpp"
#include "xunlu/facade/batch.hpp"
#include "xunlu/facade/path_finder.hpp"

namespace py = pybind11;

namespace xunlu::python {
namespace {

/// What Python sees of a search_result: the path as an int32 NumPy array of shape (n, 2).
struct path_answer {
    std::string status;
    std::string reason;
    py::array_t<std::int32_t> path;
    py::array_t<double> waypoints; ///< any-angle algorithms: (n, 2) vertices in cell units
    double length = 0;
    double cost = 0;
    bool partial = false;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    std::size_t memory_bytes = 0;
    double time_us = 0;
};

/// The options every path query takes, as keyword arguments.
struct path_options {
    std::string algorithm = "astar";
    bool four_way = false;
    bool ignore_low_obstacles = false;
    std::int32_t stop_within = 0;
    std::uint64_t max_expansions = 0;
    double deadline_ms = 0;
    std::uint64_t max_memory_bytes = 0;
    std::int32_t unit_size = 1;
    double weight = 1.0; ///< weighted A* (search_request::weight)
};

facade::path_query make_query(cell start, cell goal, const path_options& o) {
    if (o.stop_within < 0) throw py::value_error("stop_within must be >= 0 cells");
    check_deadline_ms(o.deadline_ms);
    facade::path_query q{.algorithm = o.algorithm, .search = {.start = start, .goal = goal}};
    if (o.four_way) q.search.rules.moves = grid::connectivity::four;
    q.search.low_obstacles_block = !o.ignore_low_obstacles;
    q.search.stop_within = o.stop_within;
    q.search.max_expansions = o.max_expansions;
    q.search.max_memory_bytes = static_cast<std::size_t>(o.max_memory_bytes);
    q.layers.unit_size = o.unit_size;
    q.search.weight = o.weight;
    if (o.deadline_ms > 0) {
        q.search.deadline = std::chrono::steady_clock::now() +
                            std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                std::chrono::duration<double, std::milli>(o.deadline_ms));
    }
    return q;
}

/// Needs the GIL (creates the NumPy array).
path_answer to_python(const facade::path_result& r, double time_us) {
    path_answer a;
    a.status = std::string(search::status_name(r.status));
    a.reason = r.reason;
    a.path = py::array_t<std::int32_t>({static_cast<py::ssize_t>(r.path.size()), py::ssize_t{2}});
    auto v = a.path.mutable_unchecked<2>();
    for (std::size_t i = 0; i < r.path.size(); ++i) {
        v(static_cast<py::ssize_t>(i), 0) = r.path[i].x;
        v(static_cast<py::ssize_t>(i), 1) = r.path[i].y;
    }
    a.waypoints =
        py::array_t<double>({static_cast<py::ssize_t>(r.waypoints.size()), py::ssize_t{2}});
    auto w = a.waypoints.mutable_unchecked<2>();
    for (std::size_t i = 0; i < r.waypoints.size(); ++i) {
        w(static_cast<py::ssize_t>(i), 0) = r.waypoints[i].x;
        w(static_cast<py::ssize_t>(i), 1) = r.waypoints[i].y;
    }
    a.length = r.length;
    a.cost = r.cost;
    a.partial = r.partial;
    a.expanded = r.stats.expanded;
    a.generated = r.stats.generated;
    a.memory_bytes = r.stats.memory_bytes;
    a.time_us = time_us;
    return a;
}

/// A facade::path_finder that Python threads may share safely (calls are serialised); give
/// each thread its own for parallel searches.
struct py_path_finder {
    facade::path_finder finder;
    std::mutex busy;

    path_answer find(const facade::map& m, const py::object& start, const py::object& goal,
                     const path_options& o) {
        const facade::path_query q = make_query(to_cell(start, "start"), to_cell(goal, "goal"), o);
        facade::path_result r;
        double us = 0;
        {
            py::gil_scoped_release release;
            std::lock_guard lock(busy);
            const auto t0 = std::chrono::steady_clock::now();
            r = finder.find(m, q);
            us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                     .count();
        }
        return to_python(r, us);
    }

    // The sliced search (facade::path_finder::start / step / finish / cancel); time_us of the
    // result adds up the time spent in all its calls.
    double sliced_us = 0;

    bool start(const facade::map& m, const py::object& start_cell, const py::object& goal_cell,
               const path_options& o) {
        const facade::path_query q =
            make_query(to_cell(start_cell, "start"), to_cell(goal_cell, "goal"), o);
        py::gil_scoped_release release;
        std::lock_guard lock(busy);
        const auto t0 = std::chrono::steady_clock::now();
        const bool started = finder.start(m, q);
        sliced_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                        .count();
        return started;
    }

    bool step(std::uint64_t budget) {
        if (!finder.searching()) throw py::value_error("step: no search is running (start first)");
        py::gil_scoped_release release;
        std::lock_guard lock(busy);
        const auto t0 = std::chrono::steady_clock::now();
        const bool done = finder.step(budget);
        sliced_us +=
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                .count();
        return done;
    }

    path_answer finish() {
        if (!finder.searching()) {
            throw py::value_error("finish: no search is running (start first)");
        }
        facade::path_result r;
        {
            py::gil_scoped_release release;
            std::lock_guard lock(busy);
            const auto t0 = std::chrono::steady_clock::now();
            r = finder.finish();
            sliced_us +=
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                    .count();
        }
        return to_python(r, sliced_us);
    }

    void cancel() {
        py::gil_scoped_release release;
        std::lock_guard lock(busy);
        finder.cancel();
    }
};

py_path_finder& thread_finder() {
    thread_local py_path_finder finder;
    return finder;
}

std::vector<path_answer> find_paths(const facade::map& m, const py::object& queries,
                                    unsigned threads, const path_options& o) {
    if (threads == 0) throw py::value_error("threads must be >= 1");
    std::vector<facade::path_query> qs;
    if (py::isinstance<py::array>(queries)) {
        // Cells are integers: a float array is refused as find_path refuses a float cell, never
        // truncated (0.7 would become 0).
        const char kind = py::reinterpret_borrow<py::array>(queries).dtype().kind();
        if (kind != 'i' && kind != 'u') {
            throw py::type_error(
                "queries as an array must hold integers (cells), got dtype " +
                std::string(py::str(py::reinterpret_borrow<py::array>(queries).dtype())));
        }
        const auto a =
            py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(queries);
        if (!a || a.ndim() != 2 || a.shape(1) != 4) {
            throw py::value_error("queries as an array must have shape (n, 4): sx, sy, gx, gy");
        }
        const auto v = a.unchecked<2>();
        for (py::ssize_t i = 0; i < a.shape(0); ++i) {
            const py::tuple s = py::make_tuple(v(i, 0), v(i, 1)),
                            g = py::make_tuple(v(i, 2), v(i, 3));
            qs.push_back(make_query(to_cell(s, "start"), to_cell(g, "goal"), o));
        }
    } else {
        for (const py::handle q : queries) {
            if (!py::isinstance<py::sequence>(q) || py::len(q) != 2) {
                throw py::type_error("each query is a pair (start, goal) of cells");
            }
            const py::sequence s = py::reinterpret_borrow<py::sequence>(q);
            qs.push_back(make_query(to_cell(s[0], "start"), to_cell(s[1], "goal"), o));
        }
    }
    std::vector<facade::path_result> results;
    {
        py::gil_scoped_release release;
        auto answered = facade::find_paths(m, qs, threads);
        if (!answered) {
            py::gil_scoped_acquire acquire;
            throw py::value_error(answered.err().message);
        }
        results = std::move(answered).value();
    }
    std::vector<path_answer> out;
    out.reserve(results.size());
    for (const auto& r : results) out.push_back(to_python(r, 0));
    return out;
}

} // namespace

void bind_paths(py::module_& m) {
    py::class_<path_answer>(m, "PathResult", R"doc(
The answer to a path query. status: "found", "no_path", "budget_exhausted" (path partial),
"invalid_input" or "resource_exhausted"; reason says why for every status but "found".
path: int32 array of shape (n, 2), rows (x, y) in cells from start to goal. length: cells
(1 per straight step, sqrt(2) per diagonal one). cost: the rules' cost units, terrain included.
waypoints: float64 array of shape (n, 2) for the any-angle algorithms ("theta", "lazy-theta",
"visgraph"): the polyline's vertices in cell units (centres at x + 0.5), start centre to goal
centre, and length is its Euclidean length; empty (0, 2) for grid paths.
time_us: wall time of the search in microseconds (0 in batches).)doc")
        .def_readonly("status", &path_answer::status)
        .def_readonly("reason", &path_answer::reason)
        .def_readonly("path", &path_answer::path)
        .def_readonly("waypoints", &path_answer::waypoints)
        .def_readonly("length", &path_answer::length)
        .def_readonly("cost", &path_answer::cost)
        .def_readonly("partial", &path_answer::partial)
        .def_readonly("expanded", &path_answer::expanded)
        .def_readonly("generated", &path_answer::generated)
        .def_readonly("memory_bytes", &path_answer::memory_bytes)
        .def_readonly("time_us", &path_answer::time_us)
        .def_property_readonly("found", [](const path_answer& a) { return a.status == "found"; })
        .def("__repr__", [](const path_answer& a) {
            return "<xunlu.PathResult " + a.status + " length " + std::to_string(a.length) +
                   " cells " + std::to_string(a.path.shape(0)) + ">";
        });

    const auto find_doc = R"doc(
Finds a path from start to goal, both (x, y) in cells. algorithm: a registered name ("astar",
"dijkstra", "jps", "jps-block", "jps+", ...). four_way: 4 directions instead of 8 (8 never cut
corners). ignore_low_obstacles: units do not block. stop_within: succeed within this many cells
of the goal. max_expansions: node budget (0 = none). deadline_ms: wall-clock budget (0 = none).
max_memory_bytes: cap on the search memory (0 = none). unit_size: an N x N unit, start, goal
and path naming its footprint's top-left cell (a start where it does not fit is
"invalid_input"). weight: weighted A* (>= 1; cost at most weight x optimal; below 1 or not
finite is "invalid_input"). Bad coordinates (outside the map) give
status "invalid_input"; wrong types raise TypeError. The GIL is released while searching.)doc";

    py::class_<py_path_finder>(m, "PathFinder", R"doc(
A reusable search object: keeps its memory between queries. Calls from several threads are
serialised; give each thread its own PathFinder to search in parallel.)doc")
        .def(py::init<>())
        .def(
            "find",
            [](py_path_finder& self, const facade::map& map, const py::object& start,
               const py::object& goal, std::string algorithm, bool four_way,
               bool ignore_low_obstacles, std::int32_t stop_within, std::uint64_t max_expansions,
               double deadline_ms, std::uint64_t max_memory_bytes, std::int32_t unit_size,
               double weight) {
                return self.find(map, start, goal,
                                 {std::move(algorithm), four_way, ignore_low_obstacles, stop_within,
                                  max_expansions, deadline_ms, max_memory_bytes, unit_size,
                                  weight});
            },
            py::arg("map"), py::arg("start"), py::arg("goal"), py::kw_only(),
            py::arg("algorithm") = "astar", py::arg("four_way") = false,
            py::arg("ignore_low_obstacles") = false, py::arg("stop_within") = 0,
            py::arg("max_expansions") = 0, py::arg("deadline_ms") = 0.0,
            py::arg("max_memory_bytes") = 0, py::arg("unit_size") = 1, py::arg("weight") = 1.0,
            find_doc)
        .def(
            "start",
            [](py_path_finder& self, const facade::map& map, const py::object& start,
               const py::object& goal, std::string algorithm, bool four_way,
               bool ignore_low_obstacles, std::int32_t stop_within, std::uint64_t max_expansions,
               double deadline_ms, std::uint64_t max_memory_bytes, std::int32_t unit_size,
               double weight) {
                return self.start(map, start, goal,
                                  {std::move(algorithm), four_way, ignore_low_obstacles,
                                   stop_within, max_expansions, deadline_ms, max_memory_bytes,
                                   unit_size, weight});
            },
            py::arg("map"), py::arg("start"), py::arg("goal"), py::kw_only(),
            py::arg("algorithm") = "astar", py::arg("four_way") = false,
            py::arg("ignore_low_obstacles") = false, py::arg("stop_within") = 0,
            py::arg("max_expansions") = 0, py::arg("deadline_ms") = 0.0,
            py::arg("max_memory_bytes") = 0, py::arg("unit_size") = 1, py::arg("weight") = 1.0,
            R"doc(
Starts a sliced search (the same arguments as find): then step(budget) until it returns True,
then finish() gives the PathResult find would have given. Only algorithms whose "stepping" is
True in algorithms() pause inside; for the others, an unknown name or a bad request start
returns False and finish() gives the "invalid_input" result with its reason. A search already
running is cancelled.)doc")
        .def("step", &py_path_finder::step, py::arg("budget") = 1, R"doc(
Expands at most `budget` more nodes (0 = no limit) of the running search; True once it is over.
ValueError when no search is running.)doc")
        .def("finish", &py_path_finder::finish, R"doc(
The running search's PathResult (what is left of it runs first); ends the search. time_us adds
up the time of start, every step and finish. ValueError when no search is running.)doc")
        .def("cancel", &py_path_finder::cancel, "Drops the running search, if any.")
        .def_property_readonly(
            "searching", [](py_path_finder& self) { return self.finder.searching(); },
            "True from start until finish or cancel.");

    m.def(
        "find_path",
        [](const facade::map& map, const py::object& start, const py::object& goal,
           std::string algorithm, bool four_way, bool ignore_low_obstacles,
           std::int32_t stop_within, std::uint64_t max_expansions, double deadline_ms,
           std::uint64_t max_memory_bytes, std::int32_t unit_size, double weight) {
            return thread_finder().find(map, start, goal,
                                        {std::move(algorithm), four_way, ignore_low_obstacles,
                                         stop_within, max_expansions, deadline_ms, max_memory_bytes,
                                         unit_size, weight});
        },
        py::arg("map"), py::arg("start"), py::arg("goal"), py::kw_only(),
        py::arg("algorithm") = "astar", py::arg("four_way") = false,
        py::arg("ignore_low_obstacles") = false, py::arg("stop_within") = 0,
        py::arg("max_expansions") = 0, py::arg("deadline_ms") = 0.0,
        py::arg("max_memory_bytes") = 0, py::arg("unit_size") = 1, py::arg("weight") = 1.0,
        (std::string(find_doc) + "\nUses a PathFinder kept per Python thread.").c_str());

    m.def(
        "algorithms",
        [] {
            py::list out;
            for (const facade::algorithm_info& a : facade::algorithms()) {
                py::dict d;
                d["name"] = a.name;
                d["description"] = a.description;
                d["optimal"] = a.optimal;
                d["complete"] = a.complete;
                d["preprocessing"] = a.preprocessing;
                d["stepping"] = a.stepping;
                d["any_angle"] = a.any_angle;
                d["budget"] = a.budget;
                d["terrain_costs"] = a.terrain_costs;
                d["stop_within"] = a.stop_within;
                d["turn_penalty"] = a.turn_penalty;
                d["hex"] = a.hex;
                d["weight"] = a.weight;
                d["rules"] = a.rules;
                out.append(d);
            }
            return out;
        },
        R"doc(
Every algorithm name find_path takes, in a stable order, as dicts: name, description, optimal,
complete, preprocessing, stepping (PathFinder.start/step/finish pause inside it), any_angle,
budget (bools); terrain_costs, stop_within, turn_penalty, hex, weight ("native",
"astar_fallback", "ignored" or "unsupported"); rules (a list of "4", "8", "8-cut1", "8-always").
The same keys as `xunlu algorithms --json`.)doc");

    m.def(
        "find_paths",
        [](const facade::map& map, const py::object& queries, unsigned threads,
           std::string algorithm, bool four_way, bool ignore_low_obstacles,
           std::int32_t stop_within, std::uint64_t max_expansions, double deadline_ms,
           double weight) {
            return find_paths(map, queries, threads,
                              {std::move(algorithm), four_way, ignore_low_obstacles, stop_within,
                               max_expansions, deadline_ms, 0, 1, weight});
        },
        py::arg("map"), py::arg("queries"), py::kw_only(), py::arg("threads") = 2,
        py::arg("algorithm") = "astar", py::arg("four_way") = false,
        py::arg("ignore_low_obstacles") = false, py::arg("stop_within") = 0,
        py::arg("max_expansions") = 0, py::arg("deadline_ms") = 0.0, py::arg("weight") = 1.0,
        R"doc(
Answers many queries on `threads` native threads (the GIL released), in order. queries: a list
of (start, goal) pairs of cells, or an int array of shape (n, 4) with rows sx, sy, gx, gy.
A bad query gets its own "invalid_input" result.)doc");
}

} // namespace xunlu::python
