// Stage 1: the goal in plain sight (a clear supercover ray from start to goal).
#include "route_stages.hpp"
#include "xunlu/grid/line_of_sight.hpp"

namespace xunlu::pipeline::detail {

void straight_line_stage(stage_context& /*ctx*/, route_query& q) {
    ++q.out.stats.los_checks;
    const auto ray = grid::cast_ray(q.map, q.sp, q.gp, q.mask);
    if (!ray.clear) {
        q.out.blocking_cell = ray.blocked_cell;
        return;
    }
    stage_context::answer(q, route_status::straight_line, route_stage::straight_line, {q.sp, q.gp},
                          true);
}

} // namespace xunlu::pipeline::detail
