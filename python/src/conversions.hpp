// Conversions shared by the Python bindings: Python values to cells, pixel points and cell
// edits, with ValueError/TypeError messages that name the argument.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "xunlu/core/cell.hpp"
#include "xunlu/core/point.hpp"
#include "xunlu/grid/cell_edit.hpp"

namespace xunlu::python {

/// (x, y) of two integers (Python or NumPy ints) in cells; TypeError naming `what` otherwise.
cell to_cell(const pybind11::handle& value, const char* what);
/// (x, y) of two finite numbers in pixels; ValueError on NaN or infinity.
point to_point(const pybind11::handle& value, const char* what);
/// A list of (x, y, kind, value) edits, kind "high", "low" (value: blocked, a bool) or "cost"
/// (value: a finite multiplier >= 1).
std::vector<grid::cell_edit> to_edits(const pybind11::handle& edits);
/// A deadline in milliseconds from now; ValueError unless finite and >= 0 (0 = none).
void check_deadline_ms(double ms);

} // namespace xunlu::python
