// The compiled part of the Python package `xunlu` (python/xunlu/__init__.py re-exports it).
#include <pybind11/pybind11.h>

#include "bindings.hpp"

#ifndef XUNLU_VERSION_STRING
#error "XUNLU_VERSION_STRING must be defined by the build"
#endif

PYBIND11_MODULE(_xunlu, m) {
    m.doc() = "xunlu: grid pathfinding for games (maps, optimal searches, the route query).";
    m.attr("__version__") = XUNLU_VERSION_STRING;
    xunlu::python::bind_map(m);
    xunlu::python::bind_paths(m);
    xunlu::python::bind_routes(m);
    xunlu::python::bind_scenarios(m);
}
