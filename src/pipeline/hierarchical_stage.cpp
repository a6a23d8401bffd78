// Stage between the bounded search and the waypoint graph: two-tier search (hpa, fast mode) on
// the scene's map. Needs no designer data; its cluster graph lives in the snapshot's derived
// cache (built on the first query, repaired after cell updates).
#include "route_stages.hpp"

namespace xunlu::pipeline::detail {

void hierarchical_stage(stage_context& ctx, route_query& q) {
    // What the cluster distances do not model is left to the later stages.
    if (q.req.rules.moves != grid::connectivity::eight ||
        q.req.rules.corners != grid::corner_rule::no_cut || q.map.has_terrain_costs() ||
        q.req.stop_short != 0 || q.req.turn_penalty) {
        return;
    }
    search::search_request r{.start = q.sc, .goal = q.gc, .rules = q.req.rules};
    r.low_obstacles_block = q.req.low_obstacles_block;
    r.max_expansions = q.req.max_expansions;
    r.deadline = q.req.deadline;
    r.cancel = q.req.cancel;
    grid_answer a{ctx.hierarchy.find_path(q.map, r), "hpa"};
    q.out.stats.expanded += a.result.stats.expanded;
    q.out.stats.generated += a.result.stats.generated;
    stage_context::take_search(q, route_stage::hierarchical, a, false);
}

} // namespace xunlu::pipeline::detail
