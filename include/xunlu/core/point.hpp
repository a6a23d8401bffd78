// Continuous 2D points, in cell units (cell (x,y) covers [x,x+1) x [y,y+1)) or pixels.
#pragma once

namespace xunlu {

struct point {
    double x = 0;
    double y = 0;
    friend constexpr bool operator==(point, point) = default;
};

} // namespace xunlu
