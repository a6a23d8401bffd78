// The game-server route query from Python: Scene (a map in pixels with stages, waypoints and
// atomic cell updates), RouteResult and route(). The GIL is released while routing.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <map>
#include <string>

#include "bindings.hpp"
#include "conversions.hpp"
#include "xunlu/facade/route.hpp"

namespace py = pybind11;

namespace xunlu::python {
namespace {

struct route_answer {
    std::string status;
    std::string reason;
    std::string stage;
    std::string algorithm;
    py::array_t<double> points;
    double length = 0;
    double grid_length = 0;
    std::uint64_t map_version = 0;
    std::uint64_t expanded = 0;
    double time_us = 0;
};

/// One route_finder per thread and algorithm (route_finder is per-thread by contract).
pipeline::route_finder& thread_route_finder(const std::string& algorithm) {
    thread_local std::map<std::string, pipeline::route_finder, std::less<>> finders;
    if (auto it = finders.find(algorithm); it != finders.end()) return it->second;
    auto made = facade::make_route_finder(algorithm);
    if (!made) throw py::value_error(made.err().message);
    return finders.emplace(algorithm, std::move(made).value()).first->second;
}

route_answer route(const pipeline::scene& s, const py::object& start, const py::object& goal,
                   std::int32_t stop_short, std::uint64_t max_expansions,
                   const std::string& algorithm, bool four_way, bool ignore_low_obstacles,
                   double deadline_ms, std::int32_t unit_size) {
    pipeline::route_request q;
    q.start = to_point(start, "start");
    q.goal = to_point(goal, "goal");
    if (stop_short < 0) throw py::value_error("stop_short must be >= 0 cells");
    check_deadline_ms(deadline_ms);
    q.stop_short = stop_short;
    q.max_expansions = max_expansions;
    if (four_way) q.rules.moves = grid::connectivity::four;
    q.low_obstacles_block = !ignore_low_obstacles;
    q.layers.unit_size = unit_size;
    if (deadline_ms > 0) {
        q.deadline = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double, std::milli>(deadline_ms));
    }
    pipeline::route_finder& finder = thread_route_finder(algorithm);
    pipeline::route_result r;
    {
        py::gil_scoped_release release;
        r = finder.find(s, q);
    }
    route_answer a;
    a.status = std::string(pipeline::status_name(r.status));
    a.reason = r.reason;
    a.stage = std::string(pipeline::stage_name(r.stage));
    a.algorithm = r.algorithm;
    a.points = py::array_t<double>({static_cast<py::ssize_t>(r.points.size()), py::ssize_t{2}});
    auto v = a.points.mutable_unchecked<2>();
    for (std::size_t i = 0; i < r.points.size(); ++i) {
        v(static_cast<py::ssize_t>(i), 0) = r.points[i].x;
        v(static_cast<py::ssize_t>(i), 1) = r.points[i].y;
    }
    a.length = r.length;
    a.grid_length = r.grid_length;
    a.map_version = r.map_version;
    a.expanded = r.stats.expanded;
    a.time_us = r.stats.time_us;
    return a;
}

} // namespace

void bind_routes(py::module_& m) {
    py::class_<route_answer>(m, "RouteResult", R"doc(
The answer to a route query. status: "straight_line", "found", "partial" (budget or deadline),
"no_path" or "invalid"; reason says why when not found. points: float64 array (n, 2) of turning
points in pixels, start first. length: pixels along the points. grid_length: cells of the grid
path the answering stage found. stage: the pipeline stage that answered. map_version: the scene
version the query ran on.)doc")
        .def_readonly("status", &route_answer::status)
        .def_readonly("reason", &route_answer::reason)
        .def_readonly("stage", &route_answer::stage)
        .def_readonly("algorithm", &route_answer::algorithm)
        .def_readonly("points", &route_answer::points)
        .def_readonly("length", &route_answer::length)
        .def_readonly("grid_length", &route_answer::grid_length)
        .def_readonly("map_version", &route_answer::map_version)
        .def_readonly("expanded", &route_answer::expanded)
        .def_readonly("time_us", &route_answer::time_us)
        .def_property_readonly("ok", [](const route_answer& a) {
            return a.status == "straight_line" || a.status == "found" || a.status == "partial";
        });

    py::class_<pipeline::scene>(m, "Scene", R"doc(
A game-server scene: a copy of a GridMap's version measured in pixels (cell_size pixels per cell
side), the route stages and an optional waypoint graph. Many threads may route on one scene while
one thread updates its cells; each answer reports the map version it used.)doc")
        .def(py::init([](const facade::map& map, double cell_size) {
                 pipeline::scene_options options;
                 options.cell_size = cell_size;
                 auto made = facade::make_scene(map, options);
                 if (!made) throw py::value_error(made.err().message);
                 return std::move(made).value();
             }),
             py::arg("map"), py::arg("cell_size") = 1.0)
        .def_property_readonly("cell_size", &pipeline::scene::cell_size)
        .def_property_readonly("version", &pipeline::scene::version)
        .def(
            "load_waypoints",
            [](pipeline::scene& self, const std::string& dir) {
                auto loaded = self.load_waypoints(dir);
                if (!loaded) throw py::value_error(loaded.err().message);
                std::vector<std::string> warnings;
                for (const auto& d : loaded.value()) warnings.push_back(d.text());
                return warnings;
            },
            py::arg("dir"), "Loads DIR/roadPoint.csv and DIR/pathlink.csv; returns the warnings.")
        .def(
            "update_cells",
            [](pipeline::scene& self, const py::object& edits) {
                const auto converted = to_edits(edits);
                result<std::uint64_t> updated = [&] {
                    py::gil_scoped_release release;
                    return self.update_cells(converted);
                }();
                if (!updated) throw py::value_error(updated.err().message);
                return updated.value();
            },
            py::arg("edits"),
            "Applies (x, y, kind, value) edits atomically (see GridMap.with_edits); returns the "
            "new version.")
        .def("route", &route, py::arg("start"), py::arg("goal"), py::kw_only(),
             py::arg("stop_short") = 0, py::arg("max_expansions") = 0,
             py::arg("algorithm") = "astar", py::arg("four_way") = false,
             py::arg("ignore_low_obstacles") = false, py::arg("deadline_ms") = 0.0,
             py::arg("unit_size") = 1, R"doc(
Routes from start to goal, (x, y) in pixels (unit_size N: the N x N footprint's top-left
cell). stop_short: succeed within this many cells of the goal cell. max_expansions: budget of
the full search (0 = none). algorithm: the grid search of the search stages. NaN or infinite pixels raise ValueError; pixels outside the map give status
"invalid".)doc");

    m.def("route", &route, py::arg("scene"), py::arg("start"), py::arg("goal"), py::kw_only(),
          py::arg("stop_short") = 0, py::arg("max_expansions") = 0, py::arg("algorithm") = "astar",
          py::arg("four_way") = false, py::arg("ignore_low_obstacles") = false,
          py::arg("deadline_ms") = 0.0, py::arg("unit_size") = 1,
          "route(scene, start, goal, ...) is scene.route(start, goal, ...).");
}

} // namespace xunlu::python
