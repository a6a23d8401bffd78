// Conversions shared by the Python bindings (see conversions.hpp).
#include "conversions.hpp"

#include <cmath>

namespace py = pybind11;

namespace xunlu::python {
namespace {

py::tuple pair_of(const py::handle& value, const char* what, const char* unit) {
    if (!py::isinstance<py::sequence>(value) || py::isinstance<py::str>(value) ||
        py::len(value) != 2) {
        throw py::type_error(std::string(what) + " must be a pair (x, y) in " + unit);
    }
    return py::tuple(py::reinterpret_borrow<py::sequence>(value));
}

std::int32_t to_int32(const py::handle& v, const char* what) {
    if (!PyIndex_Check(v.ptr()) || py::isinstance<py::bool_>(v)) {
        throw py::type_error(std::string(what) + ": cell coordinates must be integers, got " +
                             std::string(py::str(v.get_type().attr("__name__"))));
    }
    const long long x = v.cast<long long>();
    if (x < INT32_MIN || x > INT32_MAX) {
        throw py::value_error(std::string(what) + ": coordinate " + std::to_string(x) +
                              " is out of range");
    }
    return static_cast<std::int32_t>(x);
}

} // namespace

cell to_cell(const py::handle& value, const char* what) {
    const py::tuple t = pair_of(value, what, "cells");
    return {to_int32(t[0], what), to_int32(t[1], what)};
}

point to_point(const py::handle& value, const char* what) {
    const py::tuple t = pair_of(value, what, "pixels");
    double xy[2];
    for (int i = 0; i < 2; ++i) {
        try {
            xy[i] = t[i].cast<double>();
        } catch (const py::cast_error&) {
            throw py::type_error(std::string(what) + ": pixel coordinates must be numbers");
        }
        if (!std::isfinite(xy[i])) {
            throw py::value_error(std::string(what) + ": pixel coordinates must be finite, got " +
                                  std::string(py::str(t[i])));
        }
    }
    return {xy[0], xy[1]};
}

std::vector<grid::cell_edit> to_edits(const py::handle& edits) {
    std::vector<grid::cell_edit> out;
    std::size_t i = 0;
    for (const py::handle e : edits) {
        const std::string where = "edit " + std::to_string(i++);
        if (!py::isinstance<py::sequence>(e) || py::len(e) != 4) {
            throw py::type_error(where + ": an edit is (x, y, kind, value)");
        }
        const py::sequence s = py::reinterpret_borrow<py::sequence>(e);
        const cell at{to_int32(s[0], where.c_str()), to_int32(s[1], where.c_str())};
        const std::string kind = py::str(s[2]);
        if (kind == "high") {
            out.push_back(grid::cell_edit::high(at, s[3].cast<bool>()));
        } else if (kind == "low") {
            out.push_back(grid::cell_edit::low(at, s[3].cast<bool>()));
        } else if (kind == "cost") {
            const double c = s[3].cast<double>();
            if (!std::isfinite(c) || c < 1.0) {
                throw py::value_error(where + ": cost must be finite and >= 1, got " +
                                      std::string(py::str(s[3])));
            }
            out.push_back(grid::cell_edit::terrain(at, static_cast<float>(c)));
        } else {
            throw py::value_error(where + ": kind must be 'high', 'low' or 'cost', got '" + kind +
                                  "'");
        }
    }
    return out;
}

void check_deadline_ms(double ms) {
    if (!std::isfinite(ms) || ms < 0) {
        throw py::value_error("deadline_ms must be finite and >= 0 (0 = none)");
    }
}

} // namespace xunlu::python
