// Stage 5: the grid search with the request's whole budget, the last resort.
#include "route_stages.hpp"

namespace xunlu::pipeline::detail {

void full_search_stage(stage_context& ctx, route_query& q) {
    const std::uint64_t budget = q.req.max_expansions;
    const std::uint64_t effective = budget == 0 ? ~std::uint64_t{0} : budget;
    if (q.partial && q.partial_stage == route_stage::bounded_search &&
        q.bounded_budget >= effective) {
        // The bounded stage already spent this whole budget: the same search again
        // would end the same way.
        grid_answer a{std::move(*q.partial), q.partial_algo};
        q.partial.reset();
        stage_context::answer_search(q, route_stage::full_search, a);
        return;
    }
    auto a = ctx.grid_search(q, q.sc, q.gc, q.req.stop_short, budget);
    stage_context::take_search(q, route_stage::full_search, a, true);
}

} // namespace xunlu::pipeline::detail
