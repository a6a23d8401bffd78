// Stage 3: a grid search limited by the scene's step limit (and optionally by distance).
#include <algorithm>
#include <cstdlib>

#include "route_stages.hpp"

namespace xunlu::pipeline::detail {

void bounded_search_stage(stage_context& ctx, route_query& q) {
    if (const std::int32_t far = q.s.options().bounded_max_distance; far > 0) {
        const std::int32_t dx = std::abs(q.gc.x - q.sc.x), dy = std::abs(q.gc.y - q.sc.y);
        const double octile = std::max(dx, dy) + 0.41421356237309515 * std::min(dx, dy);
        if (octile > far) return; // long query: leave it to the later stages
    }
    std::uint64_t budget = q.s.options().step_limit;
    if (q.req.max_expansions != 0 && (budget == 0 || q.req.max_expansions < budget)) {
        budget = q.req.max_expansions;
    }
    q.bounded_budget = budget == 0 ? ~std::uint64_t{0} : budget;
    auto a = ctx.grid_search(q, q.sc, q.gc, q.req.stop_short, budget);
    stage_context::take_search(q, route_stage::bounded_search, a, false);
}

} // namespace xunlu::pipeline::detail
