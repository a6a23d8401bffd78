// The main query API: find_route(scene, request) runs the scene's stages in order (straight
// line, reachability, bounded A*/JPS, waypoint graph, full search) and returns turning points.
#pragma once

#include <memory>

#include "xunlu/pipeline/route_request.hpp"
#include "xunlu/pipeline/scene.hpp"

namespace xunlu::pipeline {

/// Per-thread query object: owns the scratch memory of every stage (A* node table, JPS engine,
/// graph search), reused across queries and scenes. Not thread-safe; keep one per thread.
class route_finder {
  public:
    route_finder();
    route_finder(route_finder&&) noexcept;
    route_finder& operator=(route_finder&&) noexcept;
    ~route_finder();

    /// Answers one query. Never throws on bad input: returns route_status::invalid with a reason.
    route_result find(const scene& s, const route_request& request);

    /// True when the registry offered a "jps" finder (used for uniform-cost grids).
    [[nodiscard]] bool has_jps() const noexcept;

  private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

/// One query with a thread-local route_finder (the convenient entry point).
[[nodiscard]] route_result find_route(const scene& s, const route_request& request);

} // namespace xunlu::pipeline
