// The parts of the Python module `xunlu._xunlu`, one per concept; module.cpp calls them.
#pragma once

#include <pybind11/pybind11.h>

namespace xunlu::python {

void bind_map(pybind11::module_& m);       ///< GridMap
void bind_paths(pybind11::module_& m);     ///< PathResult, PathFinder, find_path, find_paths
void bind_routes(pybind11::module_& m);    ///< Scene, RouteResult, route
void bind_scenarios(pybind11::module_& m); ///< run_scenarios

} // namespace xunlu::python
