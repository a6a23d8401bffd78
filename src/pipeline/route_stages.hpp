// Private: the six stages of the route pipeline, one source file each. A stage either answers
// the query (sets q.answered) or leaves it to the next stage.
#pragma once

#include "route_query.hpp"
#include "stage_context.hpp"

namespace xunlu::pipeline::detail {

/// Answers straight_line when the supercover ray start -> goal is clear.
void straight_line_stage(stage_context& ctx, route_query& q);
/// Answers no_path when the goal lies on another island (or moves the goal to the nearest
/// reachable cell when the request asks for it).
void reachability_stage(stage_context& ctx, route_query& q);
/// A grid search with the scene's step limit; an exhausted budget is kept as a partial.
void bounded_search_stage(stage_context& ctx, route_query& q);
/// Two-tier search (hpa, fast mode) on the scene's map, for rule 8 without terrain costs,
/// stop_short or a turn penalty; other queries go on to the next stage.
void hierarchical_stage(stage_context& ctx, route_query& q);
/// The designer waypoint graph, with legs joined by straight lines or short searches.
void waypoint_stage(stage_context& ctx, route_query& q);
/// A grid search with the request's budget; the last resort.
void full_search_stage(stage_context& ctx, route_query& q);

} // namespace xunlu::pipeline::detail
