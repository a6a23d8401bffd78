// Small synthetic levels as OBJ text, written by the tests: a floor with a box on it, and a
// bridge over a road (two floors joined by ramps).
#pragma once

#include <sstream>
#include <string>

#include "xunlu/navmesh/level_geometry.hpp"

namespace xunlu::navmesh::test {

/// Appends an axis-aligned quad (two triangles facing up) with corners at heights y0 (x0 side)
/// and y1 (x1 side): a flat floor when y0 == y1, a ramp along x otherwise.
inline void quad(std::ostringstream& o, int& next, float x0, float x1, float z0, float z1, float y0,
                 float y1) {
    o << "v " << x0 << ' ' << y0 << ' ' << z0 << "\nv " << x1 << ' ' << y1 << ' ' << z0 << "\nv "
      << x1 << ' ' << y1 << ' ' << z1 << "\nv " << x0 << ' ' << y0 << ' ' << z1 << '\n';
    // Counter-clockwise seen from above (y up): Recast keeps triangles whose normal points up.
    o << "f " << next << ' ' << next + 3 << ' ' << next + 2 << ' ' << next + 1 << '\n';
    next += 4;
}

/// A 20 x 20 m floor at y = 0 with a closed 4 x 4 x 1.5 m box (too low to walk under,
/// too high to climb) standing in its middle.
inline std::string floor_with_box() {
    std::ostringstream o;
    int next = 1;
    o << "# floor with a box\no level\n";
    quad(o, next, 0, 20, 0, 20, 0, 0);
    // The box: top and four walls (as quads written corner by corner).
    quad(o, next, 8, 12, 8, 12, 1.5f, 1.5f);
    o << "v 8 0 8\nv 12 0 8\nv 12 1.5 8\nv 8 1.5 8\n"
      << "v 12 0 12\nv 8 0 12\nv 8 1.5 12\nv 12 1.5 12\n";
    const int b = next;
    o << "f " << b << "/1/1 " << b + 1 << "/1/1 " << b + 2 << "/1/1 " << b + 3 << "/1/1\n"
      << "f " << b + 4 << "//1 " << b + 5 << "//1 " << b + 6 << "//1 " << b + 7 << "//1\n"
      << "f " << b + 1 << ' ' << b + 4 << ' ' << b + 7 << ' ' << b + 2 << '\n'
      << "f -3 -8 -5 -2\n"; // x = 8, negative indices: (8 0 12) (8 0 8) (8 1.5 8) (8 1.5 12)
    next += 8;
    return o.str();
}

/// A 40 x 20 m road at y = 0 and a 4 m wide bridge over it along x: ramps from x = 5 to 13
/// and from 27 to 35, the deck at y = 4 from 13 to 27 (4 m of clearance under it).
inline std::string bridge() {
    std::ostringstream o;
    int next = 1;
    quad(o, next, 0, 40, 0, 20, 0, 0);
    quad(o, next, 5, 13, 8, 12, 0, 4);
    quad(o, next, 13, 27, 8, 12, 4, 4);
    quad(o, next, 27, 35, 8, 12, 4, 0);
    return o.str();
}

inline level_geometry parse_or_die(const std::string& text) {
    auto g = parse_obj(text, "test.obj");
    if (!g) throw std::runtime_error(g.err().message);
    return std::move(g).value();
}

} // namespace xunlu::navmesh::test
