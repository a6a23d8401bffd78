// GridMap: xunlu's immutable map in Python (NumPy in and out, files, bytes, edits, sight).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "conversions.hpp"
#include "xunlu/core/limits.hpp"
#include "xunlu/facade/map.hpp"

namespace py = pybind11;

namespace xunlu::python {
namespace {

template <class T> T value_or_raise(result<T> r) {
    if (!r) throw py::value_error(r.err().message);
    return std::move(r).value();
}

std::string dtype_name(const py::array& a) {
    return py::str(a.dtype());
}

void check_two_dimensions(const py::array& codes) {
    if (codes.ndim() != 2) {
        throw py::value_error("codes must be a 2-D array [y, x] (height x width), got " +
                              std::to_string(codes.ndim()) + " dimensions");
    }
}

/// The uint8 code array of what from_numpy was given: a uint8 array as it is; a bool array
/// (True = high obstacle, False = free) or nested lists of bools or of ints 0..3, converted.
/// Other arrays (float, int64...) are a TypeError: their values would be cast silently.
py::array code_array(const py::object& given) {
    const bool is_array = py::isinstance<py::array>(given);
    if (!is_array && (!py::isinstance<py::sequence>(given) || py::isinstance<py::str>(given) ||
                      py::isinstance<py::bytes>(given))) {
        throw py::type_error("codes must be a 2-D uint8 or bool array, or nested lists of ints "
                             "0..3 or bools, got " +
                             std::string(py::str(py::type::of(given).attr("__name__"))));
    }
    const py::array a = is_array ? py::reinterpret_borrow<py::array>(given)
                                 : py::array(py::module_::import("numpy").attr("asarray")(given));
    check_two_dimensions(a);
    if (a.dtype().is(py::dtype::of<std::uint8_t>())) return a;
    if (a.dtype().kind() == 'b') return a.attr("astype")("uint8"); // True -> 1, high obstacle
    if (is_array) {
        throw py::type_error("codes must have dtype uint8 (cell codes 0..3) or bool, got " +
                             dtype_name(a));
    }
    if (a.dtype().kind() != 'i' && a.dtype().kind() != 'u') {
        throw py::type_error("codes as nested lists must hold ints 0..3 or bools, got " +
                             dtype_name(a) + " values");
    }
    const auto v = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(a)
                       .unchecked<2>();
    for (py::ssize_t y = 0; y < v.shape(0); ++y) {
        for (py::ssize_t x = 0; x < v.shape(1); ++x) {
            if (v(y, x) < 0 || v(y, x) > 3) {
                throw py::value_error("codes[" + std::to_string(y) + "][" + std::to_string(x) +
                                      "] (cell (" + std::to_string(x) + ", " + std::to_string(y) +
                                      ")) is " + std::to_string(v(y, x)) +
                                      ", not a cell code 0..3");
            }
        }
    }
    return a.attr("astype")("uint8");
}

facade::map from_numpy(const py::object& codes_given, const py::object& costs) {
    const py::array codes = code_array(codes_given);
    const auto height = codes.shape(0), width = codes.shape(1);
    if (width < 1 || height < 1 || width > limits::max_map_side || height > limits::max_map_side ||
        width * height > limits::max_map_cells) {
        throw py::value_error("a " + std::to_string(width) + "x" + std::to_string(height) +
                              " map is not allowed (sides 1 to " +
                              std::to_string(limits::max_map_side) + " cells, at most " +
                              std::to_string(limits::max_map_cells) + " cells)");
    }
    // Row-major copies (also of strided views such as a[:, ::2]); the dtype already matches.
    const auto c = py::array_t<std::uint8_t, py::array::c_style>::ensure(codes);
    std::vector<float> cost_values;
    if (!costs.is_none()) {
        const py::array given = py::array::ensure(costs);
        if (!given || given.ndim() != 2 || given.shape(0) != height || given.shape(1) != width) {
            throw py::value_error("costs must be a 2-D float array of the same shape as codes");
        }
        if (given.dtype().kind() != 'f') {
            throw py::type_error("costs must be a float array, got " + dtype_name(given));
        }
        const auto f = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(given);
        cost_values.assign(f.data(), f.data() + f.size());
    }
    const facade::cell_array cells{.width = static_cast<std::int32_t>(width),
                                   .height = static_cast<std::int32_t>(height),
                                   .codes = {reinterpret_cast<const facade::cell_code*>(c.data()),
                                             static_cast<std::size_t>(c.size())},
                                   .costs = cost_values};
    return value_or_raise(facade::map::from_cells(cells));
}

py::array_t<std::uint8_t> to_numpy(const facade::map& m) {
    py::array_t<std::uint8_t> out({m.height(), m.width()});
    auto v = out.mutable_unchecked<2>();
    const grid::grid_map& g = m.grid();
    for (std::int32_t y = 0; y < m.height(); ++y) {
        for (std::int32_t x = 0; x < m.width(); ++x) {
            const cell at{x, y};
            v(y, x) = g.is_high_obstacle(at)       ? 1
                      : g.is_low_obstacle(at)      ? 2
                      : g.terrain_cost(at) != 1.0f ? 3
                                                   : 0;
        }
    }
    return out;
}

py::array_t<float> costs_numpy(const facade::map& m) {
    py::array_t<float> out({m.height(), m.width()});
    auto v = out.mutable_unchecked<2>();
    for (std::int32_t y = 0; y < m.height(); ++y) {
        for (std::int32_t x = 0; x < m.width(); ++x) v(y, x) = m.grid().terrain_cost({x, y});
    }
    return out;
}

} // namespace

void bind_map(py::module_& m) {
    py::class_<facade::map>(m, "GridMap", R"doc(
One immutable version of a grid map. Coordinates are cells: x to the right, y down, (0, 0) the
top-left cell. As NumPy arrays a map is [y, x] (height rows of width cells) of uint8 codes:
0 free, 1 high obstacle (walls), 2 low obstacle (units, crates), 3 terrain cost.
A GridMap never changes, so any number of threads may search it at once; with_edits returns a
new version.)doc")
        .def_static("from_numpy", &from_numpy, py::arg("codes"), py::arg("costs") = py::none(),
                    R"doc(
Builds a map from a 2-D uint8 array of cell codes, shape (height, width), and optionally a float
array of the same shape with the cost multiplier (finite, >= 1) of every code-3 cell.
A bool array (True = high obstacle, False = free) and nested lists of ints 0..3 or of bools are
taken too. Raises TypeError for another dtype (float, int64: no silent casts), ValueError for
another shape, an unknown code, a missing or bad cost, or a map larger than 32768 cells a side or
2**30 cells.)doc")
        .def(
            "cell",
            [](const facade::map& self, const py::object& at) {
                return static_cast<int>(value_or_raise(self.cell_at(to_cell(at, "cell"))));
            },
            py::arg("at"),
            "The code of cell (x, y): 0 free, 1 high obstacle (wins over low), 2 low obstacle, 3 "
            "terrain cost. ValueError outside the map.")
        .def_static(
            "load",
            [](const std::string& path) { return value_or_raise(facade::map::load_file(path)); },
            py::arg("path"),
            "Loads a map file: Moving AI .map, map.in text or PNG. ValueError names the file and "
            "line.")
        .def_static(
            "from_bytes",
            [](const py::bytes& data, const std::string& name) {
                return value_or_raise(facade::map::from_bytes(std::string_view(data), name));
            },
            py::arg("data"), py::arg("name") = "<memory>",
            "Parses map content held in memory (the formats of load); `name` appears in errors.")
        .def_property_readonly("width", &facade::map::width, "Width in cells.")
        .def_property_readonly("height", &facade::map::height, "Height in cells.")
        .def_property_readonly(
            "shape",
            [](const facade::map& self) { return py::make_tuple(self.height(), self.width()); },
            "(height, width), the shape of to_numpy().")
        .def_property_readonly("version", &facade::map::version,
                               "0 when loaded, +1 per with_edits along one history.")
        .def("to_numpy", &to_numpy, "The cell codes as a new uint8 array [y, x].")
        .def("costs", &costs_numpy, "The terrain cost multipliers as a new float32 array [y, x].")
        .def(
            "line_of_sight",
            [](const facade::map& self, const py::object& a, const py::object& b,
               bool low_obstacles_block) {
                const cell ca = to_cell(a, "a"), cb = to_cell(b, "b");
                return value_or_raise(self.line_of_sight(ca, cb, low_obstacles_block));
            },
            py::arg("a"), py::arg("b"), py::arg("low_obstacles_block") = false,
            "True when the segment between the centres of cells a and b crosses no blocking cell.")
        .def(
            "with_edits",
            [](const facade::map& self, const py::object& edits) {
                return value_or_raise(self.with_edits(to_edits(edits)));
            },
            py::arg("edits"), R"doc(
The next version with the edits applied (all or nothing). Each edit is (x, y, kind, value):
kind "high" or "low" with value True (set) or False (clear), or "cost" with a multiplier >= 1.)doc")
        .def("__repr__", [](const facade::map& self) {
            return "<xunlu.GridMap " + std::to_string(self.width()) + "x" +
                   std::to_string(self.height()) + " version " + std::to_string(self.version()) +
                   ">";
        });
}

} // namespace xunlu::python
