// The main query API: find_route(scene, request) runs the scene's stages in order (straight
// line, reachability, bounded grid search, waypoint graph, full search) and returns turning
// points. The grid search is the caller's choice (grid_search_choice; default A*).
#pragma once

#include <memory>

#include "xunlu/pipeline/grid_search_choice.hpp"
#include "xunlu/pipeline/route_request.hpp"
#include "xunlu/pipeline/scene.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::pipeline {

/// Per-thread query object: owns the scratch memory of every stage (A* node table, the chosen
/// grid search, graph search), reused across queries and scenes. Not thread-safe; keep one per
/// thread.
class XUNLU_API route_finder {
  public:
    /// Bounded and full stages run the built-in A*.
    route_finder();
    /// Bounded and full stages run `grid` where it applies (see grid_search_choice).
    explicit route_finder(grid_search_choice grid);
    route_finder(route_finder&&) noexcept;
    route_finder& operator=(route_finder&&) noexcept;
    ~route_finder();

    /// Answers one query. Never throws on bad input: returns route_status::invalid with a reason.
    route_result find(const scene& s, const route_request& request);

    /// True when a grid search other than the built-in A* was given.
    [[nodiscard]] bool has_grid_search() const noexcept;
    /// Name of the grid search given ("astar" when none).
    [[nodiscard]] const std::string& grid_search_name() const noexcept;

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

/// One query with a thread-local route_finder running A* (the convenient entry point).
[[nodiscard]] XUNLU_API route_result find_route(const scene& s, const route_request& request);

} // namespace xunlu::pipeline
