// The game-server route query through the façade: a scene made from a map (positions in
// pixels) and a route_finder whose grid searches run a registered algorithm chosen by name.
#pragma once

#include <string_view>

#include "xunlu/core/result.hpp"
#include "xunlu/facade/map.hpp"
#include "xunlu/pipeline/route_finder.hpp"
#include "xunlu/pipeline/route_request.hpp"
#include "xunlu/pipeline/scene.hpp"
#include "xunlu/xunlu_export.h"

namespace xunlu::facade {

/// One route query: start and goal in pixels (options.cell_size pixels per cell side),
/// stop_short in cells, max_expansions in node expansions, an optional deadline.
using route_query = pipeline::route_request;
/// The answer: status, turning points and length in pixels, the grid path's length in cells.
using route_answer = pipeline::route_result;

/// A scene holding a copy of map version `m` (later edits go through scene::update_cells).
/// Errors: cell_size not finite and > 0, a stage listed twice.
/// Thread safety: a scene may be queried from many threads while another changes cells (see
/// pipeline::scene).
[[nodiscard]] XUNLU_API result<pipeline::scene> make_scene(const map& m,
                                                           pipeline::scene_options options = {});

/// A route_finder whose bounded and full stages run the registered algorithm `algorithm`
/// ("astar", "jps", ...; A* steps in where it lacks a capability the query needs). Error: an
/// unknown name. Thread safety: not thread-safe; one route_finder per thread.
[[nodiscard]] XUNLU_API result<pipeline::route_finder>
make_route_finder(std::string_view algorithm);

} // namespace xunlu::facade
