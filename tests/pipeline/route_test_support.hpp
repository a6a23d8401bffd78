// Helpers for the pipeline tests: scenes from ASCII drawings, pixel <-> cell, contract checks.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string_view>
#include <vector>

#include "support/ascii_map.hpp"
#include "xunlu/pipeline/route_finder.hpp"
#include "xunlu/postprocess/turning_points.hpp"
#include "xunlu/registry/finder_registry.hpp"

namespace xunlu::testing {

/// A scene from a drawing, with the drawing's S and G cells as pixel centres.
struct drawn_scene {
    pipeline::scene scene;
    point start_px;
    point goal_px;
};

inline drawn_scene make_scene(std::string_view drawing, double cell_size = 1.0,
                              pipeline::scene_options options = {}) {
    auto m = parse_ascii(drawing);
    options.cell_size = cell_size;
    auto s = pipeline::scene::create(std::move(m.map), std::move(options));
    if (!s) throw std::invalid_argument(s.err().message);
    return {std::move(s).value(),
            {(m.start.x + 0.5) * cell_size, (m.start.y + 0.5) * cell_size},
            {(m.goal.x + 0.5) * cell_size, (m.goal.y + 0.5) * cell_size}};
}

/// The registry's finder `name` as the pipeline's grid search (how the CLI chooses it).
inline pipeline::grid_search_choice registry_grid_search(std::string_view name) {
    const auto* e = registry::find_finder(name);
    if (e == nullptr) throw std::invalid_argument("no finder " + std::string(name));
    return {.name = std::string(name), .make = e->make};
}

/// Turning points back in cell units.
inline std::vector<point> in_cells(const pipeline::route_result& r, double cell_size) {
    std::vector<point> out;
    for (const point p : r.points) out.push_back({p.x / cell_size, p.y / cell_size});
    return out;
}

/// The seed's output contract: consecutive points see each other, no point can be dropped.
inline void expect_turning_point_contract(const pipeline::scene& s, const pipeline::route_result& r,
                                          grid::obstacle_mask mask) {
    const auto pts = in_cells(r, s.cell_size());
    ASSERT_GE(pts.size(), 2u);
    EXPECT_TRUE(postprocess::consecutive_visible(s.map(), pts, mask));
    EXPECT_EQ(postprocess::first_droppable(s.map(), pts, mask), -1);
    // Interior points are cell centres.
    for (std::size_t i = 1; i + 1 < pts.size(); ++i) {
        EXPECT_DOUBLE_EQ(pts[i].x - std::floor(pts[i].x), 0.5);
        EXPECT_DOUBLE_EQ(pts[i].y - std::floor(pts[i].y), 0.5);
    }
    double len = 0;
    for (std::size_t i = 1; i < r.points.size(); ++i) {
        len += std::hypot(r.points[i].x - r.points[i - 1].x, r.points[i].y - r.points[i - 1].y);
    }
    EXPECT_NEAR(r.length, len, 1e-9);
}

} // namespace xunlu::testing
