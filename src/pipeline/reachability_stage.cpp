// Stage 2: component labels answer "goal on another island" without searching.
#include <algorithm>

#include "route_geometry.hpp"
#include "route_stages.hpp"

namespace xunlu::pipeline::detail {

void reachability_stage(stage_context& /*ctx*/, route_query& q) {
    const auto& labels = q.s.components(adjacency_for(q.req.rules), q.mask);
    const std::uint32_t ls = labels.component(q.sc);
    bool reachable = labels.component(q.gc) == ls;
    const std::int32_t r = q.req.stop_short;
    if (!reachable && r > 0) {
        const std::int32_t x_lo = std::max(q.gc.x - r, 0),
                           x_hi = std::min(q.gc.x + r, q.map.width() - 1);
        const std::int32_t y_lo = std::max(q.gc.y - r, 0),
                           y_hi = std::min(q.gc.y + r, q.map.height() - 1);
        for (std::int32_t y = y_lo; y <= y_hi && !reachable; ++y) {
            for (std::int32_t x = x_lo; x <= x_hi && !reachable; ++x) {
                reachable = labels.component({x, y}) == ls;
            }
        }
    }
    if (reachable) return;
    if (q.req.when_unreachable == unreachable_goal::nearest_reachable) {
        const auto nr =
            nearest_cell(q.map, q.gp, [&](cell c) { return labels.component(c) == ls; });
        if (nr) {
            q.gc = *nr;
            q.gp = centre(*nr);
            q.gp_px = {q.gp.x * q.scale, q.gp.y * q.scale};
            q.out.goal_cell = q.gc;
            q.out.goal_moved = true;
            return;
        }
    }
    q.out.status = route_status::no_path;
    q.out.stage = route_stage::reachability;
    q.out.reason =
        (r > 0 ? "no cell within " + std::to_string(r) + " cells of goal cell " : "goal cell ") +
        cell_text(q.gc) + (r > 0 ? " is" : " lies") + " on another island than start cell " +
        cell_text(q.sc) + ": unreachable (component lookup)";
    q.answered = true;
}

} // namespace xunlu::pipeline::detail
